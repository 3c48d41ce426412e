#!/usr/bin/env node
// OCR benchmark (issue 6, item 9). Run from the repository root:
//
//   node --import tsx bench/ocr/run.mjs [--pages 10] [--skip-js]
//
// Generates an image-only PDF (each page a rendered text page: prose plus a small table, drawn
// at 200 DPI and placed on US-letter pages), then measures pages per minute for
//   - the OCR library (api/src/processing/ocr) with tesseract.js, concurrency 1 and 2,
//   - the OCR library with the tesseract command (CLI engine), concurrency 1 and 2,
//   - the raw Debian `tesseract` command on the same page images the library recognises
//     (the library's own 300-DPI greyscale renders), one at a time with default threading,
//     and two at a time with OMP_THREAD_LIMIT=1,
// all in the same run, after one warm-up page per engine (tesseract.js workers are created
// once and reused, so steady state is what a busy worker sees). Prints a table with mean
// character accuracy and the ratios library / raw CLI. Offline, no network, no ports; the
// temporary folder is removed and the worker pool shut down at the end. Asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { characterAccuracy } from '../../api/src/processing/ocr/fixtures/accuracy.ts';
import { makeImagePdf, renderTextImage } from '../../api/src/processing/ocr/fixtures/generate.ts';
import { DEFAULT_DPI, DEFAULT_PSM, detectTesseractCli, runOcr, shutdownOcr } from '../../api/src/processing/ocr/index.ts';
import { MediaProcess } from '../../api/src/processing/ocr/media.ts';

const args = process.argv.slice(2);
const argValue = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
};
const PAGES = Math.max(1, Math.min(50, argValue('--pages', 10)));
const SKIP_JS = args.includes('--skip-js');
const RAW_TIMEOUT_MS = 120_000;

// Deterministic text: a small word list and a linear congruential generator.
const WORDS = (
  'invoice payment delivery quarter revenue supplier customer balance account order shipment ' +
  'warehouse contract total amount period report annual service agreement product quantity price ' +
  'discount receipt statement reference number address company limited trading north harbour ' +
  'street bristol office manager finance department schedule review approval budget forecast'
).split(' ');
let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (list) => list[Math.floor(rand() * list.length)];
const sentence = (n) => {
  const words = Array.from({ length: n }, () => pick(WORDS));
  words[0] = words[0][0].toUpperCase() + words[0].slice(1);
  return `${words.join(' ')}.`;
};

function pageRows(n) {
  const rows = [`Document page ${n}: Northwind Trading Ltd quarterly statement`, ''];
  for (let p = 0; p < 3; p++) {
    for (let l = 0; l < 6; l++) rows.push(sentence(9 + Math.floor(rand() * 3)));
    rows.push('');
  }
  rows.push(['Reference', 'Quantity', 'Unit price', 'Amount']);
  for (let r = 0; r < 6; r++) {
    const qty = 1 + Math.floor(rand() * 900);
    const price = (1 + rand() * 99).toFixed(2);
    rows.push([`REF-${1000 + n * 10 + r}`, String(qty), price, (qty * Number(price)).toFixed(2)]);
  }
  rows.push('', sentence(10), sentence(8));
  return rows;
}

function runRawTesseract(imagePath, threads) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    if (threads) env.OMP_THREAD_LIMIT = String(threads);
    const child = spawn('tesseract', [imagePath, 'stdout', '-l', 'eng', '--psm', String(DEFAULT_PSM), '--dpi', String(DEFAULT_DPI)], {
      stdio: ['ignore', 'pipe', 'ignore'],
      env,
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (c) => (out += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), RAW_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`tesseract exited with ${code}`));
    });
  });
}

async function timed(fn) {
  const t0 = performance.now();
  const value = await fn();
  return { value, seconds: (performance.now() - t0) / 1000 };
}

