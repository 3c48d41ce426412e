// Credit requests: the form's validation, own list, admin list/review/stats, exactly-once approval.
import { AdminCreditRequestListResponseSchema, CreditRequestSchema, CreditRequestStatsSchema } from '@quarry/shared/schemas';
import { eq } from 'drizzle-orm';
import { creditRequests, creditTransactions } from '../../db/schema';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createSuperuser();
});
afterAll(() => t.close());

const DESCRIPTION = 'We process several hundred scanned invoices a month and need line items.';
const valid = { amount: 500, usage_purpose: 'data_extraction', project_description: DESCRIPTION };
const create = (u: TestUser, json: unknown) => t.request('POST', '/api/v1/credit-requests/', { token: u.token, json });
const review = (id: string, json: unknown, token = admin.token) =>
  t.request('PUT', `/api/v1/admin/credit-requests/${id}/review`, { token, json });
const balanceOf = async (u: TestUser) => (await t.request('GET', '/api/v1/users/me', { token: u.token })).body.credit_balance;

describe('POST /credit-requests/', () => {
  test('creates a pending request (201) with defaults', async () => {
    const u = await t.registerUser();
    const res = await create(u, { ...valid, feedback: '', expected_duration: '' });
    expect(res.status).toBe(201);
    const r = CreditRequestSchema.parse(res.body);
    expect(r).toMatchObject({ user_id: u.id, amount: 500, status: 'pending', urgency: 'normal', feedback: null, expected_duration: null, admin_notes: null, reviewed_by: null, reviewed_at: null });
    const full = await create(u, { ...valid, urgency: 'high', expected_duration: '2-3-months', feedback: 'Love it' });
    expect(full.body).toMatchObject({ urgency: 'high', expected_duration: '2-3-months', feedback: 'Love it' });
  });

  test('validates exactly as the form does, with its messages', async () => {
    const u = await t.registerUser();
    const cases: [unknown, string, string][] = [
      [{ ...valid, amount: 0 }, 'amount', 'Please enter a valid amount greater than 0'],
      [{ ...valid, amount: -5 }, 'amount', 'Please enter a valid amount greater than 0'],
      [{ ...valid, amount: 2.5 }, 'amount', 'Please enter a valid amount greater than 0'],
      [{ ...valid, amount: '100' }, 'amount', 'Please enter a valid amount greater than 0'],
      [{ ...valid, amount: 10001 }, 'amount', 'Maximum request amount is 10,000 credits'],
      [{ ...valid, usage_purpose: undefined }, 'usage_purpose', 'Please select a usage purpose'],
      [{ ...valid, usage_purpose: 'crypto' }, 'usage_purpose', 'Please select a usage purpose'],
      [{ ...valid, project_description: '   ' }, 'project_description', 'Please provide details about your project'],
      [{ ...valid, project_description: 'too short' }, 'project_description', 'Please provide more details (minimum 50 characters)'],
      [{ ...valid, project_description: `${' '.repeat(20)}${'x'.repeat(49)}${' '.repeat(20)}` }, 'project_description', 'Please provide more details (minimum 50 characters)'],
      [{ ...valid, project_description: 'x'.repeat(2001) }, 'project_description', 'Project description cannot exceed 2000 characters'],
      [{ ...valid, feedback: 'x'.repeat(2001) }, 'feedback', 'Feedback cannot exceed 2000 characters'],
      [{ ...valid, urgency: 'asap' }, 'urgency', ''],
      [{ ...valid, expected_duration: 'forever' }, 'expected_duration', ''],
      [{ ...valid, status: 'approved' }, 'status', 'Extra inputs are not permitted'],
    ];
    for (const [json, field, msg] of cases) {
      const res = await create(u, json);
      expect(res.status).toBe(422);
      const item = res.body.detail.find((d: { loc: string[] }) => d.loc[1] === field);
      expect(item).toBeDefined();
      if (msg) expect(item.msg).toBe(msg);
    }
    expect(await t.app.database.db.select().from(creditRequests).where(eq(creditRequests.userId, u.id))).toHaveLength(0);
    expect((await create(u, { ...valid, amount: 10000 })).status).toBe(201);
  });

  test('needs a token', async () => {
    expect((await t.request('POST', '/api/v1/credit-requests/', { json: valid })).status).toBe(401);
  });
});

test('GET /credit-requests/my-requests answers only the caller\'s requests, newest first', async () => {
  const a = await t.registerUser();
  const b = await t.registerUser();
  const first = (await create(a, { ...valid, amount: 100 })).body;
  const second = (await create(a, { ...valid, amount: 200 })).body;
  await create(b, { ...valid, amount: 300 });
  const res = await t.request('GET', '/api/v1/credit-requests/my-requests', { token: a.token });
  expect(res.status).toBe(200);
  expect(res.body.total_count).toBe(2);
  expect(res.body.credit_requests.map((r: { id: string }) => r.id)).toEqual([second.id, first.id]);
});

