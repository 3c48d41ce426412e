#!/usr/bin/env node
// The offline extractor on real documents and in other languages:
//
//   node --import tsx bench/extraction/real.mjs [--half dev|held-out|both] [--sroie <n>|all] [--cached-only] [--only <id part>] [--verbose] [--json <file>]
//
// Documents (real-corpus.mjs): the SROIE receipts (JPEG, OCR'd by the project's OCR library),
// the mustangproject e-invoices (text-layer PDFs, truth from their embedded XML in
// real-truth.json) and invoices generated in Dutch, Spanish, Italian and Polish
// (sources/languages.mjs). Each is read with runOcr as an upload is (cached in
// bench/out/ocr-cache by content hash) and extracted as one text chunk with its schema.
// Prints header-field accuracy and precision and line-item recall and precision per half, per
// source and per language. --verbose lists the misses of DEVELOPMENT documents only: the
// held-out half is printed as aggregate lines, never document by document.
// Skips (exit 0) when the corpus is absent.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeRng } from './common.mjs';
import { CACHE_DIR } from './ocr.mjs';
import { languageOf, loadRealCorpus } from './real-corpus.mjs';
import { generateLanguages } from './sources/languages.mjs';
import { mergeInto, newTally, sameValue, scoreDocument, summary } from './score.mjs';
import { getProvider } from '../../api/src/llm/index.ts';
import { extractChunk } from '../../api/src/processing/extraction/index.ts';
import { runOcr, shutdownOcr } from '../../api/src/processing/ocr/index.ts';

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args[i + 1];
};
const verbose = args.includes('--verbose');
const only = arg('only', '');
const halfArg = arg('half', 'both');
const jsonOut = arg('json', '');
const halves = halfArg === 'both' ? ['dev', 'held-out'] : [halfArg];
const GENERATED_PER_LANGUAGE = 4;
// receipts per half (the first of each half by file name): OCR of a photographed receipt takes
// 10-60 s on a loaded machine; --sroie all reads every one
const SROIE_PER_HALF = arg('sroie', '24') === 'all' ? Infinity : Number(arg('sroie', '24'));
// --cached-only: documents not yet read (no OCR cache) are left out and counted, to measure while OCR is slow
const cachedOnly = args.includes('--cached-only');
// --engine tesseract-js: the receipts read by the other OCR engine; --model fast: by the tesseract
// command's fast model alone (nothing read again); --psm 3|4: with tesseract's automatic or column
// page segmentation instead of one block; --scan: the e-invoices' pages read by OCR instead of
// their text layer. Each gives the development documents another reading, with its own damage, to
// find rules that hold for one reading only (development half only, cached apart)
const engine = arg('engine', '');
const model = arg('model', '');
const psm = arg('psm', '');
const scan = args.includes('--scan');
if ((engine || model || psm || scan) && halfArg !== 'dev') throw new Error('--engine, --model, --psm and --scan read the development half only (--half dev)');
const SEEDS = { dev: 4_2024_11, 'held-out': 7_3031_29 };

const PROMPT = { type: 'text', template: 'Extract the fields.\n{{ schema_descriptions }}\n"""\n{{ text_chunk }}\n"""' };
const pct = (x) => (x * 100).toFixed(1).padStart(5);

// 5: the words OCR was unsure of (below 80) are kept with the reading, with their confidence;
// 6: lines holding an unsure word are read again on their own (the OCR library's reread.ts); 7:
// only on pages read with a mean confidence under 85. An older reading is read again.
const READING_VERSION = 7;

/** The pages' unsure words by line of the document's text (pages joined by PAGE_SEPARATOR, one line of its own). */
function unsureOfText(pages) {
  const out = [];
  let before = 0;
  for (const p of pages) {
    for (const u of p.unsure_words ?? []) out.push({ line: before + u.line, words: u.words });
    before += p.lines.length + 1;
  }
  return out;
}

