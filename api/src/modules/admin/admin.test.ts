/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Admin calls (docs/product/admin.md) over real HTTP: superuser-only (401 anonymous, 403 for others),
// site settings, operations view with retry, users (disable, last superuser), balance
// adjustments, contact messages; plus the review and resource-type rules the admin UI relies on.
import { eq } from 'drizzle-orm';
import {
  AdminContactMessageListResponseSchema,
  AdminUserListResponseSchema,
  OperationsOverviewSchema,
  SiteSettingsSchema,
} from '@quarry/shared/schemas';
import { creditTransactions, users } from '../../db/schema';
import { failHandler } from '../../jobs/testing/handlers';
import { sleep, startTestApp, type TestApp, type TestUser } from '../../testing/helpers';
import { generousLimits, waitForJob } from '../jobs/test-helpers';

let t: TestApp;
let admin: TestUser;
let user: TestUser;

beforeAll(async () => {
  t = await startTestApp({ jobs: { inApiWorkers: 1, pollIntervalMs: 100, leaseSeconds: 3, retryBaseMs: 50, workerHeartbeatMs: 300 } });
  t.app.jobs.registry.register(failHandler);
  await generousLimits(t);
  admin = await t.createSuperuser();
  user = await t.registerUser({ full_name: 'Ada Ordinary' });
});
afterAll(() => t.close());

const as = (who: TestUser | null, method: string, path: string, json?: unknown) =>
  t.request(method, `/api/v1${path}`, { ...(who ? { token: who.token } : {}), ...(json !== undefined ? { json } : {}) });

test('every new admin call answers 401 anonymous and 403 to a non-superuser', async () => {
  const some = '00000000-0000-4000-8000-000000000000';
  const calls: [string, string, unknown?][] = [
    ['GET', '/admin/settings'],
    ['PUT', '/admin/settings', { site_name: 'Hijacked', admin_email: 'x@example.com' }],
    ['GET', '/admin/operations'],
    ['POST', `/admin/jobs/${some}/retry`],
    ['GET', '/admin/users'],
    ['PATCH', `/admin/users/${admin.id}`, { is_active: false }],
    ['POST', `/admin/users/${user.id}/credit-adjustments`, { amount: 5, reason: 'free money' }],
    ['GET', '/admin/contact-messages'],
  ];
  for (const [method, path, json] of calls) {
    const anon = await as(null, method, path, json);
    expect([path, anon.status]).toEqual([path, 401]);
    const plain = await as(user, method, path, json);
    expect([path, plain.status]).toEqual([path, 403]);
    expect(plain.body.detail).toBe('Superuser privileges required');
  }
  // nothing changed
  expect((await as(admin, 'GET', '/admin/settings')).body.site_name).toBe('Quarry');
  expect((await as(admin, 'GET', '/users/me')).body.is_active).toBe(true);
});

describe('site settings', () => {
  test('defaults, validation (a real email, a non-empty name), saved for real and public by name', async () => {
    expect(SiteSettingsSchema.parse((await as(admin, 'GET', '/admin/settings')).body)).toMatchObject({ site_name: 'Quarry' });
    expect((await as(null, 'GET', '/site')).body).toEqual({ site_name: 'Quarry' });

    for (const [json, loc, msg] of [
      [{ site_name: '   ', admin_email: 'ops@example.com' }, 'site_name', 'Site name is required'],
      [{ site_name: 'Ore', admin_email: 'not-an-email' }, 'admin_email', 'Please enter a valid email address'],
      [{ site_name: 'Ore', admin_email: '' }, 'admin_email', 'Please enter a valid email address'],
    ] as const) {
      const res = await as(admin, 'PUT', '/admin/settings', json);
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({ loc: ['body', loc], msg });
    }
    expect((await as(admin, 'PUT', '/admin/settings', { site_name: 'Ore', admin_email: 'a@b.co', extra: 1 })).status).toBe(422);

    const saved = await as(admin, 'PUT', '/admin/settings', { site_name: '  Ore Works ', admin_email: 'Ops@Example.com' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ site_name: 'Ore Works', admin_email: 'ops@example.com' });
    expect(saved.body.updated_at).not.toBeNull();
    expect((await as(null, 'GET', '/site')).body).toEqual({ site_name: 'Ore Works' });
    expect((await as(admin, 'GET', '/admin/settings')).body).toMatchObject({ site_name: 'Ore Works', admin_email: 'ops@example.com' });
    await as(admin, 'PUT', '/admin/settings', { site_name: 'Quarry', admin_email: 'ops@example.com' });
  });
});

