#!/usr/bin/env node
/* global process, console */
// Regenerates the typed client's sources from the API as it is now:
//   generated/openapi.json   the API's OpenAPI document (built without a running server)
//   src/generated/api.d.ts   its TypeScript types (openapi-typescript)
// `--check` writes nothing and exits 1 when either checked-in file differs (the test
// src/generated.test.ts runs the same comparison in `npm test`).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFiles, GENERATED } from './generated-files.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const check = process.argv.includes('--check');

const doc = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'openapi-document.ts')], {
  cwd: path.join(here, '..'),
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (doc.status !== 0) {
  console.error('Building the OpenAPI document failed');
  process.exit(doc.status ?? 1);
}
const files = await generatedFiles(doc.stdout);
let stale = 0;
for (const [rel, text] of Object.entries(files)) {
  const file = path.join(GENERATED.root, rel);
  let current = null;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    current = null;
  }
  if (current === text) continue;
  if (check) {
    console.error(`${rel} is not current: run \`npm run generate -w @quarry/cli\` and commit it`);
    stale += 1;
  } else {
    writeFileSync(file, text);
    console.log(`wrote ${rel} (${text.length} characters)`);
  }
}
process.exit(stale ? 1 : 0);
