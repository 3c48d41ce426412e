#!/usr/bin/env node
// Bundles src/main.ts, src/worker.ts, the CLIs and the processing pool's thread entry
// (src/pool/worker.ts -> dist/pool-worker.js) into dist/ with esbuild (the options:
// bundle-options.cjs). The migrations are copied to dist/drizzle.
import { build } from 'esbuild';
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleOptions, copyBesideBundle } from './bundle-options.cjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
// pool-worker: the processing pool's thread entry (src/pool/worker.ts), found beside main.js / worker.js
const entries = ['main', 'worker', 'cli/create-superuser', 'cli/seed', 'pool/worker']
  .map((name) => ({ name, file: path.join(root, 'src', `${name}.ts`) }))
  .filter((e) => existsSync(e.file));

rmSync(dist, { recursive: true, force: true });
const started = Date.now();
await build({
  ...bundleOptions,
  absWorkingDir: root,
  entryPoints: Object.fromEntries(entries.map((e) => [e.name === 'pool/worker' ? 'pool-worker' : e.name, e.file])),
  outdir: dist,
});
cpSync(path.join(root, 'drizzle'), path.join(dist, 'drizzle'), { recursive: true });
copyBesideBundle(dist);
console.log(`api: built ${entries.map((e) => `dist/${e.name === 'pool/worker' ? 'pool-worker' : e.name}.js`).join(', ')} in ${Date.now() - started} ms`);
