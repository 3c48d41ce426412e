/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// API keys over real HTTP: created once (secret in the create answer only, a hash stored),
// the scope enforced on every registered route (read = GET/HEAD, admin routes need the
// admin scope), scoped to their user, revoked and expired keys refused at once (on two API
// processes with a PostgreSQL server), last_used_at kept, per-key rate limit, sockets refuse keys.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { apiKeys } from '../../db/schema';
import { createTestDatabase, isPostgresRun, sleep, startTestApp, type TestApp, type TestUser } from '../../testing/helpers';
import { hashApiKey } from './keys';

const LIMIT = 400;
const OPTIONS = { sessionCacheSeconds: 600, integrations: { apiKeyRequestsPerMinute: LIMIT } } as const;

let t: TestApp;
let alice: TestUser;
beforeAll(async () => {
  t = await startTestApp(OPTIONS as any);
  alice = await t.registerUser();
});
afterAll(() => t.close());

const createKey = async (user: TestUser, json: Record<string, unknown>) => {
  const res = await t.request('POST', '/api/v1/api-keys/', { token: user.token, json });
  expect(res.status).toBe(201);
  return res.body as { id: string; key: string; prefix: string; scope: string };
};
const me = (app: TestApp, key: string) => app.request('GET', '/api/v1/users/me', { token: key });
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, () => randomUUID()).replace(/\*$/, 'x');
const body = (method: string) => (['POST', 'PUT', 'PATCH'].includes(method) ? { json: {} } : {});

test('the secret is answered once and stored only as its hash; the list shows prefix, scope and use', async () => {
  const created = await createKey(alice, { name: 'ERP import', scope: 'read+write', expires_in_days: 30 });
  expect(created.key).toMatch(/^qk_[A-Za-z0-9_-]{43}$/);
  expect(created.key.startsWith(created.prefix)).toBe(true);
  const [row] = await t.app.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
  expect(row!.keyHash).toBe(hashApiKey(created.key));
  expect(JSON.stringify(row)).not.toContain(created.key);

  const used = await me(t, created.key);
  expect(used.status).toBe(200);
  expect(used.body.email).toBe(alice.email);
  let list = await t.request('GET', '/api/v1/api-keys/', { token: alice.token });
  for (let i = 0; i < 50 && !list.body.api_keys.find((k: any) => k.id === created.id)?.last_used_at; i++) {
    await sleep(20);
    list = await t.request('GET', '/api/v1/api-keys/', { token: alice.token });
  }
  const listed = list.body.api_keys.find((k: any) => k.id === created.id);
  expect(listed).toMatchObject({ name: 'ERP import', prefix: created.prefix, scope: 'read+write', status: 'active', revoked_at: null });
  expect(listed.last_used_at).not.toBeNull();
  expect(listed.expires_at).not.toBeNull();
  expect(JSON.stringify(list.body)).not.toContain(created.key);
});

test('bad bodies answer 422; only superusers get the admin scope; a key cannot create keys', async () => {
  expect((await t.request('POST', '/api/v1/api-keys/', { token: alice.token, json: { name: '' } })).status).toBe(422);
  expect((await t.request('POST', '/api/v1/api-keys/', { token: alice.token, json: { name: 'x', scope: 'root' } })).status).toBe(422);
  const past = await t.request('POST', '/api/v1/api-keys/', { token: alice.token, json: { name: 'x', expires_at: '2001-01-01T00:00:00Z' } });
  expect(past.status).toBe(422);
  const admin = await t.request('POST', '/api/v1/api-keys/', { token: alice.token, json: { name: 'x', scope: 'admin' } });
  expect(admin.status).toBe(403);
  expect(admin.body.detail).toMatch(/superusers/);
  const key = await createKey(alice, { name: 'writer', scope: 'read+write' });
  const minted = await t.request('POST', '/api/v1/api-keys/', { token: key.key, json: { name: 'child' } });
  expect(minted.status).toBe(403);
  expect(minted.body.detail).toMatch(/cannot create API keys/);
});

