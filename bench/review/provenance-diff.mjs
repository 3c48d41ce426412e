#!/usr/bin/env node
// Differential check of provenance: the product's matcher
// (api/src/processing/provenance) against the matcher as it was at another commit (by default
// 36c3fea, before the table fast path), taken from git into bench/out/ (gitignored), value by
// value (status, match kind, line range, page, occurrences, in_chunk):
//
//   node --import tsx bench/review/provenance-diff.mjs [--tables 3000] [--seed 1] [--reference <commit>]
//
// Sources: the bench's two documents as run.mjs extracts them, the tests' hand-made sources,
// and generated table chunks (repeated values, numbers in several formats, dates written
// several ways, cells found only elsewhere in the document, missing cells, other case and
// whitespace, non-ASCII text). Each result is computed on a fresh index and again on the same
// (memoised) one. Exits 1 on the first differences (printed).
import { SourceIndex as NewIndex, computeProvenance as newCompute } from '../../api/src/processing/provenance/index.ts';
import { dateReadings as newDates, numberReadings as newNumbers } from '../../api/src/processing/provenance/readings.ts';
import { chunkDocument } from '../../api/src/processing/chunking/index.ts';
import { extractChunk } from '../../api/src/processing/extraction/index.ts';
import { getProvider } from '../../api/src/llm/index.ts';
import { benchDocuments } from './documents.mjs';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : dflt);
const tables = opt('--tables', 3000);
let seed = opt('--seed', 1);
const reference = args.includes('--reference') ? args[args.indexOf('--reference') + 1] : '36c3fea';

