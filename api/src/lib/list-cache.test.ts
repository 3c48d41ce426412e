/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// List answers kept per user until their rows change (lib/list-cache.ts), over HTTP on the
// database of the run (PGlite, or TEST_DATABASE_URL): a repeated list request sends no query;
// an upload, a delete, a rename, a status change, a review or a write in SQL show in the very
// next answer of this process; another process's writes (and, on PostgreSQL, SQL from another
// connection) show within a short window; a user never gets another user's kept answer; and
// while other processes' notices cannot arrive, nothing is served from the cache.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createTestDatabase, isPostgresRun, sleep, startTestApp, type TestApp, type TestUser } from '../testing/helpers';
import { makePdf, uploadOne } from '../modules/uploads/test-fixtures';
import { ListCache } from './list-cache';

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

const upload = async (t: TestApp, u: TestUser, filename: string): Promise<string> => {
  const r = await uploadOne(t, u, { filename, bytes: await makePdf(1), mime_type: 'application/pdf' });
  return (r as any).file_id as string;
};
const names = (body: any): string[] => body.files.map((f: any) => f.filename).sort();

/** polls `read` until `ok` holds; answers the time it took (fails after `limitMs`) */
async function within(read: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = Date.now();
  while (!(await read())) {
    if (Date.now() - started > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await sleep(10);
  }
  return Date.now() - started;
}

describe('one API process', () => {
  let t: TestApp;
  let queries: ReturnType<typeof countQueries>;
  beforeAll(async () => {
    t = await startTestApp();
    queries = countQueries(t);
  });
  afterAll(() => t.close());
  const get = (p: string, u: TestUser) => t.request('GET', `/api/v1${p}`, { token: u.token });

  test('a repeated list request is answered without a query, with the same bytes', async () => {
    const u = await t.registerUser();
    await upload(t, u, 'kept.pdf');
    for (const p of ['/files/my-files', '/datasets/', '/prompts/', '/output-schemas/', '/jobs/', '/feedback/']) {
      let first = await get(p, u);
      expect(first.status).toBe(200);
      // the upload's processing may still change the user's rows (its job and its events), and
      // such a change rightly drops the answer: read again until a read sends no query
      let again = first;
      for (let attempt = 0; attempt < 5; attempt++) {
        if (attempt) first = again;
        queries.reset();
        again = await get(p, u);
        if (queries.count() === 0) break;
      }
      expect({ p, queries: queries.count() }).toEqual({ p, queries: 0 });
      expect(again.text).toBe(first.text);
      expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    }
  });

  test('an upload, a delete and a status change show in the next answer', async () => {
    const u = await t.registerUser();
    const a = await upload(t, u, 'a.pdf');
    expect(names((await get('/files/my-files', u)).body)).toEqual(['a.pdf']);
    const b = await upload(t, u, 'b.pdf');
    expect(names((await get('/files/my-files', u)).body)).toEqual(['a.pdf', 'b.pdf']);
    expect((await t.request('DELETE', `/api/v1/files/${a}`, { token: u.token })).status).toBe(200);
    expect(names((await get('/files/my-files', u)).body)).toEqual(['b.pdf']);
    // the review status of a file (another table, file_reviews, joined by the list), as
    // POST files/{id}/review writes it
    expect((await get('/files/my-files', u)).body.reviewed_count).toBe(0);
    await t.app.database.db.execute(
      sql`insert into file_reviews (file_id, user_id, reviewed_by, record, base_version) values (${b}, ${u.id}, ${u.id}, '{}'::jsonb, 'v1')`,
    );
    const reviewed = (await get('/files/my-files', u)).body;
    expect(reviewed.reviewed_count).toBe(1);
    expect(reviewed.files[0].reviewed_at).not.toBeNull();
  });

  test('a rename and an archive of a dataset, and its files, show in the next answer', async () => {
    const u = await t.registerUser();
    const first = await upload(t, u, 'first.pdf');
    const f = await upload(t, u, 'in-set.pdf');
    const ds = (await t.request('POST', '/api/v1/datasets/', { token: u.token, json: { name: 'Before', file_ids: [first] } })).body;
    const list = async () => (await get('/datasets/', u)).body.datasets[0];
    expect(await list()).toMatchObject({ name: 'Before', file_count: 1 });
    expect((await t.request('PUT', `/api/v1/datasets/${ds.id}`, { token: u.token, json: { name: 'After' } })).status).toBe(200);
    expect((await list()).name).toBe('After');
    // dataset_files has no user column: its trigger finds the owner through the dataset
    expect((await t.request('POST', `/api/v1/datasets/${ds.id}/files`, { token: u.token, json: { file_ids: [f] } })).status).toBeLessThan(300);
    expect((await list()).file_count).toBe(2);
    expect((await t.request('POST', `/api/v1/datasets/${ds.id}/archive`, { token: u.token })).status).toBe(200);
    expect((await list()).status).toBe('archived');
  });

  test('a write in SQL by this process (a job worker, a migration) shows in the next answer', async () => {
    const u = await t.registerUser();
    const id = await upload(t, u, 'before.pdf');
    expect(names((await get('/files/my-files', u)).body)).toEqual(['before.pdf']);
    const key = ListCache.key(u.id, false, '/api/v1/files/my-files');
    expect(t.app.listCache.get(key)).toBeDefined();
    await t.app.database.db.execute(sql`update files set filename = 'after.pdf' where id = ${id}`);
    // dropped before the write's own promise settled, not some time later
    expect(t.app.listCache.get(key)).toBeUndefined();
    expect(names((await get('/files/my-files', u)).body)).toEqual(['after.pdf']);
    await t.app.database.db.execute(sql`update files set is_valid = false where id = ${id}`);
    expect(names((await get('/files/my-files', u)).body)).toEqual([]);
    expect(names((await get('/files/my-files?include_failed=true', u)).body)).toEqual(['after.pdf']);
  });

  test("a user never gets another user's kept answer, for the same URL", async () => {
    const alice = await t.registerUser();
    const bob = await t.registerUser();
    await upload(t, alice, 'alice.pdf');
    await upload(t, bob, 'bob.pdf');
    for (let i = 0; i < 2; i += 1) {
      expect(names((await get('/files/my-files', alice)).body)).toEqual(['alice.pdf']);
      expect(names((await get('/files/my-files', bob)).body)).toEqual(['bob.pdf']);
    }
    // a change of Alice's leaves Bob's answer as it was, and the other way round
    await upload(t, alice, 'alice-2.pdf');
    expect(names((await get('/files/my-files', bob)).body)).toEqual(['bob.pdf']);
    expect(names((await get('/files/my-files', alice)).body)).toEqual(['alice-2.pdf', 'alice.pdf']);
  });

  test("a superuser's feedback list (everyone's) and the admin list of users follow every user's changes", async () => {
    const admin = await t.createSuperuser();
    const u = await t.registerUser();
    const count = async () => (await get('/feedback/', admin)).body.total_count as number;
    const before = await count();
    await t.request('POST', '/api/v1/feedback/', { token: u.token, json: { category: 'bug', message: 'The list is stale?', url: '/files' } });
    expect(await count()).toBe(before + 1);
    const users = async () => (await get('/admin/users?limit=100', admin)).body.total_count as number;
    const n = await users();
    await t.registerUser();
    expect(await users()).toBe(n + 1);
  });

  test('a disabled account is refused even where its list is kept (the guard runs first)', async () => {
    const admin = await t.createSuperuser();
    const u = await t.registerUser();
    expect((await get('/files/my-files', u)).status).toBe(200);
    expect((await t.request('PATCH', `/api/v1/admin/users/${u.id}`, { token: admin.token, json: { is_active: false } })).status).toBe(200);
    expect((await get('/files/my-files', u)).status).toBe(403);
  });
});

describe('LIST_CACHE_MB=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ listCacheMb: 0 });
  });
  afterAll(() => t.close());

  test('every list request runs its query', async () => {
    const queries = countQueries(t);
    const u = await t.registerUser();
    await t.request('GET', '/api/v1/files/my-files', { token: u.token });
    queries.reset();
    expect((await t.request('GET', '/api/v1/files/my-files', { token: u.token })).status).toBe(200);
    expect(queries.count()).toBe(1);
  });
});

