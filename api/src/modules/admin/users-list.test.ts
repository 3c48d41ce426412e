/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// GET /admin/users as a sortable, paged list over real HTTP: superusers only, sort/order by
// created_at, email, full_name (no name last) or credit_balance, ties by id, total_count on
// every page, 422 for another column.
import { users } from '../../db/schema';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';

// starting the app and its database is slow on a busy machine
jest.setTimeout(120_000);

let t: TestApp;
let admin: TestUser;
let user: TestUser;
const MARK = 'sortlist';
const at = (d: number) => new Date(Date.UTC(2026, 0, d));

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createSuperuser();
  user = await t.registerUser();
  const people: [string, string | null, number, number][] = [
    ['carol', 'Carol Stone', 50, 1],
    ['ada', 'ada Lovelace', 10, 2],
    ['bob', null, 50, 3],
    ['dan', 'Dan Brook', 0, 4],
    ['eve', '', 50, 5],
    ['fay', 'Fay Moss', 100, 6],
  ];
  await t.app.database.db.insert(users).values(
    people.map(([local, fullName, creditBalance, day]) => ({
      email: `${local}.${MARK}@example.com`,
      passwordHash: 'x',
      fullName,
      creditBalance,
      createdAt: at(day),
    })),
  );
});
afterAll(() => t.close());

const list = (who: TestUser | null, query: string) =>
  t.request('GET', `/api/v1/admin/users?search=${MARK}${query}`, who ? { token: who.token } : {});
const locals = (res: { body: any }) => res.body.users.map((u: any) => u.email.split('.')[0]);

test('superusers only', async () => {
  expect((await list(null, '&sort=email')).status).toBe(401);
  expect((await list(user, '&sort=email')).status).toBe(403);
  expect((await list(admin, '&sort=email')).status).toBe(200);
});

test('newest first by default, and each column either way', async () => {
  const res = await list(admin, '');
  expect(locals(res)).toEqual(['fay', 'eve', 'dan', 'bob', 'ada', 'carol']);
  expect(res.body.total_count).toBe(6);
  expect(locals(await list(admin, '&sort=email&order=asc'))).toEqual(['ada', 'bob', 'carol', 'dan', 'eve', 'fay']);
  // no name (null or blank) comes last both ways
  expect(locals(await list(admin, '&sort=full_name&order=asc')).slice(0, 4)).toEqual(['ada', 'carol', 'dan', 'fay']);
  expect(locals(await list(admin, '&sort=full_name&order=desc')).slice(0, 4)).toEqual(['fay', 'dan', 'carol', 'ada']);
  const byBalance = await list(admin, '&sort=credit_balance&order=desc');
  expect(byBalance.body.users.map((u: any) => u.credit_balance)).toEqual([100, 50, 50, 50, 10, 0]);
  const tied = byBalance.body.users.slice(1, 4).map((u: any) => u.id);
  expect([...tied].sort().reverse()).toEqual(tied);
});

test('pages of four put together are the whole list, each with the total', async () => {
  for (const sort of ['created_at', 'email', 'full_name', 'credit_balance']) {
    for (const order of ['asc', 'desc']) {
      const whole = (await list(admin, `&sort=${sort}&order=${order}`)).body.users.map((u: any) => u.id);
      const paged: string[] = [];
      for (const offset of [0, 4]) {
        const page = await list(admin, `&sort=${sort}&order=${order}&offset=${offset}&limit=4`);
        expect(page.body.total_count).toBe(6);
        paged.push(...page.body.users.map((u: any) => u.id));
      }
      expect(paged).toEqual(whole);
    }
  }
  expect((await list(admin, '&offset=60')).body).toEqual({ users: [], total_count: 6 });
});

test('another sort column or order answers 422 naming the allowed ones', async () => {
  const bad = await list(admin, '&sort=password_hash');
  expect(bad.status).toBe(422);
  expect(JSON.stringify(bad.body.detail)).toContain('sort must be one of: created_at, email, full_name, credit_balance');
  expect((await list(admin, '&order=random')).status).toBe(422);
});

test('GET /admin/users/{id}: one user, superusers only, 404 for an unknown id', async () => {
  const [ada] = (await list(admin, '&sort=email&order=asc')).body.users;
  const one = await t.request('GET', `/api/v1/admin/users/${ada.id}`, { token: admin.token });
  expect(one.status).toBe(200);
  expect(one.body).toEqual(ada);
  expect((await t.request('GET', `/api/v1/admin/users/${ada.id}`, { token: user.token })).status).toBe(403);
  expect((await t.request('GET', '/api/v1/admin/users/00000000-0000-4000-8000-000000000000', { token: admin.token })).status).toBe(404);
});
