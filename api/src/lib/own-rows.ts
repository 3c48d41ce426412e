// The caller's rows of a table with `id` and `user_id` columns: another user's row answers
// 404 like a missing one, so nobody learns that it exists.
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db';
import { notFound } from './errors';

type OwnedTable = PgTable & { id: PgColumn; userId: PgColumn };

/** Deletes the caller's row `id` of `table`; 404 with `notFoundMessage` when there is none. */
export async function deleteOwnRow(db: DbOrTx, table: OwnedTable, userId: string, id: string, notFoundMessage: string): Promise<void> {
  const deleted = await db
    .delete(table)
    .where(and(eq(table.id, id), eq(table.userId, userId)))
    .returning({ id: table.id });
  if (deleted.length === 0) throw notFound(notFoundMessage);
}

/** Changes the caller's row `id` of `table` by `set` and answers it; 404 with `notFoundMessage` when there is none. */
export async function updateOwnRow<T extends OwnedTable>(
  db: DbOrTx,
  table: T,
  userId: string,
  id: string,
  set: PgUpdateSetSource<T>,
  notFoundMessage: string,
): Promise<T['$inferSelect']> {
  const [row] = await db
    .update(table as OwnedTable)
    .set(set as PgUpdateSetSource<OwnedTable>)
    .where(and(eq(table.id, id), eq(table.userId, userId)))
    .returning();
  if (!row) throw notFound(notFoundMessage);
  // as in getOwnRow: drizzle types the generic table's row by the OwnedTable bound
  return row as T['$inferSelect'];
}

/** The caller's row `id` of `table`; 404 with `notFoundMessage` when there is none. */
export async function getOwnRow<T extends OwnedTable>(db: DbOrTx, table: T, userId: string, id: string, notFoundMessage: string): Promise<T['$inferSelect']> {
  const [row] = await db
    .select()
    .from(table as OwnedTable)
    .where(and(eq(table.id, id), eq(table.userId, userId)));
  if (!row) throw notFound(notFoundMessage);
  // drizzle types a select from a generic table by the OwnedTable bound: the row is T's
  return row as T['$inferSelect'];
}
