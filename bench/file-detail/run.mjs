#!/usr/bin/env node
// File detail benchmark: a 36-page text PDF (BENCH_PAGES) goes through OCR, chunking
// and extraction on a stack of its own, then Chromium measures
//   - time to first render of each tab of /files/{id} (OCR Results from navigation start to the
//     first OCR line; the rendered page; Chunking Versions and Extraction Results from the tab
//     click to their content, their data not cached yet);
//   - the chunk editor: navigation start to every OCR line drawn;
//   - the longest main-thread task (PerformanceObserver 'longtask') while scrolling the editor's
//     lines from top to bottom.
// Goals: each tab under 1 s, the editor under 1.5 s, no task over 200 ms.
// Usage: npx turbo run build && node bench/file-detail/run.mjs
//   (env: BENCH_PAGES=36, BENCH_PORT_BASE=9140 (uses base..base+5 and base+50), BENCH_RUNS=3)
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { apiCall, benchRun, ENDED, login, pollUntil, register, root, uploadFiles } from '../lib/harness.mjs';

const require = createRequire(path.join(root, 'e2e', 'package.json'));
const { PDFDocument, StandardFonts } = require('pdf-lib');
const { chromium } = require('playwright-core');
const { startStack } = await import(path.join(root, 'scripts', 'stack.mjs'));

const PAGES = Number(process.env.BENCH_PAGES ?? 36);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BASE = Number(process.env.BENCH_PORT_BASE ?? 9140);
const ports = { shell: BASE, api: BASE + 50, remotes: { marketing: BASE + 1, files: BASE + 2, promptsSchemas: BASE + 3, jobs: BASE + 4, admin: BASE + 5 } };
const shell = `http://localhost:${ports.shell}`;
const API = `http://127.0.0.1:${ports.api}`;

const words = 'the of and to in is for on that with as by this are be from report data quarter revenue customer service contract payment period total amount account delivery order schedule figure process result review team region market growth policy'.split(' ');
let seed = 7;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const sentence = () => {
  const n = 6 + Math.floor(rnd() * 6);
  const s = Array.from({ length: n }, () => words[Math.floor(rnd() * words.length)]).join(' ');
  return `${s[0].toUpperCase()}${s.slice(1)}.`;
};

async function makePdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const mono = await doc.embedFont(StandardFonts.Courier);
  for (let p = 0; p < PAGES; p++) {
    const page = doc.addPage([612, 792]);
    let y = 720;
    page.drawText(`Section ${p + 1}: quarterly report`, { x: 72, y, size: 13, font });
    y -= 24;
    while (y > 90) {
      if (p % 6 === 2 && y < 420 && y > 250) {
        // a small table on some pages
        for (const row of [['Item', 'Qty', 'Price'], ['Bolt', '12', '0.40'], ['Nut', '30', '0.15'], ['Washer', '50', '0.05']]) {
          row.forEach((cell, c) => page.drawText(cell, { x: 72 + c * 60, y, size: 10, font: mono }));
          y -= 14;
        }
        y -= 14;
        continue;
      }
      let line = sentence();
      while (line.length < 70) line += ` ${sentence()}`;
      page.drawText(line.slice(0, 88), { x: 72, y, size: 10, font });
      y -= 14;
      if (rnd() < 0.12) y -= 14;
    }
  }
  return doc.save();
}

let token;
const call = (method, p, body) => apiCall(API, method, `/api/v1/${p}`, { token, json: body });
async function waitJob(p) {
  const j = await pollUntil(() => call('GET', p), (x) => ENDED.includes(x.status), 250);
  if (j.status !== 'completed') throw new Error(`${p}: ${j.status} ${j.error_message}`);
  return j;
}

const run = benchRun();

