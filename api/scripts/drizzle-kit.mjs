#!/usr/bin/env node
// Runs drizzle-kit (hoisted to the root node_modules) against the drizzle-orm that npm
// installed under api/node_modules. drizzle-kit loads drizzle-orm with both require()
// and import(): NODE_PATH covers the first, a resolve hook the second.
// Usage: node scripts/drizzle-kit.mjs generate [--name x]
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(apiRoot, 'package.json'));
const bin = path.join(path.dirname(require.resolve('drizzle-kit')), 'bin.cjs');
const hook = path.join(apiRoot, 'scripts', 'drizzle-kit-hook.mjs');

const result = spawnSync(process.execPath, ['--import', hook, bin, ...process.argv.slice(2)], {
  cwd: apiRoot,
  stdio: 'inherit',
  env: { ...process.env, NODE_PATH: path.join(apiRoot, 'node_modules') },
});
process.exit(result.status ?? 1);
