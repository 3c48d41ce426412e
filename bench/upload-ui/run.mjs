#!/usr/bin/env node
// Upload benchmark through the web app: 50 PDFs of 1 MB chosen on the
// /uploads page in Chromium, from the moment they are handed to the file input to the moment
// every file shows Valid, beside the same 50 files uploaded by a script straight against the
// API (the bench/uploads path: prepare -> PUT 4 at a time -> complete), in the same run and on
// the same composed stack (shell server forwarding /api to the API, as in production).
// Also reports the page's longest main-thread task while uploading (PerformanceObserver
// 'longtask'): the goal is none over 200 ms, and browser throughput >= 0.7x the script's.
//
// Needs every app built (`npx turbo run build`). Usage: node bench/upload-ui/run.mjs
//   env: BENCH_FILES=50 BENCH_FILE_MB=1 BENCH_ROUNDS=2 CHROMIUM_PATH=/usr/bin/chromium
//        BENCH_VERBOSE=1 (phases and every long task; per phase of both paths the CPU time of
//          each of our processes, cpu.mjs, and the page's main-thread counters),
//        BENCH_NO_SOCKET=1 (see below), BENCH_TRACE=file.json (a Chromium trace of the last
//          browser round, for chrome://tracing or Perfetto),
//        BENCH_SHOTS=dir (a screenshot of the page and its upload toast after the batch)
// Everything listens on free loopback ports and is stopped at the end.
/* global process, console, performance, setInterval, clearInterval, document, window, PerformanceObserver, MutationObserver */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatCpu, startCpuSampler } from './cpu.mjs';
import { pdfOfSize } from '../lib/documents.mjs';
import { benchRun, CHROMIUM, fmt, freePort, login, raiseLimits, register, root, UPLOAD_LIMITS, uploadFiles } from '../lib/harness.mjs';

const e2eRequire = createRequire(path.join(root, 'e2e', 'package.json'));

const FILES = Number(process.env.BENCH_FILES ?? 50);
const FILE_BYTES = Math.round(Number(process.env.BENCH_FILE_MB ?? 1) * 1_048_576);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PUT_CONCURRENCY = 4; // the script path of bench/uploads, and the page's own concurrency
const ADMIN = { email: 'bench-ui-admin@example.com', password: 'Bench-Quarry-Admin-42x' };
const PASSWORD = 'Bench-Quarry-User-42x';

const run = benchRun({ limitMs: 900_000 });
// one more try when the connection drops (a loaded machine): the calls here are safe to repeat
const RETRY = { retry: true };

/** The script path (bench/uploads): prepare -> PUT 4 at a time -> complete, through the shell's /api. */
async function scriptRound(base, token, files) {
  const verbose = process.env.BENCH_VERBOSE && files.length === FILES;
  const cpu = verbose ? startCpuSampler() : null;
  const t0 = performance.now();
  const t = await uploadFiles(base, token, files, { concurrency: PUT_CONCURRENCY, ...RETRY });
  const marks = { prepared: t.prepared, puts: t.put };
  const ms = t.completed;
  if (cpu) {
    cpu.stop();
    console.log(`  script phases (ms from prepare): prepared +${Math.round(marks.prepared)}, PUTs done +${Math.round(marks.puts)}, complete answered +${Math.round(ms)} (complete ${Math.round(ms - marks.puts)})`);
    console.log(`    CPU ms, prepare + PUTs: ${formatCpu(cpu.between(t0, t0 + marks.puts))}`);
    console.log(`    CPU ms, complete:       ${formatCpu(cpu.between(t0 + marks.puts, t0 + ms))}`);
  }
  return ms;
}

