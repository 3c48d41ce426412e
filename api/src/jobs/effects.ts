// What a job's transaction leaves to do once it has committed: the events to push, the parked
// parents to wake and the workers to notify. Sent after the commit so that nobody hears of a
// change that was rolled back.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db';
import { jobs, type JobEventRow } from '../db/schema';
import { publishEvent, type EventJob } from './events';
import type { QueueNotice, QueueSignal } from './signal';
import type { JobServices } from './types';

/** Events to push, parents to wake and workers to notify once a transaction has committed. */
export interface Effects {
  events: { job: EventJob; event: JobEventRow }[];
  notices: QueueNotice[];
  /** parents of children that finished in the transaction (see wakeParkedParent) */
  parents: string[];
}
export const noEffects = (): Effects => ({ events: [], notices: [], parents: [] });

/**
 * Wakes a parent parked waiting for its children, after the finishing child's transaction has
 * committed. The wake inside that transaction is not enough on a PostgreSQL server: while the
 * child's commit is pending, a parent parking at the same moment counts the child as still
 * open (it cannot see the uncommitted row) and the child's update finds the parent not yet
 * parked, so neither wakes it and it sleeps until its recheck (a minute). After the commit the
 * parent's count either sees the child finished, or this update waits for the parent's park
 * to commit and then wakes it.
 */
async function wakeParkedParent(services: JobServices, signal: QueueSignal, parentId: string): Promise<void> {
  if (await makeParkedParentDue(services.db, parentId)) await signal.notify({ kind: 'queued', id: parentId });
}

/** A parent parked waiting for its children becomes claimable now; says whether it was parked. */
export async function makeParkedParentDue(q: DbOrTx, parentId: string): Promise<boolean> {
  const woken = await q
    .update(jobs)
    .set({ leaseExpiresAt: sql`now()` })
    .where(and(eq(jobs.id, parentId), eq(jobs.status, 'running'), eq(jobs.waiting, true)))
    .returning({ id: jobs.id });
  return woken.length > 0;
}

/** Pushes events in order, wakes parked parents, then notifies workers. Never throws. */
export async function flushEffects(services: JobServices, signal: QueueSignal, effects: Effects): Promise<void> {
  for (const { job, event } of effects.events) await publishEvent(services, job, event);
  for (const id of new Set(effects.parents)) await wakeParkedParent(services, signal, id).catch(() => undefined);
  for (const n of effects.notices) await signal.notify(n).catch(() => undefined);
}

/** Runs `work` in one transaction; the events and notices it leaves in `effects` are sent once it committed. */
export async function withEffects<T>(deps: { services: JobServices; signal: QueueSignal }, work: (tx: Tx, effects: Effects) => Promise<T>): Promise<T> {
  const effects = noEffects();
  const out = await deps.services.db.transaction((tx) => work(tx, effects));
  await flushEffects(deps.services, deps.signal, effects);
  return out;
}
