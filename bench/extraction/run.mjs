#!/usr/bin/env node
// Extraction benchmark:
//
//   node --import tsx bench/extraction/run.mjs [--provider offline|gemini|openai|ollama[,...]] [--half dev|held-out|both] [--scan-all-dev]
//                                              [--no-scan] [--only <id part>] [--verbose] [--no-fields|--skip-no-fields]
//
// 72 documents from 3 independent sources (see corpus.mjs), half development, half held-out;
// a quarter also scanned. Every document is read through the real OCR library (text layer, or
// tesseract for the scans; cached by content hash in bench/out/ocr-cache) and extracted with
// extractChunk (api/src/processing/extraction) as one text chunk with the schema of its kind.
// Prints, for each half, per source and text/scan: header-field accuracy and precision,
// line-item row recall and precision, per-column accuracy. The held-out half is what counts.
//
// --provider: the offline extractor always runs; gemini / openai / ollama run the HELD-OUT half
// when their key or URL is set (GEMINI_API_KEY, OPENAI_BASE_URL or OPENAI_API_KEY,
// OLLAMA_BASE_URL; models from GEMINI_MODEL / OPENAI_MODEL / OLLAMA_MODEL) and print the same
// table beside the offline one, with tokens and cost per page (prices per million tokens from
// BENCH_PRICE_IN / BENCH_PRICE_OUT, else the list prices below for the default models).
// Without a key a provider is reported as skipped. Asserts nothing.
//
// Then the documents without the asked-for fields (no-fields.mjs: the project's manuals and a few
// letters), chunked as uploads are and extracted chunk by chunk with every corpus schema: every
// value given there is invented. Prints what was given, and the header precision of the
// development half together with them (the offline extractor must leave a field empty rather
// than guess). --no-fields runs only that set (with the development half's figures it needs);
// --skip-no-fields leaves it out.
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCorpus } from './corpus.mjs';
import { readDocument } from './ocr.mjs';
import { mergeInto, newTally, ratio, sameValue, scoreDocument, summary } from './score.mjs';
import { HELD_OUT_VOCABULARY as OFFICE_HELD } from './sources/office.mjs';
import { HELD_OUT_VOCABULARY as TILL_HELD } from './sources/till.mjs';
import { HELD_OUT_VOCABULARY as EINVOICE_HELD } from './sources/einvoice.mjs';
import { configuredProviders, getProvider } from '../../api/src/llm/index.ts';
import { extractChunk } from '../../api/src/processing/extraction/index.ts';
import { shutdownOcr } from '../../api/src/processing/ocr/index.ts';
import { chunksOf, emptyTruth, noFieldDocuments, unify } from './no-fields.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args[i + 1];
};
const verbose = args.includes('--verbose');
const noScan = args.includes('--no-scan');
const scanAllDev = args.includes('--scan-all-dev');
const skipNoFields = args.includes('--skip-no-fields');
const only = arg('only', '');
const halfArg = arg('half', 'both');
const requested = [...new Set(['offline', ...String(arg('provider', arg('providers', 'offline'))).split(',').map((s) => s.trim()).filter(Boolean)])];

/** USD per million tokens (input, output), list prices of the default models when this bench was written */
const PRICES = { 'gemini-2.5-flash': [0.3, 2.5], 'gemini-2.0-flash': [0.1, 0.4], 'gpt-4o-mini': [0.15, 0.6], 'gpt-4.1-mini': [0.4, 1.6] };

const TEXT_PROMPT = {
  type: 'text',
  template:
    'Extract the following fields from the document below.\n{{ schema_descriptions }}\n\nDocument:\n"""\n{{ text_chunk }}\n"""\n\nReturn only JSON. Use null for values the document does not show.',
};

