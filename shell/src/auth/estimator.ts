// zxcvbn (about 390 KB gzip), fetched only by the pages that choose a password (sign-up and
// reset), never by the entry.
import { useEffect, useState } from 'react';
import type { Estimator } from './passwordStrength';

export type EstimatorState = { status: 'loading' | 'failed'; fn: null } | { status: 'ready'; fn: Estimator };

let estimatorPromise: Promise<Estimator> | null = null;

/** Loaded once per page load; a failed load is tried again on the next visit. */
function loadEstimator(): Promise<Estimator> {
  estimatorPromise ??= import('zxcvbn').then((m) => (m.default ?? m) as unknown as Estimator);
  estimatorPromise.catch(() => {
    estimatorPromise = null; // a later visit tries again
  });
  return estimatorPromise;
}

export function useEstimator(): EstimatorState {
  const [state, setState] = useState<EstimatorState>({ status: 'loading', fn: null });
  useEffect(() => {
    let alive = true;
    loadEstimator().then(
      (fn) => alive && setState({ status: 'ready', fn }),
      (error: unknown) => {
        console.warn('[quarry] password strength estimator failed to load; using the local estimate', error);
        if (alive) setState({ status: 'failed', fn: null });
      },
    );
    return () => {
      alive = false;
    };
  }, []);
  return state;
}

