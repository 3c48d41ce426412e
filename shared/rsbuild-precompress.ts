// Build step shared by all six apps: next to every content-hashed compressible file of
// dist/ (JS, CSS, SVG over 1 KB) write `<file>.br` (brotli, best quality) and `<file>.gz`,
// so scripts/serve.mjs (or any static server) sends them as they are, at no cost per
// request. Files without a hash in their name (index.html, mf-manifest.json) may be
// replaced in place, so they are left to on-the-fly compression and can never go stale.
// Brotli at quality 11 is about 15 % smaller than gzip on our JS (bench/bundle) but too
// slow to run per request; a deploy copies the compressed files with the rest of dist/.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { RsbuildPlugin } from '@rsbuild/core';

const COMPRESSIBLE = /\.[0-9a-f]{8,}\.(m?js|css|svg)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(file);
    else if (COMPRESSIBLE.test(entry.name)) yield file;
  }
}

/** Writes `.br` and `.gz` beside every compressible file over 1 KB in `dir`. */
export async function precompressDir(dir: string): Promise<number> {
  let count = 0;
  const jobs: Promise<void>[] = [];
  for await (const file of walk(dir)) {
    jobs.push(
      (async () => {
        if ((await stat(file)).size <= 1024) return;
        const body = await readFile(file);
        const [br, gzBody] = await Promise.all([
          brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
          gz(body, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzBody)]);
        count += 1;
      })(),
    );
  }
  await Promise.all(jobs);
  return count;
}

export function pluginPrecompress(): RsbuildPlugin {
  return {
    name: 'quarry:precompress',
    setup(api) {
      api.onAfterBuild(async () => {
        await precompressDir(api.context.distPath);
      });
    },
  };
}
