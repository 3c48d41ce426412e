#!/usr/bin/env node
// Pipeline benchmark: a 20-page text PDF and a 5-page scanned (image-only)
// PDF, each as its own dataset, through the full pipeline (OCR -> chunking -> extraction,
// offline extractor) against a started API (temporary DATA_DIR, embedded database, in-API
// workers). Prints seconds per stage (first stage job started -> last stage job completed) and
// total (pipeline created -> completed), and the peak RSS of the API process tree (the API
// process and its children: OCR media worker, tesseract), sampled every 100 ms from /proc.
//
// Usage: node --import tsx bench/pipeline/run.mjs   (env: BENCH_TEXT_PAGES=20 BENCH_SCAN_PAGES=5)
/* global process, console, fetch, performance, setTimeout */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeImagePdf, makeTextPdf, renderTextImage } from '../../api/src/processing/ocr/fixtures/generate.ts';
import { freePort, sleep } from '../lib/harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const apiRoot = path.join(root, 'api');
const require = createRequire(path.join(apiRoot, 'package.json'));
const TEXT_PAGES = Number(process.env.BENCH_TEXT_PAGES ?? 20);
const SCAN_PAGES = Number(process.env.BENCH_SCAN_PAGES ?? 5);
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Quarry-Admin-42x' };

let child;
const dataDir = mkdtempSync(path.join(tmpdir(), 'quarry-bench-pipeline-'));
const cleanup = async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
};
setTimeout(() => {
  console.error('bench: time limit reached');
  cleanup().finally(() => process.exit(2));
}, 900_000).unref();


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

async function api(base, method, p, { token, json, form } = {}) {
  const headers = {};
  let body;
  if (token) headers.authorization = `Bearer ${token}`;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(form).toString();
  }
  const res = await fetch(base + p, { method, headers, body });
  const text = await res.text();
  const parsed = text ? JSON.parse(text) : null;
  if (!res.ok) throw new Error(`${method} ${p} -> ${res.status} ${text.slice(0, 500)}`);
  return parsed;
}

async function upload(base, token, filename, bytes) {
  const prep = await api(base, 'POST', '/api/v1/uploads/prepare-upload', { token, json: { files: [{ filename, size: bytes.length, mime_type: 'application/pdf' }] } });
  const u = prep.uploads[0];
  const res = await fetch(u.signed_url, { method: 'PUT', headers: u.headers, body: bytes });
  if (res.status !== 200) throw new Error(`PUT -> ${res.status}`);
  const done = await api(base, 'POST', '/api/v1/uploads/complete', { token, json: { upload_session_id: prep.upload_session_id, completed_uploads: [u.upload_id] } });
  return done.results[0].file_id;
}

const invoicePage = (n) => [
  { kind: 'paragraph', lines: [`Invoice Number: INV-${1000 + n}`, `Invoice Date: 2024-03-${String((n % 28) + 1).padStart(2, '0')}`, 'Vendor: Northwind Trading', `Total Amount: ${n * 10}.50`] },
  { kind: 'paragraph', lines: ['Goods delivered to the warehouse at 42 Harbour Street, Bristol.', 'Payment is due within 30 days of the invoice date.'] },
  { kind: 'table', rows: [['Item', 'Qty', 'Price'], ...Array.from({ length: 12 }, (_, i) => [`Part ${n}-${i + 1}`, String(i + 1), `${(i + 1) * 3}.25`])] },
];

async function runPipeline(base, token, label, bytes, promptId) {
  const fileId = await upload(base, token, `${label}.pdf`, bytes);
  const ds = await api(base, 'POST', '/api/v1/datasets/', { token, json: { name: label, file_ids: [fileId] } });
  const t0 = performance.now();
  const created = await api(base, 'POST', '/api/v1/jobs/pipeline', { token, json: { name: label, dataset_id: ds.id, prompt_id: promptId } });
  let p;
  for (;;) {
    p = await api(base, 'GET', `/api/v1/jobs/pipeline/${created.id}`, { token });
    if (['completed', 'failed', 'cancelled'].includes(p.status)) break;
    await sleep(200);
  }
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
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [require.resolve('tsx/cli'), path.join(apiRoot, 'src', 'main.ts')], {
    cwd: apiRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', COOKIE_SECURE: 'false', QUARRY_ADMIN_EMAIL: ADMIN.email, QUARRY_ADMIN_PASSWORD: ADMIN.password, LLM_PROVIDER: 'offline' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || i > 900) throw new Error('the API did not start');
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  let peak = treeRss(child.pid);
  const idle = peak;
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRss(child.pid));
  }, 100);

  const admin = await api(base, 'POST', '/api/v1/auth/login', { form: { username: ADMIN.email, password: ADMIN.password } });
  const token = admin.access_token;
  const schema = await api(base, 'POST', '/api/v1/output-schemas/', {
    token,
    json: { name: 'Invoice', schema_definition: { type: 'object', properties: { invoice_number: { type: 'string' }, vendor: { type: 'string' }, total_amount: { type: 'number' }, items: { type: 'array', items: { type: 'object', properties: { item: { type: 'string' }, qty: { type: 'number' }, price: { type: 'number' } } } } } } },
  });
  const prompt = await api(base, 'POST', '/api/v1/prompts/', { token, json: { name: 'Invoice', type: 'text', template: 'Extract:\n{{ schema_descriptions }}\n{{ text_chunk }}', output_schema_id: schema.id } });

  const textPdf = Buffer.from(await makeTextPdf(Array.from({ length: TEXT_PAGES }, (_, i) => invoicePage(i + 1))));
  const scans = Array.from({ length: SCAN_PAGES }, (_, i) =>
    renderTextImage([`Invoice Number: SC-${i + 1}`, 'Vendor: Contoso Supplies', `Total Amount: ${i + 1}00.00`, '', 'Delivered by truck to the north gate.', ['Item', 'Qty', 'Price'], ['Bolts', '120', '42.00'], ['Nuts', '300', '18.50']], { width: 1700, fontSize: 30, margin: 150, minHeight: 2200 }),
  );
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

main()
  .then(() => cleanup())
  .catch(async (e) => {
    console.error(e);
    await cleanup();
    process.exit(1);
  });
