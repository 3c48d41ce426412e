// users/me, resource limits (seeded defaults, usage providers, periods), email preferences.
import { ResourceLimitsResponseSchema, UserSchema } from '@quarry/shared/schemas';
import { periodBounds } from '../resources/service';
import { startTestApp, type TestApp } from '../../testing/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('GET users/me answers every field of the user record', async () => {
  const u = await t.registerUser();
  const res = await t.request('GET', '/api/v1/users/me', { token: u.token });
  expect(res.status).toBe(200);
  const me = UserSchema.parse(res.body);
  expect(me).toMatchObject({ id: u.id, email: u.email, is_superuser: false, is_verified: false, credit_balance: 100 });
  expect(Object.keys(res.body).sort()).toEqual(
    ['created_at', 'credit_balance', 'email', 'full_name', 'id', 'is_active', 'is_superuser', 'is_verified', 'last_login_at'].sort(),
  );
  expect(res.body).not.toHaveProperty('password_hash');
});

test('resource limits: the four seeded defaults with usage 0 and every field of the entry', async () => {
  const u = await t.registerUser();
  const res = await t.request('GET', '/api/v1/users/me/resource-limits', { token: u.token });
  expect(res.status).toBe(200);
  const body = ResourceLimitsResponseSchema.parse(res.body);
  expect(body.credit_balance).toBe(100);
  const byName = Object.fromEntries(body.resource_limits.map((r) => [r.name, r]));
  expect(Object.keys(byName).sort()).toEqual(['max_file_count', 'max_pages', 'storage_used', 'weekly_jobs']);
  expect(byName.max_file_count).toMatchObject({ limit: 50, reset_period: 'never', aggregation_type: 'COUNT', current_usage: 0, usage_percentage: 0, is_near_limit: false, next_reset_at: null, credit_cost: 0 });
  expect(byName.max_pages).toMatchObject({ limit: 500, reset_period: 'never', aggregation_type: 'COUNT' });
  expect(byName.storage_used).toMatchObject({ limit: 1024, reset_period: 'never', aggregation_type: 'SUM', unit: 'MB' });
  expect(byName.weekly_jobs).toMatchObject({ limit: 10, reset_period: 'weekly', aggregation_type: 'COUNT' });
  expect(byName.weekly_jobs!.credit_cost).toBeGreaterThan(0);
  const next = new Date(byName.weekly_jobs!.next_reset_at!);
  expect(next.getTime()).toBeGreaterThan(Date.now());
  expect(next.getUTCDay()).toBe(1); // Monday 00:00 UTC
  expect(next.getUTCHours()).toBe(0);
  for (const entry of body.resource_limits) {
    for (const key of ['name', 'description', 'limit', 'current_usage', 'reset_period', 'usage_percentage', 'is_near_limit', 'credit_cost', 'next_reset_at']) {
      expect(entry).toHaveProperty(key);
    }
  }
});

test('usage comes from the registered provider, per user and per period', async () => {
  const a = await t.registerUser();
  const b = await t.registerUser();
  const seen: { userId: string; periodStart: Date | null }[] = [];
  t.app.usage.register('max_file_count', async ({ userId, periodStart }) => {
    seen.push({ userId, periodStart });
    return userId === a.id ? 45 : 3;
  });
  t.app.usage.register('weekly_jobs', async ({ periodStart }) => (periodStart ? 9 : -1));
  const ra = await t.request('GET', '/api/v1/users/me/resource-limits', { token: a.token });
  const files = ra.body.resource_limits.find((r: { name: string }) => r.name === 'max_file_count');
  expect(files).toMatchObject({ current_usage: 45, usage_percentage: 90, is_near_limit: true });
  const jobs = ra.body.resource_limits.find((r: { name: string }) => r.name === 'weekly_jobs');
  expect(jobs).toMatchObject({ current_usage: 9, usage_percentage: 90, is_near_limit: true });
  const rb = await t.request('GET', '/api/v1/users/me/resource-limits', { token: b.token });
  expect(rb.body.resource_limits.find((r: { name: string }) => r.name === 'max_file_count')).toMatchObject({ current_usage: 3, usage_percentage: 6, is_near_limit: false });
  expect(seen.find((s) => s.userId === a.id)!.periodStart).toBeNull();
});

test('period bounds are UTC calendar periods', () => {
  const now = new Date(Date.UTC(2024, 4, 15, 13, 30)); // Wednesday 15 May 2024
  expect(periodBounds('NEVER', now)).toEqual({ start: null, next: null });
  expect(periodBounds('DAILY', now).next!.toISOString()).toBe('2024-05-16T00:00:00.000Z');
  expect(periodBounds('WEEKLY', now).start!.toISOString()).toBe('2024-05-13T00:00:00.000Z');
  expect(periodBounds('WEEKLY', now).next!.toISOString()).toBe('2024-05-20T00:00:00.000Z');
  expect(periodBounds('MONTHLY', now).next!.toISOString()).toBe('2024-06-01T00:00:00.000Z');
  expect(periodBounds('YEARLY', now).next!.toISOString()).toBe('2025-01-01T00:00:00.000Z');
  const sunday = new Date(Date.UTC(2024, 4, 19, 23, 59));
  expect(periodBounds('WEEKLY', sunday).start!.toISOString()).toBe('2024-05-13T00:00:00.000Z');
});

test('email preferences: default on, POST changes them, per user', async () => {
  const a = await t.registerUser();
  const b = await t.registerUser();
  const get = (token: string) => t.request('GET', '/api/v1/users/preferences/email', { token });
  expect((await get(a.token)).body).toEqual({ notifications_enabled: true });
  const post = await t.request('POST', '/api/v1/users/preferences/email', { token: a.token, json: { notifications_enabled: false } });
  expect(post.status).toBe(200);
  expect(post.body).toEqual({ notifications_enabled: false });
  expect((await get(a.token)).body).toEqual({ notifications_enabled: false });
  expect((await get(b.token)).body).toEqual({ notifications_enabled: true });
  for (const json of [{}, { notifications_enabled: 'yes' }, { notifications_enabled: true, extra: 1 }]) {
    expect((await t.request('POST', '/api/v1/users/preferences/email', { token: a.token, json })).status).toBe(422);
  }
  expect((await t.request('GET', '/api/v1/users/preferences/email')).status).toBe(401);
});
