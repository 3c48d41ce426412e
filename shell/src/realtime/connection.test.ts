import { createEventBus, type AppNotification, type SocketMessage } from '@quarry/shared';
import {
  CONNECTION_LOST_MESSAGE,
  CONNECTION_LOST_TITLE,
  RealtimeConnection,
  authProtocol,
  base64url,
  connectUrl,
  reconnectDelay,
  type SocketLike,
} from './connection';

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: SocketMessage[] = [];
  closedWith: number | undefined;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as SocketMessage);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // server side
  accept() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(msg: SocketMessage) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!;

function setup(token: string | null = 'tok.en-1') {
  FakeSocket.all = [];
  const bus = createEventBus();
  const notifications: AppNotification[] = [];
  bus.notifications$.subscribe((n) => notifications.push(n));
  const received: SocketMessage[] = [];
  bus.all$.subscribe((m) => received.push(m));
  let current = token;
  const refreshToken = jest.fn(async () => {
    current = 'fresh-token';
    return current;
  });
  const conn = new RealtimeConnection({
    bus,
    createSocket: (url, protocols) => new FakeSocket(url, protocols),
    url: () => 'ws://app.test/ws/connect?channels=general,jobs',
    getToken: () => current,
    refreshToken,
  });
  return { bus, conn, notifications, received, refreshToken };
}