async function main() {
  const stack = await startStack({
    ports,
    dataDir: run.tempDir('quarry-bench-file-detail-'),
    apiEnv: { CORS_ORIGINS: shell, LOG_LEVEL: 'warn', ACCESS_TOKEN_TTL_SECONDS: '3600' },
    log: () => {},
  });
  run.onCleanup(() => stack.stop());
  const results = { pages: PAGES, runs: RUNS, cpus: cpus().length, loadavg_1m_at_start: loadavg()[0] };
  const email = `bench-${Date.now()}@bench.quarry.test`;
  const password = 'Quarry-Bench-Passw0rd-42';
  await register(API, email, password);
  token = await login(API, { email, password });

  const t0 = Date.now();
  const bytes = await makePdf();
  const { results: uploaded } = await uploadFiles(API, token, [{ filename: 'bench.pdf', bytes, mime: 'application/pdf' }]);
  const fileId = uploaded[0].file_id;
  const ocr = await call('POST', 'ocr/jobs', { file_id: fileId });
  await call('POST', `ocr/jobs/${ocr.id}/start`);
  await waitJob(`ocr/jobs/${ocr.id}`);
  const ch = await call('POST', 'chunking/test', { file_id: fileId, strategy: 'llm_analysis' });
  await waitJob(`chunking/jobs/${ch.job_id}`);
  const schema = await call('POST', 'output-schemas/', { name: 'Report', schema_definition: { type: 'object', properties: { title: { type: 'string', description: 'the section title' }, total: { type: 'number', description: 'a total amount' } } } });
  const prompt = await call('POST', 'prompts/', { name: 'Report', type: 'text', template: 'Extract.\n{{ schema_descriptions }}\n{{ text_chunk }}', output_schema_id: schema.id });
  const ex = await call('POST', 'jobs/', { job_type: 'extraction', name: 'bench', start: true, file_id: fileId, prompt_id: prompt.id });
  await waitJob(`jobs/${ex.id}`);
  const lines = await call('GET', `files/${fileId}/ocr/lines`);
  const chunks = await call('GET', `files/${fileId}/chunks`);
  results.pipeline_s = (Date.now() - t0) / 1000;
  results.lines = lines.total_lines;
  results.chunks = chunks.total_chunks;

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  const runs = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const ctx = await browser.newContext({ baseURL: shell, viewport: { width: 1280, height: 900 } });
      const page = await ctx.newPage();
      await page.request.post('/api/v1/auth/login', { form: { username: email, password } });
      // warm the shell and the remote's code (a user arrives from another page of the app)
      await page.goto('/jobs');
      await page.waitForLoadState('networkidle');
      const r = {};
      // navigations inside the app (the shell is up, as when a user follows a link here)
      const inApp = (url, selector) =>
        page.evaluate(
          ({ url, selector }) =>
            new Promise((resolve) => {
              const start = performance.now();
              history.pushState({}, '', url);
              dispatchEvent(new PopStateEvent('popstate'));
              const check = () => (document.querySelector(selector) ? resolve(performance.now() - start) : requestAnimationFrame(check));
              check();
            }),
          { url, selector },
        );
      r.shell_boot_ms = await page.evaluate(() => performance.now());
      // OCR Results: to the first OCR line, then to the document page drawn
      r.ocr_ms = await inApp(`/files/${fileId}`, '[aria-label="OCR text, page 1"] li');
      const drawnFrom = await page.evaluate(() => performance.now());
      await page.getByRole('img', { name: /page 1$/ }).waitFor();
      await page.getByText('Rendering page...').waitFor({ state: 'detached' });
      r.ocr_page_drawn_ms = Math.round(r.ocr_ms + (await page.evaluate(() => performance.now())) - drawnFrom);
      // a tab click to its content, measured in the page
      const tabTime = (tab, selector) =>
        page.evaluate(
          ({ tab, selector }) =>
            new Promise((resolve) => {
              const button = [...document.querySelectorAll('[role="tab"]')].find((b) => b.textContent === tab);
              const start = performance.now();
              button.click();
              const check = () => (document.querySelector(selector) ? resolve(performance.now() - start) : requestAnimationFrame(check));
              check();
            }),
          { tab, selector },
        );
      r.versions_ms = await tabTime('Chunking Versions', 'section[aria-label="Chunks of the selected version"] article');
      r.extraction_ms = await tabTime('Extraction Results', 'table[aria-label="Unified fields"], [role="tabpanel"] .chakra-empty-state');
      r.chunk_details_ms = await tabTime('Chunk Details', 'article[aria-label$=" result"]');
      // the editor, from Edit Chunks (file already loaded) to every line drawn
      r.editor_ms = await page.evaluate(
        (n) =>
          new Promise((resolve) => {
            const start = performance.now();
            [...document.querySelectorAll('a')].find((a) => a.textContent?.includes('Edit Chunks')).click();
            const check = () => (document.querySelector(`[data-line="${n}"]`) ? resolve(performance.now() - start) : requestAnimationFrame(check));
            check();
          }),
        lines.total_lines,
      );
      // a cold load of the editor page (navigation start, shell boot included)
      await page.goto(`/files/${fileId}/edit-chunks`);
      await page.locator(`[data-line="${lines.total_lines}"]`).waitFor({ state: 'attached' });
      r.editor_cold_load_ms = await page.evaluate(() => performance.now());
      await page.waitForTimeout(500);
      // longest task while scrolling the lines (and, for comparison, while idle for as long)
      const longestTask = (scroll) =>
        page.evaluate(
          (scroll) =>
            new Promise((resolve) => {
              let longest = 0;
              const obs = new PerformanceObserver((list) => {
                for (const e of list.getEntries()) longest = Math.max(longest, e.duration);
              });
              obs.observe({ type: 'longtask', buffered: false });
              const pane = document.querySelector('[aria-label="Document lines"]');
              pane.scrollTop = 0;
              const start = performance.now();
              const finish = () =>
                setTimeout(() => {
                  obs.disconnect();
                  resolve({ longest, ms: performance.now() - start });
                }, 300);
              const step = () => {
                pane.scrollTop += 300;
                if (pane.scrollTop + pane.clientHeight >= pane.scrollHeight - 1) finish();
                else requestAnimationFrame(step);
              };
              if (scroll) requestAnimationFrame(step);
              else setTimeout(finish, 2000);
            }),
          scroll,
        );
      r.idle_longest_task_ms = (await longestTask(false)).longest;
      r.scroll_longest_task_ms = (await longestTask(true)).longest;
      r.scroll_longest_task_again_ms = (await longestTask(true)).longest;
      runs.push(r);
      await ctx.close();
    }
  } finally {
    await browser.close();
  }
  const median = (k) => {
    const v = runs.map((r) => r[k]).sort((a, b) => a - b);
    return Math.round(v[Math.floor(v.length / 2)]);
  };
  const max = (k) => Math.round(Math.max(...runs.map((r) => r[k])));
  results.median_ms = Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(k)]));
  results.worst_ms = Object.fromEntries(Object.keys(runs[0]).map((k) => [k, max(k)]));
  results.goals = {
    'each tab < 1000 ms': ['ocr_ms', 'versions_ms', 'extraction_ms', 'chunk_details_ms'].every((k) => results.median_ms[k] < 1000),
    'editor < 1500 ms': results.median_ms.editor_ms < 1500,
    'no task > 200 ms while scrolling': results.worst_ms.scroll_longest_task_ms <= 200 && results.worst_ms.scroll_longest_task_again_ms <= 200,
  };
  results.loadavg_1m_at_end = loadavg()[0];
  console.log(JSON.stringify(results, null, 2));
}

run.finish(main);
