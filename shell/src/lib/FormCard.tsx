// A page's form in a card: an optional title, the fields in a column, and the form's buttons
// at its end on the right (the credit request, the WebSocket test).
import { Card, Heading, HStack, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode, Ref } from 'react';

export interface FormCardProps {
  /** the card's h2, above the form */
  title?: string;
  /** the form's accessible name */
  label: string;
  onSubmit: (event: FormEvent) => void;
  formRef?: Ref<HTMLFormElement>;
  /** the space between the fields */
  gap: '4' | '6';
  /** the buttons, the submit button last */
  actions: ReactNode;
  children: ReactNode;
}

export function FormCard({ title, label, onSubmit, formRef, gap, actions, children }: FormCardProps) {
  return (
    <Card.Root>
      {title ? (
        <Card.Header>
          <Heading as="h2" size="md">
            {title}
          </Heading>
        </Card.Header>
      ) : null}
      <Card.Body>
        <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={label}>
          <Stack gap={gap}>
            {children}
            <HStack justify="flex-end" gap="3">
              {actions}
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
