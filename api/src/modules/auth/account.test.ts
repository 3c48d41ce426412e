// Account security over real HTTP: change password (current password, strength rules, the
// other sessions end and their sockets close, this one stays), forgotten password (same
// answer for every address, one-time expiring link, all sessions end), the user's own
// sessions (listed, revoked one by one or all but this one, never another user's), the
// reset link by SMTP when SMTP_URL is set, and the rate limits.
import { createServer, type Server, type Socket } from 'node:net';
import { WS_CLOSE_CODES } from '@quarry/shared/constants';
import { FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID } from '@quarry/shared/schemas';
import { sql } from 'drizzle-orm';
import { refreshCookieFrom, sleep, startTestApp, uniqueEmail, type TestApp } from '../../testing/helpers';

const NEW_PASSWORD = 'Basalt-Ledger-73q';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['createSuperuser']>>;
beforeAll(async () => {
  t = await startTestApp({ sessionCacheSeconds: 600 });
  admin = await t.createSuperuser();
}, 180_000);
afterAll(() => t.close());

const me = (token: string) => t.request('GET', '/api/v1/users/me', { token });
const loginAs = (email: string, password: string, userAgent?: string) =>
  t.request('POST', '/api/v1/auth/login', { form: { username: email, password }, headers: userAgent ? { 'user-agent': userAgent } : {} });
const refresh = (cookie: string) => t.request('POST', '/api/v1/auth/refresh', { cookie });
const changePassword = (token: string, current_password: string, new_password: string) =>
  t.request('POST', '/api/v1/users/me/password', { token, json: { current_password, new_password } });
const forgot = (email: string, ip = '10.9.0.1') =>
  t.request('POST', '/api/v1/auth/forgot-password', { json: { email }, headers: { 'x-forwarded-for': ip } });
const reset = (token: string, new_password: string) => t.request('POST', '/api/v1/auth/reset-password', { json: { token, new_password } });

/** The reset links the outbox holds for the address (no SMTP server in this app). */
async function outboxLinks(app: TestApp, email: string, adminToken: string): Promise<string[]> {
  const res = await app.request('GET', '/api/v1/admin/mail-outbox', { token: adminToken });
  expect(res.status).toBe(200);
  return (res.body.messages as Array<{ to_email: string; body: string }>)
    .filter((m) => m.to_email === email)
    .map((m) => /\/reset-password\?token=([\w-]+)/.exec(m.body)?.[1] ?? '');
}

/** Waits for the mail of a reset request (it is sent after the answer). */
async function waitForLinks(app: TestApp, email: string, adminToken: string, count = 1): Promise<string[]> {
  for (let i = 0; i < 200; i += 1) {
    const links = await outboxLinks(app, email, adminToken);
    if (links.length >= count) return links;
    await sleep(50);
  }
  throw new Error(`no reset mail for ${email}`);
}

