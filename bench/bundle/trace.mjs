#!/usr/bin/env node
// Waterfall of a cold `/` (anonymous) in Chromium: every request with its start and end
// (ms since navigation), who asked for it, long tasks, script time, and the largest
// contentful paint with its element. Prints; asserts nothing. Uses the built apps and
// starts its own stack (BENCH_PORT_BASE moves the ports, as in run.mjs).
// TRACE_RUNS=n repeats the load n times in fresh contexts and prints the last waterfall.
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startStack } from '../../scripts/stack.mjs';
import { benchRun, CHROMIUM } from '../lib/harness.mjs';

const B = Number(process.env.BENCH_PORT_BASE ?? 4300);
const PORTS = { shell: B, api: B + 80, remotes: { marketing: B + 1, files: B + 2, promptsSchemas: B + 3, jobs: B + 4, admin: B + 5 } };
const BASE = `http://localhost:${PORTS.shell}`;

const observe = () => {
  window.__perf = { longtasks: [], lcp: [] };
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) window.__perf.longtasks.push([Math.round(e.startTime), Math.round(e.duration)]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) {
      const el = e.element;
      const desc = el ? `${el.tagName.toLowerCase()} "${(el.textContent ?? '').slice(0, 40)}"` : '(removed)';
      window.__perf.lcp.push([Math.round(e.startTime), Math.round(e.renderTime || 0), e.size, desc]);
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
};

async function load(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(observe);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Performance.enable');
  if (process.env.TRACE_PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const reqs = new Map();
  let t0 = null;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (t0 === null) t0 = e.timestamp;
    const init = e.initiator?.stack?.callFrames?.[0]?.url ?? e.initiator?.url ?? e.initiator?.type;
    reqs.set(e.requestId, { url: e.request.url, start: e.timestamp, init, prio: e.request.initialPriority });
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = reqs.get(e.requestId);
    if (r) r.ttfb = e.timestamp;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = reqs.get(e.requestId);
    if (r) Object.assign(r, { end: e.timestamp, bytes: e.encodedDataLength });
  });
  await page.goto(`${BASE}/`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const perf = await page.evaluate(() => ({
    ...window.__perf,
    nav: (() => {
      const n = performance.getEntriesByType('navigation')[0];
      return { domInteractive: Math.round(n.domInteractive), dcl: Math.round(n.domContentLoadedEventEnd), load: Math.round(n.loadEventEnd) };
    })(),
    fcp: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1),
  }));
  const profile = process.env.TRACE_PROFILE ? (await cdp.send('Profiler.stop')).profile : null;
  const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  await context.close();
  return { reqs: [...reqs.values()], t0, perf, metrics, profile };
}

const short = (u) => {
  try {
    const url = new URL(u);
    const app = Object.entries({ shell: PORTS.shell, ...PORTS.remotes }).find(([, p]) => Number(url.port) === p)?.[0] ?? url.host;
    return `${app}${url.pathname}`.replace(/\/static\/js\//, ' ').slice(0, 70);
  } catch {
    return u.slice(0, 70);
  }
};

/** Self time per script and per function (top 25) from a CPU profile. */
function printProfile(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  for (let i = 0; i < profile.samples.length; i += 1) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const byUrl = new Map();
  const byFn = new Map();
  for (const [id, us] of self) {
    const f = byId.get(id).callFrame;
    const u = f.url ? short(f.url) : `(${f.functionName || 'native'})`;
    byUrl.set(u, (byUrl.get(u) ?? 0) + us);
    const k = `${f.functionName || '(anon)'} ${u}:${f.lineNumber}:${f.columnNumber}`;
    byFn.set(k, (byFn.get(k) ?? 0) + us);
  }
  const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) => `${String(Math.round(us / 1000)).padStart(5)} ms  ${k}`).join('\n');
  console.log(`self time by script:\n${top(byUrl, 25)}\nself time by function:\n${top(byFn, 25)}`);
}

const run = benchRun();

async function main() {
  const tmp = run.tempDir('quarry-bench-trace-');
  const stack = await startStack({ ports: PORTS, dataDir: path.join(tmp, 'data'), apiEnv: { LOG_LEVEL: 'warn' }, log: () => {} });
  run.onCleanup(() => stack.stop());
  const browser = await chromium.launch(CHROMIUM);
  run.onCleanup(() => browser.close());
  const runs = Number(process.env.TRACE_RUNS ?? 1);
  let last;
  for (let i = 0; i < runs; i += 1) {
    last = await load(browser);
    const { perf, metrics } = last;
    console.log(
      `run ${i + 1}: FCP ${perf.fcp} LCP ${perf.lcp.at(-1)?.[0]} ms (${perf.lcp.map((l) => `${l[0]} ${l[3]} ${l[2]}px²`).join(' → ')}); domInteractive ${perf.nav.domInteractive}; ` +
        `script ${Math.round(metrics.ScriptDuration * 1000)} ms, tasks ${Math.round(metrics.TaskDuration * 1000)} ms, layout ${Math.round(metrics.LayoutDuration * 1000)} ms, style ${Math.round(metrics.RecalcStyleDuration * 1000)} ms; long tasks ${JSON.stringify(perf.longtasks)}`,
    );
  }
  if (last.profile) printProfile(last.profile);
  const { reqs, t0 } = last;
  const ms = (t) => (t === undefined ? '   -' : String(Math.round((t - t0) * 1000)).padStart(5));
  console.log('start  ttfb   end  bytes  prio      url  <- initiator');
  for (const r of reqs.sort((a, b) => a.start - b.start)) {
    console.log(`${ms(r.start)} ${ms(r.ttfb)} ${ms(r.end)} ${String(r.bytes ?? '').padStart(6)} ${String(r.prio).padEnd(8)} ${short(r.url)}  <- ${r.init ? short(r.init) : ''}`);
  }
}

run.finish(main);
