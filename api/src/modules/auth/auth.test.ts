// Sign-up, login, tokens, refresh rotation and reuse, logout, lockout, disabled accounts.
import { UserSchema } from '@quarry/shared/schemas';
import { and, eq, isNotNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { refreshTokens, users } from '../../db/schema';
import {
  refreshCookieFrom,
  startTestApp,
  TEST_PASSWORD,
  uniqueEmail,
  type TestApp,
} from '../../testing/helpers';

const SECRET = 'test-secret-for-auth-tests-0123456789abcdef';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ jwtSecret: SECRET, lockout: { threshold: 3, minutes: 15 } });
});
afterAll(() => t.close());

const register = (json: unknown) => t.request('POST', '/api/v1/users/register', { json });

describe('POST users/register', () => {
  test('creates the account: 201, token, user, refresh cookie, initial credits', async () => {
    const email = uniqueEmail('New.User');
    const res = await register({ email, password: TEST_PASSWORD, full_name: 'New User' });
    expect(res.status).toBe(201);
    expect(res.body.token_type).toBe('bearer');
    expect(typeof res.body.access_token).toBe('string');
    expect(res.body.expires_in).toBe(t.config.accessTokenTtlSeconds);
    const user = UserSchema.parse(res.body.user);
    expect(user.email).toBe(email.toLowerCase());
    expect(user.is_superuser).toBe(false);
    expect(user.is_verified).toBe(false);
    expect(user.credit_balance).toBe(100);
    expect(user.full_name).toBe('New User');
    const cookie = res.cookies.find((c) => c.startsWith('quarry_refresh='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/api\/v1\/auth/);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // the password is stored as an argon2id hash
    const [row] = await t.app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const me = await t.request('GET', '/api/v1/users/me', { token: res.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
  });

  test('an existing email (any case) answers 409 "already exists"', async () => {
    const email = uniqueEmail();
    expect((await register({ email, password: TEST_PASSWORD })).status).toBe(201);
    const again = await register({ email: email.toUpperCase(), password: TEST_PASSWORD });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('An account with this email already exists');
  });

  test('an invalid email answers 422 "Invalid email"', async () => {
    for (const email of ['not-an-email', 'a@b', '@example.com', 'x'.repeat(250) + '@example.com', 42]) {
      const res = await register({ email, password: TEST_PASSWORD });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['body', 'email']);
      expect(res.body.detail[0].msg).toMatch(/invalid email/i);
    }
  });

  test('weak passwords answer 422 "does not meet security requirements"', async () => {
    const cases = [
      'Sh0rt', // length
      'lowercase-only-123', // no uppercase
      'UPPERCASE-ONLY-123', // no lowercase
      'No-Digits-Anywhere', // no digit
      'Password1', // rules met, zxcvbn score 0
      'Qwerty123', // keyboard run
    ];
    for (const password of cases) {
      const res = await register({ email: uniqueEmail(), password });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['body', 'password']);
      expect(res.body.detail[0].msg).toMatch(/does not meet security requirements/);
    }
    const tooLong = await register({ email: uniqueEmail(), password: `Aa1-${'x'.repeat(200)}` });
    expect(tooLong.status).toBe(422);
    const missing = await register({ email: uniqueEmail() });
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0].msg).toBe('Password is required');
  });

  test('nothing is stored for a rejected registration', async () => {
    const email = uniqueEmail();
    await register({ email, password: 'Password1' });
    const rows = await t.app.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
  });
});

