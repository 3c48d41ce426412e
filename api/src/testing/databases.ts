// Where the API tests keep their databases and files, and the migrated templates each test
// file's fresh database is copied from. Imported by the jest globalSetup (outside the test
// VMs) and by helpers.ts, so it stays free of the app's modules.
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder } from '../paths';

/**
 * The folder test data goes in: QUARRY_TEST_TMPDIR, else /dev/shm when it is a writable
 * folder (Linux: memory-backed), else the OS temp folder. A test file's data folder is a
 * 41 MB copy of the migrated template, written before the file's first test and removed after
 * its last: on an ext4 disk mounted with `discard` that cost 1-2 s to copy and 2-2.5 s to
 * remove per file (load 7), on /dev/shm 0.2-0.7 s and 0.1-0.4 s. PGlite reads and writes it
 * through the same on-disk code as the product's DATA_DIR; only the medium differs.
 */
export function testTmpRoot(): string {
  const chosen = process.env.QUARRY_TEST_TMPDIR;
  if (chosen) {
    mkdirSync(chosen, { recursive: true });
    return chosen;
  }
  const shm = '/dev/shm';
  try {
    if (process.platform === 'linux' && statSync(shm).isDirectory()) {
      accessSync(shm, constants.W_OK);
      return shm;
    }
  } catch {
    // not there or not writable: the OS temp folder
  }
  return tmpdir();
}

/**
 * Removes test data folders (`quarry-test-*`) older than `maxAgeMs` from `root`: what test
 * files that were killed mid-run left behind. On /dev/shm they would hold memory until the
 * next reboot. Answers how many it removed.
 */
export function removeStaleTestDirs(root: string, maxAgeMs = 12 * 60 * 60 * 1000, now = Date.now()): number {
  let removed = 0;
  for (const name of readdirSync(root)) {
    if (!name.startsWith('quarry-test-')) continue;
    const dir = path.join(root, name);
    try {
      if (now - statSync(dir).mtimeMs > maxAgeMs) {
        rmSync(dir, { recursive: true, force: true });
        removed += 1;
      }
    } catch {
      // removed meanwhile by its own test file
    }
  }
  return removed;
}

/** A short hash of the migrations: a template is reused only for the migrations it was made with. */
export function migrationsHash(): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const f of readdirSync(folder).sort()) {
    if (f.endsWith('.sql')) hash.update(f).update(readFileSync(path.join(folder, f)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The migrated PGlite data folder for these migrations (made by the globalSetup when missing). */
export function pgliteTemplatePath(): string {
  return path.join(testTmpRoot(), `quarry-pglite-template-${migrationsHash()}`);
}

export const hasPgliteTemplate = (template: string): boolean => existsSync(path.join(template, 'PG_VERSION'));

/** The name of the migrated template database on a PostgreSQL server. */
export function serverTemplateName(): string {
  return `quarry_test_template_${migrationsHash()}`;
}

async function query(url: string, sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Makes sure the server at `adminUrl` holds a migrated template database for these migrations
 * (built under a temporary name by `migrate`, then renamed, so a test run beside this one never
 * copies a half-migrated one). Each test file's database is then `CREATE DATABASE … TEMPLATE`
 * it: about 0.5 s where creating an empty one and running every migration took 2.5-3 s.
 * The API still runs its migrator when it opens the copy; it finds nothing left to apply.
 */
export async function ensureServerTemplate(adminUrl: string, migrate: (url: string) => Promise<void>): Promise<string> {
  const name = serverTemplateName();
  const exists = async () => (await query(adminUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  if (await exists()) return name;
  const building = `${name}_b${process.pid}`;
  await query(adminUrl, `DROP DATABASE IF EXISTS ${building}`);
  await query(adminUrl, `CREATE DATABASE ${building}`);
  try {
    await migrate(withDatabase(adminUrl, building));
    await query(adminUrl, `ALTER DATABASE ${building} RENAME TO ${name}`);
  } catch (err) {
    await query(adminUrl, `DROP DATABASE IF EXISTS ${building} WITH (FORCE)`).catch(() => undefined);
    // another run renamed its own copy first: that one serves
    if (await exists()) return name;
    throw err;
  }
  return name;
}