describe('operations view', () => {
  test('shows the queue, the live worker with its heartbeat, throughput and a failure that can be retried', async () => {
    const created = await as(user, 'POST', '/jobs/', { job_type: 'test_fail', name: 'Always fails', start: true });
    expect(created.status).toBe(201);
    const failed = await waitForJob(t, user, created.body.id, undefined, 20_000);
    expect(failed.status).toBe('failed');

    const res = await as(admin, 'GET', '/admin/operations');
    expect(res.status).toBe(200);
    const ops = OperationsOverviewSchema.parse(res.body);
    expect(ops.jobs_by_type_and_status).toContainEqual({ job_type: 'test_fail', status: 'failed', count: 1 });
    expect(ops.jobs_by_status.failed).toBeGreaterThanOrEqual(1);
    expect(ops.throughput_last_hour.failed).toBeGreaterThanOrEqual(1);
    expect(ops.oldest_queued_age_seconds).toBeNull();
    const pool = t.app.jobs.pool!;
    const worker = ops.workers.find((w) => w.name === pool.name)!;
    expect(worker).toMatchObject({ alive: true, pid: process.pid, concurrency: 1, stopped_at: null });
    expect(worker.job_types).toEqual(expect.arrayContaining(['ocr', 'chunking', 'extraction', 'full_pipeline']));
    expect(Date.now() - Date.parse(worker.last_heartbeat_at)).toBeLessThan(10_000);
    const failure = ops.recent_failures.find((f) => f.id === created.body.id)!;
    expect(failure).toMatchObject({
      name: 'Always fails',
      job_type: 'test_fail',
      user_email: user.email,
      error_message: 'This job always fails: a readable reason',
      attempts: 1,
      retryable: true,
    });

    // the heartbeat moves on
    await sleep(1200);
    const later = OperationsOverviewSchema.parse((await as(admin, 'GET', '/admin/operations')).body);
    expect(Date.parse(later.workers.find((w) => w.name === pool.name)!.last_heartbeat_at)).toBeGreaterThan(Date.parse(worker.last_heartbeat_at));

    const retry = await as(admin, 'POST', `/admin/jobs/${created.body.id}/retry`);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ id: created.body.id, status: 'queued', message: 'Job "Always fails" is queued again' });
    const again = await waitForJob(t, user, created.body.id, (j) => j.status === 'failed' && j.attempts === 1 && j.events.some((e: any) => e.message.startsWith('Job restarted')), 20_000);
    expect(again.status).toBe('failed');

    // only failed jobs can be retried; unknown ids 404
    const done = await as(user, 'POST', '/jobs/', { job_type: 'test_fail', name: 'Pending one' });
    const notFailed = await as(admin, 'POST', `/admin/jobs/${done.body.id}/retry`);
    expect(notFailed.status).toBe(409);
    expect(notFailed.body.detail).toBe('Only a failed job can be retried; this job is pending');
    expect((await as(admin, 'POST', '/admin/jobs/00000000-0000-4000-8000-000000000000/retry')).status).toBe(404);
    // a pending job counts as pending, and a queued one gives the oldest age
    const counted = OperationsOverviewSchema.parse((await as(admin, 'GET', '/admin/operations')).body);
    expect(counted.jobs_by_type_and_status).toContainEqual({ job_type: 'test_fail', status: 'pending', count: 1 });
  });
});

