#!/usr/bin/env node
// Extraction benchmark (issue 7 item 7):
//
//   node --import tsx bench/extraction/run.mjs [--seed N] [--mode text|table|both] [--providers offline,openai,...] [--verbose]
//
// Generates 50 invoices and receipts (seed 20240301 unless --seed; see generate.mjs) as
// OCR-like text lines with ground truth, extracts them with the library (api/src/processing/
// extraction extractChunk + api/src/llm providers) and prints field-level precision, recall
// and F1 and line-item row recall per provider, side by side:
//   - offline (always): the deterministic schema-guided extractor, no model;
//   - gemini when GEMINI_API_KEY is set, openai when OPENAI_BASE_URL (or OPENAI_API_KEY) is
//     set, ollama when OLLAMA_BASE_URL is set (models from GEMINI_MODEL / OPENAI_MODEL /
//     OLLAMA_MODEL, see api/src/llm/registry.ts).
// Modes: "text" sends each whole document as one text chunk with the text prompt; "table" sends
// the non-table lines as a text chunk and the line-item table as a table chunk (its
// table_structure taken from the generator, as chunking would produce it), rows in batches of 25.
// Prints tables; asserts nothing.
import { generateDocuments, INVOICE_SCHEMA, RECEIPT_SCHEMA } from './generate.mjs';
import { mergeTallies, newTally, prf, scoreDocument, totals } from './score.mjs';
import { configuredProviders, getProvider } from '../../api/src/llm/index.ts';
import { extractChunk } from '../../api/src/processing/extraction/index.ts';

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args[i + 1];
};
const seed = Number(arg('seed', '20240301'));
const mode = arg('mode', 'both');
const verbose = args.includes('--verbose');
const providerNames = (arg('providers', '') || configuredProviders().join(',')).split(',').filter(Boolean);

const TEXT_PROMPT = {
  type: 'text',
  template:
    'Extract the following fields from the document below.\n{{ schema_descriptions }}\n\nDocument:\n"""\n{{ text_chunk }}\n"""\n\nReturn only JSON. Use null for values the document does not show.',
};
const TABLE_PROMPT = {
  type: 'table',
  template:
    'These rows come from a table in a document.\n{% if table_description %}Table: {{ table_description }}\n{% endif %}Header:\n{{ header }}\n\nRows:\n{{ row_chunk }}\n\nFields:\n{{ schema_descriptions }}\n\nReturn only JSON, with one entry per row.',
};

function specOf(doc) {
  return doc.kind === 'invoice'
    ? { schema: INVOICE_SCHEMA, rowsKey: 'line_items', nameKey: 'description' }
    : { schema: RECEIPT_SCHEMA, rowsKey: 'items', nameKey: 'name' };
}

/** mode "table": a text chunk without the table lines + a table chunk with chunking-style table_structure */
function splitChunks(doc) {
  const t = doc.table;
  const tableLines = [...t.description, ...t.header, ...t.rows.flatMap((r) => Array.from({ length: r.end - r.start + 1 }, (_, k) => r.start + k))];
  const start = Math.min(...tableLines);
  const end = Math.max(...tableLines);
  const textLines = doc.lines.filter((_, i) => i + 1 < start || i + 1 > end);
  const parts = [
    ...t.description.map((n) => ({ role: 'description', start: n, end: n })),
    ...t.header.map((n) => ({ role: 'header', start: n, end: n })),
    ...t.rows.map((r) => ({ role: 'body', start: r.start, end: r.end })),
  ].sort((a, b) => a.start - b.start);
  return {
    text: { chunk_type: 'text', content: textLines.join('\n') },
    table: {
      chunk_type: 'table',
      content: doc.lines.slice(start - 1, end).join('\n'),
      start_line: start,
      metadata: { llm_start_line: start, tables_found: 1, table_structure: [{ start, end, parts }] },
    },
  };
}

