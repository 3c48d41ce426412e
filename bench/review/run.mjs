#!/usr/bin/env node
// Review benchmark (provenance part; the step as the API runs it: step.mjs;
// export and evaluation: export.mjs; what every figure means: README.md beside it):
//
//   node --import tsx bench/review/run.mjs [--rounds 5]
//
// OFFLINE-ONLY comparison (the strict one): provenance's cost against the offline extractor's
// call alone, no database, no job, on
//   1. a generated 36-page text document (a product manual, ~40 lines a page, with part
//      numbers, dates and amounts), chunked with the deterministic analyser (llm_analysis, no
//      model) and extracted chunk by chunk with the offline extractor and a 6-field schema;
//   2. a 200-row table (item, quantity, unit price, amount, delivery date), one dedicated
//      table chunk, extracted in row batches.
// Both steps are the calls the extraction handler makes: extractChunk, then
// provenanceOfExtraction (the chunk index plus the document-wide fallback for values not in the
// chunk) with the file's document source, built once per file and job as the handler's
// documentCache does (here: once per document and round).
// The offline extractor is the fastest provider there is (no model, no network): against a
// language model the extraction step takes seconds per chunk, so the share printed here is the
// worst case. Goal: provenance <= 5 % of the extraction step's time. Prints the mean of the rounds (the
// first one cold) and the median of the warm ones (wall time of each call, so a busy machine's
// pauses land in whichever call runs); asserts nothing.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { chunkDocument } from '../../api/src/processing/chunking/index.ts';
import { extractChunk } from '../../api/src/processing/extraction/index.ts';
import { getProvider } from '../../api/src/llm/index.ts';
import { documentSource, provenanceOfExtraction } from '../../api/src/modules/extraction/provenance.ts';
import { MANUAL_SCHEMA, TABLE_PROMPT, TABLE_SCHEMA, TEXT_PROMPT, manualLines, tableLines } from './documents.mjs';

const args = process.argv.slice(2);
const rounds = Number(args[args.indexOf('--rounds') + 1] || 5) || 5;

/**
 * Table cells placed on a line other than their row's: a row's true line is the line whose first
 * column is the row's item (the generator writes each item once); 0 for results without rows.
 */
function offRow(lines, data, p) {
  if (!Array.isArray(data?.items)) return 0;
  const lineOfItem = new Map(lines.map((l) => [l.text.split('   ')[0], l.number]));
  let off = 0;
  for (const v of p.values) {
    const row = /^\$\.items\[(\d+)\]/.exec(v.path);
    if (row && v.status === 'found' && v.start_line !== lineOfItem.get(data.items[Number(row[1])]?.item)) off++;
  }
  return off;
}

async function measure(name, lines, schema, chunkOptions) {
  const { chunks } = await chunkDocument(lines.map((l) => ({ number: l.number, page: l.page, text: l.text })), chunkOptions);
  const provider = getProvider('offline');
  let extractMs = 0;
  let provMs = 0;
  let values = 0;
  let found = 0;
  let results = 0;
  let off = 0;
  const perRound = [];
  let extractCpu = 0;
  let provCpu = 0;
  const cpu = (from) => {
    const d = process.cpuUsage(from);
    return (d.user + d.system) / 1000;
  };
  for (let r = 0; r < rounds; r++) {
    const doc = documentSource(lines);
    const before = { extractMs, provMs, extractCpu, provCpu };
    for (const c of chunks) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const out = await extractChunk({
        chunk: { id: `c${c.chunk_index}`, chunk_type: c.chunk_type, content: c.content, start_line: c.start_line, metadata: c.metadata },
        prompt: TEXT_PROMPT,
        tablePrompt: TABLE_PROMPT,
        schema,
        example: null,
        provider,
      });
      const t1 = performance.now();
      extractCpu += cpu(c0);
      const c1 = process.cpuUsage();
      const p = provenanceOfExtraction({ id: `c${c.chunk_index}`, content: c.content, startLine: c.start_line }, out.extracted_data ?? null, doc);
      const t2 = performance.now();
      provCpu += cpu(c1);
      extractMs += t1 - t0;
      provMs += t2 - t1;
      values += p.summary.total;
      found += p.summary.found;
      off += offRow(lines, out.extracted_data, p);
      results++;
    }
    perRound.push({ extractMs: extractMs - before.extractMs, provMs: provMs - before.provMs, extractCpu: extractCpu - before.extractCpu, provCpu: provCpu - before.provCpu });
  }
  const warm = perRound.slice(1);
  return { name, chunks: chunks.length, results: results / rounds, values: values / rounds, found: found / rounds, off: off / rounds, extractMs: extractMs / rounds, provMs: provMs / rounds, warmExtractMs: median(warm.map((w) => w.extractMs)), warmProvMs: median(warm.map((w) => w.provMs)), warmExtractCpu: median(warm.map((w) => w.extractCpu)), warmProvCpu: median(warm.map((w) => w.provCpu)) };
}

