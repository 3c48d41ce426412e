// Database start-up: the embedded lockfile, migrations applied once and idempotent,
// first-start seeds, data kept across restarts, the admin account from the environment.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { openDatabase, rows } from '.';
import { DataDirLockedError } from './lock';
import { longestStall } from '../testing/event-loop';
import { migrationsFolder } from '../paths';
import { upsertSuperuser } from '../modules/users/service';

const migrationCount = (): number =>
  (JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
import { createTestDatabase, isPostgresRun, startTestApp, TEST_PASSWORD, testConfig } from '../testing/helpers';

describe('embedded database (PGlite)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'quarry-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('a fresh directory is initialised and migrated; a second open in this process is refused', async () => {
    const config = testConfig({ dataDir: dir, databaseUrl: null });
    const first = await openDatabase(config);
    try {
      expect(readFileSync(path.join(dir, 'pg.lock'), 'utf8').trim()).toBe(String(process.pid));
      const tables = await rows<{ n: number }>(first.db, sql`select count(*)::int as n from information_schema.tables where table_name = 'users'`);
      expect(tables[0]!.n).toBe(1);
      await expect(openDatabase(config)).rejects.toThrow(DataDirLockedError);
      await expect(openDatabase(config)).rejects.toThrow(/already in use by another Quarry API process/);
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dir, 'pg.lock'))).toBe(false);
    // reopening applies no migration twice
    const again = await openDatabase(config);
    const applied = await rows<{ n: number }>(again.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied[0]!.n).toBe(migrationCount());
    await again.close();
    // a fresh PGlite directory's initdb and every migration: ≈ 5 s idle, over 30 s while CI's
    // other lane runs the browser suite on the same two cores
  }, 120_000);

  test('a lock held by another live process is refused with its pid; a stale lock is taken over', async () => {
    const template = process.env.QUARRY_TEST_PG_TEMPLATE; // skip a second initdb when possible
    if (template) cpSync(template, path.join(dir, 'pg'), { recursive: true });
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
    const exited = new Promise((r) => holder.once('exit', r));
    try {
      writeFileSync(path.join(dir, 'pg.lock'), `${holder.pid}\n`);
      const config = testConfig({ dataDir: dir, databaseUrl: null });
      await expect(openDatabase(config)).rejects.toThrow(new RegExp(`pid ${holder.pid}`));
      holder.kill('SIGKILL');
      await exited;
      const db = await openDatabase(config);
      expect(readFileSync(path.join(dir, 'pg.lock'), 'utf8').trim()).toBe(String(process.pid));
      await db.close();
    } finally {
      if (holder.exitCode === null) holder.kill('SIGKILL');
    }
    // opening PGlite twice (initdb when no template is given) takes tens of seconds beside other suites
  }, 120_000);

  test('a long query of the embedded database leaves the event loop free', async () => {
    const template = process.env.QUARRY_TEST_PG_TEMPLATE; // skip a second initdb when possible
    if (template) cpSync(template, path.join(dir, 'pg'), { recursive: true });
    const opened = await openDatabase(testConfig({ dataDir: dir, databaseUrl: null }));
    try {
      const { stallMs, tookMs } = await longestStall(() =>
        rows(opened.db, sql`select count(*) from generate_series(1, 1000) a, generate_series(1, 4000) b where (a * b) % 7 = 3`),
      );
      expect(tookMs).toBeGreaterThan(200); // else the query proves nothing
      // On the main thread the loop would stall for the whole query; in its own thread only for
      // what the machine's load costs any timer (over 100 ms beside the browser suite and an
      // image build), so the bound is a share of the query's time, not a fixed figure.
      expect(stallMs).toBeLessThan(tookMs / 2);
    } finally {
      await opened.close();
    }
  }, 120_000);

  test('the server process itself exits with the clear message when the directory is locked', async () => {
    writeFileSync(path.join(dir, 'pg.lock'), `${process.pid}\n`); // this jest process is alive
    const child = spawn(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, '..', 'main.ts')], {
      env: { ...process.env, NODE_OPTIONS: '', DATA_DIR: dir, DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const code = await new Promise((r) => child.once('exit', r));
    expect(code).toBe(1);
    expect(out).toMatch(/already in use by another Quarry API process \(pid \d+/);
  }, 120_000);
});

