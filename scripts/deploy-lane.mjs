#!/usr/bin/env node
// A CI lane: the container deployment (deploy/test.sh) built and tested with Podman, its checks
// counted for the CI total. Installs what the machine lacks (Debian's podman, runc, mmdebstrap)
// and the container settings this kind of sandbox needs (/etc/containers/containers.conf,
// written only when the file does not exist).
//
//   node scripts/deploy-lane.mjs            build the images, then start and test the stack
//   node scripts/deploy-lane.mjs --build    only build (base image, 7 images, test images)
//   node scripts/deploy-lane.mjs --test     only start and test, with the images --build made
//   node scripts/deploy-lane.mjs --provision  only install what is missing (apt-get)
//
// The two halves let CI build while the rest of its suite runs (building needs no
// node_modules) and test once the repository is installed (the smoke test drives Chromium with
// e2e's Playwright). Each check of deploy/test.sh is a line PASS/FAIL in $OUT/checks.txt; this
// writes `check-deploy.json` ({ passed, failed }) to TEST_RESULTS_DIR (or --results DIR) after
// --test or a whole run, and ends with one line "deploy-lane: N passed, N failed, N s".
// OUT (the test's folder, /tmp/quarry-deploy-test) and the other settings of deploy/test.sh
// pass through.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const phase = args.includes('--build') ? 'build' : args.includes('--test') ? 'test' : 'all';
const resultsDir = args.includes('--results') ? path.resolve(args[args.indexOf('--results') + 1]) : (process.env.TEST_RESULTS_DIR ?? path.join(root, '.test-results'));
const out = process.env.OUT ?? '/tmp/quarry-deploy-test';
const started = Date.now();
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

function provision() {
  const missing = [
    ['podman', 'podman'],
    ['runc', 'runc'],
    ['mmdebstrap', 'mmdebstrap'],
    ['curl', 'curl'],
  ].filter(([cmd]) => !has(cmd));
  if (missing.length > 0) {
    const pkgs = missing.map(([, pkg]) => pkg);
    console.log(`deploy-lane: installing ${pkgs.join(' ')} (apt-get)`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', ...pkgs], { stdio: 'inherit', env });
  }
  // No systemd, no cgroup delegation and no raised limits in this kind of sandbox: cgroupfs,
  // no default ulimits and no pids limit, or every `podman run` fails.
  const conf = '/etc/containers/containers.conf';
  if (!existsSync(conf)) {
    mkdirSync(path.dirname(conf), { recursive: true });
    writeFileSync(conf, '[containers]\ndefault_ulimits = []\npids_limit = 0\n[engine]\ncgroup_manager = "cgroupfs"\nruntime = "runc"\n');
    console.log(`deploy-lane: wrote ${conf} (cgroupfs, runc, no default ulimits)`);
  }
  return has('podman') && has('runc') && has('mmdebstrap');
}

function checks(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter((l) => /^(PASS|FAIL) /.test(l));
}

function runTest(env) {
  const r = spawnSync('bash', [path.join(root, 'deploy/test.sh')], { stdio: 'inherit', cwd: root, env: { ...process.env, OUT: out, ...env } });
  return r.status ?? 1;
}

if (args.includes('--provision')) {
  const ok = provision();
  console.log(`deploy-lane: podman, runc, mmdebstrap ${ok ? 'found' : 'MISSING'}`);
  process.exit(ok ? 0 : 1);
}

let lines = [];
let status = 0;
if (!provision()) {
  lines.push('FAIL podman, runc or mmdebstrap missing and not installable');
  status = 1;
} else if (phase === 'build') {
  status = runTest({ BUILD_ONLY: '1' });
  lines = checks(path.join(out, 'checks.txt'));
  if (status !== 0 && !lines.some((l) => l.startsWith('FAIL'))) lines.push(`FAIL deploy/test.sh (build) exited ${status}`);
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'checks-build.txt'), lines.join('\n') + '\n');
} else {
  let build = [];
  if (phase === 'test') {
    build = checks(path.join(out, 'checks-build.txt'));
    if (build.length === 0) build.push('FAIL no build: run `node scripts/deploy-lane.mjs --build` first');
  }
  if (build.some((l) => l.startsWith('FAIL'))) {
    status = 1;
  } else {
    status = runTest(phase === 'test' ? { SKIP_BUILD: '1' } : {});
    const tested = checks(path.join(out, 'checks.txt'));
    if (status !== 0 && !tested.some((l) => l.startsWith('FAIL'))) tested.push(`FAIL deploy/test.sh exited ${status} before its end (log above)`);
    build.push(...tested);
  }
  lines = build;
}

const passed = lines.filter((l) => l.startsWith('PASS')).length;
const failed = lines.filter((l) => l.startsWith('FAIL')).length;
const seconds = Math.round((Date.now() - started) / 1000);
for (const l of lines) console.log(`deploy-lane: ${l}`);
if (phase !== 'build') {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, 'check-deploy.json'), JSON.stringify({ passed, failed, seconds }));
  if (existsSync(path.join(out, 'summary.txt'))) copyFileSync(path.join(out, 'summary.txt'), path.join(resultsDir, 'deploy-summary.txt'));
}
console.log(`deploy-lane: ${passed} passed, ${failed} failed, ${seconds} s (${phase})`);
process.exit(status === 0 && failed === 0 ? 0 : 1);
