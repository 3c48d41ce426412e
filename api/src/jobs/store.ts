// Jobs as the API sees them: creation (handler prepare + billing in one transaction) and the
// status transitions a client may ask for (checked here, 409 otherwise). Reads are in
// reads.ts, the presenters (toJob, toJobRef, toJobView) in answers.ts.
// Every transition writes its job event in the same transaction and pushes it after commit
// (effects.ts).
//
//   pending --start--> queued --(worker claims)--> running --> completed | failed
//   failed --start--> queued (resumes after the last finished step)
//   pending | queued | running --cancel--> cancelled      (a running worker stops at its next check)
//   pending | queued | running --complete / fail--> completed / failed   (clients, external workers)
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Tx } from '../db';
import { jobDependencies, jobs, type JobEventRow, type JobRow } from '../db/schema';
import { conflict, notFound, validationError } from '../lib/errors';
import { chargeJob, rechargeRetriedJob, refundFailedJob } from './billing';
import { makeParkedParentDue, withEffects, type Effects } from './effects';
import { insertEvent } from './events';
import type { HandlerRegistry } from './registry';
import type { QueueSignal } from './signal';
import type { RetryMode } from '@quarry/shared/schemas';
import { TERMINAL, type JobEventInput, type JobHandler, type JobRequest, type JobServices, type PreparedJob } from './types';

export interface JobDeps {
  services: JobServices;
  registry: HandlerRegistry;
  signal: QueueSignal;
}

// ------------------------------------------------------------------ creation

export interface CreateOptions {
  /** queue at once (default false: pending until started) */
  start?: boolean;
  dependsOn?: string[];
  /** count against weekly_jobs and take credits (default true) */
  bill?: boolean;
}

function handlerFor(registry: HandlerRegistry, type: string): JobHandler {
  const handler = registry.get(type);
  if (!handler || !handler.prepare) {
    const known = registry
      .types()
      .filter((t) => registry.get(t)?.prepare)
      .join(', ');
    throw validationError(['body', 'job_type'], `Unknown or unavailable job type '${type}'; this server runs: ${known}`);
  }
  return handler;
}

const withEstimate = (prepared: PreparedJob, estimate: object | null): PreparedJob =>
  estimate ? { ...prepared, config: { ...prepared.config, estimate } } : prepared;

/**
 * Creates a job: the handler's estimate first, then handler.prepare, billing, row, dependencies
 * and the first event, in one transaction.
 */
export async function createJob(deps: JobDeps, userId: string, request: JobRequest, options: CreateOptions = {}): Promise<JobRow> {
  const { services, registry } = deps;
  const handler = handlerFor(registry, request.job_type);
  const id = randomUUID();
  const start = options.start ?? false;
  const estimate = (await handler.estimate?.(request, { db: services.db, userId })) ?? null;
  return withEffects(deps, async (tx, effects) => {
    const prepared = withEstimate(await handler.prepare!(request, { tx, userId, services }), estimate);
    const dependsOn = [...new Set(options.dependsOn ?? [])];
    if (dependsOn.length > 0) {
      const found = await tx
        .select({ id: jobs.id, name: jobs.name, status: jobs.status })
        .from(jobs)
        .where(and(eq(jobs.userId, userId), inArray(jobs.id, dependsOn)));
      const missing = dependsOn.filter((d) => !found.some((f) => f.id === d));
      if (missing.length > 0) throw validationError(['body', 'depends_on'], `Unknown jobs: ${missing.join(', ')}`);
      const dead = found.filter((f) => f.status === 'failed' || f.status === 'cancelled');
      if (dead.length > 0) {
        throw validationError(
          ['body', 'depends_on'],
          `It would never run: ${dead.map((d) => `${d.name} (${d.id}) ${d.status === 'failed' ? 'has failed' : 'was cancelled'}`).join(', ')}`,
        );
      }
    }
    const bill = options.bill ?? true;
    const { creditCost } = bill ? await chargeJob(tx, userId, id, handler.label) : { creditCost: 0 };
    const now = new Date();
    const [job] = await tx
      .insert(jobs)
      .values({
        id,
        userId,
        jobType: handler.type,
        name: prepared.name,
        description: prepared.description ?? null,
        status: start ? 'queued' : 'pending',
        rootId: id,
        fileId: prepared.fileId ?? null,
        datasetId: prepared.datasetId ?? null,
        config: prepared.config,
        creditCost,
        billed: bill,
        maxAttempts: handler.maxAttempts ?? services.config.jobs.maxAttempts,
        queuedAt: start ? now : null,
        runAfter: now,
      })
      .returning();
    if (dependsOn.length > 0) await tx.insert(jobDependencies).values(dependsOn.map((d) => ({ jobId: id, dependsOnId: d })));
    const created = await insertEvent(tx, job!, {
      phase: start ? 'queued' : 'created',
      sub_phase: null,
      message: start ? `${handler.label} job created and queued` : `${handler.label} job created`,
      progress_percentage: 0,
      details: { name: job!.name, credit_cost: creditCost, ...(dependsOn.length ? { depends_on: dependsOn } : {}) },
    });
    effects.events.push({ job: job!, event: created });
    if (start) effects.notices.push({ kind: 'queued', id });
    return job!;
  });
}

