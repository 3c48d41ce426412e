// A cap on sockets per user (WS_MAX_SOCKETS_PER_USER, per API process): one more is closed
// with 4429 and a reason; closing one makes room; other users are not affected.
import { WS_CLOSE_CODES } from '@quarry/shared/constants';
import { startTestApp, type TestApp, type TestSocket } from '../testing/helpers';

const MAX = 3;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ws: { maxSocketsPerUser: MAX } });
});
afterAll(() => t.close());

test('the socket over the cap is closed with 4429; closing one makes room', async () => {
  const alice = await t.registerUser();
  const bob = await t.registerUser();
  const open: TestSocket[] = [];
  for (let i = 0; i < MAX; i++) {
    const s = await t.openSocket(i % 2 ? `/ws/session/${alice.id}` : '/ws/connect', alice.token);
    await s.next((m) => m.event === 'connected');
    open.push(s);
  }
  // several at once over the cap: every one refused, none slips through
  const extra = await Promise.all([1, 2, 3].map(() => t.openSocket('/ws/connect', alice.token)));
  for (const s of extra) {
    expect(await s.closed).toEqual({ code: WS_CLOSE_CODES.TOO_MANY_CONNECTIONS, reason: `Too many connections: at most ${MAX} per user` });
  }
  expect(t.app.realtime.localConnectionCount(alice.id)).toBe(MAX);

  const other = await t.openSocket('/ws/connect', bob.token);
  await other.next((m) => m.event === 'connected');

  await open.pop()!.close();
  for (let i = 0; i < 50 && t.app.realtime.localConnectionCount(alice.id) >= MAX; i++) await new Promise((r) => setTimeout(r, 20));
  const again = await t.openSocket('/ws/connect', alice.token);
  expect((await again.next((m) => m.event === 'connected')).event).toBe('connected');
});
