// The test kit's own promises: each file's database is a fresh copy of a migrated template,
// kept on a memory-backed folder where the machine has one.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { testTmpRoot } from './databases';
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
