// The esbuild options the API is bundled with (dist/main.js, see build.mjs), shared with
// bench/run-bundled.mjs so a benchmark runs the API's code as the product runs it.
// Every bare import stays external (node_modules at runtime) except @quarry/shared, whose
// TypeScript source is bundled. CommonJS, so the API's jest tests can require it too
// (src/processing/ocr/module-format.test.ts bundles with it).
const { cpSync } = require('node:fs');
const path = require('node:path');

const apiRoot = path.resolve(__dirname, '..');

const externalExceptShared = {
  name: 'external-except-shared',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === '@quarry/shared' || args.path.startsWith('@quarry/shared/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const bundleOptions = {
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
};

/**
 * The files a bundle opens beside itself (the processing pool's thread entry, dist/pool-worker.js,
 * is an entry point of the build itself): the OCR media worker, a plain .mjs the bundle forks by
 * path (src/processing/ocr/media.ts resolves './ocr-media-worker.mjs' from import.meta.url), with
 * the page clean-up it imports; and the embedded database's thread (src/db/pglite-client.ts
 * starts './pglite-thread.mjs' the same way).
 */
function copyBesideBundle(outdir) {
  for (const file of ['ocr-media-worker.mjs', 'page-clean.mjs']) cpSync(path.join(apiRoot, 'src/processing/ocr', file), path.join(outdir, file));
  cpSync(path.join(apiRoot, 'src/db/pglite-thread.mjs'), path.join(outdir, 'pglite-thread.mjs'));
}

module.exports = { bundleOptions, copyBesideBundle };
