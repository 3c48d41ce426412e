/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// The job API and the queue core over real HTTP / WebSocket on the real database:
// transitions (409s), usage and credits, statistics, dependencies; in-process workers with
// test job types: steps, permanent and transient failures, children, cancel, reclaim after a
// dead worker's lease runs out, live job_update messages in order.
import { and, eq, sql } from 'drizzle-orm';
import { creditTransactions, jobSteps, jobs, resourceTypes, users } from '../../db/schema';
import { claimJob, parkWaiting } from '../../jobs/claim';
import { flushEffects, noEffects } from '../../jobs/effects';
import { settleFinished } from '../../jobs/store';
import { failHandler, noopHandler, parentHandler, stepsHandler } from '../../jobs/testing/handlers';
import { isPostgresRun, sleep, startTestApp, type TestApp, type TestUser } from '../../testing/helpers';
import { TERMINAL, generousLimits, waitForJob } from './test-helpers';

let t: TestApp; // no workers: transitions stay where the test puts them
let w: TestApp; // in-process workers, fast polling and short leases

beforeAll(async () => {
  t = await startTestApp({ jobs: { inApiWorkers: 0 } });
  w = await startTestApp({ jobs: { inApiWorkers: 2, pollIntervalMs: 100, leaseSeconds: 2, retryBaseMs: 50, waitRecheckSeconds: 2 } });
  for (const app of [t, w]) {
    for (const h of [noopHandler, stepsHandler, failHandler, parentHandler]) app.app.jobs.registry.register(h);
    await generousLimits(app);
  }
});
afterAll(async () => {
  await t?.close();
  await w?.close();
});

const create = (app: TestApp, u: TestUser, json: Record<string, unknown>) => app.request('POST', '/api/v1/jobs/', { token: u.token, json });
const post = (app: TestApp, u: TestUser, path: string, json?: unknown) =>
  app.request('POST', `/api/v1/jobs/${path}`, { token: u.token, ...(json !== undefined ? { json } : {}) });
const events = async (app: TestApp, u: TestUser, id: string) => (await app.request('GET', `/api/v1/jobs/${id}`, { token: u.token })).body.events as any[];

