#!/usr/bin/env node
// Runs jest for the package in the current directory and keeps a JSON report in
// <repo>/.test-results so `npm test` and CI can print one honest total.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(process.cwd(), 'package.json'), 'utf8'));
const resultsDir = process.env.TEST_RESULTS_DIR ?? path.join(root, '.test-results');
mkdirSync(resultsDir, { recursive: true });
const suffix = process.env.JEST_REPORT_SUFFIX ? `-${process.env.JEST_REPORT_SUFFIX}` : '';
const outputFile = path.join(resultsDir, `jest-${pkg.name.replace(/[@/]/g, '_')}${suffix}.json`);

const require = createRequire(import.meta.url);
const jestBin = require.resolve('jest/bin/jest');
const result = spawnSync(
  process.execPath,
  [jestBin, '--json', `--outputFile=${outputFile}`, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
