import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useReleasePrerender } from './releasePrerender';

/**
 * Around every page. The toast region lives in AppProviders (one per page); the socket itself
 * is owned by the realtime service, outside the router; the live-connection indicator and
 * the Feedback button sit in the signed-in layout's header.
 */
export function RootLayout() {
  // While a remote's placeholder stands for the page (buildRoutes), its loading state would
  // replace a prerendered first paint: that stays until the real page (or a failure) renders.
  useReleasePrerender(!useMatches().some((m) => m.id.startsWith('placeholder:')));
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