test('a read key: GET works, every other method on every registered route answers 403', async () => {
  const key = await createKey(alice, { name: 'reader', scope: 'read' });
  expect((await me(t, key.key)).status).toBe(200);
  expect((await t.request('GET', '/api/v1/files/my-files', { token: key.key })).status).toBe(200);
  const writes = t.app.routeTable.filter((r) => r.url.startsWith('/api/v1') && !r.public && r.method !== 'GET');
  expect(writes.length).toBeGreaterThan(50);
  const wrong: string[] = [];
  for (const r of writes) {
    const res = await t.request(r.method, concrete(r.url), { ...body(r.method), token: key.key });
    if (res.status !== 403 || !/read-only/.test(res.body?.detail ?? '')) wrong.push(`${r.method} ${r.url} -> ${res.status}`);
  }
  expect(wrong).toEqual([]);
});

test("keys without the admin scope answer 403 on every admin route, even a superuser's; an admin key passes", async () => {
  const root = await t.createSuperuser();
  const writer = await createKey(root, { name: 'ops', scope: 'read+write' });
  const adminKey = await createKey(root, { name: 'admin', scope: 'admin' });
  const adminRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/api/v1/admin'));
  expect(adminRoutes.length).toBeGreaterThan(5);
  const wrong: string[] = [];
  for (const r of adminRoutes) {
    const res = await t.request(r.method, concrete(r.url), { ...body(r.method), token: writer.key });
    if (res.status !== 403 || !/scope/.test(res.body?.detail ?? '')) wrong.push(`${r.method} ${r.url} -> ${res.status}`);
  }
  expect(wrong).toEqual([]);
  expect((await t.request('GET', '/api/v1/admin/users', { token: adminKey.key })).status).toBe(200);
  // the read+write key acts as a plain user elsewhere too (superusers see everyone's feedback)
  expect((await t.request('GET', `/api/v1/admin/users/${alice.id}/api-keys`, { token: adminKey.key })).status).toBe(200);
});

test("keys are scoped to their user: another user's resources answer 404", async () => {
  const bob = await t.registerUser();
  const dataset = await t.request('POST', '/api/v1/output-schemas/', {
    token: bob.token,
    json: { name: 'bob schema', schema_definition: { type: 'object', properties: { a: { type: 'string' } } } },
  });
  expect(dataset.status).toBe(201);
  const key = await createKey(alice, { name: 'mine', scope: 'read+write' });
  expect((await t.request('GET', `/api/v1/output-schemas/${dataset.body.id}`, { token: key.key })).status).toBe(404);
  expect((await t.request('DELETE', `/api/v1/output-schemas/${dataset.body.id}`, { token: key.key })).status).toBe(404);
  expect((await t.request('GET', `/api/v1/output-schemas/${dataset.body.id}`, { token: bob.token })).status).toBe(200);
  // nor can one user revoke another's key
  expect((await t.request('DELETE', `/api/v1/api-keys/${key.id}`, { token: bob.token })).status).toBe(404);
});

test('revoking stops the key at once (its cached answer is evicted); an admin can revoke anyone\'s key', async () => {
  const key = await createKey(alice, { name: 'short', scope: 'read' });
  expect((await me(t, key.key)).status).toBe(200); // cached as good for 600 s
  const revoked = await t.request('DELETE', `/api/v1/api-keys/${key.id}`, { token: alice.token });
  expect(revoked.status).toBe(200);
  expect(revoked.body.status).toBe('revoked');
  const after = await me(t, key.key);
  expect(after.status).toBe(401);
  expect(after.body.detail).toBe('This API key has been revoked');

  const other = await createKey(alice, { name: 'other', scope: 'read' });
  expect((await me(t, other.key)).status).toBe(200);
  const root = await t.createSuperuser();
  const seen = await t.request('GET', `/api/v1/admin/users/${alice.id}/api-keys`, { token: root.token });
  expect(seen.body.api_keys.map((k: any) => k.id)).toContain(other.id);
  expect((await t.request('DELETE', `/api/v1/admin/api-keys/${other.id}`, { token: root.token })).status).toBe(200);
  expect((await me(t, other.key)).status).toBe(401);
  expect((await t.request('DELETE', `/api/v1/admin/api-keys/${other.id}`, { token: alice.token })).status).toBe(403);
});