async function read(doc) {
  const file = join(CACHE_DIR, `real-${engine ? `${engine}-` : ''}${model ? `${model}-` : ''}${psm ? `psm${psm}-` : ''}${scan ? 'scan-' : ''}${doc.contentHash}.json`);
  let cached = null;
  try {
    cached = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    // not read yet
  }
  if (cached && (cached.version === READING_VERSION || cachedOnly)) return cached;
  if (cachedOnly) return null;
  doc.bytes ??= await doc.print();
  const r = await runOcr({ bytes: doc.bytes, mimeType: doc.mimeType, filename: doc.id.split('/').pop() }, { concurrency: 1, ...(engine ? { engine } : {}), ...(model ? { model, rereadBelow: 0 } : {}), ...(psm ? { psm: Number(psm) } : {}), ...(scan ? { minTextLayerChars: Infinity, readImages: false, languages: 'auto' } : {}) });
  const value = { version: READING_VERSION, text: r.text, pages: r.page_count, engine: r.engine, unsure: unsureOfText(r.pages) };
  await mkdir(CACHE_DIR, { recursive: true });
  await writeFile(file, JSON.stringify(value));
  return value;
}

/** Chromium (the one e2e uses), to print the generated documents with a font that has Polish letters */
async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
}

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
/** monospace lines ("**" = bold) -> an A4 text PDF */
async function printPdf(browser, pages) {
  const body = pages
    .map((lines) => `<pre>${lines.map((l) => (l.startsWith('**') ? `<b>${escape(l.slice(2))}</b>` : escape(l))).join('\n')}</pre>`)
    .join('<div style="page-break-after:always"></div>');
  const page = await browser.newPage();
  await page.setContent(`<html><body style="margin:0"><style>pre{font:9pt 'DejaVu Sans Mono',monospace;margin:0}</style>${body}</body></html>`);
  const pdf = await page.pdf({ format: 'A4', margin: { top: '15mm', left: '12mm', right: '12mm', bottom: '15mm' } });
  await page.close();
  return pdf;
}

