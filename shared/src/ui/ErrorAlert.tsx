// A one-line error in a red alert: why a form was refused or a step failed, shown where it
// happened. Nothing at all while there is no message.
import { Alert } from '@chakra-ui/react';

export interface ErrorAlertProps extends Omit<Alert.RootProps, 'status' | 'children'> {
  /** the error; null, undefined or '' renders nothing */
  message: string | null | undefined;
}

/** The alert's own props (size, role, test id, layout) go to Alert.Root. */
export function ErrorAlert({ message, ...root }: ErrorAlertProps) {
  if (!message) return null;
  return (
    <Alert.Root status="error" {...root}>
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
