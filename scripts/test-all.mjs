#!/usr/bin/env node
// `npm test`: the tools the suites need (scripts/provision.mjs), every unit, component and
// API test (turbo), then the browser suite, then one total line. Exits non-zero when
// anything failed.
//
// A tool that is missing and could not be installed does not fail the run: its tests are
// reported as skipped, with the reason and the command that installs it (no Chromium: the
// browser suite is skipped; no tesseract command: the OCR tests of the CLI engine are).
// Set QUARRY_REQUIRE_TOOLS=1 (CI does) to make a missing tool a failure instead.
//
// `npm test -- --smoke` (or QUARRY_TEST_SMOKE=1) runs a fast subset: the shared package's
// tests, the build and the platform browser spec (scripts/fresh-clone-check.mjs without --full).
//
// QUARRY_TEST_SERVER_URL=postgres://… (CI sets it) also runs the API suite against that
// PostgreSQL server; the API runs, the front-end tests and the build + browser suite then
// run two at a time (see below).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { provision } from './provision.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = process.env.TEST_RESULTS_DIR ?? path.join(root, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const smoke = process.argv.includes('--smoke') || process.env.QUARRY_TEST_SMOKE === '1';
const requireTools = process.env.QUARRY_REQUIRE_TOOLS === '1';

const tools = provision().tools;
const env = { ...process.env, TEST_RESULTS_DIR: resultsDir };
if (tools.chromium.found) env.CHROMIUM_PATH = tools.chromium.path;
// The OCR tests read this to decide whether the CLI engine's tests run (api/src/processing/ocr).
if (!tools.tesseract.found) env.QUARRY_TESSERACT_MISSING = `${tools.tesseract.reason}; install: ${tools.tesseract.hint}`;

/** Runs a command with the terminal as its output; resolves its exit status. */
function run(cmd, args, extraEnv = {}) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, env: { ...env, ...extraEnv } });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/**
 * Runs a command beside the foreground ones with its output in a log file (two runs writing to
 * one terminal at once would be unreadable), prints that log when it ends, resolves its status.
 */
function startInBackground(label, cmd, args, extraEnv) {
  const logFile = path.join(resultsDir, `${label}.log`);
  const out = openSync(logFile, 'w');
  console.log(`\n$ ${cmd} ${args.join(' ')}   (${label}, in the background; its output follows when it ends)`);
  const started = Date.now();
  const child = spawn(cmd, args, { stdio: ['ignore', out, out], cwd: root, env: { ...env, ...extraEnv } });
  closeSync(out);
  return new Promise((resolve) => {
    let settled = false;
    const done = (status) => {
      if (settled) return; // a child that failed to start may report both 'error' and 'exit'
      settled = true;
      console.log(`\n----- ${label}: output (${Math.round((Date.now() - started) / 1000)} s, exit ${status}) -----`);
      process.stdout.write(readFileSync(logFile, 'utf8'));
      console.log(`----- ${label}: end -----`);
      resolve(status);
    };
    child.on('error', (err) => {
      writeFileSync(logFile, `could not start: ${err.message}\n`, { flag: 'a' });
      done(1);
    });
    child.on('exit', (code) => done(code ?? 1));
  });
}

/** Records tests that could not run, for scripts/test-summary.mjs. */
function recordSkipped(name, count, reason) {
  writeFileSync(path.join(resultsDir, `skipped-${name}.json`), JSON.stringify({ count, reason }));
}

