// Pieces the settings sections share: the card frame and an error's readable text.
import { Alert, Badge, Button, Card, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import { detailMessages, toAppError } from '@quarry/shared';
import type { ReactNode } from 'react';

/** `demo`: the section shows sample values, not the user's, and saves nothing: it says so with a badge. */
export function SettingsCard({ id, title, description, children, footer, demo = false }: { id?: string; title: string; description: string; children: ReactNode; footer?: ReactNode; demo?: boolean }) {
  return (
    <Card.Root id={id} data-demo={demo ? 'true' : undefined}>
      <Card.Header>
        <HStack gap="2">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {demo ? (
            <Badge colorPalette="purple" variant="surface" size="sm" title="Sample values: nothing here is your account's data or is saved">
              Demo
            </Badge>
          ) : null}
        </HStack>
        <Text textStyle="sm" color="fg.muted">
          {description}
        </Text>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
      {footer ? <Card.Footer justifyContent="flex-end">{footer}</Card.Footer> : null}
    </Card.Root>
  );
}

/**
 * The end of a section's create form: why the last try failed (`failed`, e.g. "Could not add
 * the endpoint", then the server's reason) and the submit button.
 */
export function CreateFormFooter({ error, failed, submitLabel, loadingText, pending }: { error: Error | null; failed: string; submitLabel: string; loadingText: string; pending: boolean }) {
  return (
    <>
      {error ? (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Description>
            {failed}: {errorText(error)}
          </Alert.Description>
        </Alert.Root>
      ) : null}
      <Flex justify="flex-end">
        <Button type="submit" colorPalette="brand" size="sm" loading={pending} loadingText={loadingText}>
          {submitLabel}
        </Button>
      </Flex>
    </>
  );
}

/** The server's `detail` (a list: its messages), else the error's message. */
export function errorText(error: unknown): string {
  const e = toAppError(error);
  if (typeof e.detail === 'string' && e.detail.trim()) return e.detail;
  const list = detailMessages(e.detail);
  if (list.length) return list.join(', ');
  return e.serverMessage ?? e.message ?? 'Something went wrong';
}
