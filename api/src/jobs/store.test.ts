// Job creation and a pending job's edit, on the database in use: a handler's estimate is made
// before the creating transaction (it reads again what prepare reads, and the embedded database
// serves one session, so every other request would wait behind a transaction that made it) and
// lands on the job's config; an edit of a pending job's config makes it again.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { generousLimits } from '../modules/jobs/test-helpers';
import { startTestApp, type TestApp, type TestUser } from '../testing/helpers';
import type { JobHandler } from './types';

let t: TestApp;
let u: TestUser;

/** The statement's transaction start, in ms: equal for two statements of one transaction. */
async function transactionStart(db: DbOrTx): Promise<number> {
  const r = (await db.execute(sql`select extract(epoch from now()) * 1000 as ms`)) as unknown as { rows: { ms: string | number }[] };
  return Number(r.rows[0]!.ms);
}

const seen: { estimate: number[]; prepare: number[] } = { estimate: [], prepare: [] };
const estimated: JobHandler = {
  type: 'estimated',
  label: 'Estimated',
  async estimate(request, { db }) {
    seen.estimate.push(await transactionStart(db));
    await db.execute(sql`select pg_sleep(0.05)`);
    return { pages: Number(request.processing_config?.pages ?? 0) };
  },
  async prepare(request, { tx }) {
    seen.prepare.push(await transactionStart(tx));
    return { name: request.name ?? 'estimated', config: { ...(request.processing_config ?? {}) } };
  },
  run: async () => ({ summary: {} }),
};

beforeAll(async () => {
  t = await startTestApp({ jobs: { inApiWorkers: 0 } });
  t.app.jobs.registry.register(estimated);
  await generousLimits(t);
  u = await t.registerUser();
});
afterAll(() => t.close());

test("a handler's estimate is made before the creating transaction and kept on the config", async () => {
  const res = await t.request('POST', '/api/v1/jobs/', { token: u.token, json: { job_type: 'estimated', processing_config: { pages: 3 } } });
  expect(res.status).toBe(201);
  expect(res.body.processing_config).toEqual({ pages: 3, estimate: { pages: 3 } });
  // made inside the transaction, both statements would share its start
  expect(seen.prepare[0]! - seen.estimate[0]!).toBeGreaterThanOrEqual(40);
});

test("an edit of a pending job's config makes its estimate again", async () => {
  const created = await t.request('POST', '/api/v1/jobs/', { token: u.token, json: { job_type: 'estimated', processing_config: { pages: 1 } } });
  const res = await t.request('PUT', `/api/v1/jobs/${created.body.id}`, { token: u.token, json: { processing_config: { pages: 7 } } });
  expect(res.status).toBe(200);
  expect(res.body.processing_config).toMatchObject({ pages: 7, estimate: { pages: 7 } });
});