// ------------------------------------------------------------------ transitions

const statusWord = (s: string) => (s === 'cancelled' ? 'was cancelled' : s === 'failed' ? 'has failed' : `is already ${s}`);

async function lockOwnJob(tx: Tx, userId: string, id: string, jobType?: string): Promise<JobRow> {
  const conditions = [eq(jobs.id, id), eq(jobs.userId, userId)];
  if (jobType) conditions.push(eq(jobs.jobType, jobType));
  const [row] = await tx.select().from(jobs).where(and(...conditions)).for('update');
  if (!row) throw notFound('Job not found');
  return row;
}

/**
 * After a job reached a final status (inside the same transaction): jobs depending on it fail
 * unless it completed (then they may become claimable), and a parent waiting for its children
 * is woken.
 */
export async function settleFinished(tx: Tx, job: Pick<JobRow, 'id' | 'status' | 'parentId' | 'name'>, effects: Effects): Promise<void> {
  if (job.status === 'failed') {
    // failed work is not charged (unless the user caused the failure)
    const refunded = await refundFailedJob(tx, job.id);
    if (refunded) effects.events.push(refunded);
  }
  const dependents = await tx
    .select({ id: jobDependencies.jobId })
    .from(jobDependencies)
    .where(eq(jobDependencies.dependsOnId, job.id));
  if (dependents.length > 0) {
    const ids = dependents.map((d) => d.id);
    if (job.status === 'completed') {
      const queued = await tx.select({ id: jobs.id }).from(jobs).where(and(inArray(jobs.id, ids), eq(jobs.status, 'queued')));
      for (const q of queued) effects.notices.push({ kind: 'queued', id: q.id });
    } else {
      const message = `A job it depends on (${job.name}, ${job.id}) ${job.status === 'cancelled' ? 'was cancelled' : 'failed'}`;
      const failed = await tx
        .update(jobs)
        .set({
          status: 'failed',
          errorMessage: message,
          errorDetails: { message, code: 'DEPENDENCY_FAILED', dependency_id: job.id },
          completedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(inArray(jobs.id, ids), inArray(jobs.status, ['pending', 'queued'])))
        .returning();
      for (const f of failed) {
        const ev = await insertEvent(tx, f, { phase: 'failed', event_type: 'error', message, details: { error: message, dependency_id: job.id } });
        effects.events.push({ job: f, event: ev });
        await settleFinished(tx, f, effects);
      }
    }
  }
  if (job.parentId) {
    effects.parents.push(job.parentId);
    if (await makeParkedParentDue(tx, job.parentId)) effects.notices.push({ kind: 'queued', id: job.parentId });
  }
}

/**
 * pending -> queued, or failed -> queued (a retry). A retry runs as it was (resuming after the
 * last finished step) unless `retryMode` is 'current' and the job type knows how to take the
 * current prompt and schema (handler.retry). A retried job whose credits were returned pays again.
 */
export async function startJob(deps: JobDeps, userId: string, id: string, jobType?: string, options: { retryMode?: RetryMode } = {}): Promise<JobRow> {
  return withEffects(deps, async (tx, effects) => {
    const job = await lockOwnJob(tx, userId, id, jobType);
    if (job.status === 'queued' || job.status === 'running') throw conflict(`Job is already ${job.status}`);
    if (job.status === 'completed') throw conflict('Job is already completed and cannot be started again');
    if (job.status === 'cancelled') throw conflict('Job was cancelled and cannot be started again; create a new job');
    if (job.parentId) throw conflict('This job is a stage of another job and is started by it');
    const [deadDependency] = await tx
      .select({ id: jobs.id, name: jobs.name, status: jobs.status })
      .from(jobDependencies)
      .innerJoin(jobs, eq(jobs.id, jobDependencies.dependsOnId))
      .where(and(eq(jobDependencies.jobId, id), inArray(jobs.status, ['failed', 'cancelled'])))
      .limit(1);
    if (deadDependency) {
      throw conflict(
        `A job it depends on (${deadDependency.name}, ${deadDependency.id}) ${deadDependency.status === 'failed' ? 'has failed' : 'was cancelled'}; this job cannot run`,
      );
    }
    const retry = job.status === 'failed';
    const retryMode: RetryMode = options.retryMode ?? 'original';
    const handler = retry ? deps.registry.get(job.jobType) : undefined;
    const config = retry && handler?.retry ? await handler.retry(job, { tx, mode: retryMode }) : null;
    if (retry) await rechargeRetriedJob(tx, job);
    const now = new Date();
    const { job: updated } = await updateWithEvent(
      tx,
      id,
      {
        status: 'queued',
        queuedAt: now,
        runAfter: now,
        updatedAt: now,
        ...(retry ? { attempts: 0, errorMessage: null, errorDetails: null, completedAt: null } : {}),
        ...(config ? { config } : {}),
      },
      (row) => ({
        phase: 'queued',
        message: !retry
          ? 'Job queued; waiting for a worker'
          : config && retryMode === 'current'
            ? 'Job restarted with the current prompt and schema: every chunk is extracted again'
            : 'Job restarted: it resumes after its last finished step',
        ...(retry && config ? { details: { retry_mode: retryMode } } : {}),
        progress_percentage: row.progressPercentage,
      }),
      effects,
    );
    if (retry) await requeueFailedChildren(tx, id, now, effects);
    effects.notices.push({ kind: 'queued', id });
    return updated;
  });
}

/**
 * A restarted parent (a pipeline) would meet its failed stage job again and fail at once: its
 * failed stage jobs, and the ones cancelled because the stage stopped, are queued again with
 * it. Each resumes after its own last finished step; the parent waits for them as before.
 */
async function requeueFailedChildren(tx: Tx, parentId: string, now: Date, effects: Effects): Promise<void> {
  const kids = await tx
    .update(jobs)
    .set({ status: 'queued', queuedAt: now, runAfter: now, updatedAt: now, attempts: 0, errorMessage: null, errorDetails: null, completedAt: null, waiting: false, cancelRequestedAt: null })
    .where(and(eq(jobs.parentId, parentId), inArray(jobs.status, ['failed', 'cancelled'])))
    .returning();
  for (const kid of kids) {
    const ev = await insertEvent(tx, kid, {
      phase: 'queued',
      message: 'Stage job restarted with its pipeline: it resumes after its last finished step',
      progress_percentage: kid.progressPercentage,
    });
    effects.events.push({ job: kid, event: ev });
    effects.notices.push({ kind: 'queued', id: kid.id });
  }
}

/**
 * Changes job `id`'s row and writes the event that says so, in `tx`; the event is sent after the
 * commit (`effects`). `event` is built from the changed row (the progress it reports).
 */
async function updateWithEvent(
  tx: Tx,
  id: string,
  set: Partial<typeof jobs.$inferInsert>,
  event: (updated: JobRow) => JobEventInput,
  effects: Effects,
): Promise<{ job: JobRow; event: JobEventRow }> {
  const [updated] = await tx.update(jobs).set(set).where(eq(jobs.id, id)).returning();
  const ev = await insertEvent(tx, updated!, event(updated!));
  effects.events.push({ job: updated!, event: ev });
  return { job: updated!, event: ev };
}

/** Cancels a job and its unfinished children. A running job's worker stops at its next check. */
export async function cancelJob(deps: JobDeps, userId: string, id: string, jobType?: string): Promise<JobRow> {
  return withEffects(deps, async (tx, effects) => {
    const job = await lockOwnJob(tx, userId, id, jobType);
    if ((TERMINAL as readonly string[]).includes(job.status)) {
      throw conflict(`Job ${statusWord(job.status)} and cannot be cancelled`);
    }
    return cancelTree(tx, job, 'Cancelled by the user', effects);
  });
}

async function cancelTree(tx: Tx, job: JobRow, reason: string, effects: Effects): Promise<JobRow> {
  const wasRunning = job.status === 'running' && !job.waiting;
  const now = new Date();
  const { job: updated } = await updateWithEvent(
    tx,
    job.id,
    { status: 'cancelled', cancelRequestedAt: now, completedAt: now, updatedAt: now, waiting: false },
    (row) => ({
      phase: 'cancelled',
      sub_phase: wasRunning ? 'requested' : 'cancelled',
      message: wasRunning ? `${reason}; the worker stops at its next step` : `${reason}`,
      progress_percentage: row.progressPercentage,
      details: { previous_status: job.status },
    }),
    effects,
  );
  if (wasRunning) effects.notices.push({ kind: 'cancel', id: job.id });
  const children = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.parentId, job.id), notInArray(jobs.status, [...TERMINAL])))
    .for('update');
  for (const child of children) await cancelTree(tx, child, 'Cancelled with its parent job', effects);
  await settleFinished(tx, updated, effects);
  return updated;
}

