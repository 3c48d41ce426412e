#!/usr/bin/env node
// `npm test`: every unit, component and API test (turbo), then the browser suite,
// then one total line. Exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = process.env.TEST_RESULTS_DIR ?? path.join(root, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
const env = { ...process.env, TEST_RESULTS_DIR: resultsDir };

function run(cmd, args) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, env });
  return r.status ?? 1;
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// One task at a time: the machines have two cores and the API suites start databases.
const unit = run(npx, ['turbo', 'run', 'test', '--filter=!@quarry/e2e', '--concurrency=1', '--continue']);
const build = run(npx, ['turbo', 'run', 'build']);
const e2e = build === 0 ? run(npm, ['test', '-w', '@quarry/e2e']) : 1;

spawnSync(process.execPath, [path.join(root, 'scripts/test-summary.mjs'), 'tests'], { stdio: 'inherit', env });
process.exit(unit || build || e2e ? 1 : 0);
