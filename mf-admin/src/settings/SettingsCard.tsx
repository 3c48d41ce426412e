// The frame of each settings card on /admin/settings: its heading and what it is for, the
// stored settings loading, failing (with Retry) or shown in the card's form, and the form's
// Reset / Save footer.
import { Button, Card, HStack, Heading, Text } from '@chakra-ui/react';
import { ErrorState, LoadingState } from '@quarry/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { serverDetailOr } from '../common/errors';

export interface SettingsCardProps<T> {
  /** the heading's id (the card is labelled by it) */
  id: string;
  title: string;
  description: ReactNode;
  query: UseQueryResult<T>;
  /** "credit settings": used in "Loading credit settings..." and "Failed to load the credit settings" */
  what: string;
  /** the card's form, given the stored settings */
  children: (stored: T) => ReactNode;
}

export function SettingsCard<T>({ id, title, description, query, what, children }: SettingsCardProps<T>) {
  let body: ReactNode;
  if (query.isPending)
    body = (
      <Card.Body>
        <LoadingState text={`Loading ${what}...`} />
      </Card.Body>
    );
  else if (query.isError)
    body = (
      <Card.Body>
        <ErrorState title={`Failed to load the ${what}`} message={serverDetailOr(query.error, `Failed to load the ${what}`)} onRetry={() => void query.refetch()} />
      </Card.Body>
    );
  else body = children(query.data);
  return (
    <Card.Root maxW="2xl" aria-labelledby={id}>
      <Card.Header>
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {description}
        </Text>
      </Card.Header>
      {body}
    </Card.Root>
  );
}

/** Reset (back to what is stored; only once something changed) and Save. */
export function SaveResetFooter({ changed, saving, onReset }: { changed: boolean; saving: boolean; onReset: () => void }) {
  return (
    <Card.Footer justifyContent="flex-end">
      <HStack gap="2">
        <Button variant="outline" type="button" disabled={!changed || saving} onClick={onReset}>
          Reset
        </Button>
        <Button type="submit" colorPalette="brand" loading={saving} loadingText="Saving...">
          Save
        </Button>
      </HStack>
    </Card.Footer>
  );
}
