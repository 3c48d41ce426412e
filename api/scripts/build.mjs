#!/usr/bin/env node
// Bundles src/main.ts (and src/worker.ts once it exists) into dist/ with esbuild.
// Every bare import stays external (node_modules at runtime) except @quarry/shared,
// whose TypeScript source is bundled. The migrations are copied to dist/drizzle.
import { build } from 'esbuild';
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const entries = ['main', 'worker', 'cli/create-superuser', 'cli/seed']
  .map((name) => ({ name, file: path.join(root, 'src', `${name}.ts`) }))
  .filter((e) => existsSync(e.file));

const externalExceptShared = {
  name: 'external-except-shared',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === '@quarry/shared' || args.path.startsWith('@quarry/shared/')) return undefined;
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      return { path: args.path, external: true };
    });
  },
};

rmSync(dist, { recursive: true, force: true });
const started = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(entries.map((e) => [e.name, e.file])),
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalExceptShared],
  banner: {
    js: [
      "import { createRequire as __quarryCreateRequire } from 'node:module';",
      "import { fileURLToPath as __quarryFileURLToPath } from 'node:url';",
      "import { dirname as __quarryDirname } from 'node:path';",
      'const require = __quarryCreateRequire(import.meta.url);',
      'const __filename = __quarryFileURLToPath(import.meta.url);',
      'const __dirname = __quarryDirname(__filename);',
    ].join('\n'),
  },
});
cpSync(path.join(root, 'drizzle'), path.join(dist, 'drizzle'), { recursive: true });
// OCR: the media worker is a plain .mjs that the bundle forks by path, next to itself
// (src/processing/ocr/media.ts resolves './ocr-media-worker.mjs' from import.meta.url), with
// the page clean-up it imports.
for (const file of ['ocr-media-worker.mjs', 'page-clean.mjs']) cpSync(path.join(root, 'src/processing/ocr', file), path.join(dist, file));
console.log(`api: built ${entries.map((e) => `dist/${e.name}.js`).join(', ')} in ${Date.now() - started} ms`);
