// Deny by default: every route registered under /api/v1 answers 401 without a user (and
// with a bad token) unless it is on the short public list (auth/public-routes.ts), and
// every /admin route answers 403 to a signed-in user who is not a superuser. The routes
// come from the app's own route table (an onRoute hook), so a new route is covered the
// moment it exists.
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../testing/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, () => randomUUID()).replace(/\*$/, 'x');
const body = (method: string) => (['POST', 'PUT', 'PATCH'].includes(method) ? { json: {} } : {});

test('the public list is short and exactly what the app registers as public', () => {
  const publicApi = t.app.routeTable.filter((r) => r.url.startsWith('/api/v1') && r.public).map((r) => `${r.method} ${r.url}`);
  expect(publicApi.sort()).toEqual(
    [
      'GET /api/v1/health',
      'POST /api/v1/users/register',
      'POST /api/v1/auth/login',
      'POST /api/v1/auth/refresh',
      'POST /api/v1/auth/logout',
      // a forgotten password is asked for and reset without a session (the link's token is the proof)
      'POST /api/v1/auth/forgot-password',
      'POST /api/v1/auth/reset-password',
      'POST /api/v1/contact',
      'GET /api/v1/site',
      'PUT /api/v1/uploads/blob/:uploadId',
      'GET /api/v1/files/:id/content',
    ].sort(),
  );
});

test('the signed-URL routes refuse a request without a valid signature', async () => {
  const id = randomUUID();
  const put = await t.request('PUT', `/api/v1/uploads/blob/${id}`, { raw: 'x', headers: { 'content-type': 'application/octet-stream' } });
  expect(put.status).toBeGreaterThanOrEqual(400);
  expect(put.status).toBeLessThan(500);
  const forged = await t.request('PUT', `/api/v1/uploads/blob/${id}?expires=9999999999&signature=${'a'.repeat(64)}`, { raw: 'x', headers: { 'content-type': 'application/octet-stream' } });
  expect([403, 404]).toContain(forged.status);
  const get = await t.request('GET', `/api/v1/files/${id}/content?expires=9999999999&signature=${'a'.repeat(64)}`);
  expect([403, 404]).toContain(get.status);
});

test('every other /api/v1 route answers 401 without a token and with a bad one', async () => {
  const guarded = t.app.routeTable.filter((r) => r.url.startsWith('/api/v1') && !r.public);
  expect(guarded.length).toBeGreaterThan(80);
  const open: string[] = [];
  for (const r of guarded) {
    for (const token of [undefined, 'not-a-token']) {
      const res = await t.request(r.method, concrete(r.url), { ...body(r.method), ...(token ? { token } : {}) });
      if (res.status !== 401) open.push(`${r.method} ${r.url} -> ${res.status}${token ? ' (bad token)' : ''}`);
    }
  }
  expect(open).toEqual([]);
});

test('the HEAD beside every guarded GET answers 401 without a token and with a bad one', async () => {
  const gets = t.app.routeTable.filter((r) => r.url.startsWith('/api/v1') && !r.public && r.method === 'GET');
  expect(gets.length).toBeGreaterThan(40);
  const open: string[] = [];
  for (const r of gets) {
    for (const token of [undefined, 'not-a-token']) {
      const res = await t.request('HEAD', concrete(r.url), token ? { token } : {});
      if (res.status !== 401) open.push(`HEAD ${r.url} -> ${res.status}${token ? ' (bad token)' : ''}`);
    }
  }
  expect(open).toEqual([]);
});

test('every /admin route answers 403 to a user who is not a superuser', async () => {
  const user = await t.registerUser();
  const admin = t.app.routeTable.filter((r) => r.url.startsWith('/api/v1/admin'));
  expect(admin.length).toBeGreaterThan(5);
  const wrong: string[] = [];
  for (const r of admin) {
    const res = await t.request(r.method, concrete(r.url), { ...body(r.method), token: user.token });
    if (res.status !== 403) wrong.push(`${r.method} ${r.url} -> ${res.status}`);
  }
  expect(wrong).toEqual([]);
});

test('the API description shows every guarded route with the bearer scheme, its 401 and 403, and its module tags; public routes without them', async () => {
  const res = await t.request('GET', '/api/docs/json');
  expect(res.status).toBe(200);
  const doc = res.body as { paths: Record<string, Record<string, { security?: unknown; responses?: Record<string, unknown>; tags?: string[] }>> };
  const publicOps = new Set(t.app.routeTable.filter((r) => r.public).map((r) => `${r.method} ${r.url.replace(/:([A-Za-z_]+)/g, '{$1}')}`));
  const wrong: string[] = [];
  let guarded = 0;
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/v1')) continue;
    for (const [method, op] of Object.entries(ops)) {
      const name = `${method.toUpperCase()} ${path}`;
      if (!op.tags?.length) wrong.push(`${name}: no tags`);
      if (publicOps.has(name)) {
        if (op.security) wrong.push(`${name}: public, yet described with a token`);
        continue;
      }
      guarded += 1;
      if (JSON.stringify(op.security) !== JSON.stringify([{ bearerAuth: [] }])) wrong.push(`${name}: no bearer scheme`);
      if (!op.responses?.['401'] || !op.responses['403']) wrong.push(`${name}: 401 / 403 not described`);
    }
  }
  expect(wrong).toEqual([]);
  expect(guarded).toBeGreaterThan(80);
  // a module's tag reaches its routes without each route naming it
  expect(doc.paths['/api/v1/files/my-files']?.get?.tags).toEqual(['files']);
});
