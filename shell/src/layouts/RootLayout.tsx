import { useCurrentUser } from '@quarry/shared';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { DeferredFloatingActions } from './deferred';
import { useReleasePrerender } from './releasePrerender';

/**
 * Around every page: the floating live-connection indicator and the Feedback button at the
 * bottom right for a signed-in user. The toast region lives in AppProviders (one per page);
 * the socket itself is owned by the realtime service, outside the router.
 */
export function RootLayout() {
  const user = useCurrentUser();
  // While a remote's placeholder stands for the page (buildRoutes), its loading state would
  // replace a prerendered first paint: that stays until the real page (or a failure) renders.
  useReleasePrerender(!useMatches().some((m) => m.id.startsWith('placeholder:')));
  return (
    <>
      <Outlet />
      {user ? <DeferredFloatingActions /> : null}
      <ScrollRestoration />
    </>
  );
}
