#!/usr/bin/env node
// Bundle benchmark (issues 2 and 16): what a browser downloads, and how soon it paints.
// - cold load of `/` (anonymous) and of `/files` (signed in): JS bytes, raw, gzip -9 and
//   brotli -11, per app and per shared package, and the bytes actually transferred (every
//   request, headers included, as the server sent them: precompressed brotli);
// - largest contentful paint of a cold `/`: 5 runs, each in a fresh browser context, median;
// - each remote's first-use bytes: the JS fetched when its area is first opened from an
//   already loaded shell page (client-side navigation);
// - an empty remote's first use: a remote with one route and nothing else, built with the
//   remotes' own configuration (in place of mf-admin, whose path it serves), so what it
//   fetches is the price of being a remote, beyond its own code. BENCH_EMPTY_REMOTE=0 skips it.
// Uses the built apps (run `npx turbo run build` first) and starts its own stack on
// ports 4300–4305 / 4380 (BENCH_PORT_BASE moves them) with a temporary data folder.
// Prints tables; asserts nothing. Goals: cold `/` ≤ 400 KB transferred, LCP
// ≤ 1.0 s, an empty remote's first use ≤ 15 KB beyond its own code.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { createAppServer } from '../../scripts/serve.mjs';
import { apps, root, startStack } from '../../scripts/stack.mjs';
import { benchRun, CHROMIUM, register } from '../lib/harness.mjs';

// BENCH_PORT_BASE moves every port (shell = base, remotes base+1..5, API base+80).
const B = Number(process.env.BENCH_PORT_BASE ?? 4300);
const PORTS = {
  shell: B,
  api: B + 80,
  remotes: { marketing: B + 1, files: B + 2, promptsSchemas: B + 3, jobs: B + 4, admin: B + 5 },
};
const ADMIN = { email: 'bench-admin@quarry.test', password: 'Bench-Adm1n-Passw0rd!' };
const USER = { email: `bench-${Date.now()}@quarry.test`, password: 'Bench-User-Passw0rd-42' };
const BASE = `http://localhost:${PORTS.shell}`;

const appByPort = new Map([[PORTS.shell, 'shell'], ...apps.remotes.map((r) => [PORTS.remotes[r.key], r.dir])]);

/** chunk file name -> shared package, from the shell's manifest (the shell provides every singleton). */
function sharedChunkMap() {
  const map = new Map();
  for (const dir of ['shell', ...apps.remotes.map((r) => r.dir)]) {
    const manifest = JSON.parse(readFileSync(path.join(root, dir, 'dist/mf-manifest.json'), 'utf8'));
    for (const s of manifest.shared ?? []) {
      for (const f of [...(s.assets?.js?.sync ?? []), ...(s.assets?.js?.async ?? [])]) {
        const name = path.basename(f);
        if (!map.has(name)) map.set(name, new Set());
        map.get(name).add(s.name);
      }
    }
  }
  return map;
}

const kb = (n) => (n / 1024).toFixed(1);

const brotli = (body) => brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** JS rows (raw / gzip / brotli of each file) and what went over the wire for every request. */
async function collect(page, action) {
  const rows = [];
  const wire = { bytes: 0, requests: 0, js: 0, byPort: new Map() };
  const pending = [];
  const onResponse = (res) =>
    pending.push(
      (async () => {
        const url = new URL(res.url());
        const sizes = await res.request().sizes().catch(() => null);
        const sent = sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0;
        wire.bytes += sent;
        wire.requests += 1;
        wire.byPort.set(Number(url.port), (wire.byPort.get(Number(url.port)) ?? 0) + sent);
        if (!/\.m?js$/.test(url.pathname)) return;
        wire.js += sent;
        try {
          const body = await res.body();
          rows.push({ url, app: appByPort.get(Number(url.port)) ?? url.host, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, br: brotli(body), sent });
        } catch {
          // a response without a body (aborted) carries no bytes
        }
      })(),
    );
  page.on('response', onResponse);
  await action();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  page.off('response', onResponse);
  await Promise.all(pending);
  rows.wire = wire;
  return rows;
}

/** Largest contentful paint of the page as loaded (ms since navigation start). */
async function lcpOf(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1);
          resolve(last ? Math.round(last.startTime) : null);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(null), 2000);
      }),
  );
}

