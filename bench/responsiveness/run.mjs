#!/usr/bin/env node
// Does the API keep answering while documents are processed? Run from the repository root:
//
//   node --import tsx bench/responsiveness/run.mjs [--api <api folder>] [--text-pages 300] [--scan-pages 20] [--files 500]
//
// `--api` names the API to measure (default this checkout's api/; another checkout's api/
// folder measures that code, e.g. the commit before a change: `git worktree add /tmp/before <sha>`,
// `npm install` there, then `--api /tmp/before/api`). Its own modules are used throughout.
//
// 1. Seed, in this process, on a temporary DATA_DIR (embedded database): a user, an invoice
//    schema and prompt, one invoice through OCR -> chunking -> extraction copied in SQL to a
//    --files dataset (review-export/seed.ts), and uploads of a --text-pages text PDF and a
//    --scan-pages scanned (image-only) PDF. The app is closed.
// 2. Build that API (scripts/build.mjs) and start it as `npm start` does (node dist/main.js) on
//    the same DATA_DIR with two in-API job slots and the offline extractor.
// 3. Measure: both pipelines (the two job slots busy) and, until they end, exports of the
//    --files dataset (XLSX, one after the other, read and discarded), while GET /health is sent
//    every 20 ms and a WebSocket ping (answered by a pong) every 100 ms. Prints p50 / p99 / max
//    of both, the pipelines' times and the load average. Goals: health p99 <= 50 ms, max <= 150 ms,
//    WebSocket p99 <= 100 ms. Asserts nothing.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { INVOICE_SCHEMA, invoicePage, scanPage } from '../lib/documents.mjs';
import { apiCall, benchRun, ENDED, login, pollUntil, root, sleep } from '../lib/harness.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : dflt);
const apiDir = path.resolve(opt('api', path.join(root, 'api')));
const TEXT_PAGES = Number(opt('text-pages', 300));
const SCAN_PAGES = Number(opt('scan-pages', 20));
const FILES = Number(opt('files', 500));
const from = (rel) => import(pathToFileURL(path.join(apiDir, rel)).href);

const { startTestApp } = await from('src/testing/helpers.ts');
const { generousLimits, waitForJob, TERMINAL, uploadFile } = await from('src/modules/jobs/test-helpers.ts');
const { TEXT_TEMPLATE, createDataset, createPrompt, createSchema, invoiceBlocks, preparedFile } = await from('src/modules/extraction/test-fixtures.ts');
const { addToDataset, cloneExtractedFile } = await from('src/modules/review-export/seed.ts');
const { makeImagePdf, makeTextPdf, renderTextImage } = await from('src/processing/ocr/fixtures/generate.ts');
const { shutdownOcr } = await from('src/processing/ocr/index.ts');
const WebSocket = createRequire(path.join(apiDir, 'package.json'))('ws');

// no time limit: how long the seeding and the pipelines take follows the options
const run = benchRun();
const dataDir = run.tempDir('quarry-bench-responsiveness-');

