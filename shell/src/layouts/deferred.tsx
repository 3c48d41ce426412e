import { Suspense, lazy } from 'react';
import { FullPageSpinner } from '../pages/FullPageSpinner';

// Code a public page's first paint does not need, fetched when first rendered (or earlier,
// when bootstrap sees a stored user): the signed-in layout (sidebar, credits card,
// breadcrumbs, slide-over, command palette, and the header's feedback dialog and connection
// indicator). Off a cold `/`, it no longer delays the landing page.

// A named chunk, so a test can tell it stays off a cold `/` (e2e/tests/first-load.spec.ts).
export const loadAuthedLayout = () => import(/* webpackChunkName: "authed-layout" */ './AuthedLayout');

const LazyAuthedLayout = lazy(() => loadAuthedLayout().then((m) => ({ default: m.AuthedLayout })));

export function DeferredAuthedLayout() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <LazyAuthedLayout />
    </Suspense>
  );
}