async function runProvider(name, runMode, docs) {
  const provider = getProvider(name);
  const byKind = { invoice: newTally(), receipt: newTally() };
  const byLayout = {};
  for (const doc of docs) {
    const { schema, rowsKey, nameKey } = specOf(doc);
    const tally = byKind[doc.kind];
    const layoutTally = (byLayout[`${doc.kind}/${doc.layout}`] ??= newTally());
    const started = performance.now();
    let prediction;
    let failed = 0;
    let shortfall = 0;
    let tokens = 0;
    const notes = [];
    if (runMode === 'text') {
      const r = await extractChunk({ chunk: { chunk_type: 'text', content: doc.lines.join('\n') }, prompt: TEXT_PROMPT, schema, provider });
      prediction = r.extracted_data;
      failed += r.status === 'failed' ? 1 : 0;
      tokens += r.tokens_used;
      if (r.error_message) notes.push(r.error_message);
    } else {
      const chunks = splitChunks(doc);
      const a = await extractChunk({ chunk: chunks.text, prompt: TEXT_PROMPT, schema, provider });
      const b = await extractChunk({ chunk: chunks.table, prompt: TEXT_PROMPT, tablePrompt: TABLE_PROMPT, schema, provider, batchSize: 25 });
      failed += (a.status === 'failed' ? 1 : 0) + (b.status === 'failed' ? 1 : 0);
      shortfall += b.missing_rows?.length ? 1 : 0;
      tokens += a.tokens_used + b.tokens_used;
      for (const r of [a, b]) if (r.error_message) notes.push(r.error_message);
      const head = a.extracted_data && typeof a.extracted_data === 'object' ? a.extracted_data : {};
      const rows = b.extracted_data && typeof b.extracted_data === 'object' ? b.extracted_data[rowsKey] : undefined;
      prediction = { ...head, ...(rows ? { [rowsKey]: rows } : {}) };
    }
    const ms = performance.now() - started;
    for (const t of [tally, layoutTally]) {
      scoreDocument(t, doc.truth, prediction, rowsKey, nameKey);
      t.failed += failed;
      t.shortfalls += shortfall;
      t.tokens += tokens;
      t.ms += ms;
    }
    if (verbose) {
      const misses = Object.entries(doc.truth)
        .filter(([k, v]) => k !== rowsKey && JSON.stringify(v ?? null) !== JSON.stringify(prediction?.[k] ?? null))
        .map(([k, v]) => `${k}: want ${JSON.stringify(v)} got ${JSON.stringify(prediction?.[k])}`);
      console.log(`${name}/${runMode} ${doc.id} (${doc.layout}) rows ${prediction?.[rowsKey]?.length ?? 0}/${doc.truth[rowsKey].length}${misses.length ? `\n    ${misses.join('\n    ')}` : ''}${notes.length ? `\n    note: ${notes.join(' | ')}` : ''}`);
    }
  }
  return { name, mode: runMode, byKind, byLayout, all: mergeTallies(byKind.invoice, byKind.receipt) };
}

const pct = (x) => `${(x * 100).toFixed(1)}`.padStart(5);
const cols = (cells, widths) => cells.map((c, i) => String(c)[i === 0 ? 'padEnd' : 'padStart'](widths[i])).join('  ');

async function main() {
  const docs = generateDocuments({ seed });
  const modes = mode === 'both' ? ['text', 'table'] : [mode];
  const invoices = docs.filter((d) => d.kind === 'invoice').length;
  console.log(`Extraction bench: ${docs.length} documents (${invoices} invoices, ${docs.length - invoices} receipts), seed ${seed}`);
  console.log(`providers: ${providerNames.join(', ')}   modes: ${modes.join(', ')}`);
  const runs = [];
  for (const name of providerNames) {
    for (const m of modes) {
      try {
        runs.push(await runProvider(name, m, docs));
      } catch (e) {
        console.log(`${name}/${m}: could not run: ${e.message}`);
      }
    }
  }

  const W = [22, 6, 6, 6, 6, 6, 6, 8, 8, 8, 7, 6, 9, 9];
  console.log('\nField-level precision / recall / F1 (%), line-item rows (recall %, exact = every printed field right)');
  console.log(cols(['provider / mode / docs', 'P', 'R', 'F1', 'TP', 'FP', 'FN', 'rows', 'exact R', 'desc R', 'row P', 'fail', 'tokens', 'ms/doc'], W));
  for (const run of runs) {
    for (const [label, t] of [['all', run.all], ['invoices', run.byKind.invoice], ['receipts', run.byKind.receipt]]) {
      const s = totals(t);
      console.log(
        cols(
          [`${run.name}/${run.mode}/${label}`, pct(s.p), pct(s.r), pct(s.f1), s.tp, s.fp, s.fn, t.rows.expected, pct(t.rows.exact / (t.rows.expected || 1)), pct(t.rows.byName / (t.rows.expected || 1)), pct(t.rows.exact / (t.rows.extracted || 1)), t.failed, t.tokens, (t.ms / (t.docs || 1)).toFixed(1)],
          W,
        ),
      );
    }
  }

  console.log('\nPer field F1 % (TP/FP/FN)');
  const fields = [...new Set(runs.flatMap((r) => Object.keys(r.all.fields)))];
  const FW = [16, ...runs.map(() => 22)];
  console.log(cols(['field', ...runs.map((r) => `${r.name}/${r.mode}`)], FW));
  for (const f of fields) {
    console.log(
      cols(
        [f, ...runs.map((r) => {
          const t = r.all.fields[f];
          return t ? `${pct(prf(t).f1)} (${t.tp}/${t.fp}/${t.fn})` : '-';
        })],
        FW,
      ),
    );
  }

  console.log('\nPer layout: field F1 % / exact row recall %');
  const layouts = [...new Set(runs.flatMap((r) => Object.keys(r.byLayout)))];
  console.log(cols(['layout', ...runs.map((r) => `${r.name}/${r.mode}`)], [24, ...runs.map(() => 22)]));
  for (const l of layouts) {
    console.log(
      cols(
        [l, ...runs.map((r) => {
          const t = r.byLayout[l];
          return t ? `${pct(totals(t).f1)} / ${pct(t.rows.exact / (t.rows.expected || 1))}` : '-';
        })],
        [24, ...runs.map(() => 22)],
      ),
    );
  }
  const shortfalls = runs.map((r) => `${r.name}/${r.mode}: ${r.all.shortfalls}`).join(', ');
  console.log(`\nDocuments with a reported row shortfall (table mode): ${shortfalls}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
