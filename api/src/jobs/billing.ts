// Usage of jobs: every top-level job counts against the user's weekly_jobs limit and takes
// that resource type's credit_cost from the balance, in the transaction that creates it.
// Refusals: 429 when the weekly limit is reached (Retry-After = the next weekly reset),
// 402 when the balance is below the cost. Child jobs of a pipeline are not billed (the
// pipeline is). A job whose work failed through no fault of the user gets its credits back
// (refundFailedJob, when it reaches `failed`); a cancelled job, and a failure the user caused,
// keeps its charge. A refunded job that is retried is charged again (rechargeRetriedJob). The
// rules, and what counts as the user's doing, are in docs/product/extraction-rules.md.
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db';
import { creditTransactions, jobs, resourceTypes, users, type JobEventRow, type JobRow } from '../db/schema';
import { insertEvent, type EventJob } from './events';
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

// ------------------------------------------------------------------ failed work is not charged

/**
 * Failure codes that are the user's doing: what they gave or did since cannot be processed
 * (files or chunks deleted, a document without text, a prompt or schema that cannot be used,
 * a job they marked failed themselves). Every other failure — the provider down or answering
 * nothing usable, an internal error, a worker that kept dying, a stage that failed for one of
 * those — is not, and is refunded.
 */
export const USER_CAUSED_FAILURES: ReadonlySet<string> = new Set(['NO_CHUNKS', 'FILE_DELETED', 'NO_TEXT', 'CHUNKING_INPUT', 'STAGE_PREPARE', 'MANUAL']);

type FailureDetails = Record<string, unknown> | null;

/** Is a failed job's failure the user's doing? (a pipeline's stage failure: by the stage job's own failure) */
async function userCaused(tx: Tx, details: FailureDetails, depth = 0): Promise<boolean> {
  const code = typeof details?.code === 'string' ? details.code : '';
  if (USER_CAUSED_FAILURES.has(code)) return true;
  // every chunk failed because the prompt or schema could not be used
  if (details?.failure_cause === 'setup') return true;
  if (code === 'STAGE_FAILED' && typeof details?.failed_job_id === 'string' && depth < 3) {
    if (details.failed_job_status === 'cancelled') return true;
    const [stage] = await tx.select({ details: jobs.errorDetails }).from(jobs).where(eq(jobs.id, details.failed_job_id));
    return stage ? userCaused(tx, stage.details as FailureDetails, depth + 1) : false;
  }
  return false;
}

/** Credits a job has taken, net of refunds. */
async function netCharged(tx: Tx, userId: string, jobId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int` })
    .from(creditTransactions)
    .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.referenceId, jobId), inArray(creditTransactions.kind, ['job', 'job_refund'])));
  return -(row?.n ?? 0);
}

/**
 * A billed job that reached `failed` through no fault of the user: its credits go back, with a
 * ledger entry (kind job_refund) and a job event saying so. Once per failure (net of earlier
 * refunds and charges). Answers the event to push, if any.
 */
export async function refundFailedJob(tx: Tx, jobId: string): Promise<{ job: EventJob; event: JobEventRow } | null> {
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job || job.status !== 'failed' || !job.billed || job.creditCost <= 0) return null;
  if (await userCaused(tx, job.errorDetails as FailureDetails)) return null;
  const charged = await netCharged(tx, job.userId, job.id);
  if (charged <= 0) return null;
  const [user] = await tx
    .update(users)
    .set({ creditBalance: sql`${users.creditBalance} + ${charged}`, updatedAt: new Date() })
    .where(eq(users.id, job.userId))
    .returning({ balance: users.creditBalance });
  if (!user) return null;
  const credits = plural(charged, 'credit');
  await tx.insert(creditTransactions).values({
    userId: job.userId,
    amount: charged,
    balanceAfter: user.balance,
    kind: 'job_refund',
    referenceId: job.id,
    description: `Refund: ${job.name} failed through no fault of yours`,
  });
  const [updated] = await tx
    .update(jobs)
    .set({ errorDetails: { ...(job.errorDetails ?? {}), credits_refunded: charged } })
    .where(eq(jobs.id, job.id))
    .returning();
  const event = await insertEvent(tx, updated!, {
    phase: 'failed',
    sub_phase: 'credits_refunded',
    message: `${credits} returned: the job failed through no fault of yours, and failed work is not charged`,
    progress_percentage: job.progressPercentage,
    details: { credits_refunded: charged, balance_after: user.balance },
  });
  return { job: updated!, event };
}

/**
 * A failed job started again: when its credits were returned, it costs them again (402 when the
 * balance is short). The weekly job count is not taken again: it is the same job.
 */
export async function rechargeRetriedJob(tx: Tx, job: Pick<JobRow, 'id' | 'userId' | 'billed' | 'creditCost' | 'name'>): Promise<number> {
  if (!job.billed || job.creditCost <= 0) return 0;
  if ((await netCharged(tx, job.userId, job.id)) >= job.creditCost) return 0;
  const [user] = await tx.select({ balance: users.creditBalance }).from(users).where(eq(users.id, job.userId)).for('update');
  if (!user) throw notFound('User not found');
  if (user.balance < job.creditCost) {
    throw new HttpError(402, `Insufficient credits: retrying this job costs ${plural(job.creditCost, 'credit')} (its credits were returned when it failed) and your balance is ${user.balance}. Request more credits to run jobs.`);
  }
  const [updated] = await tx
    .update(users)
    .set({ creditBalance: sql`${users.creditBalance} - ${job.creditCost}`, updatedAt: new Date() })
    .where(eq(users.id, job.userId))
    .returning({ balance: users.creditBalance });
  await tx.insert(creditTransactions).values({
    userId: job.userId,
    amount: -job.creditCost,
    balanceAfter: updated!.balance,
    kind: 'job',
    referenceId: job.id,
    description: `${job.name} (retry)`,
  });
  return job.creditCost;
}
