// Pieces the settings sections share: the card frame and an error's readable text.
import { Card, Heading, Text } from '@chakra-ui/react';
import { detailMessages, toAppError } from '@quarry/shared';
import type { ReactNode } from 'react';

export function SettingsCard({ id, title, description, children, footer }: { id?: string; title: string; description: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Card.Root id={id}>
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {description}
        </Text>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
      {footer ? <Card.Footer justifyContent="flex-end">{footer}</Card.Footer> : null}
    </Card.Root>
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
