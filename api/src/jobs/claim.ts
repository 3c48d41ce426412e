// The worker's side of the queue, in SQL:
//   claim      one claimable job, FOR UPDATE SKIP LOCKED, leased to this worker (new lease token)
//   heartbeat  pushes the lease forward while the job runs; tells the worker when it lost it
//   fenced     every write of the holder runs in a transaction that first re-checks
//              (id, lease_token, status = 'running') under a row lock: a worker whose lease
//              ran out (and whose job another worker took) writes nothing
//   finish     completed / failed / retry / released / parked / cancel acknowledged
// All times come from the database clock (now()), never from the processes'.
import { and, asc, desc, eq, inArray, lte, ne, not, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db';
import { jobDependencies, jobSteps, jobs, type JobEventRow, type JobRow } from '../db/schema';
import { insertEvent } from './events';
import { ownerIsDead } from './presence';
import type { Effects } from './effects';
import { settleFinished } from './store';
import { LeaseLostError, type JobEventInput } from './types';

const seconds = (n: number) => sql`(${n}::double precision * interval '1 second')`;

export interface Claimed {
  job: JobRow;
  /** the job was running under another worker whose lease ran out (it died): this is a resume */
  reclaimed: boolean;
  /** the job was parked waiting for its children and is run again */
  woken: boolean;
}

/**
 * Claims the next claimable job of one of `types`, or null. With `workerHeartbeatMs`, a running
 * job whose holder's `workers` row missed two beats (or says it stopped) is claimable at once,
 * not only when its lease runs out.
 */
export async function claimJob(
  db: Db,
  owner: string,
  types: string[],
  leaseSeconds: number,
  workerHeartbeatMs: number | null = null,
): Promise<Claimed | null> {
  if (types.length === 0) return null;
  return db.transaction(async (tx) => {
    const unfinishedDependency = sql`exists (select 1 from ${jobDependencies} d join ${jobs} dj on dj.id = d.depends_on_id
      where d.job_id = ${jobs.id} and dj.status <> 'completed')`;
    const [candidate] = await tx
      .select({ id: jobs.id, status: jobs.status, waiting: jobs.waiting })
      .from(jobs)
      .where(
        and(
          inArray(jobs.jobType, types),
          or(
            and(eq(jobs.status, 'queued'), lte(jobs.runAfter, sql`now()`)),
            and(eq(jobs.status, 'running'), lte(jobs.leaseExpiresAt, sql`now()`)),
            ...(workerHeartbeatMs
              ? [
                  and(
                    eq(jobs.status, 'running'),
                    eq(jobs.waiting, false),
                    // this worker is alive (it is claiming): its own row may only look stale after a stall
                    ne(jobs.leaseOwner, owner),
                    ownerIsDead(jobs.leaseOwner, workerHeartbeatMs),
                  ),
                ]
              : []),
          ),
          not(unfinishedDependency),
        ),
      )
      .orderBy(desc(jobs.priority), asc(jobs.runAfter), asc(jobs.createdAt))
      .limit(1)
      .for('update', { skipLocked: true, of: jobs });
    if (!candidate) return null;
    const woken = candidate.status === 'running' && candidate.waiting;
    const [job] = await tx
      .update(jobs)
      .set({
        status: 'running',
        leaseOwner: owner,
        leaseToken: sql`gen_random_uuid()`,
        leaseExpiresAt: sql`now() + ${seconds(leaseSeconds)}`,
        heartbeatAt: sql`now()`,
        attempts: woken ? sql`${jobs.attempts}` : sql`${jobs.attempts} + 1`,
        startedAt: sql`coalesce(${jobs.startedAt}, now())`,
        waiting: false,
        updatedAt: sql`now()`,
      })
      .where(eq(jobs.id, candidate.id))
      .returning();
    return { job: job!, reclaimed: candidate.status === 'running' && !candidate.waiting, woken };
  });
}

/**
 * Embedded mode holds the database in one process: at start-up, every job still running and
 * not parked belongs to a process that died (kill -9, power loss). Their leases are ended
 * now so the workers resume them at once instead of after the lease (JOB_LEASE_SECONDS).
 * Never call this where another process may be running jobs (a PostgreSQL server).
 */
export async function endOrphanedLeases(db: Db): Promise<string[]> {
  const rows = await db
    .update(jobs)
    .set({ leaseExpiresAt: sql`now()` })
    .where(and(eq(jobs.status, 'running'), eq(jobs.waiting, false), sql`${jobs.leaseExpiresAt} > now()`))
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}

export type HeartbeatResult = 'ok' | 'cancelled' | 'lost';

export async function heartbeat(db: Db, id: string, token: string, leaseSeconds: number): Promise<HeartbeatResult> {
  const renewed = await db
    .update(jobs)
    .set({ leaseExpiresAt: sql`now() + ${seconds(leaseSeconds)}`, heartbeatAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.leaseToken, token), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  if (renewed.length > 0) return 'ok';
  return holderState(db, id, token);
}

/** Why a job is no longer ours: cancelled (still our token) or lost. */
export async function holderState(db: Db | Tx, id: string, token: string): Promise<HeartbeatResult> {
  const [row] = await db.select({ status: jobs.status, token: jobs.leaseToken }).from(jobs).where(eq(jobs.id, id));
  if (row && row.token === token) return row.status === 'running' ? 'ok' : row.status === 'cancelled' ? 'cancelled' : 'lost';
  return 'lost';
}

/** Runs `fn` only while (id, token) still holds the running job, under its row lock. */
export async function fenced<T>(db: Db, id: string, token: string, fn: (tx: Tx, job: JobRow) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.leaseToken, token), eq(jobs.status, 'running')))
      .for('update');
    if (!job) throw new LeaseLostError();
    return fn(tx, job);
  });
}

