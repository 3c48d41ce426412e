import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';
import { events } from './bus';
import type { ConnectionState, JobUpdateMessage } from './types';

/**
 * The latest value of an observable (`initial` until it emits). Re-subscribes when the
 * observable changes identity: create it with useMemo, or pass a module-level one.
 */
export function useObservable<T>(observable: Observable<T>, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const sub = observable.subscribe(setValue);
    return () => sub.unsubscribe();
  }, [observable]);
  return value;
}

function subscribeConnection(onChange: () => void): () => void {
  const sub = events.connectionState$.subscribe(() => onChange());
  return () => sub.unsubscribe();
}

/** The live connection state: 'disconnected' | 'connecting' | 'connected' | 'error'. */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribeConnection, events.getConnectionState, events.getConnectionState);
}

/**
 * Live updates of one job (none when `jobId` is empty). Returns the latest update and calls
 * `onUpdate` (the current one, no re-subscribe when it changes) for every update.
 */
export function useJobUpdates(
  jobId: string | null | undefined,
  onUpdate?: (msg: JobUpdateMessage) => void,
): JobUpdateMessage | null {
  const [latest, setLatest] = useState<JobUpdateMessage | null>(null);
  const callback = useRef(onUpdate);
  useEffect(() => {
    callback.current = onUpdate;
  });
  useEffect(() => {
    setLatest(null);
    if (!jobId) return undefined;
    const sub = events.jobUpdatesFor(jobId).subscribe((msg) => {
      setLatest(msg);
      callback.current?.(msg);
    });
    return () => sub.unsubscribe();
  }, [jobId]);
  return latest;
}