// The reference matcher, as committed at `reference` (one copy of the code lives in git, not two in the tree).
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const referenceDir = path.join(repo, 'bench/out/provenance-reference', reference);
mkdirSync(referenceDir, { recursive: true });
// every module of the matcher at that commit (how it is split into files changes over time)
const provenanceDir = 'api/src/processing/provenance';
const files = execFileSync('git', ['ls-tree', '--name-only', `${reference}:${provenanceDir}`], { cwd: repo, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
for (const file of files) {
  const text = execFileSync('git', ['show', `${reference}:${provenanceDir}/${file}`], { cwd: repo, encoding: 'utf8' });
  writeFileSync(path.join(referenceDir, file), text);
}
const { SourceIndex: OldIndex, computeProvenance: oldCompute, leaves } = await import(pathToFileURL(path.join(referenceDir, 'match.ts')).href);
const { dateReadings: oldDates, numberReadings: oldNumbers } = await import(pathToFileURL(path.join(referenceDir, 'readings.ts')).href);

const counts = { readings: 0, results: 0, values: 0, found: 0, notFound: 0, outsideChunk: 0, byKind: {}, differences: 0 };
const examples = [];

/** One result through both matchers (fresh indexes, then the same ones again). */
function compare(label, lines, chunkLines, data) {
  const pageOf = (n) => lines[n - 1]?.page ?? null;
  const start = chunkLines[0].number;
  const content = chunkLines.map((l) => l.text).join('\n');
  const oldDoc = new OldIndex(lines);
  const newDoc = new NewIndex(lines);
  const oldChunk = OldIndex.ofChunk(content, start, pageOf);
  const newChunk = NewIndex.ofChunk(content, start, pageOf);
  // the readings of every text value and every word of the source, compared on their own too
  const texts = [...leaves(data).filter((l) => typeof l.value === 'string').map((l) => l.value), ...content.split(/\s+/)];
  for (const text of texts) {
    counts.readings++;
    if (JSON.stringify([oldDates(text), oldNumbers(text)]) !== JSON.stringify([newDates(text), newNumbers(text)])) {
      counts.differences++;
      if (examples.length < 10) examples.push({ label, readings: text });
    }
  }
  for (let pass = 0; pass < 2; pass++) {
    const a = oldCompute({ chunkId: 'c', extractedData: data, chunk: oldChunk, document: () => oldDoc });
    const b = newCompute({ chunkId: 'c', extractedData: data, chunk: newChunk, document: () => newDoc });
    counts.results++;
    if (JSON.stringify(a.summary) !== JSON.stringify(b.summary) || a.values.length !== b.values.length) {
      counts.differences++;
      if (examples.length < 10) examples.push({ label, pass, old: a.summary, new: b.summary });
      continue;
    }
    for (let i = 0; i < a.values.length; i++) {
      const x = a.values[i];
      const y = b.values[i];
      counts.values++;
      if (x.status === 'found') {
        counts.found++;
        counts.byKind[x.match] = (counts.byKind[x.match] ?? 0) + 1;
        if (!x.in_chunk) counts.outsideChunk++;
      } else counts.notFound++;
      if (JSON.stringify(x) !== JSON.stringify(y)) {
        counts.differences++;
        if (examples.length < 10) examples.push({ label, pass, text: content.length < 400 ? content : undefined, old: x, new: y });
      }
    }
  }
}

// ------------------------------------------------------------------ the bench's documents

const provider = getProvider('offline');
for (const d of benchDocuments()) {
  const { chunks } = await chunkDocument(d.lines, d.chunkOptions);
  for (const c of chunks) {
    const out = await extractChunk({ chunk: { id: 'c', chunk_type: c.chunk_type, content: c.content, start_line: c.start_line, metadata: c.metadata }, prompt: d.prompt, tablePrompt: d.tablePrompt, schema: d.schema, example: null, provider });
    const chunkLines = c.content.split('\n').map((text, i) => ({ number: c.start_line + i, page: d.lines[c.start_line + i - 1]?.page ?? null, text }));
    compare(`bench ${d.name} chunk ${c.chunk_index}`, d.lines, chunkLines, out.extracted_data ?? null);
  }
}
const benchCounts = { ...counts, byKind: { ...counts.byKind } };

// ------------------------------------------------------------------ the tests' sources

const numbered = (texts, from = 1) => texts.map((text, i) => ({ number: from + i, page: from + i < 12 ? 1 : 2, text }));
const invoice = ['Invoice Number: INV-1001', 'Total Amount: 1.234,50 EUR', 'Invoice Date: 03/15/2024', 'Vendor: Northwind  Trading', 'Thank you.'];
const testSources = [
  [invoice, { a: 'INV-1001', b: 1234.5, c: '1,234.50', d: '€1,234.50', e: '2024-03-15', f: 'March 15, 2024', g: '15.03.2024', h: 'NORTHWIND trading', i: 'Globex Corporation', j: 999.99 }],
  [['Order 12345'], { v: 234 }],
  [['Delivery 2024-01-05', 'Qty 5.00'], { v: 5, w: 1, x: 2024 }],
  [['Shipped 01/05/2024 (3-5-24)', 'Qty 5.00'], { v: 5 }],
  [['Delivery 2024-13-05', 'Part PN-00123 and sizes 10-20'], { v: 5, w: 20 }],
  [['Item | Qty | Delivery', 'Bolt | 1.00 | 2024-01-01', 'Nut | 3.00 | 2024-03-01'], { items: [{ item: 'Bolt', qty: 1 }, { item: 'Nut', qty: 3 }] }],
  [['Ship to: Acme Industrial', 'Supplies Ltd', 'End'], { v: 'Acme Industrial Supplies Ltd' }],
  [['a', 'Total 50.00', 'b', 'Total 50.00'], { v: 50 }],
  [['ACME', 'Acme'], { v: 'Acme' }],
  [['Item | Qty | Price', 'Bolt M4 | 2 | 0.50', 'Nut M4 | 3 | 2.00', 'Washer | 2 | 0.10'], { items: [{ item: 'Bolt M4', qty: 2 }, { item: 'Nut M4', qty: 3 }, { item: 'Washer', qty: 2 }], qty: 2 }],
  [['Note: ACME-7 back-ordered', 'Item | Qty | Price', 'acme-7 | 5 | 12.40', 'Other | 5 | 12.40'], { items: [{ item: 'ACME-7', qty: 5, price: 12.4 }, { item: 'Other', qty: 5, price: 12.4 }] }],
  [['Price 6.50', 'Rate 0,065 per unit', 'Total 0.00', 'Count 100', 'Count 1', 'Tolerance 0.0000001 mm', 'Serial 1234567890123456789'], { a: 6.5, b: 0.065, c: 0, d: 1, e: 1e-7, f: 1234567890123456800, g: 1234567890123456 }],
  [['Straße 5', 'TOTAL  DUE 7', 'TOTAL\u2003 DUE 7', 'Müller GmbH', 'Müllerstraße 3'], { a: 'total due 7', b: 'Müller' }],
  [['Amount   TOTAL\t\tDue 7', 'Amount paid', 'Amount due', 'Net', '  AMOUNT x', 'Gross amount', 'SubNet amount', 'Net amountx', 'Subtotal due', 'TOTAL  due', 'Part A-7 x', 'PART A-7', 'Part B-7', 'Strasse 5'], { a: 'amount total due', b: 'net amount', c: 'total due', d: 'PART A-7', e: 'Straße 5' }],
];
for (const [texts, data] of testSources) {
  const lines = numbered(texts, 10);
  compare('tests', lines, lines, data);
  // the same source with a table of the values: the row vote and the nearest occurrence
  compare('tests as a table', lines, lines, { rows: [data, data] });
}
const testCounts = { ...counts, byKind: { ...counts.byKind } };

// ------------------------------------------------------------------ generated tables

function rand() {
  // mulberry32
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const int = (n) => Math.floor(rand() * n);

const WORDS = ['Bolt', 'Nut', 'Washer', 'Component', 'Gear', 'Shaft', 'Bracket', 'Panel', 'Cable', 'Valve', 'Pump', 'Filter', 'Seal', 'Spring', 'Hinge'];
const ODD = ['Straße', 'Müller', 'Çelik', 'ÉCROU', 'naïve', 'Øresund'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const pad = (n, w = 2) => String(n).padStart(w, '0');

/** A number as a document may print it, and its value. */
function printedNumber() {
  const v = pick([int(10), int(1000), int(100000) / 100, int(1000) * 0.25, int(10) / 1000, 1234.5, 0]);
  const two = v.toFixed(2);
  const [i, f] = two.split('.');
  const grouped = i.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const forms = [String(v), two, `${grouped}.${f}`, `${i.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${f}`, `${i.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${f}`, `(${two})`, `-${two}`, `€${two}`, `${two} EUR`];
  return { value: v, text: pick(forms) };
}

/** A date as a document may print it, and as a record may give it. */
function printedDate() {
  const y = pick([2023, 2024, 2025]);
  const m = 1 + int(12);
  const d = 1 + int(28);
  const forms = [`${y}-${pad(m)}-${pad(d)}`, `${pad(m)}/${pad(d)}/${y}`, `${pad(d)}.${pad(m)}.${y}`, `${d} ${MONTHS[m - 1]} ${y}`, `${MONTHS[m - 1]} ${d}, ${y}`, `${MONTHS[m - 1].slice(0, 3)} ${d} ${y}`, `${m}-${d}-${String(y).slice(2)}`];
  return { text: pick(forms), value: pick(forms) };
}

function itemName(i) {
  const w = rand() < 0.1 ? pick(ODD) : pick(WORDS);
  return pick([`${w} ${pad(i % 50, 3)}`, `${w}-${i % 30}`, `${w} M${int(12)}`, w, `${w} ${int(200)}`, `PN-${pad(int(500), 5)}`]);
}

function generatedTable(t) {
  const nRows = 1 + int(t % 10 === 0 ? 120 : 25);
  const sep = pick(['   ', ' | ', '\t', '  ', ' ']);
  const description = rand() < 0.5 ? [`Delivery schedule for order ${int(99999)}`, `Issued ${printedDate().text} by ${pick(WORDS)} ${pick(ODD)}`] : [];
  const header = ['Item', 'Qty', 'Unit price', 'Amount', 'Delivery'].join(sep);
  const rows = [];
  const records = [];
  const repeated = Array.from({ length: 4 }, () => itemName(int(100)));
  for (let r = 0; r < nRows; r++) {
    const item = rand() < 0.2 ? pick(repeated) : itemName(r);
    const qty = 1 + int(rand() < 0.5 ? 9 : 200);
    const price = printedNumber();
    const amount = printedNumber();
    const date = printedDate();
    const cells = [item, String(qty), price.text, amount.text, date.text];
    if (rand() < 0.05) cells[0] = cells[0].toUpperCase();
    if (rand() < 0.05) cells[0] = cells[0].replace(' ', '  ');
    rows.push(cells.join(sep));
    const rec = {
      item: rand() < 0.1 ? item.toLowerCase() : item,
      qty: rand() < 0.15 ? String(qty) : qty,
      unit_price: rand() < 0.3 ? price.text : price.value,
      amount: rand() < 0.5 ? amount.value : amount.text,
      delivery: rand() < 0.6 ? date.text : date.value,
    };
    // a cell the model invented, one it read from elsewhere (the note after the table), one it left out
    if (rand() < 0.05) rec.qty = 9000 + int(999);
    if (rand() < 0.05) rec.item = `Invented ${int(1000)}`;
    if (rand() < 0.05) delete rec.delivery;
    if (rand() < 0.03) rec.unit_price = null;
    // padded as a model may return it: a leading space matches the line break before the row
    if (rand() < 0.03) rec.item = ` ${rec.item}`;
    if (rand() < 0.02) rec.delivery = `${rec.delivery} `;
    records.push(rec);
  }
  const note = `Note: ${pick(WORDS)} Z${int(100)} back-ordered until ${printedDate().text}`;
  const chunkTexts = [...description, header, ...rows];
  if (rand() < 0.1) {
    // a value split over two lines
    const i = description.length + 1 + int(rows.length);
    const cut = chunkTexts[i].indexOf(sep);
    if (cut > 0) chunkTexts.splice(i, 1, chunkTexts[i].slice(0, cut), chunkTexts[i].slice(cut + sep.length));
  }
  const before = [`Purchase order ${int(99999)}`, `Customer: ${pick(WORDS)} ${pick(ODD)} Ltd`];
  const lines = [...before, ...chunkTexts, note].map((text, i) => ({ number: i + 1, page: 1 + Math.floor(i / 30), text }));
  const chunkLines = lines.slice(before.length, before.length + chunkTexts.length);
  const elsewhere = note.split(' ').slice(1, 3).join(' ');
  if (records.length && rand() < 0.3) records[int(records.length)].item = elsewhere;
  const data = { items: records, order: before[0].split(' ').pop(), customer: rand() < 0.5 ? before[1].slice(10) : 'Nobody', total: printedNumber().value };
  return { lines, chunkLines, data: rand() < 0.2 ? records : data };
}

for (let t = 0; t < tables; t++) {
  const { lines, chunkLines, data } = generatedTable(t);
  compare(`generated table ${t}`, lines, chunkLines, data);
}

const report = (name, c) => `${name}: ${c.readings} readings, ${c.results} results, ${c.values} values (found ${c.found}: ${Object.entries(c.byKind).map(([k, n]) => `${k} ${n}`).join(', ')}; outside the chunk ${c.outsideChunk}; not_in_document ${c.notFound}), differences ${c.differences}`;
const minus = (a, b) => ({ readings: a.readings - b.readings, results: a.results - b.results, values: a.values - b.values, found: a.found - b.found, notFound: a.notFound - b.notFound, outsideChunk: a.outsideChunk - b.outsideChunk, differences: a.differences - b.differences, byKind: Object.fromEntries(Object.entries(a.byKind).map(([k, n]) => [k, n - (b.byKind[k] ?? 0)])) });
console.log(report('bench documents', benchCounts));
console.log(report('tests\' sources', minus(testCounts, benchCounts)));
console.log(report(`generated tables (${tables}, seed ${opt('--seed', 1)})`, minus(counts, testCounts)));
console.log(report('all', counts));
for (const e of examples) console.log(JSON.stringify(e));
process.exit(counts.differences ? 1 : 0);