const describePg = isPostgresRun() ? describe : describe.skip;

describePg('two API processes on one PostgreSQL database', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: TestApp;
  let b: TestApp;
  let other: pg.Client;
  beforeAll(async () => {
    db = await createTestDatabase();
    a = await startTestApp({}, { ...db, drop: async () => undefined });
    b = await startTestApp({}, { ...db, drop: async () => undefined });
    other = new pg.Client({ connectionString: db.databaseUrl! });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await b?.close();
    await a?.close();
    await db?.drop();
  });
  const filesOn = async (t: TestApp, u: TestUser) => names((await t.request('GET', '/api/v1/files/my-files', { token: u.token })).body);

  test("an upload and a delete on A show on B within a second (B's answer was kept)", async () => {
    const u = await a.registerUser();
    const first = await upload(a, u, 'first.pdf');
    expect(await filesOn(b, u)).toEqual(['first.pdf']);
    expect(await filesOn(b, u)).toEqual(['first.pdf']); // kept on B
    await upload(a, u, 'second.pdf');
    expect(await within(async () => (await filesOn(b, u)).length === 2, 1000)).toBeLessThan(1000);
    await a.request('DELETE', `/api/v1/files/${first}`, { token: u.token });
    expect(await within(async () => (await filesOn(b, u)).join() === 'second.pdf', 1000)).toBeLessThan(1000);
  });

  test('SQL from another connection shows within a second', async () => {
    const u = await a.registerUser();
    const id = await upload(a, u, 'typed.pdf');
    expect(await filesOn(a, u)).toEqual(['typed.pdf']);
    expect(await filesOn(a, u)).toEqual(['typed.pdf']);
    await other.query(`update files set filename = 'by-hand.pdf' where id = $1`, [id]);
    expect(await within(async () => (await filesOn(a, u)).join() === 'by-hand.pdf', 1000)).toBeLessThan(1000);
  });

  test('while the LISTEN connection is down nothing is served from the cache; it is used again once back', async () => {
    const u = await a.registerUser();
    const id = await upload(a, u, 'one.pdf');
    expect(await filesOn(a, u)).toEqual(['one.pdf']);
    expect(a.app.listCache.stats().entries).toBeGreaterThan(0);
    // end the LISTEN connections of this database (the pool's are replaced as they go)
    await other.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query = 'LISTEN quarry_list_changes'`,
    );
    await within(async () => !a.app.listCache.stats().live, 2000);
    expect(a.app.listCache.stats().entries).toBe(0);
    await other.query(`update files set filename = 'two.pdf' where id = $1`, [id]);
    expect(await filesOn(a, u)).toEqual(['two.pdf']);
    expect(a.app.listCache.stats().entries).toBe(0); // bypassed, not filled
    await within(async () => a.app.listCache.stats().live, 5000);
    expect(await filesOn(a, u)).toEqual(['two.pdf']);
    expect(a.app.listCache.stats().entries).toBeGreaterThan(0);
  });
});

describe('ListCache', () => {
  const entry = (userId: string, text = 'x', global = false) => ({ body: Buffer.from(text), contentType: 'application/json', userId, global });

  test('an answer computed across a change of its user is not kept; across another user\'s, it is', () => {
    const c = new ListCache(1 << 20);
    const ticket = c.ticket();
    c.changed('u1');
    c.store('k1', ticket, entry('u1'));
    expect(c.get('k1')).toBeUndefined();
    const t2 = c.ticket();
    c.changed('u2');
    c.store('k1', t2, entry('u1'));
    expect(c.get('k1')?.body.toString()).toBe('x');
  });

  test("a list of everyone's rows goes with any change, and is not kept across one", () => {
    const c = new ListCache(1 << 20);
    c.store('g', c.ticket(), entry('admin', 'all', true));
    expect(c.get('g')).toBeDefined();
    c.changed('someone');
    expect(c.get('g')).toBeUndefined();
    const ticket = c.ticket();
    c.changed('someone-else');
    c.store('g', ticket, entry('admin', 'all', true));
    expect(c.get('g')).toBeUndefined();
  });

  test('memory is bounded: the least recently served answer goes first', () => {
    const c = new ListCache(1000);
    const body = 'y'.repeat(200);
    for (const k of ['a', 'b', 'c', 'd']) c.store(k, c.ticket(), entry('u', body));
    expect(c.get('a')).toBeDefined(); // now the most recent
    c.store('e', c.ticket(), entry('u', body));
    expect(c.stats().bytes).toBeLessThanOrEqual(1000);
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')).toBeDefined();
    expect(c.get('e')).toBeDefined();
  });

  test('not live: nothing kept, nothing served, and answers begun before are refused after', () => {
    const c = new ListCache(1 << 20);
    c.store('k', c.ticket(), entry('u'));
    const ticket = c.ticket();
    c.setLive(false);
    expect(c.get('k')).toBeUndefined();
    c.setLive(true);
    c.store('k', ticket, entry('u'));
    expect(c.get('k')).toBeUndefined();
    c.store('k', c.ticket(), entry('u'));
    expect(c.get('k')).toBeDefined();
  });
});