export interface CompleteOptions {
  summary?: Record<string, unknown>;
  message?: string;
  /** writes extra rows in the same transaction and returns the summary (OCR with submitted text) */
  write?: (tx: Tx, job: JobRow) => Promise<Record<string, unknown>>;
}

/** A client marks a job completed (external workers, tools). */
export async function completeJob(deps: JobDeps, userId: string, id: string, jobType: string | undefined, options: CompleteOptions = {}): Promise<JobRow> {
  return withEffects(deps, async (tx, effects) => {
    const job = await lockOwnJob(tx, userId, id, jobType);
    if (job.status === 'completed') throw conflict('Job is already completed');
    if (job.status === 'cancelled') throw conflict('Job was cancelled and cannot be completed');
    if (job.status === 'failed') throw conflict('Job has failed and cannot be completed; start it again to retry');
    const handler = deps.registry.get(job.jobType);
    const summary = options.write
      ? await options.write(tx, job)
      : handler?.manualSummary
        ? handler.manualSummary(job, options.summary)
        : (options.summary ?? job.resultsSummary ?? {});
    const now = new Date();
    const { job: updated } = await updateWithEvent(
      tx,
      id,
      {
        status: 'completed',
        progressPercentage: 100,
        resultsSummary: summary,
        completedAt: now,
        startedAt: job.startedAt ?? now,
        updatedAt: now,
        waiting: false,
        errorMessage: null,
        errorDetails: null,
      },
      () => ({
        phase: 'completed',
        sub_phase: 'manual',
        event_type: 'success',
        message: options.message ?? 'Job marked as completed',
        progress_percentage: 100,
        details: { previous_status: job.status },
      }),
      effects,
    );
    await settleFinished(tx, updated, effects);
    return updated;
  });
}

