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
    while (status === 200 && Date.now() - started < 5000) {
      status = (await b.request('GET', '/api/v1/users/me', { token: user.token })).status;
      if (status === 200) await sleep(20);
    }
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await socket.closed).code).toBe(WS_CLOSE_CODES.UNAUTHORIZED);
  });
});
