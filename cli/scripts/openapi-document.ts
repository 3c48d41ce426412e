// Prints the API's OpenAPI document (JSON) without a running server: builds the Fastify app
// over a throw-away embedded database in a temporary directory, asks it for the document
// after ready(), closes it and removes the directory. Run with tsx (it imports the API's
// TypeScript source): `tsx scripts/openapi-document.ts > generated/openapi.json`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@quarry/api/src/app';
import { loadConfig } from '@quarry/api/src/config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'quarry-openapi-'));
try {
  const config = { ...loadConfig({ NODE_ENV: 'test' }), dataDir, databaseUrl: null, logLevel: 'silent' };
  const app = await buildApp(config);
  try {
    await app.ready();
    process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`);
  } finally {
    await app.close();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
