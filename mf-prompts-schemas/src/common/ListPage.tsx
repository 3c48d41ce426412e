// The list screens of this remote (/prompts, /output-schemas): a header with New, a search box
// (and a filter where the list has one), then the list in the house order of states (loading,
// error with Retry, empty with New or naming the search, the rows), and a toast as well when the
// list fails to load. Wide screens get a table sorted by its headers; below 600 px every row is
// a card with each column labelled and a sort select instead of the headers. Sort and page live
// in the address; the server sorts and pages.
import { Box, Card, DataList, HStack, Input, InputGroup, Link as ChakraLink, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, PageHeader, toast, useDebouncedValue, LIST_PAGE_SIZE, Pager, SortableHeader, SortSelect, useWideLayout, type ListParams, DataTable, DataListItem, ButtonLink } from '@quarry/shared';
import type { SortOrder } from '@quarry/shared/schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { Plus, Search } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorText } from './errors';

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
  const term = useDebouncedValue(text.trim(), SEARCH_PAUSE_MS);
  return { text, setText, term };
}

/** A filter beside the search box: its values in order, each with its label. */
export interface ListSelect<V extends string> {
  label: string;
  /** its width from the `sm` breakpoint up (full width below) */
  width: string;
  value: V;
  values: readonly V[];
  labels: Record<V, string>;
  onChange: (value: V) => void;
}

/** What a list screen says around its rows. */
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
  /** what one and many rows are called: "Showing 1–20 of 48 prompts" */
  noun: readonly [one: string, many: string];
}

/** The first column: the item's name (a link to its page) and what sits under it. */
export interface ListName {
  name: string;
  to: string;
  /** badges beside the name */
  tags?: ReactNode;
  description: string | null;
  /** a short muted line under the description */
  preview?: { text: string; testId: string };
}

export interface ListColumn<T, S extends string> {
  header: string;
  /** the column the header sorts by, if it sorts */
  sort?: S;
  textAlign?: 'start' | 'end';
  cell: (item: T) => ReactNode;
}

/** The list itself: its query, the rows and total in its answer, and what its failure and emptiness say. */
export interface ListData<D, T extends { id: string }> {
  query: UseQueryResult<D>;
  items: (data: D) => readonly T[];
  total: (data: D) => number;
  /** the load error's toast is `${toastId}-${when the query failed}`: one toast per failure */
  toastId: string;
  /** under the empty title when nothing was searched */
  emptyDescription: string;
}

export interface ListPageProps<D, T extends { id: string }, S extends string, F extends string> {
  texts: ListTexts;
  newPath: string;
  search: ListSearch;
  /** true when a filter other than the search narrows the list */
  filtered?: boolean;
  filter?: ListSelect<F>;
  params: ListParams<S>;
  /** the card layout's sort choices */
  sortOptions: readonly { sort: S; order: SortOrder; label: string }[];
  list: ListData<D, T>;
  nameHeader: { header: string; sort?: S };
  name: (item: T) => ListName;
  columns: readonly ListColumn<T, S>[];
  /** the row's buttons (delete, ...), each with an accessible name */
  actions: (item: T) => ReactNode;
  /** after the list: the screen's dialogs */
  children?: ReactNode;
}

