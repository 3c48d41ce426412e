#!/usr/bin/env node
// Largest contentful paint of a cold `/` for two or more builds, loaded alternately in the
// same window so machine load hits them alike (a shared machine's load moves LCP by
// seconds between minutes). Prints each build's runs and median, the main thread's busy
// time (all tasks, and script alone, until the network is idle), the request count and the
// bytes transferred;
// asserts nothing.
//   node bench/bundle/compare.mjs before=/path/to/copy after=.   (COMPARE_RUNS=n, default 9)
// A path is a checkout (or a copy) holding <app>/dist for the shell and the five remotes.
// BENCH_PORT_BASE moves the ports: build i serves on base + 10·i (+1..5 for the remotes).
import { loadavg } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createComposer } from '../../scripts/compose.mjs';
import { createAppServer } from '../../scripts/serve.mjs';
import { apps, prerenderedPageUrl, remotesJson, startStack } from '../../scripts/stack.mjs';
import { benchRun, CHROMIUM } from '../lib/harness.mjs';

const B = Number(process.env.BENCH_PORT_BASE ?? 4300);
const RUNS = Number(process.env.COMPARE_RUNS ?? 9);
const builds = process.argv.slice(2).map((arg) => {
  const [name, dir] = arg.split('=');
  return { name, dir: path.resolve(dir) };
});
if (builds.length < 2) throw new Error('usage: compare.mjs name=dir name=dir …');

const portsOf = (i) => ({ shell: B + 10 * i, api: B + 80, remotes: Object.fromEntries(apps.remotes.map((r, k) => [r.key, B + 10 * i + 1 + k])) });

async function lcp(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  let requests = 0;
  const sizes = [];
  page.on('request', () => (requests += 1));
  page.on('requestfinished', (r) => sizes.push(r.sizes().then((z) => z.responseBodySize + z.responseHeadersSize).catch(() => 0)));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  const value = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => resolve(Math.round(list.getEntries().at(-1).startTime))).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(null), 2000);
      }),
  );
  const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  await context.close();
  return { lcp: value, requests, kb: Math.round(bytes / 102.4) / 10, taskMs: Math.round(metrics.TaskDuration * 1000), scriptMs: Math.round(metrics.ScriptDuration * 1000) };
}

const run = benchRun();

async function main() {
  const tmp = run.tempDir('quarry-bench-compare-');
  const first = portsOf(0);
  const stack = await startStack({ ports: first, dataDir: path.join(tmp, 'data'), wwwDir: (d) => path.join(builds[0].dir, d, 'dist'), apiEnv: { LOG_LEVEL: 'warn' }, log: () => {} });
  run.onCleanup(() => stack.stop());
  const servers = [];
  run.onCleanup(() => {
    for (const s of servers) {
      s.closeAllConnections?.();
      s.close();
    }
  });
  for (let i = 1; i < builds.length; i += 1) {
    const ports = portsOf(i);
    for (const r of apps.remotes) servers.push(await createAppServer({ root: path.join(builds[i].dir, r.dir, 'dist'), port: ports.remotes[r.key], cors: true }));
    servers.push(
      await createAppServer({
        root: path.join(builds[i].dir, 'shell/dist'),
        port: ports.shell,
        spa: true,
        apiTarget: `http://127.0.0.1:${first.api}`,
        dynamic: { '/remotes.json': () => remotesJson(ports) },
        compose: createComposer({ root: path.join(builds[i].dir, 'shell/dist'), pages: { '/': () => prerenderedPageUrl(remotesJson(ports)) } }),
      }),
    );
  }
  const browser = await chromium.launch(CHROMIUM);
  run.onCleanup(() => browser.close());
  const runs = builds.map(() => []);
  const loads = [];
  for (let n = 0; n < RUNS; n += 1) {
    loads.push(loadavg()[0]);
    // Alternate the order too, so neither build always runs right after the other.
    const order = builds.map((_, i) => i);
    if (n % 2) order.reverse();
    for (const i of order) runs[i].push(await lcp(browser, `http://localhost:${portsOf(i).shell}/`));
  }
  const median = (v) => {
    const s = v.filter((x) => x !== null).sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)];
  };
  console.log(`load average during the runs: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`);
  builds.forEach((b, i) => {
    const r = runs[i];
    console.log(
      `${b.name.padEnd(14)} LCP median ${median(r.map((x) => x.lcp))} ms (runs: ${r.map((x) => x.lcp).join(', ')}); ` +
        `main-thread tasks median ${median(r.map((x) => x.taskMs))} ms, script ${median(r.map((x) => x.scriptMs))} ms; requests ${median(r.map((x) => x.requests))}, ${median(r.map((x) => x.kb))} KB transferred (headers included)`,
    );
  });
}

run.finish(main);