async function main() {
  const { docs: real, absent, excluded = [] } = await loadRealCorpus();
  if (absent) console.log(`real documents skipped: ${absent}`);
  const docs = real.filter((d) => halves.includes(d.half));
  for (const half of halves) {
    const receipts = docs.filter((d) => d.source === 'sroie' && d.half === half);
    for (const d of receipts.slice(SROIE_PER_HALF)) docs.splice(docs.indexOf(d), 1);
  }
  let browser;
  for (const half of halves) {
    const generated = generateLanguages(makeRng(SEEDS[half]), half, GENERATED_PER_LANGUAGE);
    for (const [i, d] of generated.entries()) {
      d.id = `generated/${d.lang}-${half === 'dev' ? 'D' : 'H'}${i + 1}`;
      d.half = half;
      d.mimeType = 'application/pdf';
      // printed only when its reading is not cached (keyed by the lines: a printed PDF carries its print time)
      d.contentHash = createHash('sha256').update(`generated-v1${JSON.stringify(d.pages)}`).digest('hex').slice(0, 24);
      d.print = async () => printPdf((browser ??= await launchChromium()), d.pages);
      docs.push(d);
    }
  }

  const selected = only ? docs.filter((d) => d.id.includes(only)) : docs;
  console.log(`Real-document bench: ${selected.length} documents (${selected.filter((d) => d.source === 'sroie').length} SROIE receipts, ${selected.filter((d) => d.source === 'mustang').length} mustangproject e-invoices, ${selected.filter((d) => d.source === 'generated').length} generated nl/es/it/pl invoices); halves ${halves.join(', ')}; ${excluded.length} mustangproject PDFs are bad input or no invoice`);

  const provider = getProvider('offline');
  const tallies = new Map();
  const add = (key, t) => mergeInto(tallies.get(key) ?? tallies.set(key, newTally()).get(key), t);
  const perDoc = [];
  const notRead = [];
  for (const doc of selected) {
    if (!doc.print) {
      doc.bytes ??= await readFile(doc.path);
      doc.contentHash = createHash('sha256').update(doc.bytes).digest('hex').slice(0, 24);
    }
    const reading = await read(doc);
    if (!reading) {
      notRead.push(doc.id.split('/')[0]);
      continue;
    }
    const { text, pages, unsure = [] } = reading;
    // the text of a development document, to design on (never a held-out one)
    if (args.includes('--show') && doc.half === 'dev') console.log(`----- ${doc.id}\n${text}\n-----`);
    const lang = doc.lang ?? (doc.source === 'sroie' ? 'en' : languageOf(text));
    // --trust-ocr: every word as if OCR were sure of it (the figures before unsure words were read)
    const chunk = { chunk_type: 'text', content: text, start_line: 1, ...(unsure.length && !args.includes('--trust-ocr') ? { unsure_words: unsure } : {}) };
    const r = await extractChunk({ chunk, prompt: PROMPT, schema: doc.schema, provider });
    const t = newTally();
    scoreDocument(t, doc.truth, r.extracted_data, doc.rowsKey);
    t.pages = pages;
    for (const key of [`${doc.half}|source ${doc.source}`, `${doc.half}|language ${lang}`, `${doc.half}|all`]) add(key, t);
    if (doc.half === 'dev') {
      const p = r.extracted_data ?? {};
      const misses = Object.entries(doc.truth)
        .filter(([k, v]) => k !== doc.rowsKey && !(v === null && (p[k] === null || p[k] === undefined)) && !(v !== null && sameValue(v, p[k])))
        .map(([k, v]) => `${k}: want ${JSON.stringify(v)} got ${JSON.stringify(p[k])}`);
      perDoc.push({ id: doc.id, lang, misses, rows: t.rows });
      if (verbose) console.log(`${doc.id} [${lang}] rows ${t.rows.recalled}/${t.rows.expected} of ${t.rows.extracted}${misses.length ? `\n    ${misses.join('\n    ')}` : ''}${misses.length && r.warnings.length ? `\n    warnings: ${r.warnings.join(' | ')}` : ''}`);
    }
  }
  await shutdownOcr();
  await browser?.close();
  if (notRead.length) console.log(`--cached-only: ${notRead.length} documents not read yet, left out (${[...new Set(notRead)].map((s) => `${s} ${notRead.filter((n) => n === s).length}`).join(', ')})`);

  const W = [22, 5, 9, 9, 7, 7, 7];
  const row = (cells) => cells.map((c, i) => String(c)[i === 0 ? 'padEnd' : 'padStart'](W[i])).join('  ');
  const out = {};
  for (const half of halves) {
    console.log(`\n${half.toUpperCase()} — offline`);
    console.log(row(['group', 'docs', 'header%', 'headerP', 'rows', 'rowR%', 'rowP%']));
    const keys = [...tallies.keys()].filter((k) => k.startsWith(`${half}|`)).sort((a, b) => (a.endsWith('|all') ? 1 : b.endsWith('|all') ? -1 : a.localeCompare(b)));
    for (const key of keys) {
      const t = tallies.get(key);
      const s = summary(t);
      out[key] = { docs: t.docs, header: t.header, rows: t.rows, fields: t.fields, columns: t.columns, ...s };
      console.log(row([key.split('|')[1], t.docs, pct(s.headerAcc), pct(s.headerP), t.rows.expected, pct(s.rowR), pct(s.rowP)]));
    }
    const all = tallies.get(`${half}|all`);
    if (all) {
      const fields = Object.entries(all.fields)
        .filter(([, v]) => v.expected + v.invented > 0)
        .map(([k, v]) => `${k} ${v.correct}/${v.expected}${v.wrong ? ` w${v.wrong}` : ''}${v.invented ? ` i${v.invented}` : ''}`)
        .join(', ');
      console.log(`  fields: ${fields}`);
    }
    // the line items' cells per source, right / expected over the truth rows paired with their best extracted row
    for (const key of keys.filter((k) => k.includes('|source ') && tallies.get(k).rows.expected > 0)) {
      const cols = Object.entries(tallies.get(key).columns).map(([k, v]) => `${k} ${v.correct}/${v.expected}`);
      console.log(`  row cells, ${key.split('|')[1]}: ${cols.join(', ')}`);
    }
  }
  if (jsonOut) await writeFile(jsonOut, JSON.stringify({ tallies: out, dev: perDoc }, null, 1));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