async function seed() {
  const t = await startTestApp({ jobs: { inApiWorkers: 2, pollIntervalMs: 100 } }, { dataDir, databaseUrl: null, drop: async () => undefined });
  try {
    await generousLimits(t);
    const u = await t.registerUser();
    const schemaId = await createSchema(t, u, INVOICE_SCHEMA, 'Invoice');
    const promptId = await createPrompt(t, u, { type: 'text', template: TEXT_TEMPLATE, output_schema_id: schemaId });
    const fileId = await preparedFile(t, u, [invoiceBlocks({ number: 'INV-1', date: '2024-03-15', vendor: 'Contoso Supplies', total: '27.00' })], 'invoice.pdf');
    const one = await createDataset(t, u, [fileId], 'One');
    const created = await t.request('POST', '/api/v1/jobs/', { token: u.token, json: { job_type: 'extraction', name: 'Seed', start: true, dataset_id: one, prompt_id: promptId } });
    const job = await waitForJob(t, u, created.body.id, (j) => TERMINAL.includes(j.status), 600_000);
    if (job.status !== 'completed') throw new Error(`seed extraction ${job.status}: ${job.error_message}`);
    const textPdf = await makeTextPdf(Array.from({ length: TEXT_PAGES }, (_, i) => invoicePage(i + 1)));
    const scans = Array.from({ length: SCAN_PAGES }, (_, i) => renderTextImage(...scanPage(i + 1)));
    const scanPdf = await makeImagePdf(scans.map((s) => s.png), { dpi: 200 });
    const textSet = await createDataset(t, u, [await uploadFile(t, u, textPdf, `text-${TEXT_PAGES}p.pdf`, 'application/pdf')], 'Text');
    const scanSet = await createDataset(t, u, [await uploadFile(t, u, scanPdf, `scan-${SCAN_PAGES}p.pdf`, 'application/pdf')], 'Scan');
    // copied after the uploads: the copies count against the user's file quota
    const db = t.app.database.db;
    const copies = await cloneExtractedFile(db, fileId, FILES - 1, 'bench');
    const exportSet = await createDataset(t, u, [fileId], 'Export');
    await addToDataset(db, exportSet, copies);
    return { email: u.email, password: u.password, promptId, exportSet, textSet, scanSet };
  } finally {
    await t.close();
    await shutdownOcr();
  }
}


const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};
const summary = (xs) => ({ n: xs.length, p50: pct(xs, 50), p99: pct(xs, 99), max: Math.max(...xs) });