/** A client marks a job failed with a message. */
export async function failJob(
  deps: JobDeps,
  userId: string,
  id: string,
  jobType: string | undefined,
  error: { message?: string | undefined; details?: Record<string, unknown> | undefined },
): Promise<JobRow> {
  return withEffects(deps, async (tx, effects) => {
    const job = await lockOwnJob(tx, userId, id, jobType);
    if (job.status === 'completed') throw conflict('Job is already completed and cannot be marked as failed');
    if (job.status === 'cancelled') throw conflict('Job was cancelled and cannot be marked as failed');
    if (job.status === 'failed') throw conflict('Job has already failed');
    const message = error.message ?? 'Marked as failed by the user';
    const now = new Date();
    const { job: updated } = await updateWithEvent(
      tx,
      id,
      {
        status: 'failed',
        errorMessage: message,
        errorDetails: { message, code: 'MANUAL', ...(error.details ?? {}) },
        completedAt: now,
        updatedAt: now,
        waiting: false,
      },
      (row) => ({
        phase: 'failed',
        sub_phase: 'manual',
        event_type: 'error',
        message,
        progress_percentage: row.progressPercentage,
        details: { error: message, previous_status: job.status },
      }),
      effects,
    );
    // children of a failed parent are stopped too
    const children = await tx.select().from(jobs).where(and(eq(jobs.parentId, id), notInArray(jobs.status, [...TERMINAL]))).for('update');
    for (const child of children) await cancelTree(tx, child, 'Cancelled because its parent job failed', effects);
    await settleFinished(tx, updated, effects);
    return updated;
  });
}

