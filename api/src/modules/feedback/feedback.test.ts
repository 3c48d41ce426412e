// Feedback (own vs superuser scope, 404 for others' items, stats) and the public contact form.
import { FeedbackListResponseSchema, FeedbackStatsSchema } from '@quarry/shared/schemas';
import { desc } from 'drizzle-orm';
import { contactMessages } from '../../db/schema';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createSuperuser();
  alice = await t.registerUser();
  bob = await t.registerUser();
});
afterAll(() => t.close());

const send = (u: TestUser, json: unknown) => t.request('POST', '/api/v1/feedback/', { token: u.token, json });

describe('feedback', () => {
  test('POST stores it (201) with the author', async () => {
    const res = await send(alice, { category: 'feature', message: '  Please add CSV export  ', url: 'http://localhost:3000/files', user_agent: 'Mozilla/5.0' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ user_id: alice.id, user_email: alice.email, category: 'feature', message: 'Please add CSV export', url: 'http://localhost:3000/files', user_agent: 'Mozilla/5.0' });
    const min = await send(alice, { category: 'other', message: 'x' });
    expect(min.status).toBe(201);
    expect(min.body).toMatchObject({ url: null, user_agent: null });
  });

  test('validation uses the dialog texts', async () => {
    const empty = await send(alice, { category: 'bug', message: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body.detail[0].msg).toBe('Please provide feedback.');
    const noCategory = await send(alice, { message: 'hello' });
    expect(noCategory.body.detail[0].msg).toBe('Please select a category.');
    const badCategory = await send(alice, { category: 'praise', message: 'hello' });
    expect(badCategory.body.detail[0].msg).toBe('Please select a category.');
    // the 1000 counter is display-only: longer messages are accepted up to the server limit
    expect((await send(alice, { category: 'bug', message: 'y'.repeat(1500) })).status).toBe(201);
    expect((await send(alice, { category: 'bug', message: 'y'.repeat(5001) })).status).toBe(422);
  });

  test('users see their own feedback; superusers see everyone\'s', async () => {
    const b = (await send(bob, { category: 'bug', message: 'Bob found a bug' })).body;
    const aliceList = FeedbackListResponseSchema.parse((await t.request('GET', '/api/v1/feedback/', { token: alice.token })).body);
    expect(aliceList.feedback.every((f) => f.user_id === alice.id)).toBe(true);
    expect(aliceList.feedback.find((f) => f.id === b.id)).toBeUndefined();
    const bobList = (await t.request('GET', '/api/v1/feedback/', { token: bob.token })).body;
    expect(bobList.total_count).toBe(1);
    const all = (await t.request('GET', '/api/v1/feedback/?limit=100', { token: admin.token })).body;
    expect(all.total_count).toBe(aliceList.total_count + 1);
    expect(all.feedback.map((f: { user_email: string }) => f.user_email)).toEqual(expect.arrayContaining([alice.email, bob.email]));
  });

  test('paging and category filter; newest first', async () => {
    const u = await t.registerUser();
    const ids: string[] = [];
    for (const category of ['bug', 'feature', 'bug', 'other', 'bug']) {
      ids.push((await send(u, { category, message: `m-${ids.length}` })).body.id);
    }
    const page = (await t.request('GET', '/api/v1/feedback/?offset=1&limit=2', { token: u.token })).body;
    expect(page.total_count).toBe(5);
    expect(page.feedback.map((f: { id: string }) => f.id)).toEqual([ids[3], ids[2]]);
    const bugs = (await t.request('GET', '/api/v1/feedback/?category=bug', { token: u.token })).body;
    expect(bugs.total_count).toBe(3);
  });

  test('GET /feedback/{id}: own 200, someone else\'s 404, superuser 200', async () => {
    const b = (await send(bob, { category: 'improvement', message: 'Bolder buttons' })).body;
    expect((await t.request('GET', `/api/v1/feedback/${b.id}`, { token: bob.token })).status).toBe(200);
    const other = await t.request('GET', `/api/v1/feedback/${b.id}`, { token: alice.token });
    expect(other.status).toBe(404);
    expect(other.body.detail).toBe('Feedback not found');
    expect((await t.request('GET', `/api/v1/feedback/${b.id}`, { token: admin.token })).status).toBe(200);
  });

  test('stats/summary is scoped like the list', async () => {
    const u = await t.registerUser();
    await send(u, { category: 'bug', message: 'a' });
    await send(u, { category: 'bug', message: 'b' });
    await send(u, { category: 'feature', message: 'c' });
    const mine = FeedbackStatsSchema.parse((await t.request('GET', '/api/v1/feedback/stats/summary', { token: u.token })).body);
    expect(mine).toMatchObject({ total_count: 3, by_category: { bug: 2, feature: 1, improvement: 0, other: 0 }, last_7_days_count: 3 });
    expect(mine.latest_at).not.toBeNull();
    const all = (await t.request('GET', '/api/v1/feedback/stats/summary', { token: admin.token })).body;
    expect(all.total_count).toBeGreaterThan(3);
    const fresh = await t.registerUser();
    expect((await t.request('GET', '/api/v1/feedback/stats/summary', { token: fresh.token })).body).toMatchObject({ total_count: 0, latest_at: null });
  });

  test('needs a token', async () => {
    expect((await t.request('GET', '/api/v1/feedback/')).status).toBe(401);
    expect((await t.request('POST', '/api/v1/feedback/', { json: { category: 'bug', message: 'x' } })).status).toBe(401);
  });
});

describe('POST contact (public)', () => {
  const valid = { name: 'Grace Hopper', email: 'Grace@Example.com', message: 'I would like a demo for my team.', contactType: 'support' };

  test('stores the message (201) without a token', async () => {
    const res = await t.request('POST', '/api/v1/contact', { json: valid, headers: { 'user-agent': 'jest-agent' } });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Message sent successfully! We'll get back to you soon.");
    const [row] = await t.app.database.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(1);
    expect(row).toMatchObject({ id: res.body.id, name: 'Grace Hopper', email: 'grace@example.com', contactType: 'support', userAgent: 'jest-agent' });
  });

  test('validates with the form texts', async () => {
    const cases: [unknown, string][] = [
      [{ ...valid, name: '' }, 'All fields are required.'],
      [{ ...valid, email: undefined }, 'All fields are required.'],
      [{ ...valid, contactType: undefined }, 'All fields are required.'],
      [{ ...valid, email: 'grace@' }, 'Invalid email format.'],
      [{ ...valid, message: '  short   ' }, 'Message must be at least 10 characters long.'],
    ];
    for (const [json, msg] of cases) {
      const res = await t.request('POST', '/api/v1/contact', { json });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].msg).toBe(msg);
    }
    expect((await t.request('POST', '/api/v1/contact', { json: { ...valid, contact_type: 'bug' } })).status).toBe(422);
    expect((await t.request('POST', '/api/v1/contact', { json: { ...valid, contactType: 'sales' } })).status).toBe(422);
  });
});

test('a page past the end still reports the total', async () => {
  const u = await t.registerUser();
  await send(u, { category: 'bug', message: 'only one' });
  const res = await t.request('GET', '/api/v1/feedback/?offset=5', { token: u.token });
  expect(res.body).toEqual({ feedback: [], total_count: 1 });
});
