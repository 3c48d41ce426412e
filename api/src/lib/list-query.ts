// What the list reads share: a search term as an ILIKE pattern, and an order that never
// repeats or skips a row from one page to the next.
import type { SortOrder } from '@quarry/shared/schemas';
import { asc, desc, type SQL } from 'drizzle-orm';
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
