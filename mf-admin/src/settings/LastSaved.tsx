// The foot line of a stored-settings form: when an administrator last saved it, or that the
// values shown are still the built-in defaults.
import { Text } from '@chakra-ui/react';
import { formatDateTime } from '@quarry/shared';

export function LastSaved({ updatedAt }: { updatedAt: string | null }) {
  return (
    <Text textStyle="xs" color="fg.muted">
      {updatedAt ? `Last saved ${formatDateTime(updatedAt)}` : 'Not saved yet: these are the defaults.'}
    </Text>
  );
}
