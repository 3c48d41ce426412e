import { HStack } from '@chakra-ui/react';
import { FeedbackButton } from '../feedback/FeedbackButton';
import { ConnectionIndicator } from '../realtime/ConnectionIndicator';

/** The live-connection indicator and the Feedback button, in the signed-in header. */
export default function HeaderActions() {
  return (
    <HStack gap="2" flexShrink={0} data-testid="header-actions">
      <ConnectionIndicator />
      <FeedbackButton />
    </HStack>
  );
}