/** Lets the connection's async open() run. */
const flush = async () => {
  await Promise.resolve();
  await Promise.resolve();
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('reconnectDelay', () => {
  it('is 1 s doubling, capped at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});

describe('url and protocol', () => {
  it('uses the page origin with both channels', () => {
    expect(connectUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws/connect?channels=general,jobs');
    expect(connectUrl({ protocol: 'https:', host: 'q.example' })).toBe('wss://q.example/ws/connect?channels=general,jobs');
  });

  it('puts the token base64url-encoded behind auth.', () => {
    expect(base64url('a+b/c?')).toBe(Buffer.from('a+b/c?').toString('base64url'));
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig_-x';
    expect(authProtocol(jwt)).toBe(`auth.${Buffer.from(jwt).toString('base64url')}`);
    expect(authProtocol(jwt)).toMatch(/^auth\.[A-Za-z0-9_-]+$/);
  });
});

describe('RealtimeConnection', () => {
  it('connects with the token, feeds the bus, answers server pings and registers a sender', async () => {
    const { bus, conn, received } = setup();
    conn.start('user-1');
    await flush();
    const socket = latest();
    expect(socket.url).toBe('ws://app.test/ws/connect?channels=general,jobs');
    expect(socket.protocols).toEqual([authProtocol('tok.en-1')]);
    expect(bus.getConnectionState()).toBe('connecting');
    socket.accept();
    expect(bus.getConnectionState()).toBe('connected');
    socket.push({ event: 'connected', message: 'hi' });
    socket.push({ event: 'ping' });
    expect(received.map((m) => m.event)).toEqual(['connected', 'ping']);
    expect(socket.sent).toEqual([expect.objectContaining({ event: 'pong' })]);
    expect(bus.send({ event: 'subscribe', channels: ['jobs'] })).toBe(true);
    expect(socket.sent[1]).toEqual({ event: 'subscribe', channels: ['jobs'] });
  });

  it('retries after 1, 2, 4, 8 and 16 s, then reports Connection Lost once and stops', async () => {
    const { bus, conn, notifications } = setup();
    conn.start('user-1');
    await flush();
    latest().accept();
    const delays = [1000, 2000, 4000, 8000, 16000];
    for (const delay of delays) {
      const before = FakeSocket.all.length;
      latest().drop(1006);
      expect(bus.getConnectionState()).toBe('connecting');
      jest.advanceTimersByTime(delay - 1);
      await flush();
      expect(FakeSocket.all.length).toBe(before);
      jest.advanceTimersByTime(1);
      await flush();
      expect(FakeSocket.all.length).toBe(before + 1);
    }
    expect(FakeSocket.all.length).toBe(6);
    latest().drop(1006);
    expect(bus.getConnectionState()).toBe('error');
    expect(notifications).toEqual([
      expect.objectContaining({ title: CONNECTION_LOST_TITLE, message: CONNECTION_LOST_MESSAGE, status: 'warning' }),
    ]);
    jest.advanceTimersByTime(120_000);
    await flush();
    expect(FakeSocket.all.length).toBe(6);
  });

  it('does not retry after a normal close (1000)', async () => {
    const { bus, conn } = setup();
    conn.start('user-1');
    await flush();
    latest().accept();
    latest().drop(1000);
    expect(bus.getConnectionState()).toBe('disconnected');
    jest.advanceTimersByTime(60_000);
    await flush();
    expect(FakeSocket.all.length).toBe(1);
  });

  it('starts the count again once a message arrives on a new socket', async () => {
    const { conn } = setup();
    conn.start('user-1');
    await flush();
    latest().drop(1006);
    jest.advanceTimersByTime(1000);
    await flush();
    latest().drop(1006);
    expect(conn.reconnectAttempts).toBe(2);
    jest.advanceTimersByTime(2000);
    await flush();
    latest().accept();
    latest().push({ event: 'connected' });
    expect(conn.reconnectAttempts).toBe(0);
    latest().drop(1006);
    jest.advanceTimersByTime(999);
    await flush();
    expect(FakeSocket.all.length).toBe(3);
    jest.advanceTimersByTime(1);
    await flush();
    expect(FakeSocket.all.length).toBe(4);
  });

  it('closes normally on stop and on a user change', async () => {
    const { bus, conn } = setup();
    conn.start('user-1');
    await flush();
    const first = latest();
    first.accept();
    conn.start('user-2');
    await flush();
    expect(first.closedWith).toBe(1000);
    expect(FakeSocket.all.length).toBe(2);
    latest().accept();
    conn.stop();
    expect(latest().closedWith).toBe(1000);
    expect(bus.getConnectionState()).toBe('disconnected');
    expect(bus.send({ event: 'ping' })).toBe(false);
    jest.advanceTimersByTime(60_000);
    await flush();
    expect(FakeSocket.all.length).toBe(2);
  });

  it('fetches a fresh token after an unauthorized close (4401) or when it has none', async () => {
    const { conn, refreshToken } = setup(null);
    conn.start('user-1');
    await flush();
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(latest().protocols).toEqual([authProtocol('fresh-token')]);
    latest().drop(4401);
    jest.advanceTimersByTime(1000);
    await flush();
    expect(refreshToken).toHaveBeenCalledTimes(2);
    expect(FakeSocket.all.length).toBe(2);
  });

  describe('ping test', () => {
    it('goes testing → success on the pong → idle after 2.5 s', async () => {
      const { conn } = setup();
      const states: string[] = [];
      conn.pingTest$.subscribe((s) => states.push(s));
      conn.start('user-1');
      await flush();
      latest().accept();
      expect(conn.testPing()).toBe(true);
      expect(latest().sent.at(-1)).toEqual(expect.objectContaining({ event: 'ping' }));
      expect(conn.getPingTestState()).toBe('testing');
      latest().push({ event: 'pong' });
      expect(conn.getPingTestState()).toBe('success');
      jest.advanceTimersByTime(2499);
      expect(conn.getPingTestState()).toBe('success');
      jest.advanceTimersByTime(1);
      expect(states).toEqual(['idle', 'testing', 'success', 'idle']);
    });

    it('fails after 5 s without a pong, then idles after 2.5 s', async () => {
      const { conn } = setup();
      conn.start('user-1');
      await flush();
      latest().accept();
      conn.testPing();
      jest.advanceTimersByTime(4999);
      expect(conn.getPingTestState()).toBe('testing');
      jest.advanceTimersByTime(1);
      expect(conn.getPingTestState()).toBe('failed');
      jest.advanceTimersByTime(2500);
      expect(conn.getPingTestState()).toBe('idle');
    });

    it('does nothing unless connected', async () => {
      const { conn } = setup();
      expect(conn.testPing()).toBe(false);
      conn.start('user-1');
      await flush();
      expect(conn.testPing()).toBe(false);
      expect(conn.getPingTestState()).toBe('idle');
    });
  });
});