/** Outputs of the steps finished by earlier attempts. */
export async function finishedSteps(db: Db, jobId: string): Promise<Map<string, unknown>> {
  const rows = await db.select({ name: jobSteps.name, output: jobSteps.output }).from(jobSteps).where(eq(jobSteps.jobId, jobId));
  return new Map(rows.map((r) => [r.name, r.output]));
}

/** Records a step as finished (inside the fenced transaction that wrote its rows). */
export async function recordStep(tx: Tx, jobId: string, name: string, output: unknown, attempt: number): Promise<void> {
  const inserted = await tx
    .insert(jobSteps)
    .values({ jobId, name, output: (output ?? null) as never, attempt })
    .onConflictDoNothing()
    .returning({ name: jobSteps.name });
  if (inserted.length === 0) throw new LeaseLostError(`Step ${name} was already finished by another worker`);
}

type Finished = { job: JobRow; event: JobEventRow };

async function endWith(tx: Tx, set: PgUpdateSetSource<typeof jobs>, id: string, event: JobEventInput, effects: Effects): Promise<Finished> {
  const [job] = await tx
    .update(jobs)
    .set({ ...set, leaseOwner: null, leaseToken: null, leaseExpiresAt: null, waiting: false, updatedAt: new Date() })
    .where(eq(jobs.id, id))
    .returning();
  const ev = await insertEvent(tx, job!, event);
  effects.events.push({ job: job!, event: ev });
  return { job: job!, event: ev };
}

export async function finishCompleted(db: Db, id: string, token: string, summary: Record<string, unknown>, event: JobEventInput, effects: Effects): Promise<void> {
  await fenced(db, id, token, async (tx) => {
    const done = await endWith(
      tx,
      { status: 'completed', progressPercentage: 100, resultsSummary: summary, completedAt: new Date(), errorMessage: null, errorDetails: null },
      id,
      { progress_percentage: 100, ...event },
      effects,
    );
    await settleFinished(tx, done.job, effects);
  });
}

export async function finishFailed(
  db: Db,
  id: string,
  token: string,
  error: { message: string; code: string; details: Record<string, unknown>; step: string | null; attempt: number },
  effects: Effects,
): Promise<void> {
  await fenced(db, id, token, async (tx, job) => {
    const errorDetails = { message: error.message, code: error.code, step: error.step, attempt: error.attempt, ...error.details };
    await endWith(
      tx,
      { status: 'failed', errorMessage: error.message, errorDetails, completedAt: new Date() },
      id,
      {
        phase: 'failed',
        sub_phase: error.step,
        event_type: 'error',
        message: error.message,
        progress_percentage: job.progressPercentage,
        details: { error: error.message, error_message: error.message, code: error.code, step: error.step, attempt: error.attempt },
      },
      effects,
    );
    const children = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.parentId, id), inArray(jobs.status, ['pending', 'queued', 'running'])));
    for (const child of children) {
      const [c] = await tx
        .update(jobs)
        .set({ status: 'cancelled', cancelRequestedAt: new Date(), completedAt: new Date(), updatedAt: new Date() })
        .where(eq(jobs.id, child.id))
        .returning();
      const ev = await insertEvent(tx, c!, { phase: 'cancelled', message: 'Cancelled because its parent job failed' });
      effects.events.push({ job: c!, event: ev });
      if (child.status === 'running') effects.notices.push({ kind: 'cancel', id: child.id });
    }
    await settleFinished(tx, { id, status: 'failed', parentId: job.parentId, name: job.name }, effects);
  });
}

