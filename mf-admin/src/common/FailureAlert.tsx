// Why the last submit of an admin dialog failed, in a red box inside the dialog: the dialog
// stays open so the admin can correct the form and try again.
import { Alert } from '@chakra-ui/react';

/** Nothing while there is no failure to show. */
export function FailureAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