/** How many tests the browser suite has (Playwright lists them without a browser). */
function e2eTestCount(args) {
  const r = spawnSync(npx, ['playwright', 'test', '--list', ...args], { cwd: path.join(root, 'e2e'), env, encoding: 'utf8' });
  return Number(/Total: (\d+) tests?/.exec(r.stdout ?? '')?.[1] ?? 0);
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// QUARRY_TEST_SERVER_URL (CI sets it): the API suite runs twice, against that PostgreSQL server
// and embedded, beside the rest (front-end tests, build, browser suite). Each of these keeps
// about one core busy (one jest process, or one browser and the API under it), so on two cores
// two of them run at a time: the build and the browser suite in the foreground, the others from
// a queue, longest first, each taken by whichever side is free (see scheduled() below). Two
// fixed lanes left one core idle whenever one lane ended first (at best a few minutes, at worst
// the front-end tests' whole length).
// Without it, one task at a time: the API suite's embedded run with the other unit tests.
const serverUrl = smoke ? '' : (process.env.QUARRY_TEST_SERVER_URL ?? '');
// The server run leaves out what never opens a database (the OCR, chunking, extraction and
// provenance engines, the model clients): the embedded run has just run it, and a second run
// on the same code would only add CPU time.
const NO_DATABASE = ['/node_modules/', '/dist/', '/src/processing/', '/src/llm/'];

let buildEnded = () => {};
/** Settles when the foreground build has ended: turbo's `test` builds what a package depends on, and two turbo builds of one package at once would write the same dist/. */
const built = new Promise((resolve) => {
  buildEnded = resolve;
});

/** The build, then the browser suite (or its skip), in the foreground; resolves a status. */
async function buildAndBrowserSuite() {
  const build = await run(npx, ['turbo', 'run', 'build']);
  buildEnded();
  const e2eArgs = smoke ? ['tests/platform.spec.ts'] : [];
  if (!tools.chromium.found) {
    const count = e2eTestCount(e2eArgs);
    const reason = `no Chromium (${tools.chromium.reason}); install: ${tools.chromium.hint}`;
    console.log(`\ne2e: ${count} browser tests skipped: ${reason}`);
    recordSkipped('e2e', count, reason);
    return build;
  }
  if (build !== 0) return 1;
  return run(npm, ['test', '-w', '@quarry/e2e', ...(e2eArgs.length ? ['--', ...e2eArgs] : [])]);
}

/**
 * Two sides, each one core: side one runs `foreground` and then helps with the queue; side
 * two works through the queue from the start. Each queued task is taken by the first side that
 * is free. Resolves the worst status.
 */
async function scheduled(foreground, queue) {
  const statuses = [];
  const drain = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) statuses.push(await task());
  };
  await Promise.all([foreground().then((s) => statuses.push(s)).then(drain), drain()]);
  return statuses.find((s) => s !== 0) ?? 0;
}

async function sequential() {
  const filters = smoke ? ['--filter=@quarry/shared'] : ['--filter=!@quarry/e2e'];
  const unit = await run(npx, ['turbo', 'run', 'test', ...filters, '--concurrency=1', '--continue']);
  return (await buildAndBrowserSuite()) || unit;
}

const status = serverUrl
  ? await scheduled(buildAndBrowserSuite, [
      // longest first: the embedded run (every API suite, the OCR engines too), the server run,
      // then the front-end packages' tests
      () => startInBackground('api-embedded', npm, ['test', '-w', '@quarry/api'], { TEST_DATABASE_URL: '' }),
      () =>
        startInBackground('api-server', npm, ['test', '-w', '@quarry/api', '--', '--testPathIgnorePatterns', ...NO_DATABASE], {
          TEST_DATABASE_URL: serverUrl,
          JEST_REPORT_SUFFIX: 'pg',
        }),
      () => built.then(() => startInBackground('unit', npx, ['turbo', 'run', 'test', '--filter=!@quarry/e2e', '--filter=!@quarry/api', '--concurrency=1', '--continue'])),
    ])
  : await sequential();

const missing = Object.values(tools).filter((t) => !t.found);
spawnSync(process.execPath, [path.join(root, 'scripts/test-summary.mjs'), 'tests'], { stdio: 'inherit', env });
if (missing.length > 0 && requireTools) console.error(`tests: QUARRY_REQUIRE_TOOLS=1 and ${missing.map((t) => t.label).join(', ')} missing`);
process.exit(status || (requireTools && missing.length > 0) ? 1 : 0);