/** A transient failure with attempts left: back to the queue after a delay. */
export async function requeueForRetry(db: Db, id: string, token: string, delayMs: number, message: string, effects: Effects): Promise<void> {
  await fenced(db, id, token, async (tx, job) => {
    await endWith(
      tx,
      { status: 'queued', runAfter: sql`now() + ${seconds(delayMs / 1000)}` },
      id,
      {
        phase: 'retrying',
        event_type: 'error',
        message,
        progress_percentage: job.progressPercentage,
        details: { error: message, attempt: job.attempts, max_attempts: job.maxAttempts, retry_in_seconds: Math.round(delayMs / 100) / 10 },
      },
      effects,
    );
  });
  effects.notices.push({ kind: 'queued', id });
}

/** Worker shutting down: the job goes back to the queue at once (the attempt is not counted). */
export async function releaseJob(db: Db, id: string, token: string, message: string, effects: Effects): Promise<void> {
  await fenced(db, id, token, async (tx, job) => {
    await endWith(
      tx,
      { status: 'queued', runAfter: new Date(), attempts: Math.max(0, job.attempts - 1) },
      id,
      { phase: 'queued', sub_phase: 'released', message, progress_percentage: job.progressPercentage },
      effects,
    );
  });
  effects.notices.push({ kind: 'queued', id });
}

/** Parks a job until its children finish (re-checked after `recheckSeconds` anyway). */
export async function parkWaiting(db: Db, id: string, token: string, recheckSeconds: number, effects: Effects): Promise<void> {
  await fenced(db, id, token, async (tx) => {
    // a child may have finished meanwhile: settleFinished only wakes parked parents, so re-check here
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.parentId, id), inArray(jobs.status, ['pending', 'queued', 'running'])));
    const stillWaiting = (open?.n ?? 0) > 0;
    await tx
      .update(jobs)
      .set({
        waiting: true,
        leaseOwner: null,
        leaseToken: null,
        leaseExpiresAt: stillWaiting ? (sql`now() + ${seconds(recheckSeconds)}`) : (sql`now()`),
        updatedAt: new Date(),
      })
      .where(eq(jobs.id, id));
    if (!stillWaiting) effects.notices.push({ kind: 'queued', id });
  });
}

/** The worker saw the cancellation: clears its lease and says where it stopped. */
export async function acknowledgeCancel(db: Db, id: string, token: string, message: string, details: Record<string, unknown>, effects: Effects): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .update(jobs)
      .set({ leaseOwner: null, leaseToken: null, leaseExpiresAt: null, waiting: false, updatedAt: new Date() })
      .where(and(eq(jobs.id, id), eq(jobs.leaseToken, token), eq(jobs.status, 'cancelled')))
      .returning();
    if (!job) return false;
    const ev = await insertEvent(tx, job, { phase: 'cancelled', sub_phase: 'stopped', message, progress_percentage: job.progressPercentage, details });
    effects.events.push({ job, event: ev });
    return true;
  });
}

/** Jobs whose lease ran out this many times are failed instead of being run again. */
export async function failExhausted(db: Db, id: string, token: string, effects: Effects): Promise<void> {
  await fenced(db, id, token, async (tx, job) => {
    const message = `The job was interrupted ${job.attempts - 1} times (its worker stopped responding each time) and was given up after ${job.maxAttempts} attempts`;
    await endWith(
      tx,
      { status: 'failed', errorMessage: message, errorDetails: { message, code: 'ATTEMPTS_EXHAUSTED', attempt: job.attempts }, completedAt: new Date() },
      id,
      { phase: 'failed', event_type: 'error', message, progress_percentage: job.progressPercentage, details: { error: message } },
      effects,
    );
    await settleFinished(tx, { id, status: 'failed', parentId: job.parentId, name: job.name }, effects);
  });
}