describe('POST auth/login', () => {
  test('form-encoded username + password answers a bearer token and sets the cookie', async () => {
    const u = await t.registerUser();
    const res = await t.login(u.email, u.password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 900 });
    expect(refreshCookieFrom(res.cookies)).toBeTruthy();
    const me = await t.request('GET', '/api/v1/users/me', { token: res.body.access_token });
    expect(me.body.last_login_at).not.toBeNull();
  });

  test('JSON is accepted too, and the email is case-insensitive', async () => {
    const u = await t.registerUser();
    const res = await t.request('POST', '/api/v1/auth/login', {
      json: { username: `  ${u.email.toUpperCase()} `, password: u.password },
    });
    expect(res.status).toBe(200);
  });

  test('wrong password and unknown email both answer 401 "Invalid email or password"', async () => {
    const u = await t.registerUser();
    const wrong = await t.login(u.email, 'Wrong-Password-1');
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail).toBe('Invalid email or password');
    const unknown = await t.login(uniqueEmail('ghost'), TEST_PASSWORD);
    expect(unknown.status).toBe(401);
    expect(unknown.body.detail).toBe('Invalid email or password');
  });

  test('missing fields answer 422', async () => {
    const res = await t.request('POST', '/api/v1/auth/login', { form: { username: 'a@b.co' } });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'password']);
  });

  test('repeated failures lock the account (423), even for the right password; it unlocks later', async () => {
    const u = await t.registerUser();
    expect((await t.login(u.email, 'Wrong-Password-1')).status).toBe(401);
    expect((await t.login(u.email, 'Wrong-Password-2')).status).toBe(401);
    const third = await t.login(u.email, 'Wrong-Password-3');
    expect(third.status).toBe(423);
    expect(third.body.detail).toMatch(/locked/i);
    expect(third.headers.get('retry-after')).toBeTruthy();
    const right = await t.login(u.email, u.password);
    expect(right.status).toBe(423);
    // the lock expires
    await t.app.database.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, u.id));
    expect((await t.login(u.email, u.password)).status).toBe(200);
  });

  test('a success resets the failure count', async () => {
    const u = await t.registerUser();
    await t.login(u.email, 'Wrong-Password-1');
    await t.login(u.email, 'Wrong-Password-2');
    expect((await t.login(u.email, u.password)).status).toBe(200);
    expect((await t.login(u.email, 'Wrong-Password-3')).status).toBe(401);
    expect((await t.login(u.email, 'Wrong-Password-4')).status).toBe(401);
  });

  test('a disabled account answers 403 "Account is disabled" at login, with a token and on refresh', async () => {
    const u = await t.registerUser();
    await t.app.database.db.update(users).set({ isActive: false }).where(eq(users.id, u.id));
    const login = await t.login(u.email, u.password);
    expect(login.status).toBe(403);
    expect(login.body.detail).toBe('Account is disabled');
    const me = await t.request('GET', '/api/v1/users/me', { token: u.token });
    expect(me.status).toBe(403);
    const refresh = await t.request('POST', '/api/v1/auth/refresh', { cookie: u.refreshCookie });
    expect(refresh.status).toBe(403);
  });
});