describe('change password', () => {
  test('needs the current password; a weak or unchanged new one is refused; nothing changes', async () => {
    const user = await t.registerUser();
    const wrong = await changePassword(user.token, 'Not-The-Password-9', NEW_PASSWORD);
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail[0]).toMatchObject({ loc: ['body', 'current_password'], msg: 'Current password is incorrect' });
    const weak = await changePassword(user.token, user.password, 'password');
    expect(weak.status).toBe(422);
    expect(weak.body.detail[0].loc).toEqual(['body', 'new_password']);
    // passes the character rules, fails zxcvbn
    const guessable = await changePassword(user.token, user.password, 'Password1');
    expect(guessable.status).toBe(422);
    expect(guessable.body.detail[0].type).toBe('weak_password');
    expect((await changePassword(user.token, user.password, user.password)).status).toBe(422);
    expect((await loginAs(user.email, user.password)).status).toBe(200);
  });

  test('the new password works, the old does not; other sessions end (sockets too), this one stays', async () => {
    const user = await t.registerUser();
    const other = await loginAs(user.email, user.password, FIREFOX);
    const otherToken: string = other.body.access_token;
    const otherCookie = refreshCookieFrom(other.cookies)!;
    expect((await me(otherToken)).status).toBe(200);
    const socket = await t.openSocket('/ws/connect', otherToken);
    await socket.next((m) => m.event === 'connected');
    const mine = await t.openSocket('/ws/connect', user.token);
    await mine.next((m) => m.event === 'connected');

    const res = await changePassword(user.token, user.password, NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password changed', revoked: 1 });

    expect((await me(otherToken)).status).toBe(401);
    expect((await refresh(otherCookie)).status).toBe(401);
    expect(await socket.closed).toEqual({ code: WS_CLOSE_CODES.UNAUTHORIZED, reason: 'Session has ended' });
    // the session that changed it goes on: its token, its refresh cookie, its socket
    expect((await me(user.token)).status).toBe(200);
    expect((await refresh(user.refreshCookie)).status).toBe(200);
    mine.send({ event: 'ping' });
    await mine.next((m) => m.event === 'pong');
    await mine.close();

    expect((await loginAs(user.email, user.password)).status).toBe(401);
    expect((await loginAs(user.email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe('forgotten password', () => {
  test('answers the same for an account and an unknown address; only the account gets mail', async () => {
    const user = await t.registerUser();
    const known = await forgot(user.email);
    const unknown = await forgot(uniqueEmail('nobody'));
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(unknown.body).toEqual(known.body);
    expect(await waitForLinks(t, user.email, admin.token)).toHaveLength(1);
  });

  test('the link resets the password once; every session ends; old password out, new one in', async () => {
    const user = await t.registerUser();
    const second = await loginAs(user.email, user.password, SAFARI_IPHONE);
    await forgot(user.email);
    const [token] = await waitForLinks(t, user.email, admin.token);
    expect(token).toMatch(/^[\w-]{40,}$/);

    // a weak password is refused without spending the link
    expect((await reset(token!, 'short')).status).toBe(422);
    const done = await reset(token!, NEW_PASSWORD);
    expect(done.status).toBe(200);

    const again = await reset(token!, 'Another-Granite-88z');
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe(RESET_LINK_INVALID);

    expect((await me(user.token)).status).toBe(401);
    expect((await me(second.body.access_token)).status).toBe(401);
    expect((await refresh(user.refreshCookie)).status).toBe(401);
    expect((await loginAs(user.email, user.password)).status).toBe(401);
    expect((await loginAs(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  test('an expired link, an unknown token and an older link after a reset are refused', async () => {
    const user = await t.registerUser();
    await forgot(user.email);
    await forgot(user.email);
    const [newer, older] = await waitForLinks(t, user.email, admin.token, 2);
    await t.app.database.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = ${user.id} and created_at = (select max(created_at) from password_reset_tokens where user_id = ${user.id})`,
    );
    const expired = await reset(newer!, NEW_PASSWORD);
    expect(expired.status).toBe(400);
    expect(expired.body.detail).toBe(RESET_LINK_INVALID);
    expect((await reset('made-up-token-that-was-never-issued', NEW_PASSWORD)).status).toBe(400);
    expect((await reset(older!, NEW_PASSWORD)).status).toBe(200);
    expect((await loginAs(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  test('tokens are stored hashed: the link does not appear in the database', async () => {
    const user = await t.registerUser();
    await forgot(user.email);
    const [token] = await waitForLinks(t, user.email, admin.token);
    const rows = await t.app.database.db.execute(sql`select token_hash from password_reset_tokens where user_id = ${user.id}`);
    const hashes = (rows as unknown as { rows: Array<{ token_hash: string }> }).rows.map((r) => r.token_hash);
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).not.toContain(token);
    expect(hashes[0]).toMatch(/^[0-9a-f]{64}$/);
  });

  test('the outbox is for superusers only', async () => {
    const user = await t.registerUser();
    expect((await t.request('GET', '/api/v1/admin/mail-outbox', { token: user.token })).status).toBe(403);
    expect((await t.request('GET', '/api/v1/admin/mail-outbox')).status).toBe(401);
  });
});

describe('my sessions', () => {
  test('lists my sessions with device and times, marks the current one; never another user\'s', async () => {
    const user = await t.registerUser();
    await loginAs(user.email, user.password, FIREFOX);
    await loginAs(user.email, user.password, SAFARI_IPHONE);
    const bystander = await t.registerUser();
    const res = await t.request('GET', '/api/v1/users/me/sessions', { token: user.token });
    expect(res.status).toBe(200);
    const sessions = res.body.sessions as Array<{ id: string; device: string; current: boolean; created_at: string; last_used_at: string }>;
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.map((s) => s.device)).toEqual(expect.arrayContaining(['Firefox on Linux', 'Safari on iOS']));
    for (const s of sessions) expect(Date.parse(s.last_used_at)).toBeGreaterThanOrEqual(Date.parse(s.created_at));
    const theirs = await t.request('GET', '/api/v1/users/me/sessions', { token: bystander.token });
    expect(theirs.body.sessions).toHaveLength(1);
  });

  test('revoke one: that session ends, others stay; another user\'s session id answers 404 and stays alive', async () => {
    const user = await t.registerUser();
    const firefox = await loginAs(user.email, user.password, FIREFOX);
    const bystander = await t.registerUser();
    const list = await t.request('GET', '/api/v1/users/me/sessions', { token: user.token });
    const target = (list.body.sessions as Array<{ id: string; device: string }>).find((s) => s.device === 'Firefox on Linux')!;

    const theirList = await t.request('GET', '/api/v1/users/me/sessions', { token: bystander.token });
    const theirId: string = theirList.body.sessions[0].id;
    const foreign = await t.request('DELETE', `/api/v1/users/me/sessions/${theirId}`, { token: user.token });
    expect(foreign.status).toBe(404);
    expect((await me(bystander.token)).status).toBe(200);

    expect((await t.request('DELETE', `/api/v1/users/me/sessions/${target.id}`, { token: user.token })).status).toBe(200);
    expect((await me(firefox.body.access_token)).status).toBe(401);
    expect((await me(user.token)).status).toBe(200);
    expect((await t.request('DELETE', `/api/v1/users/me/sessions/${target.id}`, { token: user.token })).status).toBe(404);
  });

  test('sign out of other sessions keeps only this one', async () => {
    const user = await t.registerUser();
    const a = await loginAs(user.email, user.password, FIREFOX);
    const b = await loginAs(user.email, user.password, SAFARI_IPHONE);
    const res = await t.request('POST', '/api/v1/users/me/sessions/revoke-others', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.revoked).toBe(2);
    expect((await me(a.body.access_token)).status).toBe(401);
    expect((await me(b.body.access_token)).status).toBe(401);
    expect((await me(user.token)).status).toBe(200);
    const list = await t.request('GET', '/api/v1/users/me/sessions', { token: user.token });
    expect(list.body.sessions).toHaveLength(1);
    expect(list.body.sessions[0].current).toBe(true);
  });
});

describe('rate limits', () => {
  let small: TestApp;
  let smallAdmin: Awaited<ReturnType<TestApp['createSuperuser']>>;
  beforeAll(async () => {
    small = await startTestApp({ rateLimits: { passwordChangePerUser: 2, passwordResetPerIp: 3, passwordResetPerEmail: 2, windowSeconds: 60 } });
    smallAdmin = await small.createSuperuser();
  }, 180_000);
  afterAll(() => small.close());

  test('password changes are limited per user', async () => {
    const user = await small.registerUser();
    const change = () => small.request('POST', '/api/v1/users/me/password', { token: user.token, json: { current_password: 'Wrong-Guess-11', new_password: NEW_PASSWORD } });
    expect((await change()).status).toBe(422);
    expect((await change()).status).toBe(422);
    const limited = await change();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test('reset requests are limited per address (429) and per email (silently: no more mail)', async () => {
    const user = await small.registerUser();
    const send = (ip: string) => small.request('POST', '/api/v1/auth/forgot-password', { json: { email: user.email }, headers: { 'x-forwarded-for': ip } });
    expect((await send('10.8.0.1')).status).toBe(202);
    expect((await send('10.8.0.2')).status).toBe(202);
    expect((await send('10.8.0.3')).status).toBe(202); // over the per-email limit: same answer, no mail
    await waitForLinks(small, user.email, smallAdmin.token, 2);
    await sleep(300);
    expect(await outboxLinks(small, user.email, smallAdmin.token)).toHaveLength(2);

    const other = uniqueEmail('limited');
    const fromOne = () => small.request('POST', '/api/v1/auth/forgot-password', { json: { email: other }, headers: { 'x-forwarded-for': '10.8.1.1' } });
    for (let i = 0; i < 3; i += 1) expect((await fromOne()).status).toBe(202);
    const limited = await fromOne();
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toMatch(/too many/i);
  });
});

describe('reset link by SMTP (SMTP_URL set)', () => {
  /** A tiny SMTP server: accepts every message and keeps its DATA. */
  function smtpListener(): Promise<{ server: Server; port: number; messages: string[] }> {
    const messages: string[] = [];
    const server = createServer((socket: Socket) => {
      let buffer = '';
      let inData = false;
      let data = '';
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('utf8');
        let nl: number;
        while ((nl = buffer.indexOf('\r\n')) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 2);
          if (inData) {
            if (line === '.') {
              inData = false;
              messages.push(data);
              data = '';
              socket.write('250 OK queued\r\n');
            } else data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
            continue;
          }
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
          else if (verb === 'DATA') {
            inData = true;
            socket.write('354 go on\r\n');
          } else if (verb === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 OK\r\n');
        }
      });
      socket.on('error', () => undefined);
    });
    return new Promise((resolve) =>
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        resolve({ server, port: typeof address === 'object' && address ? address.port : 0, messages });
      }),
    );
  }

  test('the link is mailed through the SMTP server and not kept in the outbox', async () => {
    const smtp = await smtpListener();
    const mailing = await startTestApp({ mail: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Quarry <no-reply@quarry.test>', appUrl: 'http://app.quarry.test' } });
    try {
      const mailingAdmin = await mailing.createSuperuser();
      const user = await mailing.registerUser();
      const res = await mailing.request('POST', '/api/v1/auth/forgot-password', { json: { email: user.email } });
      expect(res.status).toBe(202);
      for (let i = 0; i < 200 && smtp.messages.length === 0; i += 1) await sleep(50);
      expect(smtp.messages).toHaveLength(1);
      // quoted-printable: soft line breaks and =XX escapes
      const message = smtp.messages[0]!.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      expect(message).toContain(`To: ${user.email}`);
      expect(message).toMatch(/Subject: Reset your Quarry password/);
      const token = /http:\/\/app\.quarry\.test\/reset-password\?token=([\w-]+)/.exec(message)?.[1];
      expect(token).toBeTruthy();
      const outbox = await mailing.request('GET', '/api/v1/admin/mail-outbox', { token: mailingAdmin.token });
      expect(outbox.body).toEqual({ smtp_configured: true, messages: [] });
      expect((await mailing.request('POST', '/api/v1/auth/reset-password', { json: { token, new_password: NEW_PASSWORD } })).status).toBe(200);
      expect((await mailing.login(user.email, NEW_PASSWORD)).status).toBe(200);
    } finally {
      await mailing.close();
      smtp.server.close();
    }
  }, 180_000);
});

describe('low-balance threshold', () => {
  test('defaults to 10 % of the starting grant; the admin sets it; users see it', async () => {
    const user = await t.registerUser();
    const limits = () => t.request('GET', '/api/v1/users/me/resource-limits', { token: user.token });
    expect((await limits()).body.low_balance_threshold).toBe(Math.ceil(t.config.initialCreditBalance / 10));
    const settings = await t.request('GET', '/api/v1/admin/settings/credits', { token: admin.token });
    expect(settings.body).toMatchObject({ low_balance_threshold: 10, default_low_balance_threshold: 10, initial_credit_balance: 100, updated_at: null });

    expect((await t.request('PUT', '/api/v1/admin/settings/credits', { token: user.token, json: { low_balance_threshold: 5 } })).status).toBe(403);
    expect((await t.request('PUT', '/api/v1/admin/settings/credits', { token: admin.token, json: { low_balance_threshold: -1 } })).status).toBe(422);
    const set = await t.request('PUT', '/api/v1/admin/settings/credits', { token: admin.token, json: { low_balance_threshold: 25 } });
    expect(set.status).toBe(200);
    expect(set.body.low_balance_threshold).toBe(25);
    expect((await limits()).body.low_balance_threshold).toBe(25);
    await t.request('PUT', '/api/v1/admin/settings/credits', { token: admin.token, json: { low_balance_threshold: 10 } });
  });
});
