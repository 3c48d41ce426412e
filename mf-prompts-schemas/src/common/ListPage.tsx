// The list screens of this remote (/prompts, /output-schemas, spec 2 §2): a header with New, a
// search box and one select, then the list in the house order of states (loading, error with
// Retry, empty with New, the cards), and a toast as well when the list fails to load (spec 2 §8).
// Each screen keeps its own query, texts, card contents and delete dialog.
import { Box, Button, Card, HStack, IconButton, Input, InputGroup, Link as ChakraLink, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, PageHeader, toast } from '@quarry/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorText } from './errors';
import { useDebounced } from './useDebounced';

/** chosen: the list is asked again once typing has paused this long, not per key */
const SEARCH_PAUSE_MS = 250;

export interface ListSearch {
  /** what the search box shows */
  text: string;
  setText: (text: string) => void;
  /** what to search for: the text, trimmed, once typing has paused ('' = no search) */
  term: string;
}

export function useListSearch(): ListSearch {
  const [text, setText] = useState('');
  const term = useDebounced(text.trim(), SEARCH_PAUSE_MS);
  return { text, setText, term };
}

/** The select beside the search box (a sort or a filter): its values in order, each with its label. */
export interface ListSelect<V extends string> {
  label: string;
  /** its width from the `sm` breakpoint up (full width below) */
  width: string;
  value: V;
  values: readonly V[];
  labels: Record<V, string>;
  onChange: (value: V) => void;
}

/** What a list screen says around its cards. */
export interface ListTexts {
  title: string;
  description: string;
  /** the header's New button */
  newLabel: string;
  /** the search box's accessible name and placeholder */
  search: string;
  loading: string;
  /** the title of the load error, in the page and in the toast */
  loadFailed: string;
  empty: string;
  /** the empty state's New button */
  emptyNew: string;
  /** the list's accessible name */
  list: string;
}

/** One card of the list. */
export interface ListCard {
  name: string;
  /** where the name links to */
  to: string;
  /** the badges and the muted line beside the name */
  tags: ReactNode;
  description: string | null;
  /** the start of the item's content, in monospace under the description */
  preview: { text: string; testId: string; wordBreak: 'break-all' | 'break-word' };
  deleteLabel: string;
  onDelete: () => void;
}

/** The list itself: its query, the items in its answer, and what its failure and emptiness say. */
export interface ListData<D, T extends { id: string }> {
  query: UseQueryResult<D>;
  items: (data: D) => readonly T[];
  /** the load error's toast is `${toastId}-${when the query failed}`: one toast per failure */
  toastId: string;
  emptyDescription: string;
}

export interface ListPageProps<D, T extends { id: string }, V extends string> {
  texts: ListTexts;
  newPath: string;
  search: ListSearch;
  select: ListSelect<V>;
  list: ListData<D, T>;
  card: (item: T) => ListCard;
  /** after the list: the screen's dialogs */
  children?: ReactNode;
}

export function ListPage<D, T extends { id: string }, V extends string>({ texts, newPath, search, select, list, card, children }: ListPageProps<D, T, V>) {
  const { query, items, toastId, emptyDescription } = list;
  useEffect(() => {
    if (query.isError) toast.error({ id: `${toastId}-${query.errorUpdatedAt}`, title: texts.loadFailed, description: errorText(query.error) });
  }, [query.isError, query.errorUpdatedAt, query.error, toastId, texts.loadFailed]);

  return (
    <Box>
      <PageHeader
        title={texts.title}
        description={texts.description}
        actions={
          <Button asChild colorPalette="brand">
            <Link to={newPath}>
              <Plus /> {texts.newLabel}
            </Link>
          </Button>
        }
      />
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" mb="5">
        <InputGroup flex="1" startElement={<Search size={16} />}>
          <Input aria-label={texts.search} placeholder={texts.search} value={search.text} onChange={(e) => search.setText(e.target.value)} />
        </InputGroup>
        <NativeSelect.Root width={{ base: 'full', sm: select.width }}>
          <NativeSelect.Field
            aria-label={select.label}
            value={select.value}
            onChange={(e) => {
              const chosen = select.values.find((v) => v === e.target.value);
              if (chosen !== undefined) select.onChange(chosen);
            }}
          >
            {select.values.map((v) => (
              <option key={v} value={v}>
                {select.labels[v]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Stack>
      {query.isPending ? (
        <LoadingState text={texts.loading} />
      ) : query.isError ? (
        <ErrorState title={texts.loadFailed} message={errorText(query.error)} onRetry={() => void query.refetch()} />
      ) : items(query.data).length === 0 ? (
        <EmptyState
          title={texts.empty}
          description={emptyDescription}
          action={
            <Button asChild size="sm" colorPalette="brand">
              <Link to={newPath}>{texts.emptyNew}</Link>
            </Button>
          }
        />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label={texts.list}>
          {items(query.data).map((item) => (
            <ListItemCard key={item.id} {...card(item)} />
          ))}
        </Stack>
      )}
      {children}
    </Box>
  );
}

function ListItemCard({ name, to, tags, description, preview, deleteLabel, onDelete }: ListCard) {
  return (
    <Card.Root as="li" size="sm">
      <Card.Body>
        <HStack justify="space-between" align="flex-start" gap="3">
          <Stack gap="1" minW="0" flex="1">
            <HStack gap="2" wrap="wrap">
              <ChakraLink asChild fontWeight="semibold" colorPalette="brand">
                <Link to={to}>{name}</Link>
              </ChakraLink>
              {tags}
            </HStack>
            {description ? (
              <Text fontSize="sm" color="fg.muted">
                {description}
              </Text>
            ) : null}
            <Text fontFamily="mono" fontSize="xs" color="fg.muted" wordBreak={preview.wordBreak} data-testid={preview.testId}>
              {preview.text}
            </Text>
          </Stack>
          <IconButton aria-label={deleteLabel} size="sm" variant="ghost" colorPalette="red" onClick={onDelete}>
            <Trash2 />
          </IconButton>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

