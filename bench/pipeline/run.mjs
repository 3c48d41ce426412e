#!/usr/bin/env node
// Pipeline benchmark: a 20-page text PDF and a 5-page scanned (image-only)
// PDF, each as its own dataset, through the full pipeline (OCR -> chunking -> extraction,
// offline extractor) against a started API (temporary DATA_DIR, embedded database, in-API
// workers). Prints seconds per stage (first stage job started -> last stage job completed) and
// total (pipeline created -> completed), and the peak RSS of the API process tree (the API
// process and its children: OCR media worker, tesseract), sampled every 100 ms from /proc.
//
// Usage: node --import tsx bench/pipeline/run.mjs   (env: BENCH_TEXT_PAGES=20 BENCH_SCAN_PAGES=5)
/* global process, console, performance, setInterval, clearInterval */
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { makeImagePdf, makeTextPdf, renderTextImage } from '../../api/src/processing/ocr/fixtures/generate.ts';
import { invoicePage, scanPage } from '../lib/documents.mjs';
import { apiCall as api, benchRun, ENDED, login, pollUntil, uploadFiles } from '../lib/harness.mjs';

const TEXT_PAGES = Number(process.env.BENCH_TEXT_PAGES ?? 20);
const SCAN_PAGES = Number(process.env.BENCH_SCAN_PAGES ?? 5);
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Quarry-Admin-42x' };

const run = benchRun({ limitMs: 900_000 });

/** RSS (bytes) of a process and all its descendants, from /proc */
function treeRss(pid) {
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop();
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      const m = /VmRSS:\s+(\d+) kB/.exec(status);
      if (m) total += Number(m[1]) * 1024;
      for (const t of readdirSync(`/proc/${p}/task`)) {
        const kids = readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').trim();
        if (kids) stack.push(...kids.split(/\s+/).map(Number));
      }
    } catch {
      /* gone */
    }
  }
  return total;
}

async function runPipeline(base, token, label, bytes, promptId) {
  const { results: uploaded } = await uploadFiles(base, token, [{ filename: `${label}.pdf`, bytes, mime: 'application/pdf' }]);
  const fileId = uploaded[0].file_id;
  const ds = await api(base, 'POST', '/api/v1/datasets/', { token, json: { name: label, file_ids: [fileId] } });
  const t0 = performance.now();
  const created = await api(base, 'POST', '/api/v1/jobs/pipeline', { token, json: { name: label, dataset_id: ds.id, prompt_id: promptId } });
  const p = await pollUntil(() => api(base, 'GET', `/api/v1/jobs/pipeline/${created.id}`, { token }), (x) => ENDED.includes(x.status), 200);
  const total = (performance.now() - t0) / 1000;
  if (p.status !== 'completed') throw new Error(`${label}: pipeline ${p.status}: ${p.error_message}`);
  const stages = {};
  for (const s of ['ocr', 'chunking', 'extraction']) {
    const jobs = await Promise.all(p.stages[s].job_ids.map((id) => api(base, 'GET', `/api/v1/jobs/${id}`, { token })));
    const start = Math.min(...jobs.map((j) => Date.parse(j.started_at)));
    const end = Math.max(...jobs.map((j) => Date.parse(j.completed_at)));
    stages[s] = { seconds: (end - start) / 1000, summary: jobs[0].results_summary };
  }
  const results = await api(base, 'GET', `/api/v1/files/${fileId}/extraction-results`, { token });
  return { label, total, stages, chunks: results.length, ok: results.filter((r) => r.status === 'completed').length };
}

async function main() {
  const dataDir = run.tempDir('quarry-bench-pipeline-');
  const { child, base } = await run.startApi({ dataDir, admin: ADMIN, env: { LLM_PROVIDER: 'offline' }, stdio: ['ignore', 'ignore', 'inherit'] });
  let peak = treeRss(child.pid);
  const idle = peak;
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRss(child.pid));
  }, 100);

  const token = await login(base, ADMIN);
  const schema = await api(base, 'POST', '/api/v1/output-schemas/', {
    token,
    json: { name: 'Invoice', schema_definition: { type: 'object', properties: { invoice_number: { type: 'string' }, vendor: { type: 'string' }, total_amount: { type: 'number' }, items: { type: 'array', items: { type: 'object', properties: { item: { type: 'string' }, qty: { type: 'number' }, price: { type: 'number' } } } } } } },
  });
  const prompt = await api(base, 'POST', '/api/v1/prompts/', { token, json: { name: 'Invoice', type: 'text', template: 'Extract:\n{{ schema_descriptions }}\n{{ text_chunk }}', output_schema_id: schema.id } });

  const textPdf = Buffer.from(await makeTextPdf(Array.from({ length: TEXT_PAGES }, (_, i) => invoicePage(i + 1))));
  const scans = Array.from({ length: SCAN_PAGES }, (_, i) => renderTextImage(...scanPage(i + 1)));
  const scanPdf = Buffer.from(await makeImagePdf(scans.map((s) => s.png), { dpi: 200 }));

  console.log(`Pipeline bench: ${availableParallelism()} cores; offline extractor; DATA_DIR ${dataDir}`);
  const runs = [];
  runs.push(await runPipeline(base, token, `text-${TEXT_PAGES}p`, textPdf, prompt.id));
  runs.push(await runPipeline(base, token, `scan-${SCAN_PAGES}p`, scanPdf, prompt.id));
  clearInterval(sampler);
  const fmt = (n) => n.toFixed(2);
  console.log('\n| document | OCR s | chunking s | extraction s | total s | chunks (ok) |');
  console.log('|---|---|---|---|---|---|');
  for (const r of runs) console.log(`| ${r.label} | ${fmt(r.stages.ocr.seconds)} | ${fmt(r.stages.chunking.seconds)} | ${fmt(r.stages.extraction.seconds)} | ${fmt(r.total)} | ${r.chunks} (${r.ok}) |`);
  console.log(`\nAPI process tree RSS: idle ${(idle / 1048576).toFixed(0)} MB, peak ${(peak / 1048576).toFixed(0)} MB (sampled every 100 ms)`);
}

run.finish(main);
