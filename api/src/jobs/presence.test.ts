// Dead-worker detection by claims, on the database in use (PGlite or the PostgreSQL server):
// a running job whose holder's `workers` row missed two beats, or says it stopped, is
// claimable at once (its lease still runs); a job whose holder beats is not, and neither is
// one whose holder has no row (only its lease counts then). The end-to-end case with a
// killed worker process is in worker-process.test.ts (PostgreSQL server).
import { eq, sql } from 'drizzle-orm';
import { jobs, workers } from '../db/schema';
import { generousLimits } from '../modules/jobs/test-helpers';
import { startTestApp, type TestApp, type TestUser } from '../testing/helpers';
import { claimJob } from './claim';
import { announceWorker, workerHeartbeat, workerStopped } from './presence';
import { noopHandler } from './testing/handlers';

const BEAT_MS = 1000;
let t: TestApp;
let u: TestUser;

beforeAll(async () => {
  t = await startTestApp({ jobs: { inApiWorkers: 0 } });
  t.app.jobs.registry.register(noopHandler);
  await generousLimits(t);
  u = await t.registerUser();
});
afterAll(() => t.close());

/** A noop job left running by `owner` with a lease that still has a minute to run. */
async function heldBy(owner: string): Promise<string> {
  const res = await t.request('POST', '/api/v1/jobs/', { token: u.token, json: { job_type: 'noop', name: `held by ${owner}` } });
  expect(res.status).toBe(201);
  await t.app.database.db
    .update(jobs)
    .set({ status: 'running', leaseOwner: owner, leaseToken: sql`gen_random_uuid()`, leaseExpiresAt: sql`now() + interval '1 minute'`, attempts: 1, priority: 1000 })
    .where(eq(jobs.id, res.body.id));
  return res.body.id as string;
}

const beatAgo = (name: string, ms: number) =>
  t.app.database.db
    .update(workers)
    .set({ lastHeartbeatAt: sql`now() - (${ms}::double precision * interval '1 millisecond')` })
    .where(eq(workers.name, name));

const claim = () => claimJob(t.app.database.db, 'survivor', ['noop'], 30, BEAT_MS);

test('a job whose worker missed two beats is claimed at once, as a resume', async () => {
  const db = t.app.database.db;
  await announceWorker(db, { name: 'silent', concurrency: 1, jobTypes: ['noop'] });
  const id = await heldBy('silent');
  // one beat late is tolerated
  await beatAgo('silent', BEAT_MS * 1.5);
  expect(await claim()).toBeNull();
  await beatAgo('silent', BEAT_MS * 2 + 200);
  const claimed = await claim();
  expect(claimed).not.toBeNull();
  expect(claimed!.job.id).toBe(id);
  expect(claimed!.reclaimed).toBe(true);
  expect(claimed!.job.leaseOwner).toBe('survivor');
  expect(claimed!.job.attempts).toBe(2);
  // without the presence rule (no heartbeat period given) only the lease counts
  await db.update(jobs).set({ leaseOwner: 'silent', leaseExpiresAt: sql`now() + interval '1 minute'` }).where(eq(jobs.id, id));
  expect(await claimJob(db, 'survivor', ['noop'], 30, null)).toBeNull();
  await db.update(jobs).set({ status: 'cancelled', leaseOwner: null, leaseToken: null }).where(eq(jobs.id, id));
});

test('a beating worker, or one with no row, keeps its job until the lease runs out; a stopped one does not', async () => {
  const db = t.app.database.db;
  await announceWorker(db, { name: 'alive', concurrency: 1, jobTypes: ['noop'] });
  await workerHeartbeat(db, 'alive');
  const alive = await heldBy('alive');
  const ghost = await heldBy('no-row-worker');
  expect(await claim()).toBeNull();
  await announceWorker(db, { name: 'stopped', concurrency: 1, jobTypes: ['noop'] });
  await workerStopped(db, 'stopped');
  const stopped = await heldBy('stopped');
  const claimed = await claim();
  expect(claimed?.job.id).toBe(stopped);
  expect(await claim()).toBeNull();
  // a worker never takes its own job for a dead worker's: its row only looks stale after a stall
  await announceWorker(db, { name: 'survivor', concurrency: 1, jobTypes: ['noop'] });
  await beatAgo('survivor', BEAT_MS * 5);
  const own = await heldBy('survivor');
  expect(await claim()).toBeNull();
  await db.update(jobs).set({ status: 'cancelled', leaseOwner: null, leaseToken: null }).where(eq(jobs.id, own));
  await db.update(jobs).set({ status: 'cancelled', leaseOwner: null, leaseToken: null }).where(sql`${jobs.id} in (${alive}, ${ghost}, ${stopped})`);
});