function summarise(title, rows, shared) {
  const add = (a, r) => ({ raw: a.raw + r.raw, gzip: a.gzip + r.gzip, br: a.br + r.br, sent: a.sent + r.sent, files: a.files + 1 });
  const zero = { raw: 0, gzip: 0, br: 0, sent: 0, files: 0 };
  const byApp = new Map();
  const byPkg = new Map();
  for (const r of rows) {
    byApp.set(r.app, add(byApp.get(r.app) ?? zero, r));
    const pkgs = shared.get(path.basename(r.url.pathname));
    const key = pkgs ? [...pkgs].sort().join(' + ') : '(app code)';
    byPkg.set(key, add(byPkg.get(key) ?? zero, r));
  }
  const total = rows.reduce(add, zero);
  if (process.env.BENCH_FILES) for (const r of rows) console.log(`file ${r.app} ${path.basename(r.url.pathname)} ${r.raw}`);
  console.log(`\n## ${title}: ${rows.length} JS files, ${kb(total.raw)} KB raw, ${kb(total.gzip)} KB gzip, ${kb(total.br)} KB brotli`);
  if (rows.wire) console.log(`transferred: ${kb(rows.wire.bytes)} KB in ${rows.wire.requests} requests (JS ${kb(rows.wire.js)} KB), headers included`);
  console.log('| app | files | raw KB | gzip KB | brotli KB |\n|---|---:|---:|---:|---:|');
  for (const [app, v] of [...byApp].sort((a, b) => b[1].gzip - a[1].gzip)) console.log(`| ${app} | ${v.files} | ${kb(v.raw)} | ${kb(v.gzip)} | ${kb(v.br)} |`);
  console.log('| package (shared chunks) | raw KB | gzip KB | brotli KB |\n|---|---:|---:|---:|');
  for (const [pkg, v] of [...byPkg].sort((a, b) => b[1].gzip - a[1].gzip)) console.log(`| ${pkg} | ${kb(v.raw)} | ${kb(v.gzip)} | ${kb(v.br)} |`);
  return { ...total, wire: rows.wire };
}

/**
 * Builds a remote whose routes module is one route (`admin/*`, a paragraph) with the same
 * configuration as the real remotes, named as mf-admin so it can stand in for it. Built in a
 * folder beside the apps (the configuration finds shared/ there), removed afterwards.
 */
