import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database of its own on a PostgreSQL server for the suite's API, dropped afterwards. CI
 * provides a server (QUARRY_TEST_SERVER_URL); there the API answers the browser tests from it
 * instead of the embedded PGlite, which spends a core's time on the same queries in WebAssembly
 * while the API test lane needs that core. Without a server the suite keeps the embedded one,
 * as `npm start` does on a fresh machine.
 */
export async function createServerDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `quarry_e2e_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

async function withClient<T>(connectionString: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
