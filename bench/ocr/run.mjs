#!/usr/bin/env node
// OCR benchmark. Run from the repository root:
//
//   node --import tsx bench/ocr/run.mjs [--pages 10] [--rounds 2] [--skip-js]
//
// Generates an image-only PDF (each page a rendered text page: prose plus a small table, drawn
// at 200 DPI and placed on US-letter pages), then measures pages per minute for
//   - the OCR library (api/src/processing/ocr) with tesseract.js, concurrency 1 and 2,
//   - the OCR library with the tesseract command (CLI engine), concurrency 1 and 2,
//   - the raw Debian `tesseract` command on the same page images the library recognises
//     (the library's own 300-DPI greyscale renders, psm 6, --dpi 300): one at a time as
//     installed (default OpenMP threads), one at a time with OMP_THREAD_LIMIT=1, and two at a
//     time with OMP_THREAD_LIMIT=1 (the library's CLI engine runs it with OMP_THREAD_LIMIT=1);
//     the ratio column compares each library row with the OMP_THREAD_LIMIT=1 command at the
//     same parallelism,
// all in the same run, after one warm-up page per engine (tesseract.js workers are created
// once and reused, so steady state is what a busy worker sees). Every configuration runs once
// per round, rounds interleave the configurations, and the table keeps each one's best round
// (the machine may be shared; the best round is the least disturbed). Prints pages per minute,
// CPU seconds per page (this process and its children, from /proc: robust to a shared machine),
// mean character accuracy and the ratios library / raw CLI at the same parallelism. Offline,
// no network, no ports; the temporary folder is removed and the worker pool shut down at the
// end. Asserts nothing.
/* global process, console, performance, setTimeout, clearTimeout */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
const ROUNDS = Math.max(1, Math.min(5, argValue('--rounds', 2)));
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

// CPU time of this process (all threads: tesseract.js workers run here) plus its finished
// children (tesseract commands, the media process), from /proc: much less disturbed than
// wall time when other work shares the cores.
let CLK_TCK = 100;
try {
  CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
} catch {
  // keep 100
}
function cpuSeconds() {
  const self = process.cpuUsage();
  let children = 0;
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    children = (Number(fields[13]) + Number(fields[14])) / CLK_TCK; // cutime + cstime
  } catch {
    // not Linux: children not counted
  }
  return (self.user + self.system) / 1e6 + children;
}

async function timed(fn) {
  const t0 = performance.now();
  const c0 = cpuSeconds();
  const value = await fn();
  return { value, seconds: (performance.now() - t0) / 1000, cpu: cpuSeconds() - c0 };
}

