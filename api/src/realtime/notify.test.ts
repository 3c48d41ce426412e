// Fan-out between two API processes through PostgreSQL LISTEN/NOTIFY: process A is this
// jest process, process B a real child process (`tsx src/main.ts`) on the same database.
// Needs a PostgreSQL server, so it runs when TEST_DATABASE_URL is set (skipped otherwise).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { realtimePayloads } from '../db/schema';
import { apiPackageRoot } from '../paths';
import { MAX_INLINE_PAYLOAD_BYTES } from './pg-transport';
import {
  authProtocol,
  connectSocket,
  createTestDatabase,
  isPostgresRun,
  sleep,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../testing/helpers';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

const describePg = isPostgresRun() ? describe : describe.skip;

describePg('NOTIFY fan-out between two API processes', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: TestApp;
  let child: ChildProcess;
  let bUrl: string;
  let childExit: Promise<number | null>;
  let user: TestUser;
  let childLog = '';

  beforeAll(async () => {
    db = await createTestDatabase();
    a = await startTestApp({}, { ...db, drop: async () => undefined });
    const port = await freePort();
    bUrl = `127.0.0.1:${port}`;
    const root = apiPackageRoot();
    child = spawn(process.execPath, [require.resolve('tsx/cli'), path.join(root, 'src/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        DATABASE_URL: db.databaseUrl!,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ARGON2_MEMORY_KIB: '256',
        ARGON2_TIME_COST: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (childLog += d));
    child.stderr!.on('data', (d) => (childLog += d));
    childExit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    for (let i = 0; ; i += 1) {
      try {
        const res = await fetch(`http://${bUrl}/api/v1/health`);
        if (res.ok) break;
      } catch {
        /* not up yet */
      }
      if (i > 150 || child.exitCode !== null) throw new Error(`process B did not start:\n${childLog}`);
      await sleep(100);
    }
    user = await a.registerUser();
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await a?.close();
    await db?.drop();
  });

  test('an event published in process A reaches a socket connected to process B', async () => {
    const s = await connectSocket(`ws://${bUrl}/ws/connect`, [authProtocol(user.token)]);
    await s.next((m) => m.event === 'subscription_confirmed');
    const res = await a.request('POST', '/api/v1/test/websocket-notification', {
      token: user.token,
      json: { event: 'upload_complete', message: 'Upload Successful', extras: { result_url: '/files/x' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.local_connections).toBe(0); // nobody on A: delivery went through NOTIFY
    expect(await s.next((m) => m.event === 'upload_complete')).toMatchObject({ user_id: user.id, result_url: '/files/x' });
    await s.close();
  });

  test('payloads above the NOTIFY limit travel through the payload table', async () => {
    const s = await connectSocket(`ws://${bUrl}/ws/connect`, [authProtocol(user.token)]);
    await s.next((m) => m.event === 'subscription_confirmed');
    const big = 'é'.repeat(MAX_INLINE_PAYLOAD_BYTES);
    await a.app.realtime.publishToUser(user.id, { event: 'job_update', message: 'big', blob: big });
    const m = await s.next((x) => x.event === 'job_update');
    expect(m.blob).toBe(big);
    const stored = await a.app.database.db.select().from(realtimePayloads);
    expect(stored.length).toBeGreaterThan(0);
    await s.close();
  });

  test('process B publishes back to a socket on process A; other users get nothing', async () => {
    const other = await a.registerUser();
    const mine = await a.openSocket('/ws/connect', user.token);
    const theirs = await a.openSocket('/ws/connect', other.token);
    await mine.next((m) => m.event === 'subscription_confirmed');
    await theirs.next((m) => m.event === 'subscription_confirmed');
    const res = await fetch(`http://${bUrl}/api/v1/test/websocket-notification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ event: 'processing_complete', message: 'done' }),
    });
    expect(res.status).toBe(200);
    await mine.next((m) => m.event === 'processing_complete');
    await sleep(200);
    expect(theirs.messages.find((m) => m.event === 'processing_complete')).toBeUndefined();
    await mine.close();
    await theirs.close();
  });

  test('process B shuts down gracefully on SIGTERM, closing its sockets with 1001', async () => {
    const s = await connectSocket(`ws://${bUrl}/ws/connect`, [authProtocol(user.token)]);
    await s.next((m) => m.event === 'subscription_confirmed');
    child.kill('SIGTERM');
    expect((await s.closed).code).toBe(1001);
    expect(await childExit).toBe(0);
  });
});
