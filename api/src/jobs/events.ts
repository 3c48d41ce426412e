// Job events: stored first, then pushed as `job_update` with exactly the stored content
// (`JobEvent` and `JobUpdate` in shared/src/schemas). Nothing is pushed that is not stored.
import type { JobEvent, JobStatus, JobUpdate } from '@quarry/shared/schemas';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { jobEvents, jobs, type JobEventRow, type JobRow } from '../db/schema';
import { emitDomainEvent } from '../lib/domain-events';
import { INTERNAL_JOB_TYPES, type JobEventInput, type JobServices } from './types';

/** The job fields an event needs. */
export type EventJob = Pick<JobRow, 'id' | 'userId' | 'status' | 'jobType' | 'progressPercentage' | 'fileId' | 'parentId' | 'rootId'>;

export const eventJobColumns = {
  id: jobs.id,
  userId: jobs.userId,
  status: jobs.status,
  jobType: jobs.jobType,
  progressPercentage: jobs.progressPercentage,
  fileId: jobs.fileId,
  parentId: jobs.parentId,
  rootId: jobs.rootId,
};

const finite = (n: number | null | undefined): number | null => (typeof n === 'number' && Number.isFinite(n) ? n : null);
export const clampPercent = (n: number | null | undefined): number | null => {
  const v = finite(n);
  return v === null ? null : Math.max(0, Math.min(100, Math.round(v * 100) / 100));
};

/** The context every event of a job carries (pipeline_root_id, job_type, single_file_id). */
export function eventContext(job: EventJob, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    job_type: job.jobType,
    ...(job.fileId ? { single_file_id: job.fileId } : {}),
    ...(job.parentId ? { parent_job_id: job.parentId } : {}),
    ...(job.rootId && job.rootId !== job.id ? { pipeline_root_id: job.rootId } : {}),
    ...extra,
  };
}

/** Inserts one event for a job whose status (after the change this event describes) is `job.status`. */
export async function insertEvent(tx: DbOrTx, job: EventJob, input: JobEventInput): Promise<JobEventRow> {
  const [row] = await tx
    .insert(jobEvents)
    .values({
      jobId: job.id,
      phase: input.phase,
      subPhase: input.sub_phase ?? null,
      eventType: input.event_type ?? 'progress',
      message: input.message,
      progressPercentage: clampPercent(input.progress_percentage),
      currentValue: finite(input.current_value),
      totalValue: finite(input.total_value),
      units: input.units === undefined ? 'percent' : input.units,
      details: input.details ?? {},
      context: eventContext(job, input.context),
      status: job.status,
    })
    .returning();
  // a top-level job reaching completed / failed is a domain event (webhooks), in this transaction
  if ((job.status === 'completed' || job.status === 'failed') && !job.parentId && !INTERNAL_JOB_TYPES.has(job.jobType)) {
    await emitDomainEvent(tx, {
      type: job.status === 'completed' ? 'job.completed' : 'job.failed',
      userId: job.userId,
      subjectId: job.id,
      data: { job_id: job.id, job_type: job.jobType, status: job.status, file_id: job.fileId, message: input.message },
    });
  }
  return row!;
}

/**
 * Records a progress event of a running (or any non-final) job: updates the job's progress and
 * inserts the event in one transaction. With `leaseToken` it is fenced: nothing is written
 * unless that lease still holds the running job. Returns null when nothing was written.
 */
export async function recordEvent(
  db: DbOrTx,
  jobId: string,
  input: JobEventInput,
  fence: { leaseToken?: string; statuses?: JobStatus[] } = {},
): Promise<{ job: EventJob; event: JobEventRow } | null> {
  return db.transaction(async (tx) => {
    const pct = clampPercent(input.progress_percentage);
    const conditions = [eq(jobs.id, jobId)];
    if (fence.leaseToken) conditions.push(eq(jobs.leaseToken, fence.leaseToken), eq(jobs.status, 'running'));
    if (fence.statuses) conditions.push(inArray(jobs.status, fence.statuses));
    const [job] = await tx
      .update(jobs)
      .set({
        progressPercentage: pct === null ? sql`${jobs.progressPercentage}` : pct,
        updatedAt: new Date(),
      })
      .where(and(...conditions))
      .returning(eventJobColumns);
    if (!job) return null;
    const event = await insertEvent(tx, job, input);
    return { job, event };
  });
}

export function toJobEvent(row: JobEventRow): JobEvent {
  return {
    id: row.id,
    job_id: row.jobId,
    phase: row.phase,
    sub_phase: row.subPhase,
    event_type: row.eventType as JobEvent['event_type'],
    message: row.message,
    timestamp: row.createdAt.toISOString(),
    progress_percentage: row.progressPercentage,
    current_value: row.currentValue,
    total_value: row.totalValue,
    units: row.units,
    details: row.details,
    context: row.context,
    status: row.status as JobStatus,
  };
}

/** The live message for a stored event (`JobUpdate`). */
export function toJobUpdate(job: EventJob, row: JobEventRow): JobUpdate {
  const e = toJobEvent(row);
  return {
    event: 'job_update',
    type: 'job_update',
    job_id: job.id,
    status: e.status,
    job_type: job.jobType,
    message: e.message,
    progress_percentage: job.progressPercentage,
    timestamp: e.timestamp,
    data: {
      event_id: e.id,
      phase: e.phase,
      sub_phase: e.sub_phase,
      event_type: e.event_type,
      message: e.message,
      timestamp: e.timestamp,
      progress: { percentage: e.progress_percentage, current: e.current_value, total: e.total_value, units: e.units },
      progress_percentage: e.progress_percentage,
      current_value: e.current_value,
      total_value: e.total_value,
      units: e.units,
      details: e.details,
      context: e.context,
    },
  };
}

/** Pushes a stored event to the job owner's sockets (never throws). */
export async function publishEvent(services: Pick<JobServices, 'realtime' | 'log'>, job: EventJob, row: JobEventRow): Promise<void> {
  if (INTERNAL_JOB_TYPES.has(job.jobType)) return;
  try {
    await services.realtime.publishToUser(job.userId, toJobUpdate(job, row) as unknown as { event: string }, { channel: 'jobs' });
  } catch (err) {
    services.log.warn({ err, jobId: job.id }, 'job_update could not be published');
  }
}
