#!/usr/bin/env node
// The extraction step as the product runs it (the second measure; run.mjs has the
// offline-only comparison):
//
//   node --import tsx bench/review/step.mjs [--rounds 5] [--only table|manual]
//
// Starts the API in this process on a real database (embedded PGlite in a temp dir, or a fresh
// database on TEST_DATABASE_URL's server) with one in-API job worker, uploads the bench's two
// documents (documents.mjs) as text PDFs, runs OCR and chunking jobs on them (the table with
// max_chunk_size 100 000, as run.mjs chunks it), then runs extraction jobs with the offline
// extractor, one per document and round. Per chunk the handler reports in its chunk event:
//   step_ms        the whole durable step: reading the chunk row, the provider (offline),
//                  provenance, the fenced transaction storing the result and the step
//                  (and the wait for the previous event's write, as a job does)
//   provenance_ms  provenance of that result, inside the step
// and per job the review checks of the files (checks_ms, in the job's summary). Printed per
// document and round: the sum of the steps, of provenance, the checks, the job's wall time
// (created -> completed, polled every 20 ms), and provenance's share of the steps and of the
// steps plus checks. The first round is cold; the warm median is of rounds 2..n.
// Asserts nothing. The goal (provenance <= 5 % of the extraction step's time) is judged
// against the step here and against the offline extractor alone in run.mjs; both are printed.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { makeTextPdf } from '../../api/src/processing/ocr/fixtures/generate.ts';
import { shutdownOcr } from '../../api/src/processing/ocr/index.ts';
import { startTestApp } from '../../api/src/testing/helpers.ts';
import { generousLimits, runChunkingJob, runOcrJob, uploadFile } from '../../api/src/modules/jobs/test-helpers.ts';
import { MANUAL_SCHEMA, TABLE_SCHEMA, manualLines, tableLines } from './documents.mjs';

const args = process.argv.slice(2);
const rounds = Number(args[args.indexOf('--rounds') + 1] || 5) || 5;
// --only table (or manual): one document, for many rounds of it in little time
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;

/** The table document as PDF pages: its title, then its rows as table blocks (columns 3 spaces apart, 48 rows a page: a PDF page holds no more). */
function tablePages(lines) {
  const rows = lines.slice(1).map((l) => l.text.split('   '));
  const out = [[{ kind: 'paragraph', lines: [lines[0].text] }, { kind: 'table', rows: rows.slice(0, 46) }]];
  for (let i = 46; i < rows.length; i += 48) out.push([{ kind: 'table', rows: rows.slice(i, i + 48) }]);
  return out;
}

/** The manual's lines as PDF pages (one paragraph block per page, as generated). */
function pages(lines) {
  const byPage = new Map();
  for (const l of lines) {
    if (!byPage.has(l.page)) byPage.set(l.page, []);
    byPage.get(l.page).push(l.text);
  }
  return [...byPage.values()].map((texts) => [{ kind: 'paragraph', lines: texts }]);
}

