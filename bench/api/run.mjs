#!/usr/bin/env node
// API benchmark (loopback only, bounded in time):
//   1. requests/s and p99 latency of an authenticated GET users/me, of a database-backed
//      list (GET /feedback/?limit=100 over 100 rows) and of a bare Fastify hello-world,
//      measured in the same run, with the API/hello ratio;
//   2. realtime fan-out: 1,000 WebSocket clients of one user connected to /ws/connect,
//      one POST test/websocket-notification, time from publish to the last delivery.
// Usage: node bench/api/run.mjs   (env: BENCH_DURATION=8 BENCH_CONNECTIONS=20 BENCH_SOCKETS=1000
//        BENCH_FANOUT_ROUNDS=3; BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test runs the
//        API on a PostgreSQL server instead of PGlite, in a temporary database dropped afterwards)
// Uses api/dist/main.js when built (npm run build -w @quarry/api), else tsx src/main.ts.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const apiRoot = path.join(root, 'api');
const require = createRequire(path.join(apiRoot, 'package.json'));
const autocannon = require('autocannon');
const WebSocket = require('ws');

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const ROUNDS = Number(process.env.BENCH_FANOUT_ROUNDS ?? 3);
const HARD_LIMIT_MS = 240_000;

const children = [];
const tempDirs = [];
let dropDatabase = null;
const cleanup = async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
  if (dropDatabase) await dropDatabase().catch((err) => console.error('could not drop the bench database:', err.message));
};

/** A temporary database on BENCH_DATABASE_URL's server; null for embedded PGlite. */
async function benchDatabase() {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return null;
  const pg = require('pg');
  const name = `quarry_bench_${Date.now().toString(36)}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  dropDatabase = async () => {
    const d = new pg.Client({ connectionString: adminUrl });
    await d.connect();
    await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await d.end();
  };
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
const hardStop = setTimeout(() => {
  console.error(`bench: time limit (${HARD_LIMIT_MS / 1000} s) reached, stopping`);
  cleanup().finally(() => process.exit(2));
}, HARD_LIMIT_MS);
hardStop.unref();
process.on('SIGINT', () => {
  cleanup().finally(() => process.exit(130));
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

function start(name, args, env) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  child.on('exit', (code) => {
    if (code && code !== 0 && !child.killed) console.error(`${name} exited with ${code}:\n${log}`);
  });
  children.push(child);
  return child;
}

async function waitFor(url, child) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited early (${url})`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  throw new Error(`server did not answer ${url}`);
}

