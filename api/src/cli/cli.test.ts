// The command-line tools, run as real processes against a fresh database, then checked
// through the API: create-superuser (create, promote, refuse weak input) and seed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { apiPackageRoot } from '../paths';
import { createTestDatabase, startTestApp } from '../testing/helpers';

type Db = Awaited<ReturnType<typeof createTestDatabase>>;

function runCli(script: string, args: string[], db: Db): Promise<{ code: number | null; out: string }> {
  const root = apiPackageRoot();
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), path.join(root, 'src/cli', script), ...args], {
    cwd: root,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl ?? '',
      ARGON2_MEMORY_KIB: '256',
      ARGON2_TIME_COST: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

test('create-superuser creates, promotes and refuses; seed adds the demo account and data', async () => {
  const db = await createTestDatabase();
  try {
    const weak = await runCli('create-superuser.ts', ['--email', 'boss@example.com', '--password', 'password'], db);
    expect(weak.code).toBe(2);
    expect(weak.out).toMatch(/security requirements/);

    const created = await runCli('create-superuser.ts', ['--email', 'Boss@Example.com', '--password', 'Slate-Mine-2931'], db);
    expect(created.out).toMatch(/Superuser boss@example\.com created/);
    expect(created.code).toBe(0);

    const seeded = await runCli('seed.ts', [], db);
    expect(seeded.code).toBe(0);
    expect(seeded.out).toMatch(/demo@example\.com/);
    const again = await runCli('seed.ts', [], db);
    expect(again.out).toMatch(/already exists/);

    const t = await startTestApp({}, { ...db, drop: async () => undefined });
    try {
      const boss = await t.login('boss@example.com', 'Slate-Mine-2931');
      expect(boss.status).toBe(200);
      const me = await t.request('GET', '/api/v1/users/me', { token: boss.body.access_token });
      expect(me.body.is_superuser).toBe(true);

      const demo = await t.login('demo@example.com', 'Quarry-Demo-2024!');
      expect(demo.status).toBe(200);
      const token = demo.body.access_token;
      const mine = await t.request('GET', '/api/v1/credit-requests/my-requests', { token });
      expect(mine.body.total_count).toBe(3);
      expect(mine.body.credit_requests.map((r: { status: string }) => r.status).sort()).toEqual(['approved', 'pending', 'rejected']);
      expect((await t.request('GET', '/api/v1/users/me', { token })).body.credit_balance).toBe(600);
      expect((await t.request('GET', '/api/v1/feedback/', { token })).body.total_count).toBe(4);

      // promote an existing user, replacing the password
      const u = await t.registerUser();
      await t.close();
      const promoted = await runCli('create-superuser.ts', [`--email=${u.email}`, '--password=Basalt-Ridge-4417'], db);
      expect(promoted.code).toBe(0);
      expect(promoted.out).toMatch(/is now a superuser/);
      const t2 = await startTestApp({}, { ...db, drop: async () => undefined });
      const login = await t2.login(u.email, 'Basalt-Ridge-4417');
      expect(login.status).toBe(200);
      expect((await t2.request('GET', '/api/v1/users/me', { token: login.body.access_token })).body.is_superuser).toBe(true);
      await t2.close();
    } finally {
      await t.close().catch(() => undefined);
    }
  } finally {
    await db.drop();
  }
}, 90_000);
