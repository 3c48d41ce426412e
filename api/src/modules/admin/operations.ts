// The operations view (docs/product/admin.md, Operations): the queue by type and status, the oldest queued job,
// worker pools with their heartbeat and running jobs, the last hour's throughput and the
// latest failures. Read-only except `retryFailedJob`.
import { and, desc, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { OperationsOverview } from '@quarry/shared/schemas';
import type { Db } from '../../db';
import { jobs, users, workers } from '../../db/schema';
import { DEAD_AFTER_BEATS } from '../../jobs/presence';
import { startJob, type JobDeps } from '../../jobs/store';
import { conflict, notFound } from '../../lib/errors';
import { iso, isoStrict } from '../../lib/time';

const RECENT_FAILURES = 20;
const HOUR = 3600 * 1000;

export async function operationsOverview(db: Db, workerHeartbeatMs: number, now = new Date()): Promise<OperationsOverview> {
  const counts = await db
    .select({ jobType: jobs.jobType, status: jobs.status, n: sql<number>`count(*)::int` })
    .from(jobs)
    .groupBy(jobs.jobType, jobs.status)
    .orderBy(jobs.jobType, jobs.status);
  const byStatus: Record<string, number> = {};
  for (const c of counts) byStatus[c.status] = (byStatus[c.status] ?? 0) + c.n;

  const [oldest] = await db
    .select({ at: sql<Date | string | null>`min(coalesce(${jobs.queuedAt}, ${jobs.createdAt}))` })
    .from(jobs)
    .where(eq(jobs.status, 'queued'));
  const oldestAt = oldest?.at ? new Date(oldest.at) : null;

  const since = new Date(now.getTime() - HOUR);
  const pools = await db
    .select()
    .from(workers)
    .where(or(isNull(workers.stoppedAt), gte(workers.lastHeartbeatAt, since)))
    .orderBy(desc(workers.lastHeartbeatAt))
    .limit(50);
  const running = pools.length
    ? await db
        .select({ id: jobs.id, name: jobs.name, jobType: jobs.jobType, progress: jobs.progressPercentage, owner: jobs.leaseOwner })
        .from(jobs)
        .where(and(eq(jobs.status, 'running'), eq(jobs.waiting, false), inArray(jobs.leaseOwner, pools.map((p) => p.name))))
    : [];

  const finished = await db
    .select({ status: jobs.status, n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(isNotNull(jobs.completedAt), gte(jobs.completedAt, since)))
    .groupBy(jobs.status);
  const finishedCount = (s: string) => finished.find((f) => f.status === s)?.n ?? 0;

  const failures = await db
    .select({ job: jobs, email: users.email })
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.userId))
    .where(eq(jobs.status, 'failed'))
    .orderBy(sql`${jobs.completedAt} desc nulls last`, desc(jobs.updatedAt))
    .limit(RECENT_FAILURES);

  // the rule claims use: a worker that missed two beats is dead (its jobs are taken over)
  const liveAfter = now.getTime() - workerHeartbeatMs * DEAD_AFTER_BEATS;
  return {
    generated_at: now.toISOString(),
    jobs_by_status: byStatus,
    jobs_by_type_and_status: counts.map((c) => ({ job_type: c.jobType, status: c.status, count: c.n })),
    queued_count: byStatus.queued ?? 0,
    running_count: byStatus.running ?? 0,
    oldest_queued_age_seconds: oldestAt ? Math.max(0, Math.round((now.getTime() - oldestAt.getTime()) / 1000)) : null,
    workers: pools.map((p) => ({
      name: p.name,
      hostname: p.hostname,
      pid: p.pid,
      concurrency: p.concurrency,
      job_types: p.jobTypes,
      started_at: isoStrict(p.startedAt),
      last_heartbeat_at: isoStrict(p.lastHeartbeatAt),
      stopped_at: iso(p.stoppedAt),
      alive: p.stoppedAt === null && p.lastHeartbeatAt.getTime() >= liveAfter,
      running_jobs: running
        .filter((r) => r.owner === p.name)
        .map((r) => ({ id: r.id, name: r.name, job_type: r.jobType, progress_percentage: r.progress })),
    })),
    throughput_last_hour: {
      completed: finishedCount('completed'),
      failed: finishedCount('failed'),
      cancelled: finishedCount('cancelled'),
    },
    recent_failures: failures.map(({ job, email }) => ({
      id: job.id,
      name: job.name,
      job_type: job.jobType,
      user_email: email,
      error_message: job.errorMessage,
      attempts: job.attempts,
      retryable: job.parentId === null,
      failed_at: iso(job.completedAt),
    })),
  };
}

/** Puts a failed top-level job of any user back in the queue (it resumes after its last finished step). */
export async function retryFailedJob(deps: JobDeps, id: string) {
  const [job] = await deps.services.db
    .select({ userId: jobs.userId, status: jobs.status, parentId: jobs.parentId })
    .from(jobs)
    .where(eq(jobs.id, id));
  if (!job) throw notFound('Job not found');
  if (job.status !== 'failed') throw conflict(`Only a failed job can be retried; this job is ${job.status}`);
  if (job.parentId) throw conflict('This job is a stage of another job; retry the job it belongs to');
  return startJob(deps, job.userId, id);
}