async function api(base, method, p, { token, json } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + p, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  const body = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${method} ${p} -> ${res.status} ${JSON.stringify(body)}`);
  return body;
}

function cannon(title, url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (err, r) => {
      if (err) return reject(err);
      const bad = r.non2xx + r.errors + r.timeouts;
      resolve({ title, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total, bad });
    });
  });
}

async function fanout(wsBase, token, userId, base) {
  const protocol = `auth.${Buffer.from(token).toString('base64url')}`;
  const sockets = [];
  const opened = performance.now();
  for (let i = 0; i < SOCKETS; i += 100) {
    const batch = [];
    for (let j = i; j < Math.min(SOCKETS, i + 100); j += 1) {
      batch.push(
        new Promise((resolve, reject) => {
          const ws = new WebSocket(`${wsBase}/ws/connect?channels=general`, [protocol]);
          const s = { ws, deliveredAt: null, round: -1 };
          ws.on('message', (data) => {
            const m = JSON.parse(data.toString());
            if (m.event === 'subscription_confirmed') resolve(s);
            else if (m.event === 'ping') ws.send('{"event":"pong"}');
            else if (m.event === 'bench_fanout' && m.round === s.round + 1) {
              s.round = m.round;
              s.deliveredAt = performance.now();
            }
          });
          ws.on('error', reject);
          ws.on('close', (code) => reject(new Error(`socket closed ${code}`)));
        }),
      );
    }
    sockets.push(...(await Promise.all(batch)));
  }
  const connectMs = performance.now() - opened;
  const rounds = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    await sleep(300);
    const t0 = performance.now();
    const res = await api(base, 'POST', '/api/v1/test/websocket-notification', {
      token,
      json: { event: 'bench_fanout', message: 'fan-out', extras: { round } },
    });
    const answeredMs = performance.now() - t0;
    const deadline = Date.now() + 10_000;
    while (sockets.some((s) => s.round !== round) && Date.now() < deadline) await sleep(1);
    const times = sockets.filter((s) => s.round === round).map((s) => s.deliveredAt - t0).sort((a, b) => a - b);
    rounds.push({
      round,
      delivered: times.length,
      local: res.local_connections,
      answeredMs,
      firstMs: times[0],
      medianMs: times[Math.floor(times.length / 2)],
      lastMs: times[times.length - 1],
    });
  }
  for (const s of sockets) s.ws.terminate();
  return { connectMs, rounds, userId };
}

const fmt = (n, d = 0) => (n === undefined ? '-' : Number(n).toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d }));

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quarry-bench-'));
  tempDirs.push(dataDir);
  const [apiPort, helloPort] = [await freePort(), await freePort()];
  const databaseUrl = await benchDatabase();
  const built = existsSync(path.join(apiRoot, 'dist', 'main.js'));
  const apiArgs = built ? [path.join(apiRoot, 'dist', 'main.js')] : [require.resolve('tsx/cli'), path.join(apiRoot, 'src', 'main.ts')];
  const apiChild = start('api', apiArgs, {
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    FEEDBACK_RATE_LIMIT_PER_USER: '100000',
    DATABASE_URL: databaseUrl ?? '',
  });
  const helloChild = start('hello', [path.join(here, 'hello.mjs')], { PORT: String(helloPort) });
  const base = `http://127.0.0.1:${apiPort}`;
  const started = performance.now();
  await Promise.all([waitFor(`${base}/api/v1/health`, apiChild), waitFor(`http://127.0.0.1:${helloPort}/hello`, helloChild)]);
  const health = await api(base, 'GET', '/api/v1/health');
  console.log(`load average before the run: ${loadavg().map((l) => l.toFixed(2)).join(' ')} (${cpus().length} cores)`);
  console.log(`API up in ${fmt(performance.now() - started)} ms (${built ? 'dist/main.js' : 'tsx src/main.ts'}, database ${health.database}); hello-world up.`);

  const email = `bench-${Date.now()}@example.com`;
  const reg = await api(base, 'POST', '/api/v1/users/register', { json: { email, password: 'Bench-Quarry-2024x' } });
  const token = reg.access_token;
  for (let i = 0; i < 100; i += 1) {
    await api(base, 'POST', '/api/v1/feedback/', {
      token,
      json: { category: ['bug', 'feature', 'improvement', 'other'][i % 4], message: `Benchmark feedback number ${i} with a little text.`, url: '/files', user_agent: 'bench' },
    });
  }
  const auth = { authorization: `Bearer ${token}` };
  console.log(`Seeded 1 user + 100 feedback rows. Each HTTP run: ${DURATION} s, ${CONNECTIONS} connections (autocannon, loopback).\n`);

  const hello = await cannon('bare Fastify hello-world', `http://127.0.0.1:${helloPort}/hello`);
  const me = await cannon('GET /api/v1/users/me (JWT + user row)', `${base}/api/v1/users/me`, auth);
  const list = await cannon('GET /api/v1/feedback/?limit=100 (100 rows + count)', `${base}/api/v1/feedback/?limit=100`, auth);

  const rows = [hello, me, list];
  const w = Math.max(...rows.map((r) => r.title.length));
  console.log(`${'target'.padEnd(w)} | ${'req/s'.padStart(9)} | ${'p50 ms'.padStart(6)} | ${'p99 ms'.padStart(6)} | ${'vs hello'.padStart(8)} | errors`);
  console.log(`${'-'.repeat(w)}-|-${'-'.repeat(9)}-|-${'-'.repeat(6)}-|-${'-'.repeat(6)}-|-${'-'.repeat(8)}-|-------`);
  for (const r of rows) {
    const ratio = r === hello ? '1.00' : fmt(r.rps / hello.rps, 2);
    console.log(`${r.title.padEnd(w)} | ${fmt(r.rps).padStart(9)} | ${fmt(r.p50).padStart(6)} | ${fmt(r.p99).padStart(6)} | ${ratio.padStart(8)} | ${r.bad}`);
  }

  console.log(`\nFan-out: ${SOCKETS} WebSocket clients of one user on /ws/connect, one POST test/websocket-notification per round.`);
  const me2 = await api(base, 'GET', '/api/v1/users/me', { token });
  const f = await fanout(`ws://127.0.0.1:${apiPort}`, token, me2.id, base);
  console.log(`connected ${SOCKETS} sockets in ${fmt(f.connectMs)} ms`);
  console.log('round | delivered | POST answered ms | first ms | median ms | last ms');
  console.log('------|-----------|------------------|----------|-----------|--------');
  for (const r of f.rounds) {
    console.log(`${String(r.round + 1).padStart(5)} | ${`${r.delivered}/${SOCKETS}`.padStart(9)} | ${fmt(r.answeredMs, 1).padStart(16)} | ${fmt(r.firstMs, 1).padStart(8)} | ${fmt(r.medianMs, 1).padStart(9)} | ${fmt(r.lastMs, 1).padStart(7)}`);
  }
  const lasts = f.rounds.map((r) => r.lastMs).sort((a, b) => a - b);
  console.log(`\npublish -> last delivery (median of ${ROUNDS}): ${fmt(lasts[Math.floor(lasts.length / 2)], 1)} ms`);
  if (f.rounds.some((r) => r.delivered !== SOCKETS)) process.exitCode = 1;
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanup();
    process.exit(process.exitCode ?? 0);
  });
