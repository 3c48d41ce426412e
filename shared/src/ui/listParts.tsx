// The parts of a sortable, paged list, as the admin users list and the prompts and schemas
// lists use them: the sort and page kept in the address (so Back and a shared link keep them),
// the column header that sorts, the "Showing 1–20 of 48" pager, and the width below which a
// table turns into cards.
import { Button, HStack, NativeSelect, Table, Text } from '@chakra-ui/react';
import { DEFAULT_PAGE_SIZE } from '../constants';
import { plural } from '../format';
import type { SortOrder } from '../schemas';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useSyncExternalStore, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

/** one page of every list */
export const LIST_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** below this width a table's rows become cards: seven columns do not fit a phone */
export const WIDE_QUERY = '(min-width: 600px)';

/** Whether the screen is wide enough for a table (follows the window as it is resized). */
export function useWideLayout(): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    const media = window.matchMedia(WIDE_QUERY);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE_QUERY).matches,
    () => true,
  );
}


export interface ListParams<S extends string> {
  sort: S;
  order: SortOrder;
  /** first row of the page (0-based) */
  offset: number;
  /** sort by `column`: the same column again turns the order round; another starts at its own first order */
  sortBy: (column: S) => void;
  setSort: (sort: S, order: SortOrder) => void;
  /** `replace` corrects the address without a new history entry */
  setOffset: (offset: number, options?: { replace?: boolean }) => void;
}

/**
 * `?sort=name&order=asc&page=2` of a list. A value the list does not know falls back to its
 * default; `firstOrder` says which way a column sorts when first chosen (names A–Z, dates newest).
 */
export function useListParams<S extends string>(columns: readonly S[], defaults: { sort: S; order: SortOrder }, firstOrder: (column: S) => SortOrder): ListParams<S> {
  const [params, setParams] = useSearchParams();
  const rawSort = params.get('sort');
  const sort = columns.find((c) => c === rawSort) ?? defaults.sort;
  const rawOrder = params.get('order');
  const order: SortOrder = rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : sort === defaults.sort ? defaults.order : firstOrder(sort);
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const offset = (page - 1) * LIST_PAGE_SIZE;

  const update = useCallback(
    (next: { sort?: S; order?: SortOrder; offset?: number }, replace = false) =>
      setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next.sort !== undefined) p.set('sort', next.sort);
        if (next.order !== undefined) p.set('order', next.order);
        const nextPage = next.offset === undefined ? 1 : Math.floor(next.offset / LIST_PAGE_SIZE) + 1;
        if (nextPage > 1) p.set('page', String(nextPage));
        else p.delete('page');
        return p;
      },
      { replace },
    ),
    [setParams],
  );
  const setOffset = useCallback((o: number, options?: { replace?: boolean }) => update({ offset: o }, options?.replace), [update]);

  return {
    sort,
    order,
    offset,
    sortBy: (column) => update({ sort: column, order: column === sort ? (order === 'asc' ? 'desc' : 'asc') : firstOrder(column) }),
    setSort: (s, o) => update({ sort: s, order: o }),
    setOffset,
  };
}

/** A column header that sorts the list: a button inside, the state in aria-sort. */
export function SortableHeader<S extends string>({ column, params, children, textAlign }: { column: S; params: ListParams<S>; children: ReactNode; textAlign?: 'start' | 'end' }) {
  const active = params.sort === column;
  const ariaSort = active ? (params.order === 'asc' ? 'ascending' : 'descending') : 'none';
  const Icon = !active ? ArrowUpDown : params.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <Table.ColumnHeader aria-sort={ariaSort} textAlign={textAlign} whiteSpace="nowrap">
      <Button
        variant="ghost"
        size="xs"
        mx="-2"
        fontWeight="semibold"
        color={active ? 'fg' : 'fg.muted'}
        onClick={() => params.sortBy(column)}
        flexDirection={textAlign === 'end' ? 'row-reverse' : 'row'}
      >
        {children}
        <Icon aria-hidden />
      </Button>
    </Table.ColumnHeader>
  );
}

/** The card layout's stand-in for the headers: one select of every column and order. */
export function SortSelect<S extends string>({ params, options, label = 'Sort by' }: { params: ListParams<S>; options: readonly { sort: S; order: SortOrder; label: string }[]; label?: string }) {
  const value = `${params.sort}:${params.order}`;
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field
        aria-label={label}
        value={value}
        onChange={(e) => {
          const chosen = options.find((o) => `${o.sort}:${o.order}` === e.target.value);
          if (chosen) params.setSort(chosen.sort, chosen.order);
        }}
      >
        {options.some((o) => `${o.sort}:${o.order}` === value) ? null : <option value={value}>{label}</option>}
        {options.map((o) => (
          <option key={`${o.sort}:${o.order}`} value={`${o.sort}:${o.order}`}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** "Showing 21–40 of 48 prompts" and Previous / Next. */
export function Pager({ offset, count, total, noun, onOffset }: { offset: number; count: number; total: number; noun: readonly [one: string, many: string]; onOffset: (offset: number) => void }) {
  const first = count === 0 ? 0 : offset + 1;
  const last = offset + count;
  const text = `Showing ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${plural(total, noun[0], noun[1])}`;
  return (
    <HStack as="nav" aria-label="Pages" justify="space-between" gap="3" mt="4" wrap="wrap">
      <Text textStyle="sm" color="fg.muted" aria-live="polite">
        {text}
      </Text>
      {total > LIST_PAGE_SIZE ? (
        <HStack gap="2">
          <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - LIST_PAGE_SIZE))}>
            <ChevronLeft /> Previous
          </Button>
          <Button size="sm" variant="outline" disabled={last >= total} onClick={() => onOffset(offset + LIST_PAGE_SIZE)}>
            Next <ChevronRight />
          </Button>
        </HStack>
      ) : null}
    </HStack>
  );
}
