// WebSocket /ws/connect and /ws/session/{userId} with a real client: sub-protocol auth,
// close codes, connected / subscription_confirmed, pings and pongs, channels, and
// POST test/websocket-notification delivering to the caller only.
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { users } from '../db/schema';
import { authProtocol, sleep, startTestApp, type TestApp, type TestUser } from '../testing/helpers';

const SECRET = 'realtime-test-secret-0123456789-abcdefghij';
let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await startTestApp({ jwtSecret: SECRET, ws: { pingIntervalSeconds: 1, pongTimeoutSeconds: 2 } });
  alice = await t.registerUser();
  bob = await t.registerUser();
});
afterAll(() => t.close());

const notify = (u: TestUser, json: unknown) =>
  t.request('POST', '/api/v1/test/websocket-notification', { token: u.token, json });

describe('handshake and authentication', () => {
  test('the auth sub-protocol is echoed; connected then subscription_confirmed arrive', async () => {
    const s = await t.openSocket('/ws/connect?channels=general,jobs', alice.token);
    expect(s.ws.protocol).toBe(authProtocol(alice.token));
    const connected = await s.next((m) => m.event === 'connected');
    expect(connected).toMatchObject({ event: 'connected', user_id: alice.id, channels: ['general', 'jobs'] });
    expect(typeof connected.message).toBe('string');
    expect(new Date(connected.timestamp).toISOString()).toBe(connected.timestamp);
    const confirmed = await s.next((m) => m.event === 'subscription_confirmed');
    expect(confirmed).toMatchObject({ user_id: alice.id, channels: ['general', 'jobs'] });
    expect(s.messages.findIndex((m) => m.event === 'connected')).toBeLessThan(
      s.messages.findIndex((m) => m.event === 'subscription_confirmed'),
    );
    await s.close();
  });

  test('among several offered sub-protocols the auth one is selected', async () => {
    const s = await t.openSocket('/ws/connect', null, { protocols: ['json', authProtocol(alice.token)] });
    expect(s.ws.protocol).toBe(authProtocol(alice.token));
    await s.next((m) => m.event === 'subscription_confirmed');
    await s.close();
  });

  test('Authorization: Bearer works for non-browser clients', async () => {
    const ws = new WebSocket(`${t.wsUrl}/ws/connect`, { headers: { authorization: `Bearer ${alice.token}` } });
    const first = await new Promise<{ event: string; user_id: string }>((resolve, reject) => {
      ws.once('message', (d) => resolve(JSON.parse(d.toString())));
      ws.once('close', (code) => reject(new Error(`closed ${code}`)));
    });
    expect(first).toMatchObject({ event: 'connected', user_id: alice.id });
    ws.close();
  });

  test('missing, malformed, forged and expired tokens close with 4401 and a reason', async () => {
    const missing = await t.openSocket('/ws/connect', null);
    expect(await missing.closed).toEqual({ code: 4401, reason: 'Missing authentication token' });

    const garbage = await t.openSocket('/ws/connect', null, { protocols: ['auth.!!!'] });
    expect((await garbage.closed).code).toBe(4401);

    const notJwt = await t.openSocket('/ws/connect', null, { protocols: [authProtocol('abc.def.ghi')] });
    expect(await notJwt.closed).toEqual({ code: 4401, reason: 'Could not validate credentials' });

    const expired = await new SignJWT({ sid: 's', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(alice.id)
      .setIssuer('quarry')
      .setAudience('quarry-api')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 5)
      .sign(new TextEncoder().encode(SECRET));
    const exp = await t.openSocket('/ws/connect', expired);
    expect(await exp.closed).toEqual({ code: 4401, reason: 'Token has expired' });
    expect(exp.messages).toEqual([]);
  });

  test('a disabled account is refused with 4403', async () => {
    const u = await t.registerUser();
    await t.app.database.db.update(users).set({ isActive: false }).where(eq(users.id, u.id));
    const s = await t.openSocket('/ws/connect', u.token);
    expect(await s.closed).toEqual({ code: 4403, reason: 'Account is disabled' });
  });

  test('/ws/session/{userId}: own id connects, another user\'s id closes with 4403', async () => {
    const own = await t.openSocket(`/ws/session/${alice.id}`, alice.token);
    expect(await own.next((m) => m.event === 'connected')).toMatchObject({ user_id: alice.id });
    await own.close();
    const other = await t.openSocket(`/ws/session/${bob.id}`, alice.token);
    const closed = await other.closed;
    expect(closed.code).toBe(4403);
    expect(closed.reason).toMatch(/does not match/);
    const junk = await t.openSocket('/ws/session/not-a-uuid', alice.token);
    expect((await junk.closed).code).toBe(4403);
    const anonymous = await t.openSocket(`/ws/session/${alice.id}`, null);
    expect((await anonymous.closed).code).toBe(4401);
  });
});

describe('pings and pongs', () => {
  test('a client ping is answered with pong', async () => {
    const s = await t.openSocket('/ws/connect', alice.token);
    await s.next((m) => m.event === 'subscription_confirmed');
    s.send({ event: 'ping' });
    expect(await s.next((m) => m.event === 'pong')).toMatchObject({ event: 'pong', user_id: alice.id });
    await s.close();
  });

  test('the server pings; a client that answers stays, one that does not is closed with 4408', async () => {
    const good = await t.openSocket('/ws/connect', alice.token, { autoPong: true });
    const silent = await t.openSocket('/ws/connect', alice.token, { autoPong: false });
    await silent.next((m) => m.event === 'ping', 3000);
    const closed = await Promise.race([silent.closed, sleep(6000).then(() => null)]);
    expect(closed).toEqual({ code: 4408, reason: expect.stringMatching(/pong/i) });
    expect(good.messages.filter((m) => m.event === 'ping').length).toBeGreaterThanOrEqual(2);
    expect(good.ws.readyState).toBe(good.ws.OPEN);
    await good.close();
  }, 15_000);

  test('malformed client messages get an error event and the socket stays open', async () => {
    const s = await t.openSocket('/ws/connect', alice.token);
    await s.next((m) => m.event === 'subscription_confirmed');
    s.send('not json');
    expect(await s.next((m) => m.event === 'error')).toMatchObject({ message: expect.stringMatching(/JSON/) });
    s.send({ event: 'launch_missiles' });
    await s.next((m) => m.event === 'error' && /Unknown/.test(m.message));
    s.send({ event: 'ping' });
    await s.next((m) => m.event === 'pong');
    await s.close();
  });
});

describe('channels and delivery', () => {
  test('a socket on channel jobs gets job events only; subscribe adds general', async () => {
    const jobs = await t.openSocket('/ws/connect?channels=jobs,bogus', bob.token);
    const confirmed = await jobs.next((m) => m.event === 'subscription_confirmed');
    expect(confirmed).toMatchObject({ channels: ['jobs'], unknown_channels: ['bogus'] });
    const all = await t.openSocket('/ws/connect', bob.token);
    await all.next((m) => m.event === 'subscription_confirmed');

    await t.app.realtime.publishToUser(bob.id, { event: 'upload_complete', message: 'Upload Successful' });
    await t.app.realtime.publishToUser(bob.id, { event: 'job_update', message: 'Progress', job_id: 'j1', progress: 40 });
    const job = await jobs.next((m) => m.event === 'job_update');
    expect(job).toMatchObject({ job_id: 'j1', progress: 40, user_id: bob.id });
    await all.next((m) => m.event === 'job_update');
    await all.next((m) => m.event === 'upload_complete');
    expect(jobs.messages.find((m) => m.event === 'upload_complete')).toBeUndefined();

    jobs.send({ event: 'subscribe', channels: ['general'] });
    expect(await jobs.next((m) => m.event === 'subscription_updated')).toMatchObject({ channels: ['jobs', 'general'] });
    await t.app.realtime.publishToUser(bob.id, { event: 'processing_started', message: 'Processing Started' });
    await jobs.next((m) => m.event === 'processing_started');
    await jobs.close();
    await all.close();
  });

  test('POST test/websocket-notification reaches every socket of the caller and nobody else', async () => {
    const a1 = await t.openSocket('/ws/connect', alice.token);
    const a2 = await t.openSocket(`/ws/session/${alice.id}`, alice.token);
    const b1 = await t.openSocket('/ws/connect', bob.token);
    await Promise.all([a1, a2, b1].map((s) => s.next((m) => m.event === 'subscription_confirmed')));
    const res = await notify(alice, {
      event: 'upload_complete',
      message: 'Upload Successful',
      extras: { result_url: '/files/1', event: 'spoofed', user_id: bob.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, user_id: alice.id, event: 'upload_complete', local_connections: 2 });
    for (const s of [a1, a2]) {
      const m = await s.next((x) => x.event === 'upload_complete');
      expect(m).toMatchObject({ message: 'Upload Successful', user_id: alice.id, result_url: '/files/1' });
      expect(typeof m.timestamp).toBe('string');
    }
    await sleep(200);
    expect(b1.messages.find((m) => m.event === 'upload_complete' || m.event === 'spoofed')).toBeUndefined();
    await Promise.all([a1, a2, b1].map((s) => s.close()));
  });

  test('test notification: another user id is 403, missing fields 422, a timestamp is kept', async () => {
    const forbidden = await notify(alice, { event: 'x', message: 'y', user_id: bob.id });
    expect(forbidden.status).toBe(403);
    const missing = await notify(alice, { event: '', message: '' });
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0].msg).toBe('Event and message are required');
    expect((await notify(alice, { event: 'a b', message: 'm' })).status).toBe(422);
    expect((await t.request('POST', '/api/v1/test/websocket-notification', { json: { event: 'x', message: 'y' } })).status).toBe(401);

    const s = await t.openSocket('/ws/connect', alice.token);
    await s.next((m) => m.event === 'subscription_confirmed');
    const ok = await notify(alice, { event: 'custom', message: 'hi', user_id: alice.id, timestamp: '2024-01-02T03:04:05+02:00' });
    expect(ok.status).toBe(200);
    expect(await s.next((m) => m.event === 'custom')).toMatchObject({ timestamp: '2024-01-02T01:04:05.000Z' });
    await s.close();
  });

  test('a closed socket is forgotten', async () => {
    const u = await t.registerUser();
    const s = await t.openSocket('/ws/connect', u.token);
    await s.next((m) => m.event === 'subscription_confirmed');
    expect(t.app.realtime.localConnectionCount(u.id)).toBe(1);
    await s.close();
    await sleep(50);
    expect(t.app.realtime.localConnectionCount(u.id)).toBe(0);
  });
});
