// The parts the prompt and schema pages share: the link back to their list, the title of an item
// being viewed or edited, what a page says when its item cannot be loaded, and a titled card.
import { Badge, Box, Card, Heading, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import { ButtonLink, EmptyState, ErrorState } from '@quarry/shared';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isNotFound } from './errors';

/** The small "← Back to prompts" link above a page's header. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <ChakraLink asChild fontSize="sm" mb="3" display="inline-flex" gap="1" alignItems="center">
      <Link to={to}>
        <ArrowLeft size={14} /> {label}
      </Link>
    </ChakraLink>
  );
}

/** An item's name as its page title, its badges beside it, and "editing" while it is edited. */
export function ItemTitle({ name, editing, children }: { name: string; editing: boolean; children?: ReactNode }) {
  return (
    <HStack as="span" gap="3" wrap="wrap">
      <span>{name}</span>
      {children}
      {editing ? <Badge colorPalette="orange">editing</Badge> : null}
    </HStack>
  );
}

export interface ItemLoadFailedProps {
  error: Error;
  /** the list the page belongs to, and the text of the links back to it */
  back: { to: string; label: string };
  /** what a missing item (404) says */
  notFound: { title: string; description: string };
  /** what any other failure says, with Retry */
  failed: { title: string; message?: string };
  onRetry: () => void;
}

/** An item page whose item could not be loaded: missing (with a way back), or failed (with Retry). */
export function ItemLoadFailed({ error, back, notFound, failed, onRetry }: ItemLoadFailedProps) {
  return (
    <Box>
      <BackLink to={back.to} label={back.label} />
      {isNotFound(error) ? (
        <EmptyState
          title={notFound.title}
          description={notFound.description}
          action={<ButtonLink to={back.to} size="sm" variant="outline">{back.label}</ButtonLink>}
        />
      ) : (
        <ErrorState title={failed.title} message={failed.message} onRetry={onRetry} />
      )}
    </Box>
  );
}

/** A card with an h2 title and, under it, what the card is for. */
export function SectionCard({ title, description, label, children }: { title: string; description?: ReactNode; label?: string; children: ReactNode }) {
  return (
    <Card.Root as={label ? 'section' : undefined} aria-label={label}>
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {description ? (
          <Text fontSize="sm" color="fg.muted">
            {description}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
