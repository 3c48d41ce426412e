import { Suspense, lazy } from 'react';
import { FullPageSpinner } from '../pages/FullPageSpinner';

// Code a public page's first paint does not need, fetched when first rendered (or earlier,
// when bootstrap sees a stored user): the signed-in layout (sidebar, credits card,
// breadcrumbs, slide-over) and its header actions (feedback dialog and its form, connection
// indicator). Off a cold `/`, they no longer delay the landing page.

// Named chunks, so a test can tell they stay off a cold `/` (e2e/tests/first-load.spec.ts).
export const loadAuthedLayout = () => import(/* webpackChunkName: "authed-layout" */ './AuthedLayout');
export { loadHeaderActions } from './deferredHeaderActions';

const LazyAuthedLayout = lazy(() => loadAuthedLayout().then((m) => ({ default: m.AuthedLayout })));

export function DeferredAuthedLayout() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <LazyAuthedLayout />
    </Suspense>
  );
}

