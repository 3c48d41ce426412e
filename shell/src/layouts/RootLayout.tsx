import { useCurrentUser } from '@quarry/shared';
import { Outlet, ScrollRestoration } from 'react-router';
import { DeferredFloatingActions } from './deferred';

/**
 * Around every page: the floating live-connection indicator and the Feedback button at the
 * bottom right for a signed-in user. The toast region lives in AppProviders (one per page);
 * the socket itself is owned by the realtime service, outside the router.
 */
export function RootLayout() {
  const user = useCurrentUser();
  return (
    <>
      <Outlet />
      {user ? <DeferredFloatingActions /> : null}
      <ScrollRestoration />
    </>
  );
}
