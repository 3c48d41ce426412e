// Worker presence: a pool's row in `workers`, upserted on start, its heartbeat pushed every
// WORKER_HEARTBEAT_MS while it runs, stopped_at set when it stops. The admin operations view
// shows it, and claims use it: a worker whose row missed two beats (killed, frozen, cut off
// from the database) is taken for dead and its running jobs are claimable at once instead
// of after their lease. That is safe even when the worker was only slow: every write of a
// job's holder is fenced by its lease token, so the old holder writes nothing once the job
// was claimed again. Times are the database's clock (now()), as for the leases.
import { hostname } from 'node:os';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db';
import { workers } from '../db/schema';

export async function announceWorker(
  db: DbOrTx,
  w: { name: string; concurrency: number; jobTypes: string[] },
): Promise<void> {
  const now = new Date();
  const values = {
    name: w.name,
    hostname: hostname(),
    pid: process.pid,
    concurrency: w.concurrency,
    jobTypes: w.jobTypes,
    startedAt: now,
    lastHeartbeatAt: sql`now()`,
    stoppedAt: null,
  };
  await db.insert(workers).values(values).onConflictDoUpdate({ target: workers.name, set: values });
}

/** A worker whose row is this many beats old is dead. */
export const DEAD_AFTER_BEATS = 2;

export async function workerHeartbeat(db: DbOrTx, name: string): Promise<void> {
  await db.update(workers).set({ lastHeartbeatAt: sql`now()` }).where(eq(workers.name, name));
}

/** SQL true when the worker named by `owner` has a row that stopped or missed DEAD_AFTER_BEATS beats. */
export function ownerIsDead(owner: AnyPgColumn, heartbeatMs: number): SQL {
  const deadAfterMs = heartbeatMs * DEAD_AFTER_BEATS;
  return sql`exists (select 1 from ${workers} w where w.name = ${owner}
    and (w.stopped_at is not null or w.last_heartbeat_at < now() - (${deadAfterMs}::double precision * interval '1 millisecond')))`;
}

export async function workerStopped(db: DbOrTx, name: string): Promise<void> {
  await db.update(workers).set({ stoppedAt: new Date() }).where(eq(workers.name, name));
}
