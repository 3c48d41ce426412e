#!/usr/bin/env node
// Review benchmark (export and evaluation part):
//
//   node --import tsx bench/review/export.mjs [--files 500] [--reviewed 100]
//
// A real API on an embedded database (a temporary data dir), in this process. One invoice with
// a 3-row table goes through upload -> OCR -> chunking -> extraction (offline extractor); its
// rows are copied in SQL to make a dataset of --files files (api/src/modules/review-export/seed.ts).
// Then, over HTTP:
//   export   JSON, CSV records, CSV rows and XLSX of the whole dataset: seconds, bytes, and the
//            growth of this process's RSS above its level before the export (sampled every 20 ms;
//            the process holds the API and the client, which discards what it reads)
//   loader   one pass of loadReviewRecords over the dataset (what each export pass costs)
//   evaluate --reviewed files marked Reviewed, a second extraction run over them, then
//            GET datasets/{id}/evaluation: seconds
// Goals: export of 500 files <= 10 s with RSS growth <= 50 MB. Prints a table; asserts nothing.
import { performance } from 'node:perf_hooks';
import { startTestApp } from '../../api/src/testing/helpers.ts';
import { generousLimits, waitForJob, TERMINAL } from '../../api/src/modules/jobs/test-helpers.ts';
import { TABLE_TEMPLATE, TEXT_TEMPLATE, createDataset, createPrompt, createSchema, invoiceBlocks, preparedFile } from '../../api/src/modules/extraction/test-fixtures.ts';
import { addToDataset, cloneExtractedFile } from '../../api/src/modules/review-export/seed.ts';
import { loadReviewRecords } from '../../api/src/modules/review/record.ts';
import { shutdownOcr } from '../../api/src/processing/ocr/index.ts';
import { INVOICE_SCHEMA } from '../lib/documents.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : dflt);
const FILES = opt('files', 500);
const REVIEWED = Math.min(opt('reviewed', 100), FILES);
const only = process.env.BENCH_ONLY ?? 'export,loader,evaluate';

const ROWS = [['Item', 'Qty', 'Price'], ['Hex bolt', '4', '2.50'], ['Washer', '10', '0.20'], ['Bracket', '1', '7.00']];

const t = await startTestApp({ jobs: { inApiWorkers: 2, pollIntervalMs: 100 } });
try {
  await generousLimits(t);
  const u = await t.registerUser();
  const api = (method, p, json) => t.request(method, `/api/v1/${p}`, { token: u.token, ...(json !== undefined ? { json } : {}) });
  const run = async (body) => {
    const created = await api('POST', 'jobs/', { job_type: 'extraction', name: 'Run', start: true, ...body });
    if (created.status !== 201) throw new Error(created.text);
    const job = await waitForJob(t, u, created.body.id, (j) => TERMINAL.includes(j.status), 600_000);
    if (job.status !== 'completed') throw new Error(`${job.status}: ${job.error_message}`);
    return job.id;
  };
  const schemaId = await createSchema(t, u, INVOICE_SCHEMA, 'Invoice');
  const text = await createPrompt(t, u, { type: 'text', template: TEXT_TEMPLATE, output_schema_id: schemaId });
  const table = await createPrompt(t, u, { type: 'table', template: TABLE_TEMPLATE, output_schema_id: schemaId });
  const fileId = await preparedFile(t, u, [[...invoiceBlocks({ number: 'INV-1', date: '2024-03-15', vendor: 'Contoso Supplies', total: '27.00' }), { kind: 'table', rows: ROWS }]], 'invoice.pdf');
  const one = await createDataset(t, u, [fileId], 'One');
  await run({ dataset_id: one, prompt_id: text, table_prompt_id: table });
  const db = t.app.database.db;
  const copies = await cloneExtractedFile(db, fileId, FILES - 1, 'bench');
  const ids = [fileId, ...copies];
  const datasetId = await createDataset(t, u, [fileId], 'Bench');
  await addToDataset(db, datasetId, copies);
  console.log(`dataset of ${FILES} extracted files ready (measured under load: other processes share the machine)`);

  if (only.includes('loader')) {
    const t0 = performance.now();
    let n = 0;
    for await (const r of loadReviewRecords(db, u.id, ids)) if (r) n++;
    const ms = performance.now() - t0;
    console.log(`loader: loadReviewRecords over ${n} files: ${(ms / 1000).toFixed(2)} s (${(ms / n).toFixed(1)} ms per file)`);
  }

  if (only.includes('export')) {
    console.log('format        seconds   MB out   RSS growth MB   goal (<=10 s, <=50 MB)');
    for (const [label, q] of [
      ['json', 'format=json'],
      ['csv records', 'format=csv&part=records'],
      ['csv rows', 'format=csv&part=rows'],
      ['xlsx', 'format=xlsx'],
      ['json + sources', 'format=json&provenance=true&checks=true'],
    ]) {
      globalThis.gc?.();
      const base = process.memoryUsage().rss;
      let peak = base;
      const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const t0 = performance.now();
      const res = await fetch(`${t.baseUrl}/api/v1/datasets/${datasetId}/export?${q}`, { headers: { authorization: `Bearer ${u.token}` } });
      let bytes = 0;
      for await (const chunk of res.body) bytes += chunk.length;
      const s = (performance.now() - t0) / 1000;
      clearInterval(timer);
      const growth = (peak - base) / 2 ** 20;
      console.log(
        [label.padEnd(14), s.toFixed(2).padStart(7), (bytes / 2 ** 20).toFixed(2).padStart(8), growth.toFixed(1).padStart(15), `   ${s <= 10 && growth <= 50 ? 'ok' : 'over'} (status ${res.status})`].join(' '),
      );
    }
  }

  if (only.includes('evaluate')) {
    for (const id of ids.slice(0, REVIEWED)) {
      const rec = await api('GET', `files/${id}/record`);
      const mark = await api('POST', `files/${id}/review`, { base_version: rec.body.base_version });
      if (mark.status >= 300) throw new Error(mark.text);
    }
    const evalSet = await createDataset(t, u, [fileId], 'Reviewed');
    await addToDataset(db, evalSet, copies.slice(0, REVIEWED - 1));
    // two runs over the reviewed set (the second with another prompt) so there is a previous run to compare with
    await run({ dataset_id: evalSet, prompt_id: text, table_prompt_id: table });
    const text2 = await createPrompt(t, u, { type: 'text', template: `Read carefully.\n${TEXT_TEMPLATE}`, output_schema_id: schemaId });
    await run({ dataset_id: evalSet, prompt_id: text2, table_prompt_id: table });
    const t0 = performance.now();
    const e = await api('GET', `datasets/${evalSet}/evaluation`);
    const s = (performance.now() - t0) / 1000;
    console.log(`evaluation of ${e.body.reviewed_files} reviewed files (two runs compared): ${s.toFixed(2)} s, status ${e.status}, overall accuracy ${e.body.overall?.accuracy}`);
  }
} finally {
  await t.close();
  await shutdownOcr();
}
