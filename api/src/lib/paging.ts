// The total of a paged list answer. Its select reads the total in the same round trip, as a
// window count on every row (`totalOverAll()`); a page past the end has no rows to carry it,
// and only then is the count asked separately.
import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db';

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