describe('admin', () => {
  test('non-superusers get 403 on every admin credit route', async () => {
    const u = await t.registerUser();
    const r = (await create(u, valid)).body;
    for (const [method, path, json] of [
      ['GET', '/api/v1/admin/credit-requests/', undefined],
      ['GET', '/api/v1/admin/credit-requests/stats', undefined],
      ['PUT', `/api/v1/admin/credit-requests/${r.id}/review`, { status: 'approved' }],
    ] as const) {
      expect((await t.request(method, path, { token: u.token, json })).status).toBe(403);
    }
    expect(await balanceOf(u)).toBe(100);
  });

  test('list answers an array with the user block; status_filter and limit work', async () => {
    const u = await t.registerUser({ full_name: 'Ada Lovelace' });
    const mine = (await create(u, { ...valid, amount: 777 })).body;
    const res = await t.request('GET', '/api/v1/admin/credit-requests/?limit=100', { token: admin.token });
    expect(res.status).toBe(200);
    const list = AdminCreditRequestListResponseSchema.parse(res.body);
    const item = list.find((r) => r.id === mine.id)!;
    expect(item.user).toEqual({ id: u.id, name: 'Ada Lovelace', email: u.email, current_balance: 100 });
    expect(item.reviewer).toBeNull();
    const one = await t.request('GET', '/api/v1/admin/credit-requests/?limit=1', { token: admin.token });
    expect(one.body).toHaveLength(1);
    await review(mine.id, { status: 'rejected', admin_notes: 'Not this time' });
    const pending = await t.request('GET', '/api/v1/admin/credit-requests/?status_filter=pending', { token: admin.token });
    expect(pending.body.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    expect(pending.body.find((r: { id: string }) => r.id === mine.id)).toBeUndefined();
    const rejected = await t.request('GET', '/api/v1/admin/credit-requests/?status_filter=rejected', { token: admin.token });
    expect(rejected.body.find((r: { id: string }) => r.id === mine.id)).toBeDefined();
    const bad = await t.request('GET', '/api/v1/admin/credit-requests/?status_filter=lost', { token: admin.token });
    expect(bad.status).toBe(422);
  });

  test('approval adds the credits once, records the reviewer, and notifies the user', async () => {
    const u = await t.registerUser();
    const socket = await t.openSocket('/ws/connect', u.token);
    await socket.next((m) => m.event === 'subscription_confirmed');
    const r = (await create(u, { ...valid, amount: 1500 })).body;
    const res = await review(r.id, { status: 'approved' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: r.id, status: 'approved', reviewed_by: admin.id, admin_notes: null });
    expect(res.body.reviewed_at).toBeTruthy();
    expect(res.body.reviewer).toMatchObject({ id: admin.id, email: admin.email });
    expect(res.body.user.current_balance).toBe(1600);
    expect(await balanceOf(u)).toBe(1600);
    const event = await socket.next((m) => m.event === 'credit_request_reviewed');
    expect(event).toMatchObject({ status: 'approved', credit_request_id: r.id, credit_balance: 1600, user_id: u.id });
    await socket.close();

    const again = await review(r.id, { status: 'approved' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/already been reviewed/);
    const flip = await review(r.id, { status: 'rejected', admin_notes: 'changed my mind' });
    expect(flip.status).toBe(409);
    expect(await balanceOf(u)).toBe(1600);
    const mine = await t.request('GET', '/api/v1/credit-requests/my-requests', { token: u.token });
    expect(mine.body.credit_requests[0]).toMatchObject({ status: 'approved', reviewed_by: admin.id });
  });

  test('concurrent approvals of one request add the credits exactly once', async () => {
    const u = await t.registerUser();
    const r = (await create(u, { ...valid, amount: 250 })).body;
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => review(r.id, { status: 'approved' })));
    expect(results.filter((x) => x.status === 200)).toHaveLength(1);
    expect(results.filter((x) => x.status === 409)).toHaveLength(4);
    expect(await balanceOf(u)).toBe(350);
    const ledger = await t.app.database.db.select().from(creditTransactions).where(eq(creditTransactions.referenceId, r.id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amount: 250, balanceAfter: 350, kind: 'credit_request' });
  });

  test('rejection needs notes and adds nothing', async () => {
    const u = await t.registerUser();
    const r = (await create(u, valid)).body;
    for (const json of [{ status: 'rejected' }, { status: 'rejected', admin_notes: '   ' }]) {
      const res = await review(r.id, json);
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'admin_notes'], msg: 'Please provide notes explaining why this request is being rejected' });
    }
    for (const json of [{ status: 'pending' }, { status: 'approved', bonus: 5 }, {}]) {
      expect((await review(r.id, json)).status).toBe(422);
    }
    const res = await review(r.id, { status: 'rejected', admin_notes: 'Please describe the documents.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', admin_notes: 'Please describe the documents.' });
    expect(await balanceOf(u)).toBe(100);
  });

  test('unknown id answers 404, malformed id 422', async () => {
    expect((await review('00000000-0000-4000-8000-000000000000', { status: 'approved' })).status).toBe(404);
    expect((await review('123', { status: 'approved' })).status).toBe(422);
  });

  test('stats count by status and sum pending credits', async () => {
    const before = CreditRequestStatsSchema.parse((await t.request('GET', '/api/v1/admin/credit-requests/stats', { token: admin.token })).body);
    const u = await t.registerUser();
    const a = (await create(u, { ...valid, amount: 40 })).body;
    await create(u, { ...valid, amount: 60 });
    await review(a.id, { status: 'approved' });
    const after = (await t.request('GET', '/api/v1/admin/credit-requests/stats', { token: admin.token })).body;
    expect(after.pending_count).toBe(before.pending_count + 1);
    expect(after.approved_count).toBe(before.approved_count + 1);
    expect(after.rejected_count).toBe(before.rejected_count);
    expect(after.total_pending_credits).toBe(before.total_pending_credits + 60);
    expect(after.total_approved_credits).toBe(before.total_approved_credits + 40);
  });
});
