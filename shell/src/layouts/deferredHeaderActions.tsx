import { Suspense, lazy } from 'react';

// The header's live-connection indicator and Feedback button (its dialog and form) in a
// chunk of their own, off a cold `/` (e2e/tests/first-load.spec.ts names it).
export const loadHeaderActions = () => import(/* webpackChunkName: "header-actions" */ './HeaderActions');

const LazyHeaderActions = lazy(loadHeaderActions);

export function DeferredHeaderActions() {
  return (
    <Suspense fallback={null}>
      <LazyHeaderActions />
    </Suspense>
  );
}
