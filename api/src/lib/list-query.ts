// What the list reads share: a search term as an ILIKE pattern, an order that never repeats
// or skips a row from one page to the next, and the sort keys of a user's named items.
import type { SortOrder } from '@quarry/shared/schemas';
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** `s` with the ILIKE pattern characters (\, %, _) taken literally. */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%term%` for ILIKE: what contains `term`, its pattern characters taken literally. */
export const containsPattern = (term: string): string => `%${escapeLike(term)}%`;

/** `key` in the asked direction, ties broken by `id` the same way. */
export function orderWithTies(order: SortOrder, key: SQL | PgColumn, id: PgColumn): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  return [dir(key), dir(id)];
}

/** The sort keys the lists of a user's named items (prompts, output schemas) share: last change, creation, name ignoring case. */
export const namedItemSortKeys = (t: { updatedAt: PgColumn; createdAt: PgColumn; name: PgColumn }) => ({
  updated_at: sql`${t.updatedAt}`,
  created_at: sql`${t.createdAt}`,
  name: sql`lower(${t.name})`,
});