async function main() {
  const load0 = loadavg();
  console.log(`responsiveness bench: API ${apiDir}; ${availableParallelism()} cores; load ${load0.map((l) => l.toFixed(2)).join(' ')}`);
  const s = await seed();
  console.log(`seeded: ${FILES}-file export dataset, ${TEXT_PAGES}-page text PDF, ${SCAN_PAGES}-page scanned PDF`);
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: apiDir, stdio: 'inherit' });
  // --prof <dir>: a CPU profile of the API process (written when it stops), for finding what blocks
  const prof = opt('prof', null);
  const { child, port, base } = await run.startApi({
    args: [...(prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(prof)}`] : []), 'dist/main.js'],
    cwd: apiDir,
    dataDir,
    env: { LLM_PROVIDER: 'offline', QUARRY_WORKERS: '2' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const token = await login(base, s);
  const auth = { authorization: `Bearer ${token}` };
  const json = (method, p, body) => apiCall(base, method, `/api/v1/${p}`, { token, json: body });

  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/connect?channels=jobs`, [`auth.${Buffer.from(token).toString('base64url')}`]);
  await new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (raw) => {
      if (JSON.parse(String(raw)).event === 'connected') resolve();
    });
  });

  let running = true;
  const health = [];
  const wsRtt = [];
  /** the /health samples over 100 ms, with the time they were sent (Date.now()) */
  const slowHealth = [];
  const measureStart = Date.now();
  const healthLoop = (async () => {
    while (running) {
      const t0 = performance.now();
      const sentAt = Date.now();
      try {
        const r = await fetch(`${base}/api/v1/health`);
        await r.arrayBuffer();
      } catch (err) {
        errors.push(`health: ${err.cause?.code ?? err.message}`);
      }
      const ms = performance.now() - t0;
      health.push(ms);
      if (ms > 100) slowHealth.push({ sentAt, ms });
      await sleep(Math.max(0, 20 - ms));
    }
  })();
  const wsLoop = (async () => {
    while (running) {
      const t0 = performance.now();
      await new Promise((resolve) => {
        const onMsg = (raw) => {
          if (JSON.parse(String(raw)).event === 'pong') {
            ws.off('message', onMsg);
            resolve();
          }
        };
        ws.on('message', onMsg);
        ws.send(JSON.stringify({ event: 'ping' }));
      });
      const ms = performance.now() - t0;
      wsRtt.push(ms);
      await sleep(Math.max(0, 100 - ms));
    }
  })();
  const exports = [];
  const errors = [];
  const exportLoop = (async () => {
    while (running) {
      const t0 = performance.now();
      try {
        const r = await fetch(`${base}/api/v1/datasets/${s.exportSet}/export?format=xlsx`, { headers: auth });
        let bytes = 0;
        for await (const c of r.body) bytes += c.length;
        exports.push({ s: (performance.now() - t0) / 1000, bytes, status: r.status });
      } catch (err) {
        errors.push(`export: ${err.cause?.code ?? err.message}`);
        await sleep(100);
      }
    }
  })();

  const started = performance.now();
  const pipelines = await Promise.all(
    [
      ['text', s.textSet],
      ['scan', s.scanSet],
    ].map(async ([label, datasetId]) => {
      const t0 = performance.now();
      const p0 = await json('POST', 'jobs/pipeline', { name: label, dataset_id: datasetId, prompt_id: s.promptId });
      const p = await pollUntil(
        () => {
          if (child.exitCode !== null) throw new Error(`the API stopped (exit ${child.exitCode}, ${child.signalCode})`);
          return json('GET', `jobs/pipeline/${p0.id}`).catch((err) => (errors.push(`poll: ${err.cause?.code ?? err.message}`), { status: 'running' }));
        },
        (x) => ENDED.includes(x.status),
        500,
      );
      return { label, status: p.status, error: p.error_message, seconds: (performance.now() - t0) / 1000 };
    }),
  );
  const wall = (performance.now() - started) / 1000;
  running = false;
  await Promise.all([healthLoop, wsLoop, exportLoop]);
  ws.close();
  const load1 = loadavg();
  const h = summary(health);
  const w = summary(wsRtt);
  const f = (n) => n.toFixed(1);
  console.log(`\n| measure | samples | p50 ms | p99 ms | max ms | goal |`);
  console.log('|---|---|---|---|---|---|');
  console.log(`| GET /health every 20 ms | ${h.n} | ${f(h.p50)} | ${f(h.p99)} | ${f(h.max)} | p99 <= 50, max <= 150 |`);
  console.log(`| WebSocket ping -> pong every 100 ms | ${w.n} | ${f(w.p50)} | ${f(w.p99)} | ${f(w.max)} | p99 <= 100 |`);
  console.log(`\n| pipeline | status | seconds |`);
  console.log('|---|---|---|');
  for (const p of pipelines) console.log(`| ${p.label === 'text' ? `${TEXT_PAGES}-page text PDF` : `${SCAN_PAGES}-page scanned PDF`} | ${p.status}${p.error ? ` (${p.error})` : ''} | ${p.seconds.toFixed(1)} |`);
  console.log(`| both (wall) | | ${wall.toFixed(1)} |`);
  const done = exports.filter((e) => e.status === 200);
  console.log(`\nexports of ${FILES} files (XLSX) during the pipelines: ${exports.length} (${done.length} answered 200), ${done.length ? `${(done.reduce((a, e) => a + e.s, 0) / done.length).toFixed(2)} s each on average, ${(done[0].bytes / 1048576).toFixed(2)} MB` : ''}`);
  if (errors.length) console.log(`request errors: ${errors.length} (${[...new Set(errors)].slice(0, 5).join('; ')})`);
  console.log(`load average before ${load0.map((l) => l.toFixed(2)).join(' ')}, after ${load1.map((l) => l.toFixed(2)).join(' ')}`);
  const worst = [...slowHealth].sort((a, b) => b.ms - a.ms).slice(0, 5);
  if (worst.length) console.log(`slowest /health: ${worst.map((x) => `${x.ms.toFixed(0)} ms at +${((x.sentAt - measureStart) / 1000).toFixed(1)} s (${x.sentAt})`).join(', ')}`);
  console.log(`JSON ${JSON.stringify({ api: apiDir, health: h, ws: w, pipelines, wall, exports: exports.length, load: [load0, load1] })}`);
}

run.finish(main);
