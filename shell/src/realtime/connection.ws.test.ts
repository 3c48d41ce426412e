/**
 * @jest-environment node
 */
// The connection manager against a real WebSocket server (the `ws` package, which the API
// uses too): handshake with the auth sub-protocol, server pings, reconnect after an
// abnormal close, no reconnect after a normal one.
import type { AddressInfo } from 'node:net';
import { createEventBus, type SocketMessage } from '@quarry/shared';
import { WebSocket, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { RealtimeConnection, type SocketLike } from './connection';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1LTEifQ.c2lnbmF0dXJl';

interface Server {
  url: string;
  connections: Array<{ socket: ServerSocket; protocol: string; url: string; received: SocketMessage[] }>;
  close: () => Promise<void>;
  nextConnection: () => Promise<Server['connections'][number]>;
}

async function startServer(): Promise<Server> {
  const wss = new WebSocketServer({
    port: 0,
    handleProtocols: (protocols) => {
      const auth = [...protocols].find((p) => p.startsWith('auth.'));
      if (!auth) return false;
      return Buffer.from(auth.slice(5), 'base64url').toString() === TOKEN ? auth : false;
    },
  });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const connections: Server['connections'] = [];
  let waiting: Array<(c: Server['connections'][number]) => void> = [];
  wss.on('connection', (socket, req) => {
    const entry = { socket, protocol: socket.protocol, url: req.url ?? '', received: [] as SocketMessage[] };
    socket.on('message', (data) => entry.received.push(JSON.parse(String(data)) as SocketMessage));
    connections.push(entry);
    socket.send(JSON.stringify({ event: 'connected', message: 'Connected' }));
    const w = waiting;
    waiting = [];
    for (const resolve of w) resolve(entry);
  });
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/ws/connect?channels=general,jobs`,
    connections,
    nextConnection: () => new Promise((resolve) => waiting.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => resolve());
      }),
  };
}

const until = async (check: () => boolean, ms = 4000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('RealtimeConnection against a real WebSocket server', () => {
  let server: Server;
  let conn: RealtimeConnection;
  const bus = createEventBus();
  const received: SocketMessage[] = [];
  bus.all$.subscribe((m) => received.push(m));

  beforeAll(async () => {
    server = await startServer();
    conn = new RealtimeConnection({
      bus,
      createSocket: (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike,
      url: () => server.url,
      getToken: () => TOKEN,
      refreshToken: async () => TOKEN,
    });
  });

  afterAll(async () => {
    conn.stop();
    await server.close();
  });

  it('opens with the auth sub-protocol, feeds the bus and answers pings', async () => {
    const next = server.nextConnection();
    conn.start('u-1');
    const c = await next;
    expect(c.url).toBe('/ws/connect?channels=general,jobs');
    expect(c.protocol.startsWith('auth.')).toBe(true);
    await until(() => bus.getConnectionState() === 'connected' && received.some((m) => m.event === 'connected'));
    c.socket.send(JSON.stringify({ event: 'ping', message: 'ping' }));
    await until(() => c.received.some((m) => m.event === 'pong'));
    c.socket.send(JSON.stringify({ event: 'upload_complete', message: 'a.pdf uploaded' }));
    await until(() => received.some((m) => m.event === 'upload_complete'));
  });

  it('answers the indicator ping test through the server', async () => {
    const c = server.connections.at(-1)!;
    c.socket.on('message', (data) => {
      const msg = JSON.parse(String(data)) as SocketMessage;
      if (msg.event === 'ping') c.socket.send(JSON.stringify({ event: 'pong' }));
    });
    expect(conn.testPing()).toBe(true);
    await until(() => conn.getPingTestState() === 'success');
  });

  it('reconnects about 1 s after an abnormal close', async () => {
    const first = server.connections.at(-1)!;
    const next = server.nextConnection();
    const closedAt = Date.now();
    first.socket.close(1011, 'server restart');
    await until(() => bus.getConnectionState() === 'connecting');
    await next;
    const waited = Date.now() - closedAt;
    expect(waited).toBeGreaterThanOrEqual(950);
    expect(waited).toBeLessThan(3000);
    await until(() => bus.getConnectionState() === 'connected');
  });

  it('stays closed after a normal close', async () => {
    const count = server.connections.length;
    server.connections.at(-1)!.socket.close(1000, 'bye');
    await until(() => bus.getConnectionState() === 'disconnected');
    await new Promise((r) => setTimeout(r, 1500));
    expect(server.connections.length).toBe(count);
  });
});
