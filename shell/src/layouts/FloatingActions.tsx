import { HStack } from '@chakra-ui/react';
import { FeedbackButton } from '../feedback/FeedbackButton';
import { ConnectionIndicator } from '../realtime/ConnectionIndicator';

/** A signed-in user's live-connection indicator and Feedback button, at the bottom right. */
export default function FloatingActions() {
  return (
    <HStack position="fixed" bottom="4" insetEnd="4" zIndex="banner" gap="2" data-testid="floating-actions">
      <ConnectionIndicator />
      <FeedbackButton />
    </HStack>
  );
}
