// Counts per value of one column (per status, per category) from a single scan of the rows.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Select columns `count(*) filter (where column = value)` for each of `values`, keyed by the
 * value: `.select({ ...countsByValue(jobs.status, ['queued', 'running']) })`.
 */
export function countsByValue<const V extends string>(column: AnyPgColumn, values: readonly V[]): Record<V, SQL<number>> {
  return Object.fromEntries(values.map((v) => [v, sql<number>`count(*) filter (where ${column} = ${v})::int`])) as Record<V, SQL<number>>;
}
