// /health and the other routes while the database cannot be reached: 503 with Retry-After and
// a detail naming the reason, then 200 again once it is back, without a restart.
// (The embedded database's equivalent, a disk with no room, is in storage/full-disk.test.ts.)
import net from 'node:net';
import { createTestDatabase, isPostgresRun, startTestApp, type TestApp } from '../../testing/helpers';

test('/health answers 200 with the database kind while the database answers', async () => {
  const t = await startTestApp();
  try {
    const res = await t.request('GET', '/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.body.database).toBe(isPostgresRun() ? 'postgres' : 'pglite');
  } finally {
    await t.close();
  }
});

/** A TCP relay to the PostgreSQL server that can be cut (listener closed, live connections dropped) and restored. */
async function relay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(p));
    });
  });
  const up = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          // unref'd: a client the app has not closed yet must not keep the test process alive
          s.unref();
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      // the listener outlives the suite (nothing cuts it at the end, which would fail the
      // connections still closing with 'Connection terminated'): unref'd, it keeps nothing alive
      server.unref();
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server?.close(() => resolve());
    });
  await up();
  return { port, up, down };
}

const describePg = isPostgresRun() ? describe : describe.skip;

describePg('the PostgreSQL server goes away (server mode)', () => {
  let t: TestApp;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let link: Awaited<ReturnType<typeof relay>>;
  let token: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    link = await relay(new URL(db.databaseUrl!));
    const url = new URL(db.databaseUrl!);
    url.host = `127.0.0.1:${link.port}`;
    t = await startTestApp({ databaseUrl: url.toString() }, { ...db, databaseUrl: url.toString() });
    token = (await t.registerUser()).token;
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  test('/health and other routes answer 503 with Retry-After and the reason, fast, and recover when it is back', async () => {
    await link.down();
    for (const p of ['/api/v1/health', '/api/v1/users/me', '/api/v1/files/my-files']) {
      const started = Date.now();
      const res = await t.request('GET', p, { token });
      expect({ p, status: res.status }).toEqual({ p, status: 503 });
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body.detail).toMatch(/^The database is unreachable \((connection refused|the connection was lost or timed out|connection reset)\)/);
      expect(Date.now() - started).toBeLessThan(6000);
    }
    const login = await t.request('POST', '/api/v1/auth/login', { form: { username: 'nobody@example.com', password: 'x' } });
    expect(login.status).toBe(503);

    await link.up();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await t.request('GET', '/api/v1/health')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    expect((await t.request('GET', '/api/v1/users/me', { token })).status).toBe(200);
  });
});
