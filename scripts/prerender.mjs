#!/usr/bin/env node
// Build step (after `rsbuild build`) of an app that publishes first-paint HTML
// (docs/decisions/0013-prerendered-first-paint.md): bundles the app's
// prerender entry for Node, calls its `render()` (name -> HTML from react-dom/server, with
// emotion's styles inline), and writes each as `dist/prerender/<name>.html`. The shell's
// server inlines them into the HTML of a cold page (scripts/compose.mjs). The client does
// not hydrate them: it renders as always and removes them in the commit that draws the page.
//   usage, in an app's folder: node ../scripts/prerender.mjs src/prerender.tsx
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const entry = process.argv[2];
if (!entry) throw new Error('usage: node ../scripts/prerender.mjs <entry>');
const outDir = path.resolve(process.env.DIST_PATH ?? 'dist', 'prerender');
const tmp = mkdtempSync(path.join(tmpdir(), 'quarry-prerender-'));
try {
  const bundle = path.join(tmp, 'prerender.mjs');
  await build({
    entryPoints: [entry],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    jsx: 'automatic',
    logLevel: 'warning',
    define: { __REMOTE_NAME__: '"prerender"', __REMOTE_VERSION__: '"prerender"', 'process.env.NODE_ENV': '"production"' },
    // Some CommonJS dependencies `require` Node built-ins from inside the ESM bundle.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  const { render } = await import(pathToFileURL(bundle).href);
  mkdirSync(outDir, { recursive: true });
  for (const [name, html] of Object.entries(render())) {
    writeFileSync(path.join(outDir, `${name}.html`), html);
    console.log(`prerender: dist/prerender/${name}.html, ${(html.length / 1024).toFixed(1)} KB`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
