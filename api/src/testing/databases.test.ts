// The test kit's own promises: each file's database is a fresh copy of a migrated template,
// kept on a memory-backed folder where the machine has one.
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { removeStaleTestDirs, testTmpRoot } from './databases';
import { createTestDatabase, isPostgresRun } from './helpers';

const linuxShm = process.platform === 'linux' && existsSync('/dev/shm') && !process.env.QUARRY_TEST_TMPDIR;

test('test data goes to /dev/shm on Linux (else QUARRY_TEST_TMPDIR or the OS temp folder)', async () => {
  const root = testTmpRoot();
  expect(root).toBe(linuxShm ? '/dev/shm' : (process.env.QUARRY_TEST_TMPDIR ?? tmpdir()));
  const db = await createTestDatabase();
  try {
    expect(path.dirname(db.dataDir)).toBe(root);
  } finally {
    await db.drop();
  }
  expect(existsSync(db.dataDir)).toBe(false);
});

test('a new test database is already migrated before the API opens it, and empty', async () => {
  const db = await createTestDatabase();
  try {
    if (isPostgresRun()) {
      const client = new pg.Client({ connectionString: db.databaseUrl ?? '' });
      await client.connect();
      try {
        const applied = await client.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
        expect(applied.rows[0].n).toBeGreaterThan(0);
        const users = await client.query('SELECT count(*)::int AS n FROM users');
        expect(users.rows[0].n).toBe(0);
      } finally {
        await client.end();
      }
    } else {
      expect(existsSync(path.join(db.dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    }
  } finally {
    await db.drop();
  }
});

test('the globalSetup removes test data folders left behind more than 12 hours ago, and nothing else', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'quarry-stale-'));
  try {
    for (const name of ['quarry-test-old', 'quarry-test-new', 'other-old']) mkdirSync(path.join(root, name));
    const old = new Date(Date.now() - 13 * 60 * 60 * 1000);
    utimesSync(path.join(root, 'quarry-test-old'), old, old);
    utimesSync(path.join(root, 'other-old'), old, old);
    expect(removeStaleTestDirs(root)).toBe(1);
    expect(existsSync(path.join(root, 'quarry-test-old'))).toBe(false);
    expect(existsSync(path.join(root, 'quarry-test-new'))).toBe(true);
    expect(existsSync(path.join(root, 'other-old'))).toBe(true);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