describe('users', () => {
  test('lists users with balance, roles and last login; search by email or name', async () => {
    const res = await as(admin, 'GET', `/admin/users?search=${encodeURIComponent('ada ordinary')}`);
    expect(res.status).toBe(200);
    const body = AdminUserListResponseSchema.parse(res.body);
    expect(body.users).toHaveLength(1);
    expect(body.users[0]).toMatchObject({ id: user.id, email: user.email, is_superuser: false, is_active: true });
    const all = AdminUserListResponseSchema.parse((await as(admin, 'GET', '/admin/users?limit=100')).body);
    expect(all.users.find((u) => u.id === admin.id)).toMatchObject({ is_superuser: true });
    expect(all.users.find((u) => u.id === admin.id)!.last_login_at).not.toBeNull();
    expect((await as(admin, 'GET', '/admin/users?limit=0')).status).toBe(422);
  });

  test('a disabled user cannot sign in or call the API; enabling lets them back', async () => {
    const victim = await t.registerUser();
    const off = await as(admin, 'PATCH', `/admin/users/${victim.id}`, { is_active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: victim.id, is_active: false });
    const login = await t.login(victim.email, victim.password);
    expect(login.status).toBe(403);
    expect(login.body.detail).toBe('Account is disabled');
    expect((await as(victim, 'GET', '/users/me')).status).toBe(403);
    const refresh = await t.request('POST', '/api/v1/auth/refresh', { cookie: victim.refreshCookie });
    expect(refresh.status).not.toBe(200);
    expect((await as(admin, 'PATCH', `/admin/users/${victim.id}`, { is_active: true })).body.is_active).toBe(true);
    expect((await t.login(victim.email, victim.password)).status).toBe(200);
    expect((await as(admin, 'PATCH', `/admin/users/${victim.id}`, {})).status).toBe(422);
    expect((await as(admin, 'PATCH', `/admin/users/${victim.id}`, { is_active: 'no' })).status).toBe(422);
  });

  test('no change leaves the installation without an active superuser; nobody disables themselves', async () => {
    // make this admin the only active superuser of this database
    await t.app.database.db.update(users).set({ isSuperuser: false }).where(eq(users.isSuperuser, true));
    await t.app.database.db.update(users).set({ isSuperuser: true }).where(eq(users.id, admin.id));

    const demote = await as(admin, 'PATCH', `/admin/users/${admin.id}`, { is_superuser: false });
    expect(demote.status).toBe(409);
    expect(demote.body.detail).toBe('Cannot remove superuser rights from the last active superuser: promote another user first');
    const disable = await as(admin, 'PATCH', `/admin/users/${admin.id}`, { is_active: false });
    expect(disable.status).toBe(409);
    expect(disable.body.detail).toBe('You cannot disable your own account');

    const second = await t.registerUser();
    expect((await as(admin, 'PATCH', `/admin/users/${second.id}`, { is_superuser: true })).body.is_superuser).toBe(true);
    // with two, demoting yourself is allowed; then the other is the last one
    expect((await as(admin, 'PATCH', `/admin/users/${admin.id}`, { is_superuser: false })).status).toBe(200);
    const back = await t.login(second.email, second.password);
    const secondToken = back.body.access_token as string;
    const last = await t.request('PATCH', `/api/v1/admin/users/${second.id}`, { token: secondToken, json: { is_superuser: false } });
    expect(last.status).toBe(409);
    expect((await t.request('PATCH', `/api/v1/admin/users/${admin.id}`, { token: secondToken, json: { is_superuser: true } })).status).toBe(200);
    expect((await as(admin, 'GET', '/users/me')).body.is_superuser).toBe(true);
  });

  test('balance adjustments: integers other than 0, recorded in the ledger with the reason, never below 0, pushed to the user', async () => {
    const target = await t.registerUser();
    const before = (await as(target, 'GET', '/users/me/resource-limits')).body.credit_balance as number;
    const socket = await t.openSocket(`/ws/session/${target.id}`, target.token);
    for (const json of [{ amount: 1.5, reason: 'x' }, { amount: 0, reason: 'x' }, { amount: '5', reason: 'x' }, { amount: 5, reason: '  ' }, { amount: 5 }]) {
      expect((await as(admin, 'POST', `/admin/users/${target.id}/credit-adjustments`, json)).status).toBe(422);
    }
    const res = await as(admin, 'POST', `/admin/users/${target.id}/credit-adjustments`, { amount: 250, reason: 'Pilot project' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ user_id: target.id, amount: 250, balance_after: before + 250, reviewed_by: admin.id });
    expect(res.body.description).toBe(`Balance adjusted by ${admin.email}: Pilot project`);
    expect((await as(target, 'GET', '/users/me/resource-limits')).body.credit_balance).toBe(before + 250);
    const pushed = await socket.next((m) => m.event === 'credit_balance_adjusted');
    expect(pushed).toMatchObject({ credit_balance: before + 250, message: 'An administrator added 250 credits to your balance' });
    const ledger = await t.app.database.db.select().from(creditTransactions).where(eq(creditTransactions.userId, target.id));
    expect(ledger.filter((l) => l.kind === 'admin_adjustment')).toHaveLength(1);

    const tooMuch = await as(admin, 'POST', `/admin/users/${target.id}/credit-adjustments`, { amount: -(before + 251), reason: 'oops' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.detail).toBe(`The balance is ${before + 250} credits; taking ${before + 251} would leave it negative`);
    expect((await as(admin, 'POST', `/admin/users/${target.id}/credit-adjustments`, { amount: -50, reason: 'Correction' })).body.balance_after).toBe(before + 200);
    await socket.close();
  });
});

test('contact messages are readable with their category and date, newest first', async () => {
  await as(null, 'POST', '/contact', { name: 'Grace', email: 'grace@example.com', message: 'Please call me back about pricing.', contactType: 'support' });
  await as(null, 'POST', '/contact', { name: 'Linus', email: 'linus@example.com', message: 'The upload button is broken.', contactType: 'bug' });
  const res = await as(admin, 'GET', '/admin/contact-messages');
  expect(res.status).toBe(200);
  const body = AdminContactMessageListResponseSchema.parse(res.body);
  expect(body.total_count).toBe(2);
  expect(body.messages.map((m) => [m.name, m.contact_type])).toEqual([
    ['Linus', 'bug'],
    ['Grace', 'support'],
  ]);
});

test('approving the same request twice adds the credits once; the second sees it was already reviewed', async () => {
  const asker = await t.registerUser();
  const before = (await as(asker, 'GET', '/users/me')).body.credit_balance as number;
  const req = await as(asker, 'POST', '/credit-requests/', {
    amount: 300,
    usage_purpose: 'research_project',
    project_description: 'A research project that needs more pages processed than the free tier allows.',
  });
  const first = await as(admin, 'PUT', `/admin/credit-requests/${req.body.id}/review`, { status: 'approved' });
  expect(first.status).toBe(200);
  const second = await as(admin, 'PUT', `/admin/credit-requests/${req.body.id}/review`, { status: 'approved' });
  expect(second.status).toBe(409);
  expect(second.body.detail).toBe('Credit request has already been reviewed (approved) and cannot be reviewed again');
  expect((await as(asker, 'GET', '/users/me')).body.credit_balance).toBe(before + 300);
});

test('deleting a resource type in use says what uses it; an unused one is deleted', async () => {
  const types = (await as(admin, 'GET', '/admin/resource-types')).body.resource_types as any[];
  const weekly = types.find((r) => r.name === 'weekly_jobs');
  const del = await as(admin, 'DELETE', `/admin/resource-types/${weekly.id}`);
  expect(del.status).toBe(409);
  expect(del.body.detail).toMatch(
    /^Resource type "weekly_jobs" is in use and cannot be deleted: job billing \(the weekly job limit\) enforces it, and \d+ users? (has|have) usage counted against it\. Change its limit instead, or delete it with force=true \(no limit then\)\.$/,
  );
  const storage = types.find((r) => r.name === 'storage_used');
  expect((await as(admin, 'DELETE', `/admin/resource-types/${storage.id}`)).status).toBe(204);
  // integer-only limits
  for (const json of [{ default_limit: -5 }, { default_limit: 2.5 }, { credit_cost: 0.1 }]) {
    expect((await as(admin, 'PUT', `/admin/resource-types/${weekly.id}`, json)).status).toBe(422);
  }
});
