// Usage of jobs: every top-level job counts against the user's weekly_jobs limit and takes
// that resource type's credit_cost from the balance, in the transaction that creates it.
// Refusals: 429 when the weekly limit is reached (Retry-After = the next weekly reset),
// 402 when the balance is below the cost. Child jobs of a pipeline are not billed (the
// pipeline is). Credits are not returned when a job fails or is cancelled.
import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db';
import { creditTransactions, jobs, resourceTypes, users } from '../db/schema';
import { HttpError, notFound } from '../lib/errors';
import { periodBounds } from '../modules/resources/service';

export const WEEKLY_JOBS = 'weekly_jobs';

export interface JobUsagePolicy {
  limit: number | null;
  creditCost: number;
  periodStart: Date | null;
  nextReset: Date | null;
}

export async function jobUsagePolicy(db: DbOrTx, now = new Date()): Promise<JobUsagePolicy> {
  const [type] = await db
    .select({ limit: resourceTypes.defaultLimit, cost: resourceTypes.creditCost, period: resourceTypes.resetPeriod })
    .from(resourceTypes)
    .where(eq(resourceTypes.name, WEEKLY_JOBS));
  if (!type) return { limit: null, creditCost: 0, periodStart: null, nextReset: null };
  const { start, next } = periodBounds(type.period as Parameters<typeof periodBounds>[0], now);
  return { limit: type.limit, creditCost: Math.max(0, type.cost), periodStart: start, nextReset: next };
}

/** Billed jobs of a user since `since` (null = ever): the weekly_jobs usage. */
export async function countBilledJobs(db: DbOrTx, userId: string, since: Date | null): Promise<number> {
  const conditions = [eq(jobs.userId, userId), eq(jobs.billed, true)];
  if (since) conditions.push(gte(jobs.createdAt, since));
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(and(...conditions));
  return row?.n ?? 0;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Checks the weekly limit and the balance under the user's row lock, then takes the credits
 * and writes the ledger entry. Throws 429 / 402 with a message naming what is missing.
 */
export async function chargeJob(tx: Tx, userId: string, jobId: string, label: string): Promise<{ creditCost: number }> {
  const [user] = await tx
    .select({ balance: users.creditBalance })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) throw notFound('User not found');
  const now = new Date();
  const policy = await jobUsagePolicy(tx, now);
  if (policy.limit !== null) {
    const used = await countBilledJobs(tx, userId, policy.periodStart);
    if (used >= policy.limit) {
      const resets = policy.nextReset ? ` It resets on ${policy.nextReset.toISOString().slice(0, 10)} (UTC).` : '';
      const retryAfter = policy.nextReset ? (policy.nextReset.getTime() - now.getTime()) / 1000 : 3600;
      throw new HttpError(
        429,
        `Weekly job limit reached (weekly_jobs): you have created ${plural(used, 'job')} this week and the limit is ${policy.limit}.${resets}`,
        { 'Retry-After': String(Math.max(1, Math.ceil(retryAfter))) },
      );
    }
  }
  const cost = policy.creditCost;
  if (cost > 0) {
    if (user.balance < cost) {
      throw new HttpError(
        402,
        `Insufficient credits: a job costs ${plural(cost, 'credit')} and your balance is ${user.balance}. Request more credits to run jobs.`,
      );
    }
    const [updated] = await tx
      .update(users)
      .set({ creditBalance: sql`${users.creditBalance} - ${cost}`, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ balance: users.creditBalance });
    await tx.insert(creditTransactions).values({
      userId,
      amount: -cost,
      balanceAfter: updated!.balance,
      kind: 'job',
      referenceId: jobId,
      description: `${label} job`,
    });
  }
  return { creditCost: cost };
}