function buildEmptyRemote(distDir) {
  const dir = path.join(root, '.bench-empty-remote');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  try {
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@quarry/bench-empty-remote', version: '0.0.0', private: true, type: 'module' }));
    writeFileSync(path.join(dir, 'rsbuild.config.ts'), "import { defineRemoteConfig } from '@quarry/shared/rsbuild';\nexport default defineRemoteConfig('mf-admin');\n");
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ extends: '../tsconfig.base.json', include: ['src'] }));
    writeFileSync(path.join(dir, 'src/index.ts'), 'export {};\n');
    writeFileSync(
      path.join(dir, 'src/routes.tsx'),
      "import { defineRemote } from '@quarry/shared';\n" +
        "export default defineRemote(__REMOTE_NAME__, __REMOTE_VERSION__, [{ path: 'admin/*', element: <p>An empty remote.</p> }]);\n",
    );
    writeFileSync(path.join(dir, 'src/globals.d.ts'), 'declare const __REMOTE_NAME__: string;\ndeclare const __REMOTE_VERSION__: string;\n');
    const out = spawnSync(path.join(root, 'node_modules/.bin/rsbuild'), ['build'], { cwd: dir, env: { ...process.env, DIST_PATH: distDir }, encoding: 'utf8' });
    if (out.status !== 0) throw new Error(`empty remote build failed:\n${out.stdout}\n${out.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const run = benchRun();

async function main() {
  const tmp = run.tempDir('quarry-bench-bundle-');
  const stack = await startStack({
    ports: PORTS,
    dataDir: path.join(tmp, 'data'),
    apiEnv: { QUARRY_ADMIN_EMAIL: ADMIN.email, QUARRY_ADMIN_PASSWORD: ADMIN.password, REGISTER_RATE_LIMIT_PER_IP: '10000', LOGIN_RATE_LIMIT_PER_IP: '10000', LOGIN_RATE_LIMIT_PER_ACCOUNT: '10000', LOG_LEVEL: 'warn' },
    log: () => {},
  });
  run.onCleanup(() => stack.stop());
  const browser = await chromium.launch(CHROMIUM);
  run.onCleanup(() => browser.close());
  const shared = sharedChunkMap();
  const results = {};
  await register(`http://127.0.0.1:${PORTS.api}`, USER.email, USER.password);

  const fresh = async (user) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (user) {
      const r = await page.request.post(`${BASE}/api/v1/auth/login`, { form: { username: user.email, password: user.password } });
      if (!r.ok()) throw new Error(`login ${r.status()}`);
    }
    return { context, page };
  };

  {
    const { context, page } = await fresh();
    results.landing = summarise('Cold load of / (anonymous)', await collect(page, () => page.goto(`${BASE}/`)), shared);
    await context.close();
  }
  {
    const runs = [];
    for (let i = 0; i < 5; i += 1) {
      const { context, page } = await fresh();
      await page.goto(`${BASE}/`);
      await page.waitForLoadState('networkidle');
      runs.push(await lcpOf(page));
      await context.close();
    }
    const sorted = runs.filter((v) => v !== null).sort((a, b) => a - b);
    console.log(`\n## Largest contentful paint of a cold / (5 runs): median ${sorted[Math.floor(sorted.length / 2)]} ms (runs: ${runs.join(', ')} ms)`);
  }
  {
    const { context, page } = await fresh(USER);
    results.files = summarise('Cold load of /files (signed in)', await collect(page, () => page.goto(`${BASE}/files`)), shared);
    await context.close();
  }

  console.log('\n## First use of each remote (client-side navigation from a loaded /account page)');
  console.log('| remote | page | JS files | raw KB | gzip KB | brotli KB | JS transferred KB | all transferred KB (manifest included) |\n|---|---|---:|---:|---:|---:|---:|---:|');
  const firstUse = [
    ['marketing', '/checkout/pri_bench', USER],
    ['files', '/files', USER],
    ['promptsSchemas', '/prompts', USER],
    ['jobs', '/jobs', USER],
    ['admin', '/admin', ADMIN],
  ];
  if (process.env.BENCH_EMPTY_REMOTE !== '0') {
    const emptyDist = path.join(tmp, 'empty-remote');
    buildEmptyRemote(emptyDist);
    firstUse.push(['admin', '/admin', ADMIN, 'empty remote (as mf-admin)', async () => {
      await stack.stopRemote('admin');
      const server = await createAppServer({ root: emptyDist, port: PORTS.remotes.admin, cors: true });
      return async () => {
        server.closeAllConnections?.();
        await new Promise((r) => server.close(r));
      };
    }]);
  }
  for (const [key, target, user, label, swap] of firstUse) {
    const restore = swap ? await swap() : null;
    const { context, page } = await fresh(user);
    await page.goto(`${BASE}/account`);
    await page.waitForLoadState('networkidle');
    const rows = await collect(page, async () => {
      // Client-side navigation through the router, as a click on a link does.
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, target);
      await page.locator('[data-remote-version]').first().waitFor({ timeout: 20_000 });
    });
    const port = PORTS.remotes[key];
    const own = rows.filter((r) => Number(r.url.port) === port);
    const raw = own.reduce((t, r) => t + r.raw, 0);
    const gzip = own.reduce((t, r) => t + r.gzip, 0);
    const br = own.reduce((t, r) => t + r.br, 0);
    const sent = own.reduce((t, r) => t + r.sent, 0);
    console.log(`| ${label ?? apps.remotes.find((r) => r.key === key).dir} | ${target} | ${own.length} | ${kb(raw)} | ${kb(gzip)} | ${kb(br)} | ${kb(sent)} | ${kb(rows.wire.byPort.get(port) ?? 0)} |`);
    // Beyond the remote's own files: what it made the shell fetch (shared modules not yet loaded).
    const others = rows.filter((r) => Number(r.url.port) !== port);
    if (label) console.log(`| ${label}: JS it made the shell fetch | | ${others.length} | ${kb(others.reduce((t, r) => t + r.raw, 0))} | | | ${kb(others.reduce((t, r) => t + r.sent, 0))} | |`);
    await context.close();
    if (restore) await restore();
  }
}

run.finish(main);