describe('start-up on the configured database', () => {
  test('restart keeps data, seeds resource types only once, and bootstraps the admin from the environment', async () => {
    const db = await createTestDatabase();
    const keep = { ...db, drop: async () => undefined };
    try {
      const adminEmail = 'root-admin@example.com';
      const first = await startTestApp({ admin: { email: adminEmail, password: 'Bedrock-Admin-77' } }, keep);
      const login = await first.login(adminEmail, 'Bedrock-Admin-77');
      expect(login.status).toBe(200);
      const me = await first.request('GET', '/api/v1/users/me', { token: login.body.access_token });
      expect(me.body).toMatchObject({ email: adminEmail, is_superuser: true, is_verified: true });
      const u = await first.registerUser();
      const types = (await first.request('GET', '/api/v1/admin/resource-types', { token: login.body.access_token })).body.resource_types;
      const storage = types.find((r: { name: string }) => r.name === 'storage_used');
      expect((await first.request('DELETE', `/api/v1/admin/resource-types/${storage.id}`, { token: login.body.access_token })).status).toBe(204);
      await first.close();

      // second start: another admin in the environment is NOT created (a superuser exists)
      const second = await startTestApp({ admin: { email: 'other-admin@example.com', password: 'Bedrock-Admin-88' } }, keep);
      expect((await second.login(u.email, TEST_PASSWORD)).status).toBe(200);
      expect((await second.login('other-admin@example.com', 'Bedrock-Admin-88')).status).toBe(401);
      const again = await second.login(adminEmail, 'Bedrock-Admin-77');
      const names = (await second.request('GET', '/api/v1/admin/resource-types', { token: again.body.access_token })).body.resource_types.map((r: { name: string }) => r.name);
      expect(names).not.toContain('storage_used'); // the admin's deletion sticks
      expect(names).toHaveLength(3);
      // tokens signed by the first run stay valid (the secret is persisted)
      expect((await second.request('GET', '/api/v1/users/me', { token: u.token })).status).toBe(200);
      await second.close();
    } finally {
      await db.drop();
    }
  }, 60_000);

  test('a weak QUARRY_ADMIN_PASSWORD stops the start with a clear error', async () => {
    const db = await createTestDatabase();
    try {
      const config = testConfig({ dataDir: db.dataDir, databaseUrl: db.databaseUrl, admin: { email: 'a@example.com', password: 'password' } });
      await expect(buildApp(config)).rejects.toThrow(/QUARRY_ADMIN_PASSWORD rejected/);
      // the failed start released the database: a normal start works
      const ok = await buildApp(testConfig({ dataDir: db.dataDir, databaseUrl: db.databaseUrl }));
      await ok.close();
    } finally {
      await db.drop();
    }
    // two starts of the database: under a loaded CI machine each can take tens of seconds
  }, 120_000);

  test('replicas started together each ensure the admin of the environment: one creates, the other promotes', async () => {
    const db = await createTestDatabase();
    try {
      const config = testConfig({ dataDir: db.dataDir, databaseUrl: db.databaseUrl });
      const opened = await openDatabase(config);
      const input = { email: 'twin-admin@example.com', passwordHash: 'x', resetPassword: false, initialCredits: 0 };
      // on a server each call has a connection of its own: both find no row, both insert
      const results = await Promise.all([upsertSuperuser(opened.db, input), upsertSuperuser(opened.db, input)]);
      expect(results.map((r) => r.action).sort()).toEqual(['created', 'promoted']);
      expect(results[0]!.user.id).toBe(results[1]!.user.id);
      await opened.close();
    } finally {
      await db.drop();
    }
  });

  (isPostgresRun() ? test : test.skip)('PostgreSQL: several processes may migrate at once (advisory lock)', async () => {
    const db = await createTestDatabase();
    try {
      const config = testConfig({ dataDir: db.dataDir, databaseUrl: db.databaseUrl });
      const opened = await Promise.all([openDatabase(config), openDatabase(config), openDatabase(config)]);
      const applied = await rows<{ n: number }>(opened[0]!.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied[0]!.n).toBe(migrationCount());
      await Promise.all(opened.map((d) => d.close()));
    } finally {
      await db.drop();
    }
  });
});