const work = mkdtempSync(path.join(tmpdir(), 'quarry-bench-ocr-'));
const rows = [];
try {
  const load0 = loadavg()[0];
  console.log(`OCR bench: ${PAGES} image-only pages, ${availableParallelism()} cores, load average ${load0.toFixed(2)} at start`);
  const pages = Array.from({ length: PAGES }, (_, i) => renderTextImage(pageRows(i + 1), { width: 1700, fontSize: 30, margin: 150, minHeight: 2200 }));
  const expected = pages.map((p) => p.lines.join('\n'));
  const pdf = await makeImagePdf(pages.map((p) => p.png), { dpi: 200 });
  const warmPdf = await makeImagePdf([pages[0].png], { dpi: 200 });
  console.log(`generated ${(pdf.length / 1_048_576).toFixed(1)} MB PDF (${pages[0].width}x${pages[0].height} px pages placed at 200 DPI; rendered at ${DEFAULT_DPI} DPI, psm ${DEFAULT_PSM})`);

  const cli = await detectTesseractCli();
  const input = { bytes: pdf, mimeType: 'application/pdf', filename: 'bench.pdf' };
  const configs = [
    ...(SKIP_JS ? [] : [['library, tesseract.js', 'tesseract-js', 1], ['library, tesseract.js', 'tesseract-js', 2]]),
    ...(cli.available ? [['library, tesseract CLI', 'tesseract-cli', 1], ['library, tesseract CLI', 'tesseract-cli', 2]] : []),
  ];
  const warmed = new Set();
  for (const [label, engine, concurrency] of configs) {
    if (!warmed.has(engine)) {
      const warm = await timed(() => runOcr({ ...input, bytes: warmPdf }, { engine, concurrency: 2 }));
      console.log(`warm-up ${engine}: ${warm.seconds.toFixed(2)} s for one page${engine === 'tesseract-js' ? ' (includes starting the tesseract.js workers)' : ''}`);
      warmed.add(engine);
    }
    const { value: result, seconds } = await timed(() => runOcr(input, { engine, concurrency }));
    if (result.page_count !== PAGES || result.pages.some((p) => p.source !== 'ocr')) throw new Error(`${label}: unexpected pages`);
    const acc = result.pages.reduce((s, p, i) => s + characterAccuracy(expected[i], p.lines.join('\n')), 0) / PAGES;
    rows.push({ label, concurrency, seconds, accuracy: acc });
    console.log(`  ${label} c=${concurrency}: ${seconds.toFixed(2)} s`);
  }

  if (cli.available) {
    // The same page images the library recognises: its own renders (greyscale PGM, 300 DPI).
    const media = await MediaProcess.start();
    const images = [];
    try {
      const pdfPath = path.join(work, 'bench.pdf');
      writeFileSync(pdfPath, pdf);
      await media.call('pdf_open', { path: pdfPath }, { timeoutMs: 60_000, timeoutError: () => new Error('open timeout'), onCrash: (d) => new Error(d) });
      for (let n = 1; n <= PAGES; n++) {
        const page = await media.call('pdf_page', { page: n, minChars: 20, dpi: DEFAULT_DPI, maxPixels: 40_000_000, outPath: path.join(work, `page-${n}.pgm`) }, {
          timeoutMs: 60_000,
          timeoutError: () => new Error('render timeout'),
          onCrash: (d) => new Error(d),
        });
        images.push(page.rendered.path);
      }
    } finally {
      await media.close();
    }
    await runRawTesseract(images[0]); // warm the page cache / binary
    const seq = await timed(async () => {
      const texts = [];
      for (const img of images) texts.push(await runRawTesseract(img));
      return texts;
    });
    const seqAcc = seq.value.reduce((s, t, i) => s + characterAccuracy(expected[i], t), 0) / PAGES;
    rows.push({ label: `raw tesseract ${cli.version ?? ''}, default threads`.replace('  ', ' '), concurrency: 1, seconds: seq.seconds, accuracy: seqAcc, raw: 1 });
    console.log(`  raw tesseract sequential: ${seq.seconds.toFixed(2)} s`);
    const par = await timed(async () => {
      const texts = new Array(images.length);
      let next = 0;
      await Promise.all(
        [0, 1].map(async () => {
          while (next < images.length) {
            const i = next++;
            texts[i] = await runRawTesseract(images[i], 1);
          }
        }),
      );
      return texts;
    });
    const parAcc = par.value.reduce((s, t, i) => s + characterAccuracy(expected[i], t), 0) / PAGES;
    rows.push({ label: 'raw tesseract, OMP_THREAD_LIMIT=1', concurrency: 2, seconds: par.seconds, accuracy: parAcc, raw: 2 });
    console.log(`  raw tesseract 2 parallel: ${par.seconds.toFixed(2)} s`);
  } else {
    console.log(`tesseract command not available (${cli.reason}): CLI rows skipped`);
  }

  const ppm = (r) => (PAGES / r.seconds) * 60;
  const raw1 = rows.find((r) => r.raw === 1);
  const raw2 = rows.find((r) => r.raw === 2);
  console.log('');
  console.log('| configuration | parallel pages | seconds | pages/min | accuracy | vs raw CLI sequential | vs raw CLI 2 parallel |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const v1 = raw1 ? (ppm(r) / ppm(raw1)).toFixed(2) : '-';
    const v2 = raw2 ? (ppm(r) / ppm(raw2)).toFixed(2) : '-';
    console.log(`| ${r.label} | ${r.concurrency} | ${r.seconds.toFixed(2)} | ${ppm(r).toFixed(1)} | ${(r.accuracy * 100).toFixed(2)} % | ${v1} | ${v2} |`);
  }
  console.log(`\nload average at end ${loadavg()[0].toFixed(2)} (the machine may be shared: compare rows of one run, not runs)`);
} finally {
  await shutdownOcr();
  rmSync(work, { recursive: true, force: true });
}
