// Pieces the settings sections share: the card frame, the frame of a section that creates
// things and lists them (API keys, webhooks), and an error's readable text.
import { Alert, Badge, Box, Button, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { detailMessages, EmptyState, ErrorState, LoadingState, toAppError } from '@quarry/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ComponentType, type FormEvent, type ReactNode } from 'react';

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

export interface CreateFormProps<B, C> {
  /** the form's accessible name */
  label: string;
  /** the create call: its last failure and whether it is in flight */
  create: { mutate: (body: B, options: { onSuccess: (created: C) => void }) => void; error: Error | null; isPending: boolean };
  /** checks the fields (showing what is wrong) and gives the call's body, or null when something is */
  body: () => B | null;
  /** once created: the fields are cleared and the section told */
  clear: () => void;
  onCreated: (created: C) => void;
  /** what a failure says before the server's reason, e.g. "Could not add the endpoint" */
  failed: string;
  submitLabel: string;
  loadingText: string;
  /** the fields */
  children: ReactNode;
}

/** A section's create form: its fields, why the last try failed, and the submit button. */
export function CreateForm<B, C>({ label, create, body, clear, onCreated, failed, submitLabel, loadingText, children }: CreateFormProps<B, C>) {
  const { error, isPending: pending } = create;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = body();
    if (checked === null) return;
    create.mutate(checked, {
      onSuccess: (created) => {
        clear();
        onCreated(created);
      },
    });
  };
  return (
    <form onSubmit={submit} aria-label={label} noValidate>
      <Stack gap="3">
        {children}
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
      </Stack>
    </form>
  );
}

export interface CreatedListSectionProps<C, D> {
  id: string;
  title: string;
  description: string;
  /** the create form, told what it created */
  Form: ComponentType<{ onCreated: (created: C) => void }>;
  /** what was just created (its secret, shown once) until Done */
  Created: ComponentType<{ created: C; onDone: () => void }>;
  list: UseQueryResult<D>;
  /** what is listed: "API keys" gives "Loading API keys..." and "Failed to load API keys" */
  what: string;
  /** what an empty list says */
  empty: { title: string; description: string };
  /** the listed things, or null when there are none */
  children: (data: D) => ReactNode;
}

/**
 * A section that creates things and lists them: the create form, what was just created (held
 * only here, never cached), then the list loading, failed with Retry, empty, or listed.
 */
export function CreatedListSection<C, D>({ id, title, description, Form, Created, list, what, empty, children }: CreatedListSectionProps<C, D>) {
  const [created, setCreated] = useState<C | null>(null);
  const listed = list.data === undefined ? null : children(list.data);
  return (
    <SettingsCard id={id} title={title} description={description}>
      <Stack gap="5">
        <Form onCreated={setCreated} />
        {created !== null ? <Created created={created} onDone={() => setCreated(null)} /> : null}
        <Box>
          {list.isPending ? (
            <LoadingState text={`Loading ${what}...`} />
          ) : list.isError ? (
            <ErrorState title={`Failed to load ${what}`} message={errorText(list.error)} onRetry={() => void list.refetch()} />
          ) : listed === null ? (
            <EmptyState title={empty.title} description={empty.description} />
          ) : (
            listed
          )}
        </Box>
      </Stack>
    </SettingsCard>
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