export function ListPage<D, T extends { id: string }, S extends string, F extends string>(props: ListPageProps<D, T, S, F>) {
  const { texts, newPath, search, filter, filtered, params, sortOptions, list, children } = props;
  const { query, items, total, toastId, emptyDescription } = list;
  const wide = useWideLayout();
  useEffect(() => {
    if (query.isError) toast.error({ id: `${toastId}-${query.errorUpdatedAt}`, title: texts.loadFailed, description: errorText(query.error) });
  }, [query.isError, query.errorUpdatedAt, query.error, toastId, texts.loadFailed]);

  // a page past the end (the last row of the last page deleted, an old link): go to the last page
  const rows = query.data ? items(query.data) : undefined;
  const count = query.data ? total(query.data) : 0;
  // while the next page loads the rows shown are still the last page's: so is the pager's count
  const shownOffset = useRef(params.offset);
  if (query.data && !query.isPlaceholderData) shownOffset.current = params.offset;
  const pastTheEnd = Boolean(rows && rows.length === 0 && count > 0 && params.offset > 0 && !query.isPlaceholderData);
  const lastPage = Math.floor((count - 1) / LIST_PAGE_SIZE) * LIST_PAGE_SIZE;
  const { setOffset } = params;
  useEffect(() => {
    if (pastTheEnd) setOffset(lastPage, { replace: true });
  }, [pastTheEnd, lastPage, setOffset]);

  // a new search starts at the first page
  const [searched, setSearched] = useState(search.term);
  const onLaterPage = params.offset > 0;
  useEffect(() => {
    if (search.term !== searched) {
      setSearched(search.term);
      if (onLaterPage) setOffset(0, { replace: true });
    }
  }, [search.term, searched, onLaterPage, setOffset]);

  let body: ReactNode;
  if (query.isPending) body = <LoadingState text={texts.loading} />;
  else if (query.isError) body = <ErrorState title={texts.loadFailed} message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  else if (!rows || rows.length === 0) {
    body = search.term ? (
      <EmptyState title={`No ${texts.noun[1]} match "${search.term}"`} description={filtered ? 'Try another search or filter.' : 'Try another search.'} />
    ) : (
      <EmptyState
        title={texts.empty}
        description={emptyDescription}
        action={<ButtonLink to={newPath} size="sm" colorPalette="brand">{texts.emptyNew}</ButtonLink>}
      />
    );
  } else {
    body = (
      <>
        <Box opacity={query.isPlaceholderData ? 0.6 : 1} aria-busy={query.isPlaceholderData}>
          {wide ? <ListTable {...props} rows={rows} /> : <ListCards {...props} rows={rows} />}
        </Box>
        <Pager offset={shownOffset.current} count={rows.length} total={count} noun={texts.noun} onOffset={(o) => params.setOffset(o)} />
      </>
    );
  }

  return (
    <Box>
      <PageHeader
        title={texts.title}
        description={texts.description}
        actions={
          <ButtonLink to={newPath} colorPalette="brand">
            <Plus /> {texts.newLabel}
          </ButtonLink>
        }
      />
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" mb="5">
        <InputGroup flex="1" startElement={<Search size={16} />}>
          <Input type="search" aria-label={texts.search} placeholder={texts.search} value={search.text} onChange={(e) => search.setText(e.target.value)} />
        </InputGroup>
        {filter ? (
          <NativeSelect.Root width={{ base: 'full', sm: filter.width }}>
            <NativeSelect.Field
              aria-label={filter.label}
              value={filter.value}
              onChange={(e) => {
                const chosen = filter.values.find((v) => v === e.target.value);
                if (chosen !== undefined) filter.onChange(chosen);
              }}
            >
              {filter.values.map((v) => (
                <option key={v} value={v}>
                  {filter.labels[v]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : null}
        {!wide ? <SortSelect params={params} options={sortOptions} /> : null}
      </Stack>
      {body}
      {children}
    </Box>
  );
}

type RowsProps<D, T extends { id: string }, S extends string, F extends string> = ListPageProps<D, T, S, F> & { rows: readonly T[] };

function NameCell({ name, to, tags, description, preview }: ListName) {
  return (
    <Stack gap="0.5" minW="0">
      <HStack gap="2" wrap="wrap">
        <ChakraLink asChild fontWeight="semibold" colorPalette="brand">
          <Link to={to}>{name}</Link>
        </ChakraLink>
        {tags}
      </HStack>
      {description ? (
        <Text textStyle="xs" color="fg.muted" lineClamp={2}>
          {description}
        </Text>
      ) : null}
      {preview ? (
        <Text fontFamily="mono" textStyle="xs" color="fg.muted" wordBreak="break-word" lineClamp={2} data-testid={preview.testId}>
          {preview.text}
        </Text>
      ) : null}
    </Stack>
  );
}

function ListTable<D, T extends { id: string }, S extends string, F extends string>({ texts, params, nameHeader, name, columns, actions, rows }: RowsProps<D, T, S, F>) {
  return (
    <DataTable
      label={texts.list}
      columns={[
        nameHeader.sort ? (
          <SortableHeader key="name" column={nameHeader.sort} params={params}>
            {nameHeader.header}
          </SortableHeader>
        ) : (
          nameHeader.header
        ),
        ...columns.map((c) =>
          c.sort ? (
            <SortableHeader key={c.header} column={c.sort} params={params} textAlign={c.textAlign}>
              {c.header}
            </SortableHeader>
          ) : (
            { label: c.header, textAlign: c.textAlign, whiteSpace: 'nowrap' }
          ),
        ),
        { label: <Text srOnly>Actions</Text>, key: 'actions' },
      ]}
    >
      {rows.map((item) => {
        const n = name(item);
        return (
          <Table.Row key={item.id} data-testid="list-row">
            <Table.Cell maxW="xs" whiteSpace="normal">
              <NameCell {...n} />
            </Table.Cell>
            {columns.map((c) => (
              <Table.Cell key={c.header} textAlign={c.textAlign} textStyle="sm">
                {c.cell(item)}
              </Table.Cell>
            ))}
            <Table.Cell textAlign="end">
              <HStack gap="1" justify="flex-end">
                {actions(item)}
              </HStack>
            </Table.Cell>
          </Table.Row>
        );
      })}
    </DataTable>
  );
}

function ListCards<D, T extends { id: string }, S extends string, F extends string>({ texts, name, columns, actions, rows }: RowsProps<D, T, S, F>) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label={texts.list}>
      {rows.map((item) => (
        <Card.Root as="li" key={item.id} size="sm" data-testid="list-row">
          <Card.Body gap="3">
            <HStack justify="space-between" align="flex-start" gap="3">
              <NameCell {...name(item)} />
              <HStack gap="1" flexShrink={0}>
                {actions(item)}
              </HStack>
            </HStack>
            <DataList.Root orientation="horizontal" size="sm" gap="1.5">
              {columns.map((c) => (
                <DataListItem key={c.header} label={c.header} labelMinW="24" minW="0">
                  {c.cell(item)}
                </DataListItem>
              ))}
            </DataList.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
