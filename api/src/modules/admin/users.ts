// Users as administrators manage them: list, disable / enable, promote / demote, and
// balance adjustments written to the credit ledger like an approved credit request.
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUserSort, AdminUserUpdate, BalanceAdjustment, SortOrder } from '@quarry/shared/schemas';
import type { Db } from '../../db';
import { creditTransactions, users, type UserRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { containsPattern, orderWithTies } from '../../lib/list-query';
import { readPage } from '../../lib/paging';
import { isoStrict } from '../../lib/time';

const userSortKey: Record<AdminUserSort, SQL> = {
  created_at: sql`${users.createdAt}`,
  email: sql`lower(${users.email})`,
  // people without a name come last whichever way the names go
  full_name: sql`(${users.fullName} is null or btrim(${users.fullName}) = '')`,
  credit_balance: sql`${users.creditBalance}`,
};

/** One user as administrators see it; 404 for an unknown id. */
export async function getUser(db: Db, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw notFound('User not found');
  return row;
}

/**
 * One page of users and how many match, in one statement: the total rides on every row as a
 * window count (a page past the end asks for the count alone).
 */
export async function listUsers(
  db: Db,
  q: { search?: string | undefined; limit: number; offset: number; sort: AdminUserSort; order: SortOrder },
): Promise<{ rows: UserRow[]; total: number }> {
  const term = q.search?.trim();
  const where = term ? or(ilike(users.email, containsPattern(term)), ilike(users.fullName, containsPattern(term))) : undefined;
  const order =
    q.sort === 'full_name'
      ? [asc(userSortKey.full_name), ...orderWithTies(q.order, sql`lower(${users.fullName})`, users.id)]
      : orderWithTies(q.order, userSortKey[q.sort], users.id);
  const { rows, total } = await readPage(db, users, { row: users }, where, order, q);
  return { rows: rows.map((p) => p.row), total };
}

/**
 * Disables / enables and promotes / demotes. Under a lock on every active superuser, a
 * change that would leave no active superuser is refused, and nobody disables themselves.
 * A disabled user's next call (and refresh) answers 403 'Account is disabled', so their open
 * session ends with that message. Their sessions are deliberately not revoked: a revoked
 * session answers 401 first and the user would only see 'Session expired'. Their open sockets
 * close (the route announces the disabled account to every API process).
 */
export async function updateUser(db: Db, actorId: string, id: string, patch: AdminUserUpdate): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isSuperuser, true), eq(users.isActive, true)))
      .for('update');
    const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!target) throw notFound('User not found');
    if (patch.is_active === false && id === actorId) {
      throw conflict('You cannot disable your own account');
    }
    const staysAdmin = (patch.is_superuser ?? target.isSuperuser) && (patch.is_active ?? target.isActive);
    const wasAdmin = admins.some((a) => a.id === id);
    if (wasAdmin && !staysAdmin && admins.length <= 1) {
      throw conflict(
        patch.is_superuser === false
          ? 'Cannot remove superuser rights from the last active superuser: promote another user first'
          : 'Cannot disable the last active superuser: promote another user first',
      );
    }
    const now = new Date();
    const set: Partial<typeof users.$inferInsert> = { updatedAt: now };
    if (patch.is_active !== undefined) set.isActive = patch.is_active;
    if (patch.is_superuser !== undefined) set.isSuperuser = patch.is_superuser;
    const [row] = await tx.update(users).set(set).where(eq(users.id, id)).returning();
    return row!;
  });
}

/** Adds (or, negative, takes) credits with a ledger entry naming the administrator and the reason. */
export async function adjustBalance(
  db: Db,
  actor: { id: string; email: string },
  userId: string,
  input: { amount: number; reason: string },
): Promise<BalanceAdjustment> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ balance: users.creditBalance }).from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw notFound('User not found');
    const after = target.balance + input.amount;
    if (after < 0) {
      throw conflict(`The balance is ${target.balance} credits; taking ${-input.amount} would leave it negative`);
    }
    const now = new Date();
    await tx.update(users).set({ creditBalance: after, updatedAt: now }).where(eq(users.id, userId));
    const [entry] = await tx
      .insert(creditTransactions)
      .values({
        userId,
        amount: input.amount,
        balanceAfter: after,
        kind: 'admin_adjustment',
        referenceId: actor.id,
        description: `Balance adjusted by ${actor.email}: ${input.reason}`,
        createdAt: now,
      })
      .returning();
    return {
      id: entry!.id,
      user_id: userId,
      amount: entry!.amount,
      balance_after: entry!.balanceAfter,
      description: entry!.description,
      reviewed_by: actor.id,
      created_at: isoStrict(entry!.createdAt),
    };
  });
}
