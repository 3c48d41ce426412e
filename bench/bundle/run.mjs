#!/usr/bin/env node
// Bundle benchmark (issue 2): what a browser downloads.
// - cold load of `/` (anonymous) and of `/files` (signed in): JS bytes, raw and gzip,
//   per app and per shared package;
// - each remote's first-use bytes: the JS fetched when its area is first opened from an
//   already loaded shell page (client-side navigation).
// Uses the built apps (run `npx turbo run build` first) and starts its own stack on
// ports 4300–4305 / 4380 with a temporary data folder. Prints tables; asserts nothing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { apps, root, startStack } from '../../scripts/stack.mjs';

const PORTS = {
  shell: 4300,
  api: 4380,
  remotes: { marketing: 4301, files: 4302, promptsSchemas: 4303, jobs: 4304, admin: 4305 },
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

async function collect(page, action) {
  const rows = [];
  const onResponse = async (res) => {
    const url = new URL(res.url());
    if (!/\.m?js$/.test(url.pathname)) return;
    try {
      const body = await res.body();
      rows.push({ url, app: appByPort.get(Number(url.port)) ?? url.host, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    } catch {
      // a response without a body (aborted) carries no bytes
    }
  };
  page.on('response', onResponse);
  await action();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  page.off('response', onResponse);
  return rows;
}

function summarise(title, rows, shared) {
  const byApp = new Map();
  const byPkg = new Map();
  for (const r of rows) {
    const a = byApp.get(r.app) ?? { raw: 0, gzip: 0, files: 0 };
    a.raw += r.raw;
    a.gzip += r.gzip;
    a.files += 1;
    byApp.set(r.app, a);
    const pkgs = shared.get(path.basename(r.url.pathname));
    const key = pkgs ? [...pkgs].sort().join(' + ') : '(app code)';
    const p = byPkg.get(key) ?? { raw: 0, gzip: 0 };
    p.raw += r.raw;
    p.gzip += r.gzip;
    byPkg.set(key, p);
  }
  const total = rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip }), { raw: 0, gzip: 0 });
  console.log(`\n## ${title}: ${rows.length} JS files, ${kb(total.raw)} KB raw, ${kb(total.gzip)} KB gzip`);
  console.log('| app | files | raw KB | gzip KB |\n|---|---:|---:|---:|');
  for (const [app, v] of [...byApp].sort((a, b) => b[1].gzip - a[1].gzip)) console.log(`| ${app} | ${v.files} | ${kb(v.raw)} | ${kb(v.gzip)} |`);
  console.log('| package (shared chunks) | raw KB | gzip KB |\n|---|---:|---:|');
  for (const [pkg, v] of [...byPkg].sort((a, b) => b[1].gzip - a[1].gzip)) console.log(`| ${pkg} | ${kb(v.raw)} | ${kb(v.gzip)} |`);
  return total;
}

async function main() {
  const tmp = mkdtempSync(path.join(tmpdir(), 'quarry-bench-bundle-'));
  const stack = await startStack({
    ports: PORTS,
    dataDir: path.join(tmp, 'data'),
    apiEnv: { QUARRY_ADMIN_EMAIL: ADMIN.email, QUARRY_ADMIN_PASSWORD: ADMIN.password, REGISTER_RATE_LIMIT_PER_IP: '10000', LOGIN_RATE_LIMIT_PER_IP: '10000', LOGIN_RATE_LIMIT_PER_ACCOUNT: '10000', LOG_LEVEL: 'warn' },
    log: () => {},
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const shared = sharedChunkMap();
  const results = {};
  try {
    const reg = await fetch(`http://127.0.0.1:${PORTS.api}/api/v1/users/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(USER),
    });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);

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
      const { context, page } = await fresh(USER);
      results.files = summarise('Cold load of /files (signed in)', await collect(page, () => page.goto(`${BASE}/files`)), shared);
      await context.close();
    }

    console.log('\n## First use of each remote (client-side navigation from a loaded /account page)');
    console.log('| remote | page | files | raw KB | gzip KB |\n|---|---|---:|---:|---:|');
    const firstUse = [
      ['marketing', '/checkout/pri_bench', USER],
      ['files', '/files', USER],
      ['promptsSchemas', '/prompts', USER],
      ['jobs', '/jobs', USER],
      ['admin', '/admin', ADMIN],
    ];
    for (const [key, target, user] of firstUse) {
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
      console.log(`| ${apps.remotes.find((r) => r.key === key).dir} | ${target} | ${own.length} | ${kb(raw)} | ${kb(gzip)} |`);
      await context.close();
    }
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
