// Access tokens: a validly signed token whose sub is not a UUID answers 401; the access
// tokens of a logged-out or revoked session stop working at once (not after their 15
// minutes), in this API process and, through NOTIFY, in another one on the same database.
import { randomUUID } from 'node:crypto';
import { WS_CLOSE_CODES } from '@quarry/shared/constants';
import {
  createTestDatabase,
  isPostgresRun,
  refreshCookieFrom,
  sleep,
  startTestApp,
  type TestApp,
} from '../testing/helpers';

// a long cache period: every stop below comes from the eviction, never from the cache expiring
const LONG_CACHE = { sessionCacheSeconds: 600 };

describe('one API process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(LONG_CACHE);
  });
  afterAll(() => t.close());

  const me = (token: string) => t.request('GET', '/api/v1/users/me', { token });

  test('a validly signed token whose sub (or sid) is not a UUID answers 401, not 422', async () => {
    const user = await t.registerUser();
    for (const claims of [
      { sub: 'admin', sid: randomUUID() },
      { sub: `${user.id}x`, sid: randomUUID() },
      { sub: user.id, sid: 'not-a-session' },
    ]) {
      const token = await t.app.tokens.signAccess(claims);
      const res = await me(token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Could not validate credentials' });
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  test('a token naming a session that never existed answers 401', async () => {
    const user = await t.registerUser();
    const token = await t.app.tokens.signAccess({ sub: user.id, sid: randomUUID() });
    expect((await me(token)).status).toBe(401);
  });

  test('logout: the access token stops working at once, and its sockets close with 4401', async () => {
    const user = await t.registerUser();
    expect((await me(user.token)).status).toBe(200); // cached as alive
    const socket = await t.openSocket('/ws/connect', user.token);
    await socket.next((m) => m.event === 'connected');
    expect((await t.request('POST', '/api/v1/auth/logout', { cookie: user.refreshCookie })).status).toBe(200);
    const res = await me(user.token);
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('Session has ended. Please log in again.');
    expect(await socket.closed).toEqual({ code: WS_CLOSE_CODES.UNAUTHORIZED, reason: 'Session has ended' });
    // a new socket with the old token is refused too
    const again = await t.openSocket('/ws/connect', user.token);
    expect((await again.closed).code).toBe(WS_CLOSE_CODES.UNAUTHORIZED);
  });

  test('other sessions of the same user keep working', async () => {
    const user = await t.registerUser();
    const other = await t.login(user.email, user.password);
    expect((await me(other.body.access_token)).status).toBe(200);
    await t.request('POST', '/api/v1/auth/logout', { cookie: user.refreshCookie });
    expect((await me(user.token)).status).toBe(401);
    expect((await me(other.body.access_token)).status).toBe(200);
  });

  test("a refresh token's reuse revokes the session: its access tokens stop at once", async () => {
    const user = await t.registerUser();
    const first = await t.request('POST', '/api/v1/auth/refresh', { cookie: user.refreshCookie });
    expect(first.status).toBe(200);
    const access = first.body.access_token as string;
    expect((await me(access)).status).toBe(200);
    // the rotated-away token, presented after the grace window, is reuse: the family is revoked
    await t.app.database.db.execute(
      (await import('drizzle-orm')).sql`update refresh_tokens set used_at = now() - interval '1 hour' where used_at is not null and user_id = ${user.id}`,
    );
    const reuse = await t.request('POST', '/api/v1/auth/refresh', { cookie: user.refreshCookie });
    expect(reuse.status).toBe(401);
    expect((await me(access)).status).toBe(401);
    expect((await me(user.token)).status).toBe(401);
    const second = refreshCookieFrom(first.cookies)!;
    expect((await t.request('POST', '/api/v1/auth/refresh', { cookie: second })).status).toBe(401);
  });
});

describe('sockets of a disabled account or an ended session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(LONG_CACHE);
  });
  afterAll(() => t.close());

  test('an admin disabling the user closes their open sockets with 4401 at once', async () => {
    const admin = await t.createSuperuser();
    const user = await t.registerUser();
    const second = await t.login(user.email, user.password);
    const sockets = [await t.openSocket('/ws/connect', user.token), await t.openSocket('/ws/connect', second.body.access_token)];
    for (const s of sockets) await s.next((m) => m.event === 'connected');
    const bystander = await t.registerUser();
    const kept = await t.openSocket('/ws/connect', bystander.token);
    await kept.next((m) => m.event === 'connected');

    const started = Date.now();
    const res = await t.request('PATCH', `/api/v1/admin/users/${user.id}`, { token: admin.token, json: { is_active: false } });
    expect(res.status).toBe(200);
    for (const s of sockets) expect(await s.closed).toEqual({ code: WS_CLOSE_CODES.UNAUTHORIZED, reason: 'Session has ended' });
    // at once: without the announcement the sockets would stay open until the token expires
    // (bounds here are generous for loaded CI machines; what they tell apart is seconds from hours)
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await t.request('GET', '/api/v1/users/me', { token: user.token })).status).toBe(403);
    // a new socket is refused as before (disabled account)
    expect((await (await t.openSocket('/ws/connect', user.token)).closed).code).toBe(WS_CLOSE_CODES.FORBIDDEN);
    // other users' sockets stay open
    await t.request('POST', '/api/v1/test/websocket-notification', { token: bystander.token, json: { event: 'still_here', message: 'still here' } });
    await kept.next((m) => m.message === 'still here');
    kept.close();
  });

  test('with no notice at all, the recheck closes the sockets of a disabled user or a revoked session within the cache period', async () => {
    const short = await startTestApp({ sessionCacheSeconds: 1 });
    try {
      const disabled = await short.registerUser();
      const revoked = await short.registerUser();
      const a = await short.openSocket('/ws/connect', disabled.token);
      const b = await short.openSocket('/ws/connect', revoked.token);
      await a.next((m) => m.event === 'connected');
      await b.next((m) => m.event === 'connected');
      // written behind the API's back: nothing is announced, only the recheck can notice
      const { sql } = await import('drizzle-orm');
      const started = Date.now();
      await short.app.database.db.execute(sql`update users set is_active = false where id = ${disabled.id}`);
      await short.app.database.db.execute(sql`update refresh_tokens set revoked_at = now() where user_id = ${revoked.id}`);
      expect(await a.closed).toEqual({ code: WS_CLOSE_CODES.UNAUTHORIZED, reason: 'Session has ended' });
      expect(await b.closed).toEqual({ code: WS_CLOSE_CODES.UNAUTHORIZED, reason: 'Session has ended' });
      // the cache period is 1 s: the recheck runs every second
      expect(Date.now() - started).toBeLessThan(6000);
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

  test('a logout on A stops the access token on B within seconds (NOTIFY, not the cache period)', async () => {
    const user = await a.registerUser();
    expect((await b.request('GET', '/api/v1/users/me', { token: user.token })).status).toBe(200); // B caches it alive
    const socket = await b.openSocket('/ws/connect', user.token);
    await socket.next((m) => m.event === 'connected');
    expect((await a.request('POST', '/api/v1/auth/logout', { cookie: user.refreshCookie })).status).toBe(200);
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < 15_000) {
      status = (await b.request('GET', '/api/v1/users/me', { token: user.token })).status;
      if (status === 200) await sleep(20);
    }
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(10_000); // the cache period here is 600 s
    expect((await socket.closed).code).toBe(WS_CLOSE_CODES.UNAUTHORIZED);
  });

  test("an admin disabling a user on A closes the user's socket on B with 4401 (NOTIFY, not the cache period)", async () => {
    const admin = await a.createSuperuser();
    const user = await a.registerUser();
    const socket = await b.openSocket('/ws/connect', user.token);
    await socket.next((m) => m.event === 'connected');
    const started = Date.now();
    expect((await a.request('PATCH', `/api/v1/admin/users/${user.id}`, { token: admin.token, json: { is_active: false } })).status).toBe(200);
    expect(await socket.closed).toEqual({ code: WS_CLOSE_CODES.UNAUTHORIZED, reason: 'Session has ended' });
    expect(Date.now() - started).toBeLessThan(10_000); // the cache period here is 600 s
  });

  test('a bearer-only logout on A closes the session\'s socket on B with 4401', async () => {
    const user = await a.registerUser();
    const socket = await b.openSocket('/ws/connect', user.token);
    await socket.next((m) => m.event === 'connected');
    expect((await a.request('POST', '/api/v1/auth/logout', { token: user.token })).status).toBe(200);
    expect(await socket.closed).toEqual({ code: WS_CLOSE_CODES.UNAUTHORIZED, reason: 'Session has ended' });
    expect((await b.request('GET', '/api/v1/users/me', { token: user.token })).status).toBe(401);
  });
});
