#!/usr/bin/env node
// Runs a benchmark script on the API's code bundled as the product runs it (`npm start` runs
// api/dist/main.js, one esbuild bundle), instead of module by module through tsx:
//
//   node bench/run-bundled.mjs bench/review/step.mjs --rounds 150 --only table
//
// The script and the API sources it imports are bundled with the API's own options
// (api/scripts/bundle-options.cjs) into api/dist/bench/ (where the API's node_modules resolve),
// beside the files the bundle opens next to itself, and run there with plain node. Under tsx
// every call from one module into another goes through an export getter: a matcher split into
// small modules (provenance) ran about twice as slow there as in the product.
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleOptions, copyBesideBundle } from '../api/scripts/bundle-options.cjs';

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('usage: node bench/run-bundled.mjs <bench script> [its arguments]');
  process.exit(2);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'api/dist/bench');
mkdirSync(outdir, { recursive: true });
const outfile = path.join(outdir, `${path.basename(script, path.extname(script))}.mjs`);
await build({ ...bundleOptions, absWorkingDir: root, entryPoints: [path.resolve(script)], outfile });
copyBesideBundle(outdir);
const child = spawn(process.execPath, [outfile, ...args], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
