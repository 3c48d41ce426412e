// A job's run and an export's reading are bulk work on the embedded database (requests overtake
// their waiting statements: src/db/priority.ts); a request's own work is not.
import { isBulkWork } from '../db/priority';
import { generousLimits, waitForJob } from '../modules/jobs/test-helpers';
import { startTestApp, type TestApp, type TestUser } from '../testing/helpers';
import type { JobHandler } from './types';

let t: TestApp;
let u: TestUser;
const seen: { prepare?: boolean; run?: boolean; afterAwait?: boolean } = {};

const probe: JobHandler = {
  type: 'lane_probe',
  label: 'Lane probe',
  async prepare(request) {
    seen.prepare = isBulkWork();
    return { name: request.name ?? 'probe', config: {} };
  },
  async run() {
    seen.run = isBulkWork();
    await new Promise((r) => setTimeout(r, 10));
    seen.afterAwait = isBulkWork();
    return { summary: {} };
  },
};

beforeAll(async () => {
  t = await startTestApp({ jobs: { inApiWorkers: 1 } });
  t.app.jobs.registry.register(probe);
  await generousLimits(t);
  u = await t.registerUser();
});
afterAll(() => t.close());

test("a job's run is bulk work across its awaits; the request that created it is not", async () => {
  const created = await t.request('POST', '/api/v1/jobs/', { token: u.token, json: { job_type: 'lane_probe' } });
  expect(created.status).toBe(201);
  const started = await t.request('POST', `/api/v1/jobs/${created.body.id}/start`, { token: u.token });
  expect(started.status).toBe(200);
  const job = await waitForJob(t, u, created.body.id);
  expect(job.status).toBe('completed');
  expect(seen).toEqual({ prepare: false, run: true, afterAwait: true });
  expect(isBulkWork()).toBe(false);
});