test('an expired key is refused; unknown and malformed keys too', async () => {
  const key = await createKey(alice, { name: 'brief', scope: 'read', expires_at: new Date(Date.now() + 1500).toISOString() });
  expect((await me(t, key.key)).status).toBe(200);
  await sleep(1600);
  const res = await me(t, key.key);
  expect(res.status).toBe(401);
  expect(res.body.detail).toBe('This API key has expired');
  const list = await t.request('GET', '/api/v1/api-keys/', { token: alice.token });
  expect(list.body.api_keys.find((k: any) => k.id === key.id).status).toBe('expired');
  expect((await me(t, `qk_${'A'.repeat(43)}`)).status).toBe(401);
  expect((await me(t, 'qk_short')).status).toBe(401);
});

test('a disabled account stops its keys', async () => {
  const carol = await t.registerUser();
  const key = await createKey(carol, { name: 'c', scope: 'read' });
  const root = await t.createSuperuser();
  expect((await t.request('PATCH', `/api/v1/admin/users/${carol.id}`, { token: root.token, json: { is_active: false } })).status).toBe(200);
  expect((await me(t, key.key)).status).toBe(403);
});

test('per-key rate limit: 429 with Retry-After past the limit, other keys unaffected', async () => {
  const key = await createKey(alice, { name: 'busy', scope: 'read' });
  const other = await createKey(alice, { name: 'calm', scope: 'read' });
  let last = 200;
  for (let i = 0; i <= LIMIT && last !== 429; i++) last = (await t.request('HEAD', '/api/v1/users/me', { token: key.key })).status;
  const res = await me(t, key.key);
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await me(t, other.key)).status).toBe(200);
});

test('a WebSocket with an API key is refused with a clear reason', async () => {
  const key = await createKey(alice, { name: 'ws', scope: 'read' });
  const socket = await t.openSocket('/ws/connect', key.key);
  const closed = await socket.closed;
  expect(closed.code).toBe(4401);
  expect(closed.reason).toMatch(/API keys/);
});

const describePg = isPostgresRun() ? describe : describe.skip;

describePg('two API processes on one PostgreSQL database', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    db = await createTestDatabase();
    a = await startTestApp(OPTIONS as any, { ...db, drop: async () => undefined });
    b = await startTestApp(OPTIONS as any, { ...db, drop: async () => undefined });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await db?.drop();
  });

  test('a key revoked on A stops on B at once (NOTIFY), not after the cache period', async () => {
    const user = await a.registerUser();
    const created = await a.request('POST', '/api/v1/api-keys/', { token: user.token, json: { name: 'k', scope: 'read' } });
    const key = created.body.key as string;
    expect((await me(b, key)).status).toBe(200); // B caches it as good for 600 s
    expect((await a.request('DELETE', `/api/v1/api-keys/${created.body.id}`, { token: user.token })).status).toBe(200);
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < 15_000) {
      status = (await me(b, key)).status;
      if (status === 200) await sleep(20);
    }
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(10_000); // B's cache period is 600 s
  });

  test('an expired key is refused on both processes', async () => {
    const user = await a.registerUser();
    const created = await a.request('POST', '/api/v1/api-keys/', {
      token: user.token,
      json: { name: 'k', scope: 'read', expires_at: new Date(Date.now() + 1500).toISOString() },
    });
    const key = created.body.key as string;
    expect((await me(a, key)).status).toBe(200);
    expect((await me(b, key)).status).toBe(200);
    await sleep(1600);
    expect((await me(a, key)).status).toBe(401);
    expect((await me(b, key)).status).toBe(401);
  });
});
