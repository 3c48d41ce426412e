/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Real worker processes (`node --import tsx src/worker.ts`) against the PostgreSQL server,
// with an API that runs no workers itself (QUARRY_WORKERS=0):
//   - a worker SIGKILLed mid-job: another one reclaims the job when the lease runs out and
//     resumes after the last finished step, with no duplicate results (test steps, and OCR);
//   - ... or, when the other worker is already running, as soon as the killed one's
//     heartbeat is two periods old (within 2 heartbeat periods + a poll, not after the lease);
//   - two worker processes on one server never run the same job;
//   - job events written by a worker process reach the API's sockets (NOTIFY), in order.
// Worker processes need a server: on the embedded database this file is skipped (the
// in-process reclaim / resume cases are in modules/jobs/jobs.test.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { jobSteps, jobs, ocrResults } from '../db/schema';
import { characterAccuracy } from '../processing/ocr/fixtures/accuracy';
import { makeImagePdf, renderTextImage } from '../processing/ocr/fixtures/generate';
import { isPostgresRun, startTestApp, type TestApp, type TestUser } from '../testing/helpers';
import { TERMINAL, generousLimits, uploadFile, waitForJob } from '../modules/jobs/test-helpers';
import { stepsHandler } from './testing/handlers';

const describePg = isPostgresRun() ? describe : describe.skip;
jest.setTimeout(120_000);

const apiRoot = path.resolve(__dirname, '../..');

interface Worker {
  name: string;
  proc: ChildProcess;
  output: string[];
  ready: Promise<void>;
  exited: Promise<number | null>;
}

const started: Worker[] = [];

function spawnWorker(t: TestApp, name: string, env: Record<string, string> = {}): Worker {
  const { NODE_OPTIONS: _ignored, ...parentEnv } = process.env;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: apiRoot,
    env: {
      ...parentEnv,
      NODE_ENV: 'test',
      DATABASE_URL: t.config.databaseUrl!,
      DATA_DIR: t.config.dataDir,
      LOG_LEVEL: 'info',
      WORKER_CONCURRENCY: '1',
      JOB_LEASE_SECONDS: '2',
      JOB_POLL_INTERVAL_MS: '100',
      QUARRY_WORKER_NAME: name,
      QUARRY_EXTRA_JOB_HANDLERS: 'src/jobs/testing/handlers.ts',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    proc.once('exit', (code) => reject(new Error(`worker ${name} exited (${code}) before it was ready: ${output.join('')}`)));
  });
  ready.catch(() => undefined);
  const onData = (d: Buffer) => {
    const s = d.toString();
    output.push(s);
    if (s.includes('worker ready')) markReady();
  };
  proc.stdout!.on('data', onData);
  proc.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const w = { name, proc, output, ready, exited };
  started.push(w);
  return w;
}

async function kill(w: Worker, signal: NodeJS.Signals): Promise<void> {
  if (w.proc.exitCode === null && w.proc.signalCode === null) w.proc.kill(signal);
  await w.exited;
}

