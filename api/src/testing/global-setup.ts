// jest globalSetup: prepares ONE migrated PGlite data directory per migrations version
// (cached in the OS temp dir). createTestDatabase() copies it for each test file, so a
// file opens an existing database (~0.7 s) instead of running initdb (~3-4 s) again.
// Every test file still gets its own fresh copy. Skipped in PostgreSQL-server runs.
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '../paths';

export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL || process.env.QUARRY_TEST_NO_TEMPLATE) return;
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const f of readdirSync(folder).sort()) {
    if (f.endsWith('.sql')) hash.update(f).update(readFileSync(path.join(folder, f)));
  }
  const template = path.join(tmpdir(), `quarry-pglite-template-${hash.digest('hex').slice(0, 16)}`);
  if (!existsSync(path.join(template, 'PG_VERSION'))) {
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
