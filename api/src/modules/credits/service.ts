import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  AdminCreditRequest,
  CreditRequest,
  CreditRequestCreateSchema,
  CreditRequestStats,
  CreditRequestStatus,
} from '@quarry/shared/schemas';
import type { z } from 'zod';
import type { Db } from '../../db';
import { countsByValue } from '../../lib/counts';
import { creditRequests, creditTransactions, users, type CreditRequestRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { iso, isoStrict } from '../../lib/time';

type CreateInput = z.output<typeof CreditRequestCreateSchema>;

export function toCreditRequest(row: CreditRequestRow): CreditRequest {
  return {
    id: row.id,
    user_id: row.userId,
    amount: row.amount,
    usage_purpose: row.usagePurpose,
    project_description: row.projectDescription,
    feedback: row.feedback,
    urgency: row.urgency as CreditRequest['urgency'],
    expected_duration: row.expectedDuration,
    status: row.status as CreditRequestStatus,
    admin_notes: row.adminNotes,
    reviewed_by: row.reviewedBy,
    reviewed_at: iso(row.reviewedAt),
    created_at: isoStrict(row.createdAt),
    updated_at: isoStrict(row.updatedAt),
  };
}

export async function createCreditRequest(db: Db, userId: string, input: CreateInput): Promise<CreditRequestRow> {
  const [row] = await db
    .insert(creditRequests)
    .values({
      userId,
      amount: input.amount,
      usagePurpose: input.usage_purpose,
      projectDescription: input.project_description,
      feedback: input.feedback ?? null,
      urgency: input.urgency,
      expectedDuration: input.expected_duration ?? null,
    })
    .returning();
  return row!;
}

export async function listMyCreditRequests(db: Db, userId: string): Promise<CreditRequestRow[]> {
  return db
    .select()
    .from(creditRequests)
    .where(eq(creditRequests.userId, userId))
    .orderBy(desc(creditRequests.createdAt), desc(creditRequests.id));
}

const reviewer = alias(users, 'reviewer');

async function adminSelect(db: Db, where: SQL | undefined, limit: number, offset: number) {
  const rows = await db
    .select({
      request: creditRequests,
      user: { id: users.id, name: users.fullName, email: users.email, balance: users.creditBalance },
      reviewer: { id: reviewer.id, name: reviewer.fullName, email: reviewer.email },
    })
    .from(creditRequests)
    .innerJoin(users, eq(users.id, creditRequests.userId))
    .leftJoin(reviewer, eq(reviewer.id, creditRequests.reviewedBy))
    .where(where)
    .orderBy(desc(creditRequests.createdAt), desc(creditRequests.id))
    .limit(limit)
    .offset(offset);
  return rows.map(
    (r): AdminCreditRequest => ({
      ...toCreditRequest(r.request),
      user: { id: r.user.id, name: r.user.name, email: r.user.email, current_balance: r.user.balance },
      reviewer: r.reviewer ? { id: r.reviewer.id, name: r.reviewer.name, email: r.reviewer.email } : null,
    }),
  );
}

export function listAllCreditRequests(
  db: Db,
  filter: { status?: CreditRequestStatus; limit: number; offset: number },
): Promise<AdminCreditRequest[]> {
  return adminSelect(db, filter.status ? eq(creditRequests.status, filter.status) : undefined, filter.limit, filter.offset);
}

export async function getAdminCreditRequest(db: Db, id: string): Promise<AdminCreditRequest> {
  const [row] = await adminSelect(db, eq(creditRequests.id, id), 1, 0);
  if (!row) throw notFound('Credit request not found');
  return row;
}

/**
 * Approves or rejects a pending request. The status change and (on approval) the
 * balance change and its ledger entry happen in one transaction, guarded by
 * `WHERE status = 'pending'`: concurrent reviews add the credits exactly once.
 */
export async function reviewCreditRequest(
  db: Db,
  id: string,
  reviewerId: string,
  decision: { status: 'approved' | 'rejected'; admin_notes: string | null },
): Promise<{ request: CreditRequestRow; newBalance: number | null }> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [updated] = await tx
      .update(creditRequests)
      .set({
        status: decision.status,
        adminNotes: decision.admin_notes,
        reviewedBy: reviewerId,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(and(eq(creditRequests.id, id), eq(creditRequests.status, 'pending')))
      .returning();
    if (!updated) {
      const [exists] = await tx.select({ status: creditRequests.status }).from(creditRequests).where(eq(creditRequests.id, id));
      if (!exists) throw notFound('Credit request not found');
      throw conflict(`Credit request has already been reviewed (${exists.status}) and cannot be reviewed again`);
    }
    let newBalance: number | null = null;
    if (decision.status === 'approved') {
      const [u] = await tx
        .update(users)
        .set({ creditBalance: sql`${users.creditBalance} + ${updated.amount}`, updatedAt: now })
        .where(eq(users.id, updated.userId))
        .returning({ balance: users.creditBalance });
      newBalance = u!.balance;
      await tx.insert(creditTransactions).values({
        userId: updated.userId,
        amount: updated.amount,
        balanceAfter: newBalance,
        kind: 'credit_request',
        referenceId: updated.id,
        description: `Credit request approved`,
      });
    }
    return { request: updated, newBalance };
  });
}

export async function creditRequestStats(db: Db): Promise<CreditRequestStats> {
  const [row] = await db
    .select({
      ...countsByValue(creditRequests.status, ['pending', 'approved', 'rejected']),
      pendingCredits: sql<number>`coalesce(sum(${creditRequests.amount}) filter (where ${creditRequests.status} = 'pending'), 0)::bigint`,
      approvedCredits: sql<number>`coalesce(sum(${creditRequests.amount}) filter (where ${creditRequests.status} = 'approved'), 0)::bigint`,
    })
    .from(creditRequests);
  return {
    pending_count: row?.pending ?? 0,
    approved_count: row?.approved ?? 0,
    rejected_count: row?.rejected ?? 0,
    total_pending_credits: Number(row?.pendingCredits ?? 0),
    total_approved_credits: Number(row?.approvedCredits ?? 0),
  };
}
