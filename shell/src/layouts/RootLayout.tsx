import { HStack } from '@chakra-ui/react';
import { useCurrentUser } from '@quarry/shared';
import { Outlet, ScrollRestoration } from 'react-router';
import { FeedbackButton } from '../feedback/FeedbackButton';
import { ConnectionIndicator } from '../realtime/ConnectionIndicator';

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
      {user ? (
        <HStack position="fixed" bottom="4" insetEnd="4" zIndex="banner" gap="2" data-testid="floating-actions">
          <ConnectionIndicator />
          <FeedbackButton />
        </HStack>
      ) : null}
      <ScrollRestoration />
    </>
  );
}