/** The browser path: /uploads, files into the input, Upload, wait until every row says Valid. */
async function browserRound(browser, shellUrl, user, files) {
  const context = await browser.newContext({ baseURL: shellUrl, viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    // BENCH_NO_SOCKET=1 (diagnostic): the realtime socket gets no server, so the shell shows no
    // upload-event toasts; the difference in long tasks is theirs, not the page's.
    if (process.env.BENCH_NO_SOCKET) await page.routeWebSocket(/\/ws\//, () => {});
    const verbose = Boolean(process.env.BENCH_VERBOSE) && files.length === FILES;
    await page.addInitScript((verbose) => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
      // when the session status changes (uploading, validating, completed): the phases
      window.__phases = [];
      new MutationObserver(() => {
        const el = document.querySelector('[data-testid="session-status"]');
        const status = el?.getAttribute('data-status');
        if (status && window.__phases.at(-1)?.status !== status) {
          // what keeps animating (and so the compositor busy) in this phase
          const animations = (verbose ? document.getAnimations() : []).map((a) => {
            const el = a.effect?.target;
            const what = el ? `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ').filter(Boolean).slice(0, 2).join('.') : ''}` : '?';
            return `${a.animationName ?? a.transitionProperty ?? 'animation'}@${what}`;
          });
          window.__phases.push({ status, at: performance.now(), animations });
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-status'] });
      if (!verbose) return;
      // the upload calls' timings (prepare, 50 PUTs, complete) beside the page's own code
      performance.setResourceTimingBufferSize(5000);
      window.__clicks = [];
      document.addEventListener('click', () => window.__clicks.push(performance.now()), true);
      // when the last row turned Valid (the bench's own wait polls, so it learns a little later)
      window.__allValidAt = null;
      new MutationObserver(() => {
        if (window.__allValidAt !== null) return;
        const rows = document.querySelectorAll('[data-testid="upload-item"]');
        if (rows.length > 2 && [...rows].every((r) => r.getAttribute('data-status') === 'validated')) window.__allValidAt = performance.now();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-status'] });
    }, verbose);
    const login = await page.request.post('/api/v1/auth/login', { form: { username: user.email, password: PASSWORD } });
    if (!login.ok()) throw new Error(`login: ${login.status()}`);
    await page.goto('/uploads');
    await page.getByTestId('quota-files-value').waitFor();
    const input = page.getByLabel('Choose files to upload');
    await page.waitForTimeout(500); // let start-up settle: its long tasks are not the upload's
    const cpu = verbose ? startCpuSampler() : null;
    // the page's main thread per phase (script, style, layout, all tasks), from Chromium's own counters
    const cdp = cpu ? await context.newCDPSession(page) : null;
    const metrics = [];
    let sampling = null;
    if (cdp) {
      await cdp.send('Performance.enable');
      const sample = async () => {
        const at = performance.now();
        const { metrics: m } = await cdp.send('Performance.getMetrics');
        metrics.push({ at, ...Object.fromEntries(m.filter((x) => /Duration$/.test(x.name)).map((x) => [x.name, x.value * 1000])) });
      };
      await sample();
      sampling = setInterval(() => void sample().catch(() => undefined), 100);
    }
    if (process.env.BENCH_TRACE && files.length === FILES) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'] });
    const startedAt = await page.evaluate(() => performance.now());
    const t0 = performance.now();
    await input.setInputFiles(files.map((f) => f.path));
    await page.getByRole('button', { name: `Upload ${files.length} files` }).click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="upload-item"][data-status="validated"]').length === n,
      files.length,
      { polling: 50, timeout: 600_000 },
    );
    const ms = performance.now() - t0;
    cpu?.stop();
    if (process.env.BENCH_TRACE && files.length === FILES) writeFileSync(process.env.BENCH_TRACE, await browser.stopTracing());
    if (sampling) clearInterval(sampling);
    if (process.env.BENCH_SHOTS) {
      // the batch's one upload toast ('n of m files uploaded'), once every file is in
      await page.getByTestId('toast').filter({ hasText: 'files uploaded' }).first().waitFor({ timeout: 10_000 }).catch(() => {});
      await page.screenshot({ path: path.join(process.env.BENCH_SHOTS, 'uploads-toast.png') });
      console.log(`  toasts on screen after the batch: ${await page.getByTestId('toast').count()}`);
    }
    const failed = await page.locator('[data-testid="upload-item"][data-status="failed"], [data-testid="upload-item"][data-status="invalid"]').count();
    if (failed) throw new Error(`browser path: ${failed} files failed or invalid`);
    const tasks = await page.evaluate((from) => window.__longTasks.filter((t) => t.start >= from), startedAt);
    const phases = await page.evaluate(
      (from) => window.__phases.filter((p) => p.at >= from).map((p) => `${p.status} +${Math.round(p.at - from)}${p.animations.length ? ` [animating: ${[...new Set(p.animations)].join(', ')}]` : ''}`),
      startedAt,
    );
    if (verbose) {
      const calls = await page.evaluate(
        (from) =>
          performance
            .getEntriesByType('resource')
            .filter((e) => e.startTime >= from && /\/uploads\/(prepare-upload|blob|complete)/.test(e.name))
            .map((e) => ({ kind: /prepare-upload/.test(e.name) ? 'prepare' : /complete/.test(e.name) ? 'complete' : 'put', start: e.startTime - from, end: e.responseEnd - from })),
        startedAt,
      );
      const marks = await page.evaluate((from) => ({ click: (window.__clicks.find((c) => c >= from) ?? NaN) - from, allValid: (window.__allValidAt ?? NaN) - from }), startedAt);
      const span = (kind) => {
        const of = calls.filter((c) => c.kind === kind);
        return of.length ? `${Math.round(Math.min(...of.map((c) => c.start)))}–${Math.round(Math.max(...of.map((c) => c.end)))}` : '-';
      };
      const complete = calls.find((c) => c.kind === 'complete');
      console.log(
        `  browser phases (ms after the files were handed over): click +${Math.round(marks.click)}, prepare ${span('prepare')}, PUTs ${span('put')}, ` +
          `complete ${span('complete')} (${complete ? Math.round(complete.end - complete.start) : '-'}), every row Valid +${Math.round(marks.allValid)}, bench saw it +${Math.round(ms)}`,
      );
      if (cpu) {
        // page times are ms after the hand-over, as are the bench's own (t0 was taken just after startedAt)
        const at = (pageMs) => t0 + pageMs;
        const near = (t) => metrics.reduce((b, m) => (Math.abs(m.at - t) < Math.abs(b.at - t) ? m : b), metrics[0]);
        const main = (from, to) => {
          const a = near(from);
          const b = near(to);
          return ['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration'].map((k) => `${k.replace('Duration', '')} ${Math.round(b[k] - a[k])}`).join(', ');
        };
        const firstPut = Math.min(...calls.filter((c) => c.kind === 'put').map((c) => c.start));
        const lastPut = Math.max(...calls.filter((c) => c.kind === 'put').map((c) => c.end));
        console.log(`    CPU ms, hand-over to first PUT: ${formatCpu(cpu.between(at(0), at(firstPut)))}; page main thread: ${main(at(0), at(firstPut))}`);
        console.log(`    CPU ms, PUTs:                   ${formatCpu(cpu.between(at(firstPut), at(lastPut)))}; page main thread: ${main(at(firstPut), at(lastPut))}`);
        if (complete) {
          console.log(`    CPU ms, complete:               ${formatCpu(cpu.between(at(complete.start), at(complete.end)))}; page main thread: ${main(at(complete.start), at(complete.end))}`);
          console.log(`    CPU ms, answer to every Valid:  ${formatCpu(cpu.between(at(complete.end), at(marks.allValid)))}; page main thread: ${main(at(complete.end), at(marks.allValid))}`);
        }
      }
      console.log(`  phases (ms after the files were handed over): ${phases.join(', ')}`);
      console.log(`  long tasks (start +ms: duration): ${tasks.map((t) => `+${Math.round(t.start - startedAt)}: ${Math.round(t.duration)}`).join(', ')}`);
    }
    return { ms, longest: tasks.reduce((m, t) => Math.max(m, t.duration), 0), count: tasks.length, over200: tasks.filter((t) => t.duration > 200).length };
  } finally {
    await context.close();
  }
}

async function main() {
  const work = run.tempDir('quarry-bench-upload-ui-');
  const srcDir = path.join(work, 'source');
  mkdirSync(srcDir, { recursive: true });
  console.log(`Generating ${FILES} PDFs of ${fmt(FILE_BYTES / 1_048_576, 1)} MB...`);
  const files = [];
  for (let i = 0; i < FILES; i++) {
    const name = `ui-bench-${String(i + 1).padStart(2, '0')}.pdf`;
    const p = path.join(srcDir, name);
    writeFileSync(p, await pdfOfSize(FILE_BYTES, `UI bench document ${i + 1}`));
    files.push({ filename: name, path: p, size: statSync(p).size, mime: 'application/pdf' });
  }
  const totalMb = files.reduce((s, f) => s + f.size, 0) / 1_048_576;

  const { startStack } = await import(pathToFileURL(path.join(root, 'scripts/stack.mjs')).href);
  const ports = { shell: await freePort(), api: await freePort(), remotes: {} };
  for (const key of ['marketing', 'files', 'promptsSchemas', 'jobs', 'admin']) ports.remotes[key] = await freePort();
  const stack = await startStack({
    ports,
    dataDir: path.join(work, 'data'),
    apiEnv: {
      QUARRY_ADMIN_EMAIL: ADMIN.email,
      QUARRY_ADMIN_PASSWORD: ADMIN.password,
      CORS_ORIGINS: `http://localhost:${ports.shell}`,
      REGISTER_RATE_LIMIT_PER_IP: '1000',
      LOGIN_RATE_LIMIT_PER_IP: '1000',
      LOGIN_RATE_LIMIT_PER_ACCOUNT: '1000',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false',
    },
    log: () => {},
  });
  run.onCleanup(() => stack.stop());
  const base = `http://localhost:${ports.shell}`;

  await raiseLimits(base, await login(base, ADMIN, RETRY), UPLOAD_LIMITS);

  const { chromium } = e2eRequire('@playwright/test');
  const browser = await chromium.launch(CHROMIUM);
  run.onCleanup(() => browser.close());

  const newUser = async (tag) => {
    const email = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const res = await register(base, email, PASSWORD, RETRY);
    return { email, token: res.access_token };
  };

  // warm-up: both paths once with two files (media processes, JIT, page code cached)
  await scriptRound(base, (await newUser('warm')).token, files.slice(0, 2));
  await browserRound(browser, base, await newUser('warm-ui'), files.slice(0, 2));

  const rows = [];
  for (let r = 0; r < ROUNDS; r++) {
    // Each path runs first in every other round: the server's media processes are replaced
    // after a number of validations, and whichever path comes second meets that replacement.
    const browserFirst = r % 2 === 1;
    let scriptMs = 0;
    let ui;
    if (browserFirst) ui = await browserRound(browser, base, await newUser(`ui-${r}`), files);
    scriptMs = await scriptRound(base, (await newUser(`script-${r}`)).token, files);
    if (!browserFirst) ui = await browserRound(browser, base, await newUser(`ui-${r}`), files);
    rows.push({ round: r + 1, scriptMs, ...ui });
    console.log(
      `round ${r + 1}${browserFirst ? ' (browser first)' : ''}: script ${fmt(scriptMs)} ms (${fmt(totalMb / (scriptMs / 1000), 1)} MB/s) · browser ${fmt(ui.ms)} ms ` +
        `(${fmt(totalMb / (ui.ms / 1000), 1)} MB/s) · ratio ${fmt(scriptMs / ui.ms, 2)} · longest task ${fmt(ui.longest)} ms (${ui.count} long tasks, ${ui.over200} over 200 ms)`,
    );
  }

  const best = (k) => Math.min(...rows.map((x) => x[k]));
  const scriptBest = best('scriptMs');
  const uiBest = best('ms');
  const longest = Math.max(...rows.map((x) => x.longest));
  console.log('');
  console.log(`Machine: ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`Batch: ${FILES} PDFs, ${fmt(totalMb, 1)} MB in all, ${ROUNDS} rounds (best of each shown)`);
  console.log(`Script path (prepare -> PUT x${PUT_CONCURRENCY} -> complete):  ${fmt(scriptBest)} ms  ${fmt(totalMb / (scriptBest / 1000), 1)} MB/s`);
  console.log(`Browser path (/uploads, input -> every file Valid): ${fmt(uiBest)} ms  ${fmt(totalMb / (uiBest / 1000), 1)} MB/s`);
  console.log(`Throughput ratio browser / script: ${fmt(scriptBest / uiBest, 2)} (goal >= 0.70)`);
  console.log(`Longest main-thread task while uploading: ${fmt(longest)} ms (goal <= 200 ms)`);
}

run.finish(main);