function median(xs) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

const rows = [
  await measure('36-page manual (text chunks)', manualLines(), MANUAL_SCHEMA, {}),
  await measure('200-row table (table chunk)', tableLines(), TABLE_SCHEMA, { maxChunkSize: 100_000 }),
];
console.log(`provenance cost (offline extractor, mean of ${rounds} rounds, the first one cold; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);
console.log('document                      chunks  values  found  off row  extraction ms  provenance ms  ms/value  ms/result  share   goal<=5%');
for (const r of rows) {
  const share = (100 * r.provMs) / r.extractMs;
  console.log(
    [
      r.name.padEnd(29),
      String(r.chunks).padStart(6),
      String(Math.round(r.values)).padStart(7),
      String(Math.round(r.found)).padStart(6),
      String(Math.round(r.off)).padStart(8),
      r.extractMs.toFixed(1).padStart(14),
      r.provMs.toFixed(1).padStart(14),
      (r.values ? r.provMs / r.values : 0).toFixed(4).padStart(9),
      (r.provMs / r.results).toFixed(2).padStart(10),
      `${share.toFixed(1)}%`.padStart(6),
      share <= 5 ? '  ok' : '  over',
    ].join(' '),
  );
}
// The mean carries the first round's compilation of both steps, and the machine may be shared:
// the median of the other rounds is the steady cost of a running API.
console.log(`warm rounds (2..${rounds}), median per round:`);
console.log('document                      extraction ms  provenance ms  share   goal<=5%');
for (const r of rows) {
  const share = (100 * r.warmProvMs) / r.warmExtractMs;
  console.log([r.name.padEnd(29), r.warmExtractMs.toFixed(1).padStart(13), r.warmProvMs.toFixed(1).padStart(14), `${share.toFixed(1)}%`.padStart(6), share <= 5 ? '  ok' : '  over'].join(' '));
}
// CPU time of the process (all its threads: a garbage collection's helper threads count where
// they run) is less bent by other processes on a shared machine than wall time.
console.log(`warm rounds (2..${rounds}), median CPU time per round (this process, all threads):`);
console.log('document                      extraction ms  provenance ms  share   goal<=5%');
for (const r of rows) {
  const share = (100 * r.warmProvCpu) / r.warmExtractCpu;
  console.log([r.name.padEnd(29), r.warmExtractCpu.toFixed(1).padStart(13), r.warmProvCpu.toFixed(1).padStart(14), `${share.toFixed(1)}%`.padStart(6), share <= 5 ? '  ok' : '  over'].join(' '));
}
console.log('extraction ms is the offline extractor (no model); with a language model each chunk or row batch is a network call of seconds, so the share is far lower.');
console.log('off row: table cells placed on a line other than their own row\'s (the generator knows each row\'s line).');
console.log('provenance ms is what the handler adds per stored result: the chunk\'s search (a scan per value for a few values, a word index for many; number tokens by digits and dates built on first use), one lookup per distinct value.');
