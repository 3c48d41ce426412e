// The list routes' guard takes the caller's row from the session cache: one query per list
// request (the list's own), while disabling, enabling, promoting or demoting a user takes
// effect at once in this process and, on PostgreSQL, in another one (NOTIFY); a change
// written behind the API's back shows within the cache period. Routes that show the row
// (users/me) read it fresh.
import { sql } from 'drizzle-orm';
import { createTestDatabase, isPostgresRun, sleep, startTestApp, type TestApp } from '../testing/helpers';

// a long cache period: every stop below comes from the eviction, never from the cache expiring;
// no list cache (lib/list-cache.ts), which would answer a warm list request without any query
const LONG_CACHE = { sessionCacheSeconds: 600, listCacheMb: 0 };
/** queries a warm list request sends: the list's own (the jobs list: its page and its count) */
const EXPECTED = {
  '/api/v1/files/my-files': 1,
  '/api/v1/jobs/': 2,
  '/api/v1/prompts/': 1,
  '/api/v1/output-schemas/': 1,
  '/api/v1/datasets/': 1,
};

/** counts every statement the API sends, whichever driver */
function countQueries(t: TestApp): { reset: () => void; count: () => number } {
  let n = 0;
  const client = (t.app.database.db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    n += 1;
    return query(...args);
  };
  return { reset: () => (n = 0), count: () => n };
}

describe('one API process', () => {
  let t: TestApp;
  let queries: ReturnType<typeof countQueries>;
  beforeAll(async () => {
    t = await startTestApp(LONG_CACHE);
    queries = countQueries(t);
  });
  afterAll(() => t.close());

  const get = (path: string, token: string) => t.request('GET', path, { token });

  test('a warm list request sends one query, the list; users/me still reads its row', async () => {
    const user = await t.registerUser();
    const sent: Record<string, number> = {};
    for (const path of ['/api/v1/files/my-files', '/api/v1/jobs/', '/api/v1/prompts/', '/api/v1/output-schemas/', '/api/v1/datasets/']) {
      expect((await get(path, user.token)).status).toBe(200); // warm: row and session cached
      queries.reset();
      expect((await get(path, user.token)).status).toBe(200);
      sent[path] = queries.count();
    }
    // the lists' own queries only (a user-row lookup would add one to each)
    expect(sent).toEqual(EXPECTED);
    queries.reset();
    expect((await get('/api/v1/users/me', user.token)).status).toBe(200);
    expect(queries.count()).toBe(1);
  });

  test('an admin disabling the user: lists answer 403 at once; enabling again: 200 at once', async () => {
    const admin = await t.createSuperuser();
    const user = await t.registerUser();
    expect((await get('/api/v1/files/my-files', user.token)).status).toBe(200); // cached
    expect((await t.request('PATCH', `/api/v1/admin/users/${user.id}`, { token: admin.token, json: { is_active: false } })).status).toBe(200);
    const refused = await get('/api/v1/files/my-files', user.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'Account is disabled' });
    expect((await get('/api/v1/jobs/', user.token)).status).toBe(403);
    expect((await t.request('PATCH', `/api/v1/admin/users/${user.id}`, { token: admin.token, json: { is_active: true } })).status).toBe(200);
    // the disabled row was cached by the 403s above: enabling evicts it
    expect((await get('/api/v1/files/my-files', user.token)).status).toBe(200);
  });

  test('a demoted superuser loses the admin list at once', async () => {
    const admin = await t.createSuperuser();
    const other = await t.createSuperuser();
    expect((await get('/api/v1/admin/users', other.token)).status).toBe(200); // cached as superuser
    expect((await t.request('PATCH', `/api/v1/admin/users/${other.id}`, { token: admin.token, json: { is_superuser: false } })).status).toBe(200);
    expect((await get('/api/v1/admin/users', other.token)).status).toBe(403);
  });

  test('a change behind the API\'s back: users/me sees it at once, the lists within the cache period', async () => {
    const short = await startTestApp({ sessionCacheSeconds: 1 });
    try {
      const user = await short.registerUser();
      expect((await short.request('GET', '/api/v1/files/my-files', { token: user.token })).status).toBe(200);
      await short.app.database.db.execute(sql`update users set is_active = false where id = ${user.id}`);
      const started = Date.now();
      expect((await short.request('GET', '/api/v1/users/me', { token: user.token })).status).toBe(403);
      // cached: still served (this is the cache the lists run on)
      expect((await short.request('GET', '/api/v1/files/my-files', { token: user.token })).status).toBe(200);
      let status = 200;
      while (status === 200 && Date.now() - started < 10_000) {
        await sleep(100);
        status = (await short.request('GET', '/api/v1/files/my-files', { token: user.token })).status;
      }
      expect(status).toBe(403);
      // the cache period is 1 s (the bound leaves room for a loaded machine; without the
      // period the row would be served until the process restarts)
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await short.close();
    }
  });
});

const describePg = isPostgresRun() ? describe : describe.skip;

describePg('two API processes on one PostgreSQL database', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    db = await createTestDatabase();
    a = await startTestApp(LONG_CACHE, { ...db, drop: async () => undefined });
    b = await startTestApp(LONG_CACHE, { ...db, drop: async () => undefined });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await db?.drop();
  });

  async function statusOnBWithin(path: string, token: string, want: number): Promise<number> {
    const started = Date.now();
    let status = 0;
    while (Date.now() - started < 15_000) {
      status = (await b.request('GET', path, { token })).status;
      if (status === want) break;
      await sleep(20);
    }
    expect(Date.now() - started).toBeLessThan(10_000); // the cache period here is 600 s
    return status;
  }

  test('an admin disabling a user on A: their lists on B answer 403 within seconds (NOTIFY, not the cache period)', async () => {
    const admin = await a.createSuperuser();
    const user = await a.registerUser();
    expect((await b.request('GET', '/api/v1/files/my-files', { token: user.token })).status).toBe(200); // B caches the row
    expect((await a.request('PATCH', `/api/v1/admin/users/${user.id}`, { token: admin.token, json: { is_active: false } })).status).toBe(200);
    expect(await statusOnBWithin('/api/v1/files/my-files', user.token, 403)).toBe(403);
    expect((await a.request('PATCH', `/api/v1/admin/users/${user.id}`, { token: admin.token, json: { is_active: true } })).status).toBe(200);
    expect(await statusOnBWithin('/api/v1/files/my-files', user.token, 200)).toBe(200);
  });

  test('a superuser demoted on A loses the admin list on B within seconds', async () => {
    const admin = await a.createSuperuser();
    const other = await a.createSuperuser();
    expect((await b.request('GET', '/api/v1/admin/users', { token: other.token })).status).toBe(200);
    expect((await a.request('PATCH', `/api/v1/admin/users/${other.id}`, { token: admin.token, json: { is_superuser: false } })).status).toBe(200);
    expect(await statusOnBWithin('/api/v1/admin/users', other.token, 403)).toBe(403);
  });
});
