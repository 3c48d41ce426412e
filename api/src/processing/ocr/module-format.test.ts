// pdfjs-dist is ESM-only and tesseract.js is CommonJS; the library must work in all three module
// systems the API runs in. This file itself runs under jest (CommonJS via swc); the tests below
// run the same check script under tsx (ESM, dev) and as an esbuild ESM bundle with every bare
// import left external (production), each in a fresh Node process.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BuildOptions, build } from 'esbuild';
import { characterAccuracy } from './fixtures/accuracy';
import { makeTextPdf, renderTextImage } from './fixtures/generate';
import { runOcr, shutdownOcr } from './index';

jest.setTimeout(90_000);

const here = __dirname;
const apiRoot = path.resolve(here, '../../..');
const repoRoot = path.resolve(apiRoot, '..');
const PDF_LINES = ['Module format check: pdfjs in the media process.', 'Second line of the text layer.'];
const PNG_LINES = ['Recognised by tesseract.js in this process.'];

let work: string;
let pdfPath: string;
let pngPath: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'quarry-ocr-modcheck-'));
  pdfPath = path.join(work, 'check.pdf');
  pngPath = path.join(work, 'check.png');
  writeFileSync(pdfPath, await makeTextPdf([[{ kind: 'paragraph', lines: PDF_LINES }]]));
  writeFileSync(pngPath, renderTextImage(PNG_LINES, { width: 1000, fontSize: 30 }).png);
});

afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await shutdownOcr();
});

function expectGoodOutput(stdout: string) {
  const out = JSON.parse(stdout.trim().split('\n').at(-1)!) as { pdf: { text: string; engine: string }; png: { text: string; engine: string } };
  expect(out.pdf).toEqual({ text: PDF_LINES.join('\n'), engine: 'text_layer' });
  expect(out.png.engine).toBe('tesseract-js');
  expect(characterAccuracy(PNG_LINES.join('\n'), out.png.text)).toBeGreaterThanOrEqual(0.95);
}

it('works under jest (CommonJS)', async () => {
  const { readFileSync } = await import('node:fs');
  const result = await runOcr({ bytes: readFileSync(pdfPath), mimeType: 'application/pdf', filename: 'check.pdf' });
  expect(result.text).toBe(PDF_LINES.join('\n'));
});

it('works under tsx (ESM, the dev server)', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'fixtures/module-check.ts'), pdfPath, pngPath], {
    cwd: apiRoot,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
    timeout: 60_000,
  });
  expect(run.stderr).not.toMatch(/Error \[|TypeError|SyntaxError/);
  expect(run.status).toBe(0);
  expectGoodOutput(run.stdout);
});

it('works as an esbuild ESM bundle with externals (production), given the worker script beside it', async () => {
  const out = path.join(work, 'bundle');
  // The settings api/scripts/build.mjs bundles the API with (ESM, node20, bare imports external,
  // require/__dirname banner), and the worker script it puts beside the bundle.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's own CommonJS options file
  const { bundleOptions, copyBesideBundle } = require(path.join(apiRoot, 'scripts/bundle-options.cjs')) as { bundleOptions: BuildOptions; copyBesideBundle: (outdir: string) => void };
  await build({ ...bundleOptions, logLevel: 'silent', entryPoints: { main: path.join(here, 'fixtures/module-check.ts') }, outdir: out });
  copyBesideBundle(out);
  // a node_modules the bundle resolves from
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  const run = spawnSync(process.execPath, [path.join(out, 'main.js'), pdfPath, pngPath], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
    timeout: 60_000,
  });
  expect(run.stderr).not.toMatch(/Error \[|TypeError|SyntaxError/);
  expect(run.status).toBe(0);
  expectGoodOutput(run.stdout);
});
