// The total of a paged list answer. Its select reads the total in the same round trip, as a
// window count on every row (`totalOverAll()`); a page past the end has no rows to carry it,
// and only then is the count asked separately.
import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db';

/** The select column for the count of all rows the query matches, before limit and offset. */
export const totalOverAll = () => sql<number>`(count(*) over ())::int`;

/** The whole count for a page read with `total: totalOverAll()`: `where` must be the page's own filter on `table`. */
export async function pageTotal(
  db: DbOrTx,
  page: readonly { total: number }[],
  offset: number,
  table: PgTable,
  where: SQL | undefined,
): Promise<number> {
  if (page.length > 0 || offset === 0) return Number(page[0]?.total ?? 0);
  const [agg] = await db.select({ n: count() }).from(table).where(where);
  return agg?.n ?? 0;
}

/**
 * One page of `table`'s rows matching `where`, in `order`, with the count of all of them: the
 * total rides on every row (`totalOverAll()`), asked alone only for a page past the end.
 */
export async function readPage<F extends SelectedFields>(
  db: Db,
  table: PgTable,
  fields: F,
  where: SQL | undefined,
  order: SQL[],
  q: { offset: number; limit: number },
) {
  const rows = await db
    .select({ ...fields, total: totalOverAll() })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
  return { rows, total: await pageTotal(db, rows, q.offset, table, where) };
}