async function leakCheck() {
  // held-out labels written as a string literal (a word list entry) in the extractor's source
  const vocabulary = [...new Set([...OFFICE_HELD, ...TILL_HELD, ...EINVOICE_HELD].map((v) => v.toLowerCase().replace(/[.:]+$/, '')))];
  const dirs = ['api/src/llm/offline', 'api/src/processing/extraction'];
  const hits = [];
  for (const dir of dirs) {
    for (const name of await readdir(join(HERE, '..', '..', dir))) {
      if (!name.endsWith('.ts') || name.includes('.test.')) continue;
      const text = (await readFile(join(HERE, '..', '..', dir, name), 'utf8')).toLowerCase();
      const literals = new Set([...text.matchAll(/'([^'\n]{2,60})'|"([^"\n]{2,60})"/g)].map((m) => (m[1] ?? m[2]).trim().replace(/[.:]+$/, '')));
      for (const v of vocabulary) if (literals.has(v)) hits.push(`${dir}/${name}: '${v}'`);
    }
  }
  return hits;
}

async function extract(provider, doc, text) {
  const r = await extractChunk({ chunk: { chunk_type: 'text', content: text }, prompt: TEXT_PROMPT, schema: doc.schema, provider });
  return r;
}

const pct = (x) => (x * 100).toFixed(1).padStart(5);
const line = (cells, widths) => cells.map((c, i) => String(c)[i === 0 ? 'padEnd' : 'padStart'](widths[i])).join('  ');

function printTable(title, tallies, withCost) {
  console.log(`\n${title}`);
  const W = [24, 4, 5, 8, 8, 7, 7, 7, ...(withCost ? [10, 10] : [])];
  console.log(line(['source / variant', 'docs', 'pages', 'header%', 'headerP', 'rows', 'rowR%', 'rowP%', ...(withCost ? ['tok/page', '$/page'] : [])], W));
  for (const [label, t] of tallies) {
    const s = summary(t);
    const cost = withCost ? [Math.round(t.tokens / (t.pages || 1)), t.cost === undefined ? '-' : (t.cost / (t.pages || 1)).toFixed(5)] : [];
    console.log(line([label, t.docs, t.pages, pct(s.headerAcc), pct(s.headerP), t.rows.expected, pct(s.rowR), pct(s.rowP), ...cost], W));
  }
}

function printColumns(tallies) {
  for (const [label, t] of tallies) {
    if (!t.docs) continue;
    const cols = Object.entries(t.columns).map(([k, v]) => `${k} ${pct(ratio(v.correct, v.expected))}`).join(' | ');
    const fields = Object.entries(t.fields)
      .filter(([, v]) => v.expected + v.invented > 0)
      .map(([k, v]) => `${k} ${v.correct}/${v.expected}${v.wrong ? ` w${v.wrong}` : ''}${v.invented ? ` i${v.invented}` : ''}`)
      .join(', ');
    console.log(`  ${label}: columns: ${cols}\n    fields: ${fields}`);
  }
}

async function main() {
  const leaks = await leakCheck();
  if (leaks.length) console.log(`WARNING: the extractor's source names held-out vocabulary (the held-out figures are not blind):\n  ${leaks.join('\n  ')}`);
  const halves = halfArg === 'both' ? ['dev', 'held-out'] : [halfArg];
  const t0 = performance.now();
  let docs = await buildCorpus({ halves: halves.includes('held-out') || requested.length > 1 ? ['dev', 'held-out'] : halves });
  if (only) docs = docs.filter((d) => d.id.includes(only));
  // more scans to design on, never more held-out ones: every development document scanned
  if (scanAllDev) for (const d of docs) if (d.half === 'dev') d.scanned = true;
  const pages = docs.reduce((s, d) => s + d.pages.length, 0);
  console.log(`Extraction bench: ${docs.length} documents (${pages} pages) from ${new Set(docs.map((d) => d.source)).size} sources, ${docs.filter((d) => d.scanned).length} also scanned; built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const inputs = [];
  let ocrSeconds = 0;
  let fresh = 0;
  for (const doc of docs) {
    for (const variant of doc.scanned && !noScan ? ['text', 'scan'] : ['text']) {
      const read = await readDocument(doc, variant);
      if (!read.cached) {
        fresh++;
        ocrSeconds += read.seconds;
      }
      inputs.push({ doc, variant, text: read.text, pages: read.pages });
    }
  }
  await shutdownOcr();
  console.log(`read ${inputs.length} inputs (${fresh} not cached, ${ocrSeconds.toFixed(1)} s of OCR)`);

  const available = new Set(configuredProviders());
  const results = [];
  for (const name of requested) {
    if (!available.has(name)) {
      console.log(`\n${name}: skipped (no key or URL set: ${name === 'gemini' ? 'GEMINI_API_KEY' : name === 'openai' ? 'OPENAI_BASE_URL or OPENAI_API_KEY' : 'OLLAMA_BASE_URL'})`);
      continue;
    }
    const provider = getProvider(name);
    const price = name === 'offline' ? [0, 0] : process.env.BENCH_PRICE_IN ? [Number(process.env.BENCH_PRICE_IN), Number(process.env.BENCH_PRICE_OUT ?? 0)] : PRICES[provider.model];
    const tallies = new Map();
    const tallyFor = (key) => {
      if (!tallies.has(key)) tallies.set(key, newTally());
      return tallies.get(key);
    };
    for (const input of inputs) {
      const { doc, variant } = input;
      if (name !== 'offline' && doc.half !== 'held-out') continue;
      if (!halves.includes(doc.half)) continue;
      const started = performance.now();
      const r = await extract(provider, doc, input.text);
      const t = newTally();
      scoreDocument(t, doc.truth, r.extracted_data, doc.rowsKey);
      t.pages = input.pages;
      t.ms = performance.now() - started;
      t.tokens = r.tokens_used;
      t.failed = r.status === 'failed' ? 1 : 0;
      t.warnings = r.warnings.length;
      if (price) t.cost = (r.usage.input_tokens * price[0] + r.usage.output_tokens * price[1]) / 1e6;
      for (const key of [`${doc.half}|${doc.source}/${variant}`, `${doc.half}|all/${variant}`]) {
        const agg = tallyFor(key);
        mergeInto(agg, t);
        if (t.cost !== undefined) agg.cost = (agg.cost ?? 0) + t.cost;
      }
      if (verbose) {
        const p = r.extracted_data ?? {};
        const misses = Object.entries(doc.truth)
          .filter(([k, v]) => k !== doc.rowsKey && !(v === null && (p[k] === null || p[k] === undefined)) && !(v !== null && sameValue(v, p[k])))
          .map(([k, v]) => `${k}: want ${JSON.stringify(v)} got ${JSON.stringify(p[k])}`);
        const s = summary(t);
        console.log(`${name} ${doc.id}/${variant} (${doc.layout}) rows ${t.rows.recalled}/${t.rows.expected} of ${t.rows.extracted}${misses.length ? `\n    ${misses.join('\n    ')}` : ''}${r.warnings.length ? `\n    warnings: ${r.warnings.join(' | ')}` : ''}${s.rowR < 1 && verbose ? '' : ''}`);
      }
    }
    results.push({ name, model: provider.model, tallies });
  }

  const offline = results.find((r) => r.name === 'offline');
  if (!skipNoFields && offline && halves.includes('dev')) await noFieldsSet(docs, offline.tallies);

  const order = ['office', 'till', 'einvoice', 'all'];
  for (const half of halves) {
    for (const { name, model, tallies } of results) {
      const rows = [];
      for (const source of order) for (const variant of ['text', 'scan']) {
        const t = tallies.get(`${half}|${source}/${variant}`);
        if (t) rows.push([`${source}/${variant}`, t]);
      }
      if (!rows.length) continue;
      printTable(`${half.toUpperCase()} — ${name}${name === 'offline' ? '' : ` (${model})`}`, rows, name !== 'offline');
      if (verbose || name === 'offline') printColumns(rows.filter(([l]) => l.startsWith('all')));
    }
  }
}

/** The documents without the fields, with every schema of the corpus; then precision with the development half. */
async function noFieldsSet(docs, devTallies) {
  const schemas = new Map();
  for (const d of docs) if (d.half === 'dev' && !schemas.has(`${d.source}/${d.kind}`)) schemas.set(`${d.source}/${d.kind}`, { schema: d.schema, rowsKey: d.rowsKey });
  const provider = getProvider('offline');
  const tally = newTally();
  const given = [];
  let chunkCount = 0;
  let pages = 0;
  for (const doc of await noFieldDocuments()) {
    const read = await chunksOf(doc);
    pages += read.pages;
    chunkCount += read.chunks.length;
    for (const [name, { schema, rowsKey }] of schemas) {
      const answers = [];
      for (const chunk of read.chunks) {
        const r = await extractChunk({ chunk, prompt: TEXT_PROMPT, schema, provider });
        if (r.status === 'completed') answers.push(r.extracted_data);
      }
      const record = unify(answers);
      const t = newTally();
      scoreDocument(t, emptyTruth(schema, rowsKey), record, rowsKey);
      t.rows.extracted = Array.isArray(record[rowsKey]) ? record[rowsKey].length : 0;
      mergeInto(tally, t);
      for (const [k, v] of Object.entries(record)) if (k !== rowsKey && v !== null && v !== undefined && v !== '') given.push(`${doc.id} as ${name}: ${k} = ${JSON.stringify(v).slice(0, 90)}`);
    }
  }
  await shutdownOcr();
  console.log(`
DOCUMENTS WITHOUT THE FIELDS — offline: ${tally.docs / Math.max(1, schemas.size)} documents (${pages} pages, ${chunkCount} chunks) × ${schemas.size} schemas`);
  console.log(`  header values given: ${tally.header.invented} (every one invented); rows given: ${tally.rows.extracted}`);
  for (const g of given) console.log(`    ${g}`);
  const both = ['text', 'scan'].map((v) => devTallies.get(`dev|all/${v}`)).filter(Boolean);
  if (both.length > 1) devTallies.set('dev|all/text+scan', both.reduce((acc, t) => mergeInto(acc, t), newTally()));
  for (const variant of ['text', 'scan', 'text+scan']) {
    const dev = devTallies.get(`dev|all/${variant}`);
    if (!dev) continue;
    const h = dev.header;
    const right = h.correct;
    const values = h.correct + h.wrong + h.invented + tally.header.invented;
    console.log(
      `  header precision, development ${variant} + documents without the fields: ${right} / ${values} = ${pct(ratio(right, values))} %` +
        ` (development alone ${pct(summary(dev).headerP)} %, recall ${pct(summary(dev).headerAcc)} %)`,
    );
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
