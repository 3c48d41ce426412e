#!/usr/bin/env node
// The README promises that `npm install` then `npm test` is all a fresh machine needs.
// This proves the repository half of that promise in CI: it clones the committed tree into
// an empty temporary folder (no node_modules, no dist/, no turbo cache, no data/, nothing
// untracked) and runs the README's two commands there. `npm test` runs with `--smoke`
// (the shared package's tests, every app's build, the platform browser spec): the whole
// suite has just run in the main checkout, so repeating it would only double CI's time
// (docs/decisions/0008-ci-in-two-lanes-in-a-fresh-clone.md).
//
// Prints what it does and one line "fresh-clone: N passed, N failed" (1 check), and writes
// `check-fresh-clone.json` to TEST_RESULTS_DIR for the CI total. Exit code 0 when it passed.
// `--keep` leaves the temporary folder in place.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = process.env.TEST_RESULTS_DIR ?? path.join(root, '.test-results');
const keep = process.argv.includes('--keep');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const tmp = mkdtempSync(path.join(tmpdir(), 'quarry-fresh-clone-'));
const clone = path.join(tmp, 'quarry');
const started = Date.now();
const steps = [];

function step(label, cmd, args, options = {}) {
  const t = Date.now();
  console.log(`\nfresh-clone: $ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...options });
  const ok = r.status === 0;
  steps.push({ label, ok, seconds: Math.round((Date.now() - t) / 1000) });
  return ok;
}

// --full (what CI runs): the whole `npm test` in the clone, its reports written to this
// checkout's results folder so they are the run's totals (nothing runs twice); this check
// then stands for the clone and the install. Otherwise the smoke run, with the clone's own
// results folder: only this check's outcome counts.
const full = process.argv.includes('--full');
const env = { ...process.env, TEST_RESULTS_DIR: full ? resultsDir : path.join(tmp, 'results') };
delete env.INIT_CWD;
const prepared =
  step('git clone', 'git', ['clone', '--quiet', '--no-hardlinks', root, clone]) &&
  step('npm install', npm, ['install', '--no-audit', '--no-fund'], { cwd: clone, env });
const tested = prepared && (full ? step('npm test', npm, ['test'], { cwd: clone, env }) : step('npm test -- --smoke', npm, ['test', '--', '--smoke'], { cwd: clone, env }));
const ok = full ? prepared : tested;
if (!keep) rmSync(tmp, { recursive: true, force: true });
else console.log(`fresh-clone: kept ${clone}`);

const took = Math.round((Date.now() - started) / 1000);
console.log(`\nfresh-clone: ${steps.map((s) => `${s.label} ${s.ok ? 'ok' : 'FAILED'} (${s.seconds} s)`).join(', ')}; ${took} s in all`);
mkdirSync(resultsDir, { recursive: true });
writeFileSync(path.join(resultsDir, 'check-fresh-clone.json'), JSON.stringify({ passed: ok ? 1 : 0, failed: ok ? 0 : 1, steps }));
console.log(`fresh-clone: ${ok ? 1 : 0} passed, ${ok ? 0 : 1} failed`);
process.exit(ok && tested ? 0 : 1);