const work = mkdtempSync(path.join(tmpdir(), 'quarry-bench-ocr-'));
try {
  console.log(`OCR bench: ${PAGES} image-only pages, ${ROUNDS} round(s), ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(2)} at start`);
  const pages = Array.from({ length: PAGES }, (_, i) => renderTextImage(pageRows(i + 1), { width: 1700, fontSize: 30, margin: 150, minHeight: 2200 }));
  const expected = pages.map((p) => p.lines.join('\n'));
  const pdf = await makeImagePdf(pages.map((p) => p.png), { dpi: 200 });
  const warmPdf = await makeImagePdf([pages[0].png], { dpi: 200 });
  console.log(`generated ${(pdf.length / 1_048_576).toFixed(1)} MB PDF (${pages[0].width}x${pages[0].height} px pages placed at 200 DPI; rendered at ${DEFAULT_DPI} DPI, psm ${DEFAULT_PSM})`);
  const meanAccuracy = (texts) => texts.reduce((s, t, i) => s + characterAccuracy(expected[i], t), 0) / PAGES;
  const input = { bytes: pdf, mimeType: 'application/pdf', filename: 'bench.pdf' };
  const cli = await detectTesseractCli();

  /** @type {{ label: string, parallel: number, raw?: boolean, run: () => Promise<string[]> }[]} */
  const configs = [];
  const library = (engine, concurrency) => async () => {
    const result = await runOcr(input, { engine, concurrency });
    if (result.page_count !== PAGES || result.pages.some((p) => p.source !== 'ocr')) throw new Error(`${engine}: unexpected pages`);
    return result.pages.map((p) => p.lines.join('\n'));
  };
  if (!SKIP_JS) {
    configs.push({ label: 'library, tesseract.js', parallel: 1, run: library('tesseract-js', 1) });
    configs.push({ label: 'library, tesseract.js', parallel: 2, run: library('tesseract-js', 2) });
  }
  let images = [];
  if (cli.available) {
    configs.push({ label: 'library, tesseract CLI', parallel: 1, run: library('tesseract-cli', 1) });
    configs.push({ label: 'library, tesseract CLI', parallel: 2, run: library('tesseract-cli', 2) });
    const raw = (parallel, threads) => async () => {
      const texts = new Array(images.length);
      let next = 0;
      await Promise.all(
        Array.from({ length: parallel }, async () => {
          while (next < images.length) {
            const i = next++;
            texts[i] = await runRawTesseract(images[i], threads);
          }
        }),
      );
      return texts;
    };
    const version = cli.version ? ` ${cli.version}` : '';
    configs.push({ label: `raw tesseract${version}, as installed (OpenMP default)`, parallel: 1, run: raw(1, undefined) });
    configs.push({ label: `raw tesseract${version}, OMP_THREAD_LIMIT=1`, parallel: 1, raw: true, run: raw(1, 1) });
    configs.push({ label: `raw tesseract${version}, OMP_THREAD_LIMIT=1`, parallel: 2, raw: true, run: raw(2, 1) });

    // The same page images the library recognises: its own renders (greyscale PGM, 300 DPI).
    const media = await MediaProcess.start();
    try {
      const pdfPath = path.join(work, 'bench.pdf');
      writeFileSync(pdfPath, pdf);
      const opts = (what) => ({ timeoutMs: 60_000, timeoutError: () => new Error(`${what} timed out`), onCrash: (d) => new Error(`${what}: ${d}`) });
      await media.call('pdf_open', { path: pdfPath }, opts('open'));
      for (let n = 1; n <= PAGES; n++) {
        const page = await media.call('pdf_page', { page: n, minChars: 20, dpi: DEFAULT_DPI, maxPixels: 40_000_000, outPath: path.join(work, `page-${n}.pgm`) }, opts(`page ${n}`));
        images.push(page.rendered.path);
      }
    } finally {
      await media.close();
    }
  } else {
    console.log(`tesseract command not available (${cli.reason}): CLI rows skipped`);
  }

  for (const engine of [...(SKIP_JS ? [] : ['tesseract-js']), ...(cli.available ? ['tesseract-cli'] : [])]) {
    const warm = await timed(() => runOcr({ ...input, bytes: warmPdf }, { engine, concurrency: 2 }));
    console.log(`warm-up ${engine}: ${warm.seconds.toFixed(2)} s for one page${engine === 'tesseract-js' ? ' (includes starting the tesseract.js workers)' : ''}`);
  }
  if (images.length) await runRawTesseract(images[0], 1);

  const results = configs.map(() => ({ times: [], cpu: [], accuracy: 0 }));
  for (let round = 1; round <= ROUNDS; round++) {
    const line = [];
    for (const [i, config] of configs.entries()) {
      const { value, seconds, cpu } = await timed(config.run);
      results[i].times.push(seconds);
      results[i].cpu.push(cpu);
      results[i].accuracy = meanAccuracy(value);
      line.push(`${config.label} x${config.parallel}: ${seconds.toFixed(1)} s`);
    }
    console.log(`round ${round} (load ${loadavg()[0].toFixed(2)}): ${line.join('; ')}`);
  }

  const ppm = (seconds) => (PAGES / seconds) * 60;
  const best = (i) => Math.min(...results[i].times);
  const rawAt = (parallel) => configs.findIndex((c) => c.raw && c.parallel === parallel);
  console.log('');
  const cpuPerPage = (i) => Math.min(...results[i].cpu) / PAGES;
  console.log('| configuration | pages in parallel | best s | pages/min | rounds (s) | CPU s/page | accuracy | library / raw CLI, pages/min | library / raw CLI, CPU per page |');
  console.log('|---|---:|---:|---:|---|---:|---:|---:|---:|');
  for (const [i, c] of configs.entries()) {
    const ref = rawAt(c.parallel);
    const isLib = c.label.startsWith('library') && ref >= 0;
    const ratio = isLib ? (ppm(best(i)) / ppm(best(ref))).toFixed(2) : '';
    const cpuRatio = isLib ? (cpuPerPage(i) / cpuPerPage(ref)).toFixed(2) : '';
    console.log(
      `| ${c.label} | ${c.parallel} | ${best(i).toFixed(2)} | ${ppm(best(i)).toFixed(1)} | ${results[i].times.map((t) => t.toFixed(1)).join(', ')} | ` +
        `${cpuPerPage(i).toFixed(2)} | ${(results[i].accuracy * 100).toFixed(2)} % | ${ratio} | ${cpuRatio} |`,
    );
  }
  console.log(
    `\nload average at end ${loadavg()[0].toFixed(2)}. Ratio reference: the raw command with the library's threading ` +
      '(OMP_THREAD_LIMIT=1) at the same number of pages in parallel; the raw command does not render the PDF (it is given the renders).',
  );
} finally {
  await shutdownOcr();
  rmSync(work, { recursive: true, force: true });
}