// a job costs a credit: enough for any number of rounds
const t = await startTestApp({ jobs: { inApiWorkers: 1, pollIntervalMs: 20 }, initialCreditBalance: 1_000_000 });
try {
  await generousLimits(t);
  const u = await t.registerUser();
  const api = async (method, path, json) => {
    const r = await t.request(method, `/api/v1/${path}`, { token: u.token, ...(json !== undefined ? { json } : {}) });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
    return r.body;
  };
  const textPrompt = (await api('POST', 'prompts/', { name: 'Text', type: 'text', template: 'Extract the fields.\n{{ schema_descriptions }}\n\nText:\n{{ text_chunk }}' })).id;
  const tablePrompt = (await api('POST', 'prompts/', { name: 'Table', type: 'table', template: 'One object per row.\n{{ schema_descriptions }}\nHeader: {{ header }}\nRows:\n{{ row_chunk }}' })).id;
  const docs = [
    { name: '36-page manual (text chunks)', lines: manualLines(), pages, schema: MANUAL_SCHEMA, chunking: {} },
    { name: '200-row table (table chunk)', lines: tableLines(), pages: tablePages, schema: TABLE_SCHEMA, chunking: { max_chunk_size: 100_000 } },
  ].filter((d) => !only || d.name.includes(only));
  for (const d of docs) {
    d.schemaId = (await api('POST', 'output-schemas/', { name: d.name, schema_definition: d.schema })).id;
    d.fileId = await uploadFile(t, u, Buffer.from(await makeTextPdf(d.pages(d.lines))), `${d.name.split(' ')[1]}.pdf`, 'application/pdf');
    const ocr = await runOcrJob(t, u, d.fileId, 300_000);
    if (ocr.status !== 'completed') throw new Error(`OCR ${ocr.status}: ${ocr.error_message}`);
    const ch = await runChunkingJob(t, u, { file_id: d.fileId, strategy: 'llm_analysis', ...d.chunking }, 120_000);
    if (ch.status !== 'completed') throw new Error(`chunking ${ch.status}: ${ch.error_message}`);
    const chunks = await api('GET', `files/${d.fileId}/chunks`);
    const list = Array.isArray(chunks) ? chunks : (chunks.items ?? chunks.chunks ?? []);
    d.chunkTypes = list.reduce((m, c) => ({ ...m, [c.chunk_type]: (m[c.chunk_type] ?? 0) + 1 }), {});
    d.rounds = [];
  }
  for (let r = 0; r < rounds; r++) {
    for (const d of docs) {
      const created = performance.now();
      const job = await api('POST', 'jobs/', { job_type: 'extraction', name: `bench ${r}`, start: true, file_id: d.fileId, prompt_id: textPrompt, table_prompt_id: tablePrompt, output_schema_id: d.schemaId, processing_config: { provider: 'offline' } });
      let full;
      for (;;) {
        full = await api('GET', `jobs/${job.id}`);
        if (['completed', 'failed', 'cancelled'].includes(full.status)) break;
        await new Promise((res) => setTimeout(res, 20));
      }
      const wallMs = performance.now() - created;
      if (full.status !== 'completed') throw new Error(`extraction ${full.status}: ${full.error_message}`);
      const steps = full.events.filter((e) => e.details?.step_ms !== undefined).map((e) => e.details);
      const summary = full.results_summary ?? full.result_summary ?? {};
      d.rounds.push({
        chunks: steps.length,
        stepMs: steps.reduce((n, s) => n + s.step_ms, 0),
        provMs: steps.reduce((n, s) => n + (s.provenance_ms ?? 0), 0),
        checksMs: summary.checks_ms ?? NaN,
        wallMs,
      });
    }
  }
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  console.log(`extraction step in the handler (offline extractor, real database ${process.env.TEST_DATABASE_URL ? 'on TEST_DATABASE_URL' : '(embedded PGlite)'}, ${rounds} rounds; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);
  console.log('document                      round  chunks   steps ms  provenance ms  checks ms  job wall ms  prov/steps  prov/(steps+checks)');
  // a sorted column without its lowest and highest tenth: a pause (another process, a major GC) in
  // a few rounds does not move it
  const trimmedMean = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    const k = Math.floor(s.length / 10);
    const kept = s.slice(k, s.length - k);
    return kept.reduce((a, b) => a + b, 0) / kept.length;
  };
  const line = (name, label, x, digits = 1) =>
    console.log(
      [
        name.padEnd(29),
        label.padStart(5),
        String(x.chunks).padStart(7),
        x.stepMs.toFixed(digits).padStart(10),
        x.provMs.toFixed(digits).padStart(14),
        x.checksMs.toFixed(digits).padStart(10),
        x.wallMs.toFixed(0).padStart(12),
        `${((100 * x.provMs) / x.stepMs).toFixed(digits)}%`.padStart(11),
        `${((100 * x.provMs) / (x.stepMs + x.checksMs)).toFixed(digits)}%`.padStart(20),
      ].join(' '),
    );
  for (const d of docs) {
    console.log(`${d.name}: ${Object.entries(d.chunkTypes).map(([k, n]) => `${n} ${k}`).join(', ')} chunk(s)`);
    d.rounds.forEach((x, i) => line('', String(i + 1), x));
    const warm = d.rounds.slice(1);
    if (warm.length) {
      const m = { chunks: warm[0].chunks, stepMs: median(warm.map((w) => w.stepMs)), provMs: median(warm.map((w) => w.provMs)), checksMs: median(warm.map((w) => w.checksMs)), wallMs: median(warm.map((w) => w.wallMs)) };
      line(`  warm median`, '', m, 2);
    }
    // past V8's warm-up (the first tens of rounds, see README.md) when there are enough rounds
    const settled = d.rounds.length > 40 ? d.rounds.slice(20) : warm;
    if (settled.length >= 10) {
      const m = { chunks: settled[0].chunks, stepMs: trimmedMean(settled.map((w) => w.stepMs)), provMs: trimmedMean(settled.map((w) => w.provMs)), checksMs: trimmedMean(settled.map((w) => w.checksMs)), wallMs: trimmedMean(settled.map((w) => w.wallMs)) };
      line(`  trimmed mean ${d.rounds.length - settled.length + 1}..${d.rounds.length}`, '', m, 2);
    }
  }
  console.log('steps ms: the sum of the chunk steps (chunk row read, provider, provenance, the transaction storing result and step); checks: the review checks at the job\'s end; goal: provenance <= 5 % of the extraction step. Trimmed mean: of the rounds after the first 20 (of the warm ones with 40 rounds or fewer), without the lowest and highest tenth of each column.');
} finally {
  await t.close();
  await shutdownOcr();
}
