// What every bench that starts the API needs: a free loopback port, a pause, and a temporary
// database on a PostgreSQL server (created for the run, dropped after it).
/* global setTimeout */
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'api');
const require = createRequire(path.join(apiRoot, 'package.json'));

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A port nothing listens on right now (the OS's choice), on 127.0.0.1. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/**
 * A new empty database named `<prefix>_<time>` on the server of `adminUrl`; `drop()` removes
 * it (connections closed by force).
 */
export async function temporaryDatabase(adminUrl, prefix) {
  const pg = require('pg');
  const name = `${prefix}_${Date.now().toString(36)}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: adminUrl });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
}
