// Worker presence for the admin operations view: a pool's row in `workers`, upserted on
// start, its heartbeat pushed while it runs, stopped_at set when it stops. Best effort: a
// failed beat is logged and never touches the jobs (their leases are the real liveness).
import { hostname } from 'node:os';
import { eq } from 'drizzle-orm';
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
    lastHeartbeatAt: now,
    stoppedAt: null,
  };
  await db.insert(workers).values(values).onConflictDoUpdate({ target: workers.name, set: values });
}

export async function workerHeartbeat(db: DbOrTx, name: string): Promise<void> {
  await db.update(workers).set({ lastHeartbeatAt: new Date() }).where(eq(workers.name, name));
}

export async function workerStopped(db: DbOrTx, name: string): Promise<void> {
  await db.update(workers).set({ stoppedAt: new Date() }).where(eq(workers.name, name));
}
