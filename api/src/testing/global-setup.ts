// jest globalSetup: prepares ONE migrated database per migrations version, and each test file
// then gets its own fresh copy of it (helpers.ts, createTestDatabase()):
// - embedded runs: a migrated PGlite data directory (cached in testTmpRoot()); a file copies it
//   and opens an existing database (~0.7 s) instead of running initdb (~3-4 s);
// - PostgreSQL-server runs (TEST_DATABASE_URL): a migrated template database on that server;
//   a file's database is `CREATE DATABASE … TEMPLATE` it instead of every migration again.
// QUARRY_TEST_NO_TEMPLATE=1 turns both off (every file then migrates its own database).
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import { poolWorkerFile } from '../pool';
import { ensureServerTemplate, hasPgliteTemplate, pgliteTemplatePath, removeStaleTestDirs, testTmpRoot } from './databases';

export default async function globalSetup(): Promise<void> {
  removeStaleTestDirs(testTmpRoot());
  // The processing pool's worker script, bundled once for the whole run: a source run bundles
  // it on first use in each module registry, which jest makes anew for every test file (about
  // a second of CPU a file). Child processes the tests start inherit it too.
  process.env.QUARRY_POOL_WORKER ||= await poolWorkerFile();
  if (process.env.QUARRY_TEST_NO_TEMPLATE) return;
  const folder = migrationsFolder();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    process.env.QUARRY_TEST_PG_SERVER_TEMPLATE = await ensureServerTemplate(serverUrl, async (url) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder: folder });
      } finally {
        await client.end();
      }
    });
    return;
  }
  const template = pgliteTemplatePath();
  if (!hasPgliteTemplate(template)) {
    const work = mkdtempSync(`${template}-building-`);
    const client = new PGlite(work);
    await client.waitReady;
    await migrate(drizzle(client), { migrationsFolder: folder });
    await client.close();
    rmSync(template, { recursive: true, force: true });
    renameSync(work, template);
  }
  process.env.QUARRY_TEST_PG_TEMPLATE = template;
}