describePg('worker processes on a PostgreSQL server', () => {
  let t: TestApp;
  let u: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ jobs: { inApiWorkers: 0 } });
    t.app.jobs.registry.register(stepsHandler);
    await generousLimits(t);
    u = await t.registerUser();
  });
  afterAll(async () => {
    for (const w of started) await kill(w, 'SIGKILL');
    await t?.close();
  });

  const create = async (json: Record<string, unknown>) => {
    const res = await t.request('POST', '/api/v1/jobs/', { token: u.token, json: { ...json, start: true } });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  it('a worker killed mid-job: another finishes it from its last finished step, without duplicates', async () => {
    const a = spawnWorker(t, 'worker-A');
    await a.ready;
    const ws = await t.openSocket('/ws/connect?channels=jobs', u.token);
    const id = await create({ job_type: 'test_steps', name: 'survives a crash', processing_config: { steps: 3, step_ms: 1500 } });
    await waitForJob(t, u, id, (j) => j.events.some((e: any) => e.sub_phase === 'step_2'), 30_000);
    await kill(a, 'SIGKILL');

    const b = spawnWorker(t, 'worker-B');
    await b.ready;
    const job = await waitForJob(t, u, id, (j) => TERMINAL.includes(j.status), 60_000);
    expect(job.status).toBe('completed');
    expect(job.attempts).toBe(2);
    const running = job.events.filter((e: any) => e.phase === 'processing').map((e: any) => [e.sub_phase, e.details.worker, e.details.attempt]);
    expect(running).toEqual([
      ['step_1', 'worker-A', 1],
      ['step_2', 'worker-A', 1],
      ['step_2', 'worker-B', 2],
      ['step_3', 'worker-B', 2],
    ]);
    expect(job.events.find((e: any) => e.phase === 'resumed').message).toBe(
      'Resumed on another worker (attempt 2 of 3): the previous worker stopped responding; finished steps kept: step_1',
    );
    expect(job.results_summary.steps.map((s: any) => s.worker)).toEqual(['worker-A', 'worker-B', 'worker-B']);
    const steps = await t.app.database.db.select().from(jobSteps).where(eq(jobSteps.jobId, id));
    expect(steps.map((s) => [s.name, s.attempt]).sort()).toEqual([
      ['step_1', 1],
      ['step_2', 2],
      ['step_3', 2],
    ]);

    // the events written by the worker processes reached the API's socket, in the stored order
    await ws.next((m) => m.job_id === id && m.status === 'completed', 10_000);
    const live = ws.messages.filter((m) => m.event === 'job_update' && m.job_id === id).map((m) => m.data.event_id);
    expect(live).toEqual(job.events.map((e: any) => e.id));
    await ws.close();
    await kill(b, 'SIGTERM');
    expect(b.proc.exitCode ?? 0).toBe(0);
  });

  it('a killed worker\'s job is resumed within 2 heartbeat periods (+ one poll), long before its lease runs out', async () => {
    // a 30 s lease, 1 s worker heartbeats, 100 ms polls: only the dead-worker rule can resume it early
    const beatMs = 1000;
    const pollMs = 100;
    const env = { JOB_LEASE_SECONDS: '30', WORKER_HEARTBEAT_MS: String(beatMs), JOB_POLL_INTERVAL_MS: String(pollMs) };
    const pair = [spawnWorker(t, 'beat-G', env), spawnWorker(t, 'beat-H', env)];
    await Promise.all(pair.map((w) => w.ready));
    const id = await create({ job_type: 'test_steps', name: 'heartbeat stops', processing_config: { steps: 3, step_ms: 1500 } });
    await waitForJob(t, u, id, (j) => j.events.some((e: any) => e.sub_phase === 'step_2'), 30_000);
    // whichever of the two took it dies; the other is polling
    const [row] = await t.app.database.db.select({ owner: jobs.leaseOwner }).from(jobs).where(eq(jobs.id, id));
    const g = pair.find((w) => w.name === row!.owner)!;
    const h = pair.find((w) => w !== g)!;
    const killedAt = Date.now();
    await kill(g, 'SIGKILL');

    const job = await waitForJob(t, u, id, (j) => TERMINAL.includes(j.status), 30_000);
    expect(job.status).toBe('completed');
    expect(job.attempts).toBe(2);
    const resumed = job.events.find((e: any) => e.phase === 'resumed');
    expect(resumed.details.worker).toBe(h.name);
    const resumeMs = new Date(resumed.timestamp).getTime() - killedAt;
    // the last beat was at most one period before the kill; dead two periods after it; found at
    // the next poll (measured 1.2 s); plus scheduling slack for a busy machine
    expect(resumeMs).toBeLessThan(2 * beatMs + pollMs + 1000);
    // done once: each step stored once, step 2 (in flight at the kill) by the second worker only
    const steps = await t.app.database.db.select().from(jobSteps).where(eq(jobSteps.jobId, id));
    expect(steps.map((s) => [s.name, s.attempt]).sort()).toEqual([
      ['step_1', 1],
      ['step_2', 2],
      ['step_3', 2],
    ]);
    expect(job.events.filter((e: any) => e.phase === 'completed')).toHaveLength(1);
    expect(job.results_summary.steps.map((s: any) => s.worker)).toEqual([g.name, h.name, h.name]);
    await kill(h, 'SIGTERM');
  });

  it('an OCR worker killed mid-OCR: the job completes once, with one result', async () => {
    const pages = Array.from({ length: 5 }, (_, i) =>
      renderTextImage([`Archive page ${i + 1} of the crash test.`, 'The quick brown fox jumps over the lazy dog.'], { width: 900, fontSize: 28 }),
    );
    const fileId = await uploadFile(t, u, await makeImagePdf(pages.map((p) => p.png)), 'crash.pdf', 'application/pdf');
    const c = spawnWorker(t, 'ocr-C', { OCR_PAGE_CONCURRENCY: '1' });
    await c.ready;
    const created = await t.request('POST', '/api/v1/ocr/jobs', { token: u.token, json: { file_id: fileId } });
    await t.request('POST', `/api/v1/ocr/jobs/${created.body.id}/start`, { token: u.token });
    await waitForJob(t, u, created.body.id, (j) => j.events.some((e: any) => e.sub_phase === 'ocr'), 60_000);
    await kill(c, 'SIGKILL');

    const d = spawnWorker(t, 'ocr-D');
    await d.ready;
    const job = await waitForJob(t, u, created.body.id, (j) => TERMINAL.includes(j.status), 90_000, `/api/v1/ocr/jobs/${created.body.id}`);
    expect(job.status).toBe('completed');
    expect(job.attempts).toBe(2);
    expect(job.events.some((e: any) => e.phase === 'resumed')).toBe(true);
    expect(await t.app.database.db.select({ id: ocrResults.id }).from(ocrResults).where(eq(ocrResults.jobId, job.id))).toHaveLength(1);
    expect(job.results_summary.page_count).toBe(5);
    expect(characterAccuracy(pages.map((p) => p.lines.join('\n')).join('\n'), job.results_summary.ocr_text)).toBeGreaterThanOrEqual(0.95);
    await kill(d, 'SIGTERM');
  });

  it('two worker processes on one server never run the same job', async () => {
    const e = spawnWorker(t, 'worker-E', { WORKER_CONCURRENCY: '2' });
    const f = spawnWorker(t, 'worker-F', { WORKER_CONCURRENCY: '2' });
    await Promise.all([e.ready, f.ready]);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(await create({ job_type: 'test_steps', name: `race ${i}`, processing_config: { steps: 1, step_ms: 30 } }));
    for (const id of ids) await waitForJob(t, u, id, (j) => TERMINAL.includes(j.status), 60_000);
    const rows = await t.app.database.db.select().from(jobs).where(inArray(jobs.id, ids));
    expect(rows.every((r) => r.status === 'completed' && r.attempts === 1)).toBe(true);
    const byWorker: Record<string, number> = {};
    for (const id of ids) {
      const evs = (await t.request('GET', `/api/v1/jobs/${id}`, { token: u.token })).body.events;
      expect(evs.filter((x: any) => x.phase === 'started')).toHaveLength(1);
      const ran = evs.filter((x: any) => x.phase === 'processing');
      expect(ran).toHaveLength(1);
      byWorker[ran[0].details.worker] = (byWorker[ran[0].details.worker] ?? 0) + 1;
    }
    expect(Object.keys(byWorker).sort()).toEqual(['worker-E', 'worker-F']);
    expect(byWorker['worker-E']! + byWorker['worker-F']!).toBe(40);
    await Promise.all([kill(e, 'SIGTERM'), kill(f, 'SIGTERM')]);
  });
});

// keeps jest from reporting an empty file on the embedded database
it('worker processes need a PostgreSQL server (this file runs them with TEST_DATABASE_URL)', () => {
  expect(typeof isPostgresRun()).toBe('boolean');
});
