// Admin resource types: list, update, delete, seed (created/updated/skipped); superuser only.
import { ResourceTypeListResponseSchema, SeedResourcesResponseSchema } from '@quarry/shared/schemas';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';

let t: TestApp;
let admin: TestUser;
let user: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createSuperuser();
  user = await t.registerUser();
});
afterAll(() => t.close());

const list = async () => {
  const res = await t.request('GET', '/api/v1/admin/resource-types', { token: admin.token });
  expect(res.status).toBe(200);
  return ResourceTypeListResponseSchema.parse(res.body);
};

test('non-superusers get 403 and anonymous callers 401 on every admin resource route', async () => {
  const id = (await list()).resource_types[0]!.id;
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/v1/admin/resource-types'],
    ['PUT', `/api/v1/admin/resource-types/${id}`, { default_limit: 1 }],
    ['DELETE', `/api/v1/admin/resource-types/${id}`],
    ['POST', '/api/v1/admin/seed-resources', { overwrite_existing: true }],
  ];
  for (const [method, path, json] of calls) {
    const res = await t.request(method, path, { token: user.token, json });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/superuser/i);
    expect((await t.request(method, path, { json })).status).toBe(401);
  }
  expect((await list()).resource_types.find((r) => r.id === id)!.default_limit).not.toBe(1);
});

test('lists the seeded defaults', async () => {
  const body = await list();
  expect(body.total_count).toBe(4);
  const names = body.resource_types.map((r) => r.name).sort();
  expect(names).toEqual(['max_file_count', 'max_pages', 'storage_used', 'weekly_jobs']);
  const weekly = body.resource_types.find((r) => r.name === 'weekly_jobs')!;
  expect(weekly).toMatchObject({ reset_period: 'WEEKLY', aggregation_type: 'COUNT', default_limit: 10 });
});

test('PUT updates the given fields; the user-facing limits follow', async () => {
  const pages = (await list()).resource_types.find((r) => r.name === 'max_pages')!;
  const res = await t.request('PUT', `/api/v1/admin/resource-types/${pages.id}`, {
    token: admin.token,
    json: { description: 'Pages across all files', reset_period: 'MONTHLY', aggregation_type: 'SUM', default_limit: 750, credit_cost: 2 },
  });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ id: pages.id, name: 'max_pages', default_limit: 750, reset_period: 'MONTHLY', aggregation_type: 'SUM', credit_cost: 2, default_alert_threshold: pages.default_alert_threshold });
  const limits = await t.request('GET', '/api/v1/users/me/resource-limits', { token: user.token });
  const entry = limits.body.resource_limits.find((r: { name: string }) => r.name === 'max_pages');
  expect(entry).toMatchObject({ limit: 750, reset_period: 'monthly', credit_cost: 2 });
  expect(entry.next_reset_at).toMatch(/-01T00:00:00\.000Z$/);
});

test('PUT validation: bad enums, negative or fractional numbers, unknown fields answer 422; unknown id 404; name clash 409', async () => {
  const [a, b] = (await list()).resource_types;
  for (const json of [
    { reset_period: 'HOURLY' },
    { aggregation_type: 'count' },
    { default_limit: -1 },
    { default_limit: 1.5 },
    { default_limit: '10' },
    { default_alert_threshold: 101 },
    { id: a!.id },
  ]) {
    const res = await t.request('PUT', `/api/v1/admin/resource-types/${a!.id}`, { token: admin.token, json });
    expect(res.status).toBe(422);
  }
  const missing = await t.request('PUT', '/api/v1/admin/resource-types/00000000-0000-4000-8000-000000000000', { token: admin.token, json: { default_limit: 3 } });
  expect(missing.status).toBe(404);
  const clash = await t.request('PUT', `/api/v1/admin/resource-types/${a!.id}`, { token: admin.token, json: { name: b!.name } });
  expect(clash.status).toBe(409);
});

test('DELETE removes a type (204), then 404; seeding brings it back and reports counts', async () => {
  const storage = (await list()).resource_types.find((r) => r.name === 'storage_used')!;
  const del = await t.request('DELETE', `/api/v1/admin/resource-types/${storage.id}`, { token: admin.token });
  expect(del.status).toBe(204);
  expect(del.text).toBe('');
  expect((await t.request('DELETE', `/api/v1/admin/resource-types/${storage.id}`, { token: admin.token })).status).toBe(404);
  expect((await list()).resource_types.map((r) => r.name)).not.toContain('storage_used');

  const seed = await t.request('POST', '/api/v1/admin/seed-resources', { token: admin.token, json: { overwrite_existing: false, resource_types: null } });
  expect(seed.status).toBe(200);
  const body = SeedResourcesResponseSchema.parse(seed.body);
  expect(body).toMatchObject({ created_count: 1, updated_count: 0, skipped_count: 3 });
  expect(body.message).toMatch(/1 created/);
  expect(body.resource_types.find((r) => r.name === 'storage_used')!.action).toBe('created');
  // max_pages keeps the admin's edit when not overwriting
  expect((await list()).resource_types.find((r) => r.name === 'max_pages')!.default_limit).toBe(750);

  const overwrite = await t.request('POST', '/api/v1/admin/seed-resources', { token: admin.token, json: { overwrite_existing: true } });
  expect(overwrite.body).toMatchObject({ created_count: 0, updated_count: 4, skipped_count: 0 });
  expect((await list()).resource_types.find((r) => r.name === 'max_pages')!.default_limit).toBe(500);
});

test('seeding explicit definitions, and with an empty body', async () => {
  const res = await t.request('POST', '/api/v1/admin/seed-resources', {
    token: admin.token,
    json: { resource_types: [{ name: 'monthly_exports', reset_period: 'MONTHLY', aggregation_type: 'COUNT', default_limit: 20 }] },
  });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ created_count: 1, updated_count: 0, skipped_count: 0 });
  expect(res.body.resource_types[0]).toMatchObject({ name: 'monthly_exports', default_alert_threshold: 80, credit_cost: 0, action: 'created' });
  const empty = await t.request('POST', '/api/v1/admin/seed-resources', { token: admin.token });
  expect(empty.status).toBe(200);
  expect(empty.body.skipped_count).toBe(4);
  const bad = await t.request('POST', '/api/v1/admin/seed-resources', {
    token: admin.token,
    json: { resource_types: [{ name: 'Bad Name!', reset_period: 'NEVER', aggregation_type: 'COUNT', default_limit: 1 }] },
  });
  expect(bad.status).toBe(422);
  expect(bad.body.detail[0].loc).toEqual(['body', 'resource_types', 0, 'name']);
});