/** PUT /jobs/{id}/progress: an event with progress, by a client. */
export async function reportProgress(deps: JobDeps, userId: string, id: string, input: JobEventInput): Promise<{ job: JobRow; event: JobEventRow }> {
  return withEffects(deps, async (tx, effects) => {
    const job = await lockOwnJob(tx, userId, id);
    if ((TERMINAL as readonly string[]).includes(job.status)) {
      throw conflict(`Job ${statusWord(job.status)}; its progress can no longer change`);
    }
    return updateWithEvent(
      tx,
      id,
      { progressPercentage: Math.max(0, Math.min(100, input.progress_percentage ?? job.progressPercentage)), updatedAt: new Date() },
      () => input,
      effects,
    );
  });
}

/** PUT /jobs/{id}: name/description any time; processing_config only while pending (through the handler). */
export async function updateJob(
  deps: JobDeps,
  userId: string,
  id: string,
  patch: { name?: string | undefined; description?: string | null | undefined; processing_config?: Record<string, unknown> | undefined },
): Promise<JobRow> {
  return deps.services.db.transaction(async (tx) => {
    const job = await lockOwnJob(tx, userId, id);
    const set: Partial<typeof jobs.$inferInsert> = { updatedAt: new Date() };
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.description !== undefined) set.description = patch.description ?? null;
    if (patch.processing_config !== undefined) {
      if (job.status !== 'pending') throw conflict(`processing_config can only change while the job is pending (it is ${job.status})`);
      const handler = deps.registry.get(job.jobType);
      if (!handler?.prepare) throw conflict(`The processing_config of ${job.jobType} jobs cannot be changed`);
      const request: JobRequest = {
        job_type: job.jobType,
        name: set.name ?? job.name,
        description: job.description,
        file_id: job.fileId,
        dataset_id: job.datasetId,
        processing_config: { ...job.config, ...patch.processing_config },
      };
      // a rare edit of a pending job: its new estimate is made in this transaction
      const estimate = (await handler.estimate?.(request, { db: tx, userId })) ?? null;
      set.config = withEstimate(await handler.prepare(request, { tx, userId, services: deps.services }), estimate).config;
    }
    const [updated] = await tx.update(jobs).set(set).where(eq(jobs.id, id)).returning();
    return updated!;
  });
}
