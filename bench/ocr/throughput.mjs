#!/usr/bin/env node
// OCR throughput and accuracy of the product's path beside the distribution's tesseract, on the
// same page images in the same run. From the repository root:
//
//   node --import tsx bench/ocr/throughput.mjs [--manual-pages 10] [--models fast,best,fast+best] [--languages auto] [--lanes 2] [--skip-scans]
//
// Two sets of pages, each with its truth from a text layer:
//   scans   the project's scan corpus: the extraction bench's development documents that it
//           scans (bench/extraction/ocr.mjs `rasterise`: 300 DPI, tilted, grain and dust), truth
//           = each document's own text layer;
//   manual  the first --manual-pages pages of a real manual with a text layer
//           (../shared/corpus/mustangproject/doc_ZugferdDev.en.pdf), rendered at 300 DPI, clean;
//           truth = its text layer (read by runOcr, page by page).
// For each set, in one run:
//   tesseract  Debian's `tesseract` with its own (fast) English model, one page at a time,
//              OMP_THREAD_LIMIT=1 (single-threaded), --psm 6 --dpi 300 (the product's settings),
//              on the PNG page images, at the niceness the product's OCR processes run at
//              (--baseline-nice, default 10 as BACKGROUND_NICE: on a shared machine a reader at
//              nice 0 beside one at nice 10 measures the scheduler, not the readers);
//   product    the same images as one image-only PDF through runOcr (render, clean-up,
//              recognition, assembly) with the processing pool, --lanes pages at once, for each
//              OCR_MODEL in --models.
// Prints pages per second, the ratio to tesseract, and the character error rate (Levenshtein
// over text with whitespace runs collapsed: api/src/processing/ocr/fixtures/accuracy.ts), with
// the load average (the machine is shared: figures move with it). Asserts nothing.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCorpus } from '../extraction/corpus.mjs';
import { rasterise, scanSeed } from '../extraction/ocr.mjs';
import { makeImagePdf } from '../../api/src/processing/ocr/fixtures/generate.ts';
import { PAGE_SEPARATOR, runOcr, shutdownOcr } from '../../api/src/processing/ocr/index.ts';
import { BACKGROUND_NICE, ProcessingPool } from '../../api/src/pool/index.ts';
import { lowerPriority } from '../../api/src/processing/ocr/media.ts';
import { benchRun } from '../lib/harness.mjs';
import { cer, renderPages } from './pages.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : dflt);
const MANUAL_PAGES = Number(opt('manual-pages', 10));
const MODELS = String(opt('models', 'fast,best,fast+best')).split(',');
const LANGUAGES = String(opt('languages', 'auto'));
const LANES = Number(opt('lanes', availableParallelism()));
const BASELINE_NICE = Number(opt('baseline-nice', BACKGROUND_NICE));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MANUAL = path.resolve(root, '..', 'shared', 'corpus', 'mustangproject', 'doc_ZugferdDev.en.pdf');

const run = benchRun();
const work = run.tempDir('quarry-bench-ocr-');
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

async function manualSet() {
  const bytes = readFileSync(MANUAL);
  const truth = (await runOcr({ bytes, mimeType: 'application/pdf', filename: 'manual.pdf' }, { concurrency: 1, readTimeoutMs: 600_000 })).pages.slice(0, MANUAL_PAGES).map((p) => p.lines.join('\n'));
  const pngs = await renderPages(bytes, Array.from({ length: MANUAL_PAGES }, (_, i) => i + 1));
  return { name: `manual (doc_ZugferdDev.en.pdf, ${pngs.length} pages, clean 300 DPI render)`, pngs, truth };
}

async function scanSet() {
  const docs = (await buildCorpus({ halves: ['dev'] })).filter((d) => d.scanned);
  const pngs = [];
  const truth = [];
  for (const doc of docs) {
    const text = (await runOcr({ bytes: doc.pdf, mimeType: 'application/pdf', filename: `${doc.id}.pdf` }, { concurrency: 1 })).text.split(PAGE_SEPARATOR);
    const images = await rasterise(doc.pdf, scanSeed(doc));
    images.forEach((png, i) => {
      pngs.push(png);
      truth.push(text[i] ?? '');
    });
  }
  return { name: `scans (extraction bench development scans, ${pngs.length} pages from ${docs.length} documents)`, pngs, truth };
}

/** Debian's tesseract, fast model, one page at a time, one thread. */
async function tesseractBaseline(files) {
  const texts = [];
  const t0 = performance.now();
  for (const file of files) {
    texts.push(
      await new Promise((resolve, reject) => {
        const child = spawn('tesseract', [file, 'stdout', '-l', 'eng', '--psm', '6', '--dpi', '300'], { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, stdio: ['ignore', 'pipe', 'ignore'] });
        if (BASELINE_NICE > 0) lowerPriority(child.pid, BASELINE_NICE);
        let out = '';
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (c) => (out += c));
        child.on('error', reject);
        child.on('close', () => resolve(out));
      }),
    );
  }
  return { seconds: (performance.now() - t0) / 1000, texts };
}

async function product(pdf, model, pool) {
  const t0 = performance.now();
  const r = await runOcr({ bytes: pdf, mimeType: 'application/pdf', filename: 'pages.pdf' }, { concurrency: LANES, model, languages: LANGUAGES, pool, engine: 'tesseract-cli', workDir: work, readTimeoutMs: 600_000, pageTimeoutMs: 600_000 });
  return { seconds: (performance.now() - t0) / 1000, texts: r.pages.map((p) => p.lines.join('\n')), confidences: r.pages.map((p) => Math.round(p.confidence ?? 0)) };
}

async function main() {
  console.log(`OCR throughput bench: ${availableParallelism()} cores, ${LANES} lanes; load ${load()}`);
  const sets = [await manualSet(), ...(args.includes('--skip-scans') ? [] : [await scanSet()])];
  const pool = new ProcessingPool({ size: LANES });
  run.onCleanup(() => shutdownOcr());
  run.onCleanup(() => pool.destroy());
  const rows = [];
  for (const set of sets) {
    const files = set.pngs.map((png, i) => {
      const f = path.join(work, `${rows.length}-${i + 1}.png`);
      writeFileSync(f, png);
      return f;
    });
    const pdf = await makeImagePdf(set.pngs, { dpi: 300 });
    // warm-up: the pool's threads, the model files in the page cache
    await product(await makeImagePdf(set.pngs.slice(0, 1), { dpi: 300 }), MODELS[0], pool);
    const loadBefore = load();
    const base = await tesseractBaseline(files);
    const n = files.length;
    rows.push({ set: set.name, what: `tesseract (Debian, fast model), 1 thread, one page at a time, nice +${BASELINE_NICE}`, pps: n / base.seconds, ratio: 1, cer: cer(set.truth, base.texts), load: loadBefore });
    for (const model of MODELS) {
      const l = load();
      const r = await product(pdf, model, pool);
      rows.push({ set: set.name, what: `product, OCR_MODEL=${model}, OCR_LANGUAGES=${LANGUAGES}, ${LANES} pages at once`, pps: n / r.seconds, ratio: base.seconds / r.seconds, cer: cer(set.truth, r.texts), load: l });
      console.log(`${set.name}: OCR_MODEL=${model} page confidences ${r.confidences.join(' ')}`);
    }
  }
  console.log('\n| set | reader | pages/s | x tesseract | CER % | load (1/5/15 min) |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.set} | ${r.what} | ${r.pps.toFixed(3)} | ${r.ratio.toFixed(2)} | ${(100 * r.cer).toFixed(2)} | ${r.load} |`);
}

run.finish(main);