describe('access tokens', () => {
  test('no token, a garbage token, a forged token and an expired token answer 401', async () => {
    const u = await t.registerUser();
    const none = await t.request('GET', '/api/v1/users/me');
    expect(none.status).toBe(401);
    expect(none.body.detail).toBe('Not authenticated');
    expect(none.headers.get('www-authenticate')).toBe('Bearer');

    const garbage = await t.request('GET', '/api/v1/users/me', { token: 'not.a.jwt' });
    expect(garbage.status).toBe(401);

    const forged = await new SignJWT({ sid: 'x', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.id)
      .setIssuer('quarry')
      .setAudience('quarry-api')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect((await t.request('GET', '/api/v1/users/me', { token: forged })).status).toBe(401);

    const [, payload] = u.token.split('.');
    const tampered = u.token.replace(payload!, Buffer.from(JSON.stringify({ sub: u.id, sid: 'x', typ: 'access', exp: 9999999999 })).toString('base64url'));
    expect((await t.request('GET', '/api/v1/users/me', { token: tampered })).status).toBe(401);

    const expired = await new SignJWT({ sid: 'x', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.id)
      .setIssuer('quarry')
      .setAudience('quarry-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(SECRET));
    const exp = await t.request('GET', '/api/v1/users/me', { token: expired });
    expect(exp.status).toBe(401);
    expect(exp.body.detail).toBe('Token has expired');

    // signed with the server's secret for the user's live session (a made-up sid is refused: sessions.test.ts)
    const { sid } = JSON.parse(Buffer.from(u.token.split('.')[1]!, 'base64url').toString()) as { sid: string };
    const valid = await new SignJWT({ sid, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.id)
      .setIssuer('quarry')
      .setAudience('quarry-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(SECRET));
    expect((await t.request('GET', '/api/v1/users/me', { token: valid })).status).toBe(200);
  });

  test("a token of a deleted user answers 401", async () => {
    const u = await t.registerUser();
    await t.app.database.db.delete(users).where(eq(users.id, u.id));
    expect((await t.request('GET', '/api/v1/users/me', { token: u.token })).status).toBe(401);
  });
});

describe('POST auth/refresh and auth/logout', () => {
  test('refresh rotates the cookie; the new pair works', async () => {
    const u = await t.registerUser();
    const r1 = await t.request('POST', '/api/v1/auth/refresh', { cookie: u.refreshCookie });
    expect(r1.status).toBe(200);
    expect(r1.body.token_type).toBe('bearer');
    const c1 = refreshCookieFrom(r1.cookies);
    expect(c1).toBeTruthy();
    expect(c1).not.toBe(u.refreshCookie);
    expect((await t.request('GET', '/api/v1/users/me', { token: r1.body.access_token })).status).toBe(200);
    const r2 = await t.request('POST', '/api/v1/auth/refresh', { cookie: c1! });
    expect(r2.status).toBe(200);
  });

  test('an empty JSON body is accepted (the client sends none)', async () => {
    const u = await t.registerUser();
    const res = await t.request('POST', '/api/v1/auth/refresh', {
      cookie: u.refreshCookie,
      raw: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
  });

  /** Moves a user's rotations back in time, past the reuse grace window. */
  const agePastGrace = (userId: string) =>
    t.app.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - (t.app.config.refreshReuseGraceSeconds + 5) * 1000) })
      .where(and(eq(refreshTokens.userId, userId), isNotNull(refreshTokens.usedAt)));

  test('reusing a rotated token revokes the whole session', async () => {
    const u = await t.registerUser();
    const r1 = await t.request('POST', '/api/v1/auth/refresh', { cookie: u.refreshCookie });
    const newest = refreshCookieFrom(r1.cookies)!;
    await agePastGrace(u.id);
    const reuse = await t.request('POST', '/api/v1/auth/refresh', { cookie: u.refreshCookie });
    expect(reuse.status).toBe(401);
    expect(reuse.body.detail).toMatch(/already used/i);
    // the thief's or the owner's newest token no longer works either
    const after = await t.request('POST', '/api/v1/auth/refresh', { cookie: newest });
    expect(after.status).toBe(401);
  });

  test('another session of the same user survives a revoked one', async () => {
    const u = await t.registerUser();
    const other = await t.login(u.email, u.password);
    const otherCookie = refreshCookieFrom(other.cookies)!;
    await t.request('POST', '/api/v1/auth/refresh', { cookie: u.refreshCookie });
    await agePastGrace(u.id);
    await t.request('POST', '/api/v1/auth/refresh', { cookie: u.refreshCookie }); // reuse -> family revoked
    expect((await t.request('POST', '/api/v1/auth/refresh', { cookie: otherCookie })).status).toBe(200);
  });

  test('two tabs refreshing with one token at once both stay signed in (grace window)', async () => {
    const u = await t.registerUser();
    const results = await Promise.all(
      [0, 1, 2].map(() => t.request('POST', '/api/v1/auth/refresh', { cookie: u.refreshCookie })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const cookies = results.map((r) => refreshCookieFrom(r.cookies)!);
    expect(new Set(cookies).size).toBe(3);
    // each sibling token works once more
    for (const cookie of cookies) {
      expect((await t.request('POST', '/api/v1/auth/refresh', { cookie })).status).toBe(200);
    }
  });

  test('after the grace window the same reuse revokes the session', async () => {
    const u = await t.registerUser();
    const first = await t.request('POST', '/api/v1/auth/refresh', { cookie: u.refreshCookie });
    expect(first.status).toBe(200);
    await agePastGrace(u.id);
    const late = await t.request('POST', '/api/v1/auth/refresh', { cookie: u.refreshCookie });
    expect(late.status).toBe(401);
    expect((await t.request('POST', '/api/v1/auth/refresh', { cookie: refreshCookieFrom(first.cookies)! })).status).toBe(401);
  });

  test('the readable session hint cookie follows the refresh cookie', async () => {
    const u = await t.registerUser();
    const r = await t.request('POST', '/api/v1/auth/refresh', { cookie: u.refreshCookie });
    const hint = r.cookies.find((c) => c.startsWith('quarry_session='));
    expect(hint).toMatch(/^quarry_session=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/Path=\//);
    const out = await t.request('POST', '/api/v1/auth/logout', { cookie: refreshCookieFrom(r.cookies)! });
    expect(out.cookies.find((c) => c.startsWith('quarry_session='))).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    const bad = await t.request('POST', '/api/v1/auth/refresh', { cookie: 'quarry_refresh=nope' });
    expect(bad.cookies.find((c) => c.startsWith('quarry_session='))).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
  });

  test('missing or unknown refresh cookies answer 401', async () => {
    const none = await t.request('POST', '/api/v1/auth/refresh');
    expect(none.status).toBe(401);
    expect(none.body.detail).toBe('Refresh token missing');
    const unknown = await t.request('POST', '/api/v1/auth/refresh', { cookie: 'quarry_refresh=nope' });
    expect(unknown.status).toBe(401);
  });

  test('logout revokes the session and clears the cookie; it always answers 200', async () => {
    const u = await t.registerUser();
    const out = await t.request('POST', '/api/v1/auth/logout', { cookie: u.refreshCookie });
    expect(out.status).toBe(200);
    const cleared = out.cookies.find((c) => c.startsWith('quarry_refresh='));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    expect((await t.request('POST', '/api/v1/auth/refresh', { cookie: u.refreshCookie })).status).toBe(401);
    expect((await t.request('POST', '/api/v1/auth/logout')).status).toBe(200);
  });

  test('logout with only the bearer token ends that session: access token and refresh cookie stop working', async () => {
    const u = await t.registerUser();
    const other = await t.request('POST', '/api/v1/auth/login', { form: { username: u.email, password: u.password } });
    expect(other.status).toBe(200);
    const out = await t.request('POST', '/api/v1/auth/logout', { token: u.token });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('Successfully logged out');
    const me = await t.request('GET', '/api/v1/users/me', { token: u.token });
    expect(me.status).toBe(401);
    expect(me.body.detail).toBe('Session has ended. Please log in again.');
    expect((await t.request('POST', '/api/v1/auth/refresh', { cookie: u.refreshCookie })).status).toBe(401);
    // the user's other session (another device) is untouched
    expect((await t.request('GET', '/api/v1/users/me', { token: other.body.access_token })).status).toBe(200);
  });

  test("a bearer token cannot end another user's session; a bad token ends nothing", async () => {
    const a = await t.registerUser();
    const b = await t.registerUser();
    const bSession = (JSON.parse(Buffer.from(b.token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
    const forged = await new SignJWT({ sid: bSession, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(a.id)
      .setIssuer('quarry')
      .setAudience('quarry-api')
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 60)
      .sign(new TextEncoder().encode(SECRET));
    expect((await t.request('POST', '/api/v1/auth/logout', { token: forged })).status).toBe(200);
    expect((await t.request('POST', '/api/v1/auth/logout', { token: 'not-a-jwt' })).status).toBe(200);
    expect((await t.request('GET', '/api/v1/users/me', { token: b.token })).status).toBe(200);
    expect((await t.request('POST', '/api/v1/auth/refresh', { cookie: b.refreshCookie })).status).toBe(200);
  });
});