describe('job API and transitions', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await t.registerUser();
  });

  it('creates a pending job (201) with its first event, lists and reads it', async () => {
    const res = await create(t, u, { job_type: 'test_steps', name: 'First', description: 'd', processing_config: { steps: 1 } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'First', description: 'd', status: 'pending', job_type: 'test_steps', progress_percentage: 0, processing_config: { steps: 1 }, attempts: 0 });
    expect(res.body.root_job_id).toBe(res.body.id);
    const detail = await t.request('GET', `/api/v1/jobs/${res.body.id}`, { token: u.token });
    expect(detail.status).toBe(200);
    expect(detail.body.events).toHaveLength(1);
    expect(detail.body.events[0]).toMatchObject({ phase: 'created', event_type: 'progress', status: 'pending', units: 'percent', context: { job_type: 'test_steps' } });
    expect(detail.body.current_phase).toBe('created');

    const other = await t.registerUser();
    expect((await t.request('GET', `/api/v1/jobs/${res.body.id}`, { token: other.token })).status).toBe(404);

    await create(t, u, { job_type: 'noop', name: 'Second' });
    const list = await t.request('GET', '/api/v1/jobs/?limit=1', { token: u.token });
    expect(list.status).toBe(200);
    expect(list.body.total_count).toBeGreaterThanOrEqual(2);
    expect(list.body.jobs).toHaveLength(1);
    expect(list.body.jobs[0].name).toBe('Second'); // newest first
    const filtered = await t.request('GET', '/api/v1/jobs/?job_type=test_steps&status=pending', { token: u.token });
    expect(filtered.body.jobs.every((j: any) => j.job_type === 'test_steps' && j.status === 'pending')).toBe(true);
    expect((await t.request('GET', '/api/v1/jobs/?status=bogus', { token: u.token })).status).toBe(422);
  });

  it('refuses unknown job types and bad bodies (422)', async () => {
    const unknown = await create(t, u, { job_type: 'teleport' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0].loc).toEqual(['body', 'job_type']);
    expect(unknown.body.detail[0].msg).toMatch(/Unknown or unavailable job type 'teleport'.*ocr.*chunking/);
    expect((await create(t, u, { job_type: 'noop', surprise: 1 })).status).toBe(422);
    const ocr = await create(t, u, { job_type: 'ocr' });
    expect(ocr.status).toBe(422);
    expect(ocr.body.detail[0].msg).toBe('file_id is required for an OCR job');
    expect((await create(t, u, { job_type: 'ocr', file_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
  });

  it('checks every transition on the server (409 with the reason)', async () => {
    const id = (await create(t, u, { job_type: 'noop', name: 'lifecycle' })).body.id;
    const started = await post(t, u, `${id}/start`);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 'queued' });
    expect(started.body.queued_at).not.toBeNull();
    expect((await post(t, u, `${id}/start`)).body.detail).toBe('Job is already queued');

    const progress = await t.request('PUT', `/api/v1/jobs/${id}/progress`, {
      token: u.token,
      json: { progress_percentage: 40, message: 'external worker at 40%', current_value: 2, total_value: 5, units: 'pages', details: { page: 2 } },
    });
    expect(progress.status).toBe(200);
    expect(progress.body.job.progress_percentage).toBe(40);
    expect(progress.body.event).toMatchObject({ message: 'external worker at 40%', progress_percentage: 40, current_value: 2, total_value: 5, units: 'pages', details: { page: 2 } });
    expect((await t.request('PUT', `/api/v1/jobs/${id}/progress`, { token: u.token, json: { progress_percentage: 140 } })).status).toBe(422);

    const done = await post(t, u, `${id}/complete`, { results_summary: { rows: 3 }, message: 'done elsewhere' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', progress_percentage: 100, results_summary: { rows: 3 } });
    expect(done.body.processing_time_seconds).toEqual(expect.any(Number));
    expect((await post(t, u, `${id}/start`)).body).toEqual({ detail: 'Job is already completed and cannot be started again' });
    expect((await post(t, u, `${id}/start`)).status).toBe(409);
    expect((await post(t, u, `${id}/cancel`)).body.detail).toBe('Job is already completed and cannot be cancelled');
    expect((await post(t, u, `${id}/fail`)).body.detail).toBe('Job is already completed and cannot be marked as failed');
    expect((await post(t, u, `${id}/complete`)).body.detail).toBe('Job is already completed');
    expect((await t.request('PUT', `/api/v1/jobs/${id}/progress`, { token: u.token, json: { progress_percentage: 50 } })).body.detail).toBe(
      'Job is already completed; its progress can no longer change',
    );

    const c = (await create(t, u, { job_type: 'noop', name: 'to cancel' })).body.id;
    const cancelled = await post(t, u, `${c}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled' });
    const notComplete = await post(t, u, `${c}/complete`);
    expect(notComplete.status).toBe(409);
    expect(notComplete.body.detail).toBe('Job was cancelled and cannot be completed');
    expect((await post(t, u, `${c}/start`)).body.detail).toBe('Job was cancelled and cannot be started again; create a new job');

    const f = (await create(t, u, { job_type: 'noop', name: 'to fail' })).body.id;
    const failed = await post(t, u, `${f}/fail`, { error_message: 'The scanner was offline' });
    expect(failed.body).toMatchObject({ status: 'failed', error_message: 'The scanner was offline', error_details: { message: 'The scanner was offline', code: 'MANUAL' } });
    expect((await post(t, u, `${f}/complete`)).body.detail).toBe('Job has failed and cannot be completed; start it again to retry');
    const retried = await post(t, u, `${f}/start`);
    expect(retried.body).toMatchObject({ status: 'queued', error_message: null, attempts: 0 });
    const evs = await events(t, u, f);
    expect(evs.map((e) => [e.phase, e.status])).toEqual([
      ['created', 'pending'],
      ['failed', 'failed'],
      ['queued', 'queued'],
    ]);
    expect(evs[1]).toMatchObject({ event_type: 'error', message: 'The scanner was offline' });
    expect(evs[2].message).toBe('Job restarted: it resumes after its last finished step');
  });

  it('updates name and description any time, processing_config only while pending', async () => {
    const id = (await create(t, u, { job_type: 'noop', name: 'old' })).body.id;
    const renamed = await t.request('PUT', `/api/v1/jobs/${id}`, { token: u.token, json: { name: 'new', processing_config: { a: 1 } } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'new', processing_config: { a: 1 } });
    await post(t, u, `${id}/start`);
    const late = await t.request('PUT', `/api/v1/jobs/${id}`, { token: u.token, json: { processing_config: { a: 2 } } });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('processing_config can only change while the job is pending (it is queued)');
    expect((await t.request('PUT', `/api/v1/jobs/${id}`, { token: u.token, json: { description: 'still fine' } })).body.description).toBe('still fine');
    expect((await t.request('PUT', `/api/v1/jobs/${id}`, { token: u.token, json: {} })).status).toBe(422);
  });

  it('statistics summarise the caller\'s jobs and this week\'s usage', async () => {
    const fresh = await t.registerUser();
    const a = (await create(t, fresh, { job_type: 'noop' })).body.id;
    const b = (await create(t, fresh, { job_type: 'test_steps' })).body.id;
    await post(t, fresh, `${a}/complete`);
    await post(t, fresh, `${b}/fail`);
    const stats = await t.request('GET', '/api/v1/jobs/statistics/summary', { token: fresh.token });
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({
      total_jobs: 2,
      by_status: { completed: 1, failed: 1 },
      by_type: { noop: 1, test_steps: 1 },
      active_jobs: 0,
      completed_jobs: 1,
      failed_jobs: 1,
      success_rate: 0.5,
      jobs_this_week: 2,
      weekly_limit: 1000,
      credit_cost_per_job: 1,
      credits_used_this_week: 2,
      credit_balance: 98,
    });
  });

  it('dependencies: a job waits for the jobs it depends on, and fails when one fails', async () => {
    const a = (await create(t, u, { job_type: 'noop', name: 'A' })).body.id;
    const b = (await create(t, u, { job_type: 'noop', name: 'B', depends_on: [a] })).body.id;
    expect((await create(t, u, { job_type: 'noop', depends_on: ['00000000-0000-4000-8000-000000000000'] })).status).toBe(422);
    const deps = await t.request('GET', `/api/v1/jobs/${b}/dependencies`, { token: u.token });
    expect(deps.status).toBe(200);
    expect(deps.body).toMatchObject({ job_id: b, parent: null, root_job_id: b, children: [], dependents: [], blocked: true, blocked_by: [a] });
    expect(deps.body.depends_on.map((d: any) => d.id)).toEqual([a]);
    expect((await t.request('GET', `/api/v1/jobs/${a}/dependencies`, { token: u.token })).body.dependents.map((d: any) => d.id)).toEqual([b]);
    await post(t, u, `${b}/start`);
    await post(t, u, `${a}/fail`, { error: 'upstream broke' });
    const bAfter = (await t.request('GET', `/api/v1/jobs/${b}`, { token: u.token })).body;
    expect(bAfter.status).toBe('failed');
    expect(bAfter.error_message).toBe(`A job it depends on (A, ${a}) failed`);
    // it cannot be started again while its dependency stays failed, nor can new jobs depend on it
    const again = await post(t, u, `${b}/start`);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(`A job it depends on (A, ${a}) has failed; this job cannot run`);
    const dependsOnFailed = await create(t, u, { job_type: 'noop', depends_on: [a] });
    expect(dependsOnFailed.status).toBe(422);
    expect(dependsOnFailed.body.detail[0].msg).toBe(`It would never run: A (${a}) has failed`);
  });
});

describe('usage: weekly_jobs and credits in the creating transaction', () => {
  it('takes the credit cost with a ledger entry, and refuses without credits (402) or over the weekly limit (429)', async () => {
    const app = await startTestApp({ jobs: { inApiWorkers: 0 } });
    try {
      app.app.jobs.registry.register(noopHandler);
      const u = await app.registerUser();
      const db = app.app.database.db;
      const first = await create(app, u, { job_type: 'noop' });
      expect(first.status).toBe(201);
      expect(first.body.credit_cost).toBe(1);
      const [me] = await db.select({ balance: users.creditBalance }).from(users).where(eq(users.id, u.id));
      expect(me!.balance).toBe(99);
      const ledger = await db.select().from(creditTransactions).where(and(eq(creditTransactions.userId, u.id), eq(creditTransactions.kind, 'job')));
      expect(ledger).toHaveLength(1);
      expect(ledger[0]).toMatchObject({ amount: -1, balanceAfter: 99, referenceId: first.body.id });

      const limits = await app.request('GET', '/api/v1/users/me/resource-limits', { token: u.token });
      expect(limits.body.resource_limits.find((r: any) => r.name === 'weekly_jobs')).toMatchObject({ current_usage: 1, limit: 10 });

      await db.update(users).set({ creditBalance: 0 }).where(eq(users.id, u.id));
      const broke = await create(app, u, { job_type: 'noop' });
      expect(broke.status).toBe(402);
      expect(broke.body.detail).toBe('Insufficient credits: a job costs 1 credit and your balance is 0. Request more credits to run jobs.');
      expect((await db.select().from(jobs).where(eq(jobs.userId, u.id))).length).toBe(1); // nothing created

      await db.update(users).set({ creditBalance: 100 }).where(eq(users.id, u.id));
      await db.update(resourceTypes).set({ defaultLimit: 2 }).where(eq(resourceTypes.name, 'weekly_jobs'));
      expect((await create(app, u, { job_type: 'noop' })).status).toBe(201);
      const over = await create(app, u, { job_type: 'noop' });
      expect(over.status).toBe(429);
      expect(over.body.detail).toMatch(/^Weekly job limit reached \(weekly_jobs\): you have created 2 jobs this week and the limit is 2\. It resets on \d{4}-\d{2}-\d{2} \(UTC\)\.$/);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      const [after] = await db.select({ balance: users.creditBalance }).from(users).where(eq(users.id, u.id));
      expect(after!.balance).toBe(99); // the refused job took nothing

      // concurrent creations cannot overshoot the limit (the user's row lock serialises them)
      await db.update(resourceTypes).set({ defaultLimit: 5 }).where(eq(resourceTypes.name, 'weekly_jobs'));
      const burst = await Promise.all(Array.from({ length: 6 }, () => create(app, u, { job_type: 'noop' })));
      expect(burst.filter((r) => r.status === 201)).toHaveLength(3);
      expect(burst.filter((r) => r.status === 429)).toHaveLength(3);
    } finally {
      await app.close();
    }
  });
});

describe('workers', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await w.registerUser();
  });

  const run = async (json: Record<string, unknown>) => {
    const res = await create(w, u, { ...json, start: true });
    expect(res.status).toBe(201);
    // a job of a few 30 ms steps ends in about a second; the bound is for a CI machine running
    // the browser suite and the other API suite beside this one (a pipeline's stages once waited
    // 12 s there to be claimed)
    return waitForJob(w, u, res.body.id, (j) => TERMINAL.includes(j.status), 60_000);
  };

  it('runs a job step by step, with its events live over the WebSocket in the stored order', async () => {
    const ws = await w.openSocket('/ws/connect?channels=jobs', u.token);
    await ws.next((m) => m.event === 'subscription_confirmed');
    const done = await run({ job_type: 'test_steps', name: 'three steps', processing_config: { steps: 3, step_ms: 30 } });
    expect(done).toMatchObject({ status: 'completed', progress_percentage: 100, attempts: 1, results_summary: { steps: [{ step: 1 }, { step: 2 }, { step: 3 }] } });
    expect(done.events.map((e: any) => e.phase)).toEqual(['queued', 'started', 'processing', 'processing', 'processing', 'completed']);
    expect(done.events.at(-1)).toMatchObject({ event_type: 'success', message: '3 steps done', progress_percentage: 100, status: 'completed' });

    await ws.next((m) => m.job_id === done.id && m.status === 'completed');
    const live = ws.messages.filter((m) => m.event === 'job_update' && m.job_id === done.id);
    // nothing pushed that is not stored, in the order stored
    expect(live.map((m) => m.data.event_id)).toEqual(done.events.map((e: any) => e.id));
    for (const [i, m] of live.entries()) {
      const e = done.events[i];
      expect(m).toMatchObject({ type: 'job_update', event: 'job_update', job_id: done.id, job_type: 'test_steps', status: e.status, message: e.message });
      expect(m.data).toMatchObject({
        phase: e.phase,
        sub_phase: e.sub_phase,
        event_type: e.event_type,
        message: e.message,
        timestamp: e.timestamp,
        progress_percentage: e.progress_percentage,
        current_value: e.current_value,
        total_value: e.total_value,
        progress: { percentage: e.progress_percentage, current: e.current_value, total: e.total_value, units: e.units },
        details: e.details,
        context: e.context,
      });
    }
    await ws.close();
  });

  it('a permanent failure stores a readable error; the worker keeps running', async () => {
    const failed = await run({ job_type: 'test_fail', name: 'bad' });
    expect(failed).toMatchObject({ status: 'failed', error_message: 'This job always fails: a readable reason', attempts: 1 });
    expect(failed.error_details).toMatchObject({ code: 'TEST', step: 'fail', attempt: 1 });
    // the failure, then the credit returned (failed work is not charged)
    expect(failed.events.at(-2)).toMatchObject({ phase: 'failed', event_type: 'error', details: { error: 'This job always fails: a readable reason' } });
    expect(failed.events.at(-1)).toMatchObject({ phase: 'failed', sub_phase: 'credits_refunded', details: { credits_refunded: 1 } });
    // the job's last message is the failure, not the refund notice after it
    expect(failed.last_message).toBe(failed.events.at(-2).message);
    expect((await run({ job_type: 'noop' })).status).toBe('completed');
  });

  it('a transient failure is retried with back-off, then fails after the last attempt', async () => {
    const failed = await run({ job_type: 'test_fail', processing_config: { transient: true } });
    expect(failed.status).toBe('failed');
    expect(failed.attempts).toBe(3);
    expect(failed.error_message).toBe('Test failure job failed after 3 attempts: transient failure on attempt 3');
    const retries = failed.events.filter((e: any) => e.phase === 'retrying');
    expect(retries.map((e: any) => e.message)).toEqual([
      'Attempt 1 of 3 failed in the fail step: transient failure on attempt 1. Retrying in 0.1 s',
      'Attempt 2 of 3 failed in the fail step: transient failure on attempt 2. Retrying in 0.1 s',
    ]);
  });

  it('cancel mid-run: the worker stops at its next step check and says so', async () => {
    // step 2 lasts long enough for the poll below to see it start and the cancel to land in
    // it on a loaded machine (at 400 ms, step 3 had begun once in CI)
    const res = await create(w, u, { job_type: 'test_steps', start: true, processing_config: { steps: 4, step_ms: 2500 } });
    await waitForJob(w, u, res.body.id, (j) => j.events.some((e: any) => e.sub_phase === 'step_2'), 20_000);
    const cancel = await post(w, u, `${res.body.id}/cancel`);
    expect(cancel.body.status).toBe('cancelled');
    const final = await waitForJob(w, u, res.body.id, (j) => j.events.some((e: any) => e.sub_phase === 'stopped'), 20_000);
    const stopped = final.events.find((e: any) => e.sub_phase === 'stopped');
    expect(stopped.message).toMatch(/^Test steps job cancelled: stopped during the step_2 step \(last progress: step 2 running \(attempt 1\)\); nothing more was stored$/);
    expect(final.events.find((e: any) => e.sub_phase === 'requested').message).toBe('Cancelled by the user; the worker stops at its next step');
    expect(final.events.some((e: any) => e.sub_phase === 'step_3')).toBe(false);
    const steps = await w.app.database.db.select().from(jobSteps).where(eq(jobSteps.jobId, res.body.id));
    expect(steps.map((s) => s.name)).toEqual(['step_1']);
    expect((await run({ job_type: 'noop' })).status).toBe('completed');
  });

  it('a job whose worker died is reclaimed when its lease runs out and resumes after its last finished step', async () => {
    const res = await create(w, u, { job_type: 'test_steps', processing_config: { steps: 3, step_ms: 20 } });
    const id = res.body.id;
    const db = w.app.database.db;
    // a "worker" that claims the job, finishes step 1, and dies (never heartbeats again)
    await db.update(jobs).set({ status: 'queued', priority: 100 }).where(eq(jobs.id, id));
    const claimed = await claimJob(db, 'doomed-worker', ['test_steps_never'], 2);
    expect(claimed).toBeNull(); // only registered types are claimed
    const taken = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(jobs)
        .set({ status: 'running', leaseOwner: 'doomed-worker', leaseToken: sql`gen_random_uuid()`, leaseExpiresAt: sql`now() + interval '1 second'`, attempts: 1, startedAt: sql`now()` })
        .where(eq(jobs.id, id))
        .returning();
      await tx.insert(jobSteps).values({ jobId: id, name: 'step_1', output: { step: 1, attempt: 1, worker: 'doomed' }, attempt: 1 });
      return row!;
    });
    expect(taken.status).toBe('running');
    const done = await waitForJob(w, u, id, (j) => TERMINAL.includes(j.status), 15_000);
    expect(done.status).toBe('completed');
    expect(done.attempts).toBe(2);
    const resumed = done.events.find((e: any) => e.phase === 'resumed');
    expect(resumed.message).toBe('Resumed on another worker (attempt 2 of 3): the previous worker stopped responding; finished steps kept: step_1');
    // step 1 was not run again; its stored output is the summary's
    expect(done.events.filter((e: any) => e.sub_phase === 'step_1')).toHaveLength(0);
    expect(done.results_summary.steps[0]).toEqual({ step: 1, attempt: 1, worker: 'doomed' });
    expect(done.results_summary.steps.slice(1).map((s: any) => s.attempt)).toEqual([2, 2]);
    const steps = await db.select().from(jobSteps).where(eq(jobSteps.jobId, id));
    expect(steps).toHaveLength(3);
  });

  it('child jobs: a parent waits for its stages and maps their progress; cancel reaches the children', async () => {
    const parent = await run({ job_type: 'test_parent', name: 'pipeline-like', processing_config: { children: 2, step_ms: 30 } });
    expect(parent.status).toBe('completed');
    expect(parent.results_summary.statuses).toEqual(['completed', 'completed']);
    const aggregated = parent.events.filter((e: any) => e.context.aggregated_from_children);
    expect(aggregated.length).toBeGreaterThan(0);
    expect(aggregated.every((e: any) => e.phase === 'children' && e.context.child_job_type === 'test_steps')).toBe(true);
    const deps = await w.request('GET', `/api/v1/jobs/${parent.id}/dependencies`, { token: u.token });
    expect(deps.body.children).toHaveLength(2);
    const child = await w.request('GET', `/api/v1/jobs/${deps.body.children[0].id}`, { token: u.token });
    expect(child.body).toMatchObject({ parent_job_id: parent.id, root_job_id: parent.id, credit_cost: 0 });
    expect(child.body.events.every((e: any) => e.context.pipeline_root_id === parent.id && e.context.parent_job_id === parent.id)).toBe(true);
    // stage jobs are not listed among the top-level jobs unless asked for
    const top = await w.request('GET', '/api/v1/jobs/?limit=100', { token: u.token });
    expect(top.body.jobs.some((j: any) => j.parent_job_id)).toBe(false);
    const all = await w.request('GET', '/api/v1/jobs/?limit=100&include_children=true', { token: u.token });
    expect(all.body.jobs.some((j: any) => j.parent_job_id === parent.id)).toBe(true);
    expect((await post(w, u, `${child.body.id}/start`)).status).toBe(409);

    const slow = await create(w, u, { job_type: 'test_parent', start: true, processing_config: { children: 2, step_ms: 2000 } });
    const waiting = await waitForJob(w, u, slow.body.id, (j) => j.events.some((e: any) => e.context.aggregated_from_children), 10_000);
    expect(waiting.status).toBe('running');
    await post(w, u, `${slow.body.id}/cancel`);
    const kids = (await w.request('GET', `/api/v1/jobs/${slow.body.id}/dependencies`, { token: u.token })).body.children;
    expect(kids.map((k: any) => k.status)).toEqual(['cancelled', 'cancelled']);
  });

  it("a parent's detail is its monitor's truth: its and its stage jobs' events (the live ones), the count, the children, the actual figures", async () => {
    const ws = await w.openSocket('/ws/connect?channels=jobs', u.token);
    await ws.next((m) => m.event === 'subscription_confirmed');
    const created = await create(w, u, { job_type: 'test_parent', name: 'reload me', start: true, processing_config: { children: 2, step_ms: 30 } });
    const parent = await waitForJob(w, u, created.body.id, (j) => TERMINAL.includes(j.status), 20_000);
    expect(parent.status).toBe('completed');
    const kids: string[] = (await w.request('GET', `/api/v1/jobs/${parent.id}/dependencies`, { token: u.token })).body.children.map((c: any) => c.id);
    // every update the live channel pushed about the parent or its stage jobs is in the answer, once
    const pushed = new Set<number>();
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      for (const m of ws.messages) if (m.event === 'job_update' && (m.job_id === parent.id || kids.includes(m.job_id))) pushed.add(m.data.event_id);
      if ([...pushed].length >= parent.event_count) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    ws.close();
    expect(parent.events.map((e: any) => e.id)).toEqual([...pushed].sort((a, b) => a - b));
    expect(parent.event_count).toBe(parent.events.length);
    expect(parent.events.some((e: any) => kids.includes(e.job_id))).toBe(true);
    expect(parent.children.map((c: any) => c.id).sort()).toEqual([...kids].sort());
    expect(parent.children.every((c: any) => c.status === 'completed' && c.progress_percentage === 100 && typeof c.message === 'string')).toBe(true);
    expect(parent.actual).toEqual({ pages: null, chunks: null, tokens: null, credits: parent.credit_cost });
    // a stage job's own answer: its events only, no children, never billed
    const child = (await w.request('GET', `/api/v1/jobs/${kids[0]}`, { token: u.token })).body;
    expect(child.children).toEqual([]);
    expect(child.event_count).toBe(child.events.length);
    expect(child.events.every((e: any) => e.job_id === kids[0])).toBe(true);
    expect(child.actual.credits).toBe(0);
  });

  it('a job is not claimed before the jobs it depends on have completed', async () => {
    const a = (await create(w, u, { job_type: 'test_steps', name: 'A', processing_config: { steps: 1, step_ms: 50 } })).body.id;
    const b = (await create(w, u, { job_type: 'noop', name: 'B', depends_on: [a], start: true })).body.id;
    await sleep(600); // several polls
    expect((await w.request('GET', `/api/v1/jobs/${b}`, { token: u.token })).body.status).toBe('queued');
    await post(w, u, `${a}/start`);
    const bDone = await waitForJob(w, u, b, (j) => j.status === 'completed', 15_000);
    const aDone = (await w.request('GET', `/api/v1/jobs/${a}`, { token: u.token })).body;
    expect(aDone.status).toBe('completed');
    expect(new Date(bDone.started_at).getTime()).toBeGreaterThanOrEqual(new Date(aDone.completed_at).getTime());
  });

  it('two in-process slots never run the same job', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await create(w, u, { job_type: 'noop', start: true })).body.id);
    for (const id of ids) await waitForJob(w, u, id, (j) => j.status === 'completed', 20_000);
    const rows = await w.app.database.db
      .select({ id: jobs.id, attempts: jobs.attempts })
      .from(jobs)
      .where(sql`${jobs.id} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    for (const id of ids) expect((await events(w, u, id)).filter((e) => e.phase === 'started')).toHaveLength(1);
  });

  it('stopping the API puts a running job back in the queue', async () => {
    const app = await startTestApp({ jobs: { inApiWorkers: 1, pollIntervalMs: 100 } });
    app.app.jobs.registry.register(stepsHandler);
    const owner = await app.registerUser();
    const res = await create(app, owner, { job_type: 'test_steps', start: true, processing_config: { steps: 2, step_ms: 5000 } });
    await waitForJob(app, owner, res.body.id, (j) => j.events.some((e: any) => e.sub_phase === 'step_1'), 10_000);
    const db = app.app.database.db;
    await app.app.jobs.stopWorkers();
    const [row] = await db.select().from(jobs).where(eq(jobs.id, res.body.id));
    expect(row).toMatchObject({ status: 'queued', leaseToken: null, attempts: 0 });
    const evs = await events(app, owner, res.body.id);
    expect(evs.at(-1).message).toBe('The worker is shutting down: the job is back in the queue and resumes after its last finished step');
    await app.close();
    await sleep(10);
  });
});

// Embedded PGlite runs one transaction at a time, so this interleaving exists only on a server.
(isPostgresRun() ? describe : describe.skip)('a parent that parks while its last child is committing (PostgreSQL server)', () => {
  it('is woken once the child has committed, not a recheck interval later', async () => {
    const u = await t.registerUser();
    const db = t.app.database.db;
    const parentId = (await create(t, u, { job_type: 'noop', name: 'parent' })).body.id;
    const childId = (await create(t, u, { job_type: 'noop', name: 'child' })).body.id;
    const running = { status: 'running' as const, leaseOwner: 'test-worker', leaseToken: sql`gen_random_uuid()`, leaseExpiresAt: sql`now() + interval '1 minute'` };
    const [parent] = await db.update(jobs).set(running).where(eq(jobs.id, parentId)).returning();
    await db.update(jobs).set({ ...running, parentId }).where(eq(jobs.id, childId));

    // the child finishes in a transaction that stays open while the parent parks
    const effects = noEffects();
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let settled!: () => void;
    const childSettled = new Promise<void>((resolve) => (settled = resolve));
    const childTx = db.transaction(async (tx) => {
      const [done] = await tx.update(jobs).set({ status: 'completed', completedAt: new Date() }).where(eq(jobs.id, childId)).returning();
      await settleFinished(tx, done!, effects);
      settled();
      await committing;
    });
    await childSettled;
    await parkWaiting(db, parentId, parent!.leaseToken!, 60, noEffects());
    const [parked] = await db.select().from(jobs).where(eq(jobs.id, parentId));
    // the race happened: the parent saw its child open and parked for the whole recheck interval
    expect(parked!.waiting).toBe(true);
    expect(parked!.leaseExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 30_000);

    commit();
    await childTx;
    await flushEffects(t.app.jobs.services, t.app.jobs.signal, effects);
    const [after] = await db.select().from(jobs).where(eq(jobs.id, parentId));
    expect(after!.leaseExpiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
  });
});
