#!/usr/bin/env node
// API benchmark (loopback only, bounded in time), in both database modes in one run: the
// embedded PGlite, then a PostgreSQL server (a fresh temporary database, dropped afterwards):
//   1. requests/s and p50/p99/max latency of a bare Fastify hello-world, an authenticated
//      GET users/me and the lists, measured in the same run, each as a % of the hello's req/s:
//      files/my-files over 200 files of one user (the default page of 50, and all 200),
//      feedback (100 rows), prompts, output-schemas, datasets, jobs and admin/users; beside them
//      the bare Fastify sending my-files' first page as a fixed string (what the bytes cost), and
//      each server's CPU time per request (/proc), which other load on the machine does not change;
//      at the end one table with both modes side by side, with the load average of each;
//   2. realtime fan-out: 1,000 WebSocket clients of one user connected to /ws/connect,
//      one POST test/websocket-notification, time from publish to the last delivery.
// Usage: node bench/api/run.mjs   (env: BENCH_MODES=embedded,server (either or both)
//        BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (the server mode's server;
//        the bench creates and drops its own database there)
//        BENCH_DURATION=8 BENCH_CONNECTIONS=50 BENCH_SOCKETS=1000 (0: no fan-out)
//        BENCH_FILES=200 BENCH_ONLY=files,me (titles containing one of the words; hello always runs)
//        BENCH_CPU_PROF=/tmp/prof (a CPU profile of the API for the whole run, per mode)
//        BENCH_FANOUT_ROUNDS=3; BENCH_API_MAIN=/path/to/dist/main.js: another build, e.g. before a change)
// Uses api/dist/main.js when built (npm run build -w @quarry/api), else tsx src/main.ts.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { apiCall as api, apiRequire, apiRoot, benchRun, fmt, freePort, login, raiseLimits, register, root, sleep, sourceMain, temporaryDatabase, uploadFiles, waitUntilUp } from '../lib/harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const autocannon = apiRequire('autocannon');
const WebSocket = apiRequire('ws');

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const FILES = Number(process.env.BENCH_FILES ?? 200);
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').map((w) => w.trim()).filter(Boolean);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const ROUNDS = Number(process.env.BENCH_FANOUT_ROUNDS ?? 3);
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Admin-Quarry-2024x' };
/** set in the child that measures one mode (the parent runs one child per mode) */
const MODE = process.env.BENCH_MODE;
// per mode; the parent allows both
const run = benchRun({ limitMs: MODE ? 480_000 : 960_000 });

const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

/** A temporary database on BENCH_DATABASE_URL's server in server mode; null for embedded PGlite. */
async function benchDatabase() {
  if (MODE !== 'server') return null;
  const adminUrl = process.env.BENCH_DATABASE_URL || DEFAULT_SERVER;
  const db = await temporaryDatabase(adminUrl, 'quarry_bench');
  run.onCleanup(() => db.drop().catch((err) => console.error('could not drop the bench database:', err.message)));
  return db.url;
}

/** CPU time (user + system, ms) the process has used so far (Linux /proc), or null. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100 Hz)
  } catch {
    return null;
  }
}

/**
 * One autocannon run. `pid`: the server's process, whose CPU time per request is reported too:
 * unlike req/s it does not depend on what else the machine is running.
 */
function cannon(title, url, headers = {}, pid = null) {
  const cpu0 = pid ? cpuMs(pid) : null;
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (err, r) => {
      if (err) return reject(err);
      const bad = r.non2xx + r.errors + r.timeouts;
      const cpu1 = pid ? cpuMs(pid) : null;
      const cpuPerReq = cpu0 !== null && cpu1 !== null && r.requests.total > 0 ? (cpu1 - cpu0) / r.requests.total : undefined;
      resolve({ title, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, total: r.requests.total, bad, cpuPerReq });
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

/** `n` one-page PDFs through prepare-upload, PUT and complete, as a browser uploads them; their ids. */
async function seedFiles(base, token, n) {
  const { PDFDocument } = apiRequire('pdf-lib');
  const ids = [];
  for (let i = 0; i < n; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(n, i + 50); j += 1) {
      const doc = await PDFDocument.create();
      doc.addPage([200, 200]).drawText(`Bench file ${j}`, { x: 20, y: 100, size: 12 });
      batch.push({ filename: `bench-${String(j).padStart(4, '0')}.pdf`, bytes: Buffer.from(await doc.save()), mime: 'application/pdf' });
    }
    const { results } = await uploadFiles(base, token, batch);
    ids.push(...results.map((r) => r.file_id));
  }
  return ids;
}

async function main() {
  const dataDir = run.tempDir('quarry-bench-');
  const helloPort = await freePort();
  const databaseUrl = await benchDatabase();
  // BENCH_API_MAIN=<another build's dist/main.js>: the same bench against other code (before/after)
  const apiMain = process.env.BENCH_API_MAIN || path.join(apiRoot, 'dist', 'main.js');
  const built = existsSync(apiMain);
  const apiArgs = built ? [apiMain] : sourceMain();
  // BENCH_CPU_PROF=<dir>: the API writes a V8 CPU profile there when it stops (read it with bench/cpu-profile.mjs)
  if (process.env.BENCH_CPU_PROF) apiArgs.unshift('--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`);
  const started = performance.now();
  const helloChild = run.spawn('hello', [path.join(here, 'hello.mjs')], { env: { PORT: String(helloPort) } });
  const [{ child: apiChild, port: apiPort, base }] = await Promise.all([
    run.startApi({
      args: apiArgs,
      dataDir,
      admin: ADMIN,
      env: {
        FEEDBACK_RATE_LIMIT_PER_USER: '100000',
        DATABASE_URL: databaseUrl ?? '',
        REGISTER_RATE_LIMIT_PER_IP: '100000',
        LOGIN_RATE_LIMIT_PER_IP: '100000',
      },
    }),
    waitUntilUp(`http://127.0.0.1:${helloPort}/hello`, helloChild),
  ]);
  const health = await api(base, 'GET', '/api/v1/health');
  const loadBefore = loadavg();
  console.log(`load average before the run: ${loadBefore.map((l) => l.toFixed(2)).join(' ')} (${cpus().length} cores)`);
  console.log(`API up in ${fmt(performance.now() - started)} ms (${built ? path.relative(root, apiMain) : 'tsx src/main.ts'}, database ${health.database}); hello-world up.`);

  const email = `bench-${Date.now()}@example.com`;
  const reg = await register(base, email, 'Bench-Quarry-2024x');
  const token = reg.access_token;
  for (let i = 0; i < 100; i += 1) {
    await api(base, 'POST', '/api/v1/feedback/', {
      token,
      json: { category: ['bug', 'feature', 'improvement', 'other'][i % 4], message: `Benchmark feedback number ${i} with a little text.`, url: '/files', user_agent: 'bench' },
    });
  }
  const seeded = performance.now();
  const adminToken = await login(base, ADMIN);
  // the default quota is 50 files
  await raiseLimits(base, adminToken, { max_file_count: FILES + 50 });
  const fileIds = await seedFiles(base, token, FILES);
  for (let i = 0; i < 20; i += 1) {
    const schema = await api(base, 'POST', '/api/v1/output-schemas/', {
      token,
      json: { name: `Bench schema ${i}`, description: 'An invoice', schema_definition: { type: 'object', properties: { total: { type: 'number' }, vendor: { type: 'string' } } } },
    });
    await api(base, 'POST', '/api/v1/prompts/', {
      token,
      json: { name: `Bench prompt ${i}`, type: 'text', template: 'Extract the invoice total and vendor from {{text}}.', output_schema_id: schema.id },
    });
  }
  for (let i = 0; i < 10; i += 1) {
    await api(base, 'POST', '/api/v1/datasets/', { token, json: { name: `Bench dataset ${i}`, file_ids: fileIds.slice(i * 10, i * 10 + 20) } });
  }
  for (let i = 0; i < 20; i += 1) {
    await register(base, `bench-user-${i}-${Date.now()}@example.com`, 'Bench-Quarry-2024x');
  }
  const auth = { authorization: `Bearer ${token}` };
  const adminAuth = { authorization: `Bearer ${adminToken}` };
  console.log(
    `Seeded 1 user with 100 feedback rows, ${FILES} files (1-page PDFs), 20 output schemas, 20 prompts, 10 datasets of 20 files; ` +
      `22 users in all (${fmt((performance.now() - seeded) / 1000, 1)} s). Each HTTP run: ${DURATION} s, ${CONNECTIONS} connections (autocannon, loopback).\n`,
  );

  const targets = [
    ['GET /api/v1/users/me (JWT + user row)', '/api/v1/users/me', auth],
    [`GET /api/v1/files/my-files (50 of ${FILES} files)`, '/api/v1/files/my-files', auth],
    [`GET /api/v1/files/my-files?limit=${FILES} (all ${FILES})`, `/api/v1/files/my-files?limit=${FILES}`, auth],
    ['GET /api/v1/feedback/?limit=100 (100 rows + count)', '/api/v1/feedback/?limit=100', auth],
    ['GET /api/v1/prompts/ (20 prompts)', '/api/v1/prompts/', auth],
    ['GET /api/v1/output-schemas/ (20 schemas)', '/api/v1/output-schemas/', auth],
    ['GET /api/v1/datasets/ (10 datasets)', '/api/v1/datasets/', auth],
    ['GET /api/v1/jobs/ (no jobs)', '/api/v1/jobs/', auth],
    ['GET /api/v1/admin/users (22 users)', '/api/v1/admin/users', adminAuth],
  ].filter(([title]) => ONLY.length === 0 || ONLY.some((w) => title.includes(w)));
  // the first page of my-files, served by the bare Fastify as a fixed string: what the bytes alone cost
  const firstPage = await api(base, 'GET', '/api/v1/files/my-files', { token });
  const posted = await api(`http://127.0.0.1:${helloPort}`, 'POST', '/payload', { json: firstPage });
  const hello = await cannon('bare Fastify hello-world', `http://127.0.0.1:${helloPort}/hello`, {}, helloChild.pid);
  const rows = [hello];
  if (ONLY.length === 0 || ONLY.some((w) => 'bytes'.includes(w))) {
    rows.push(await cannon(`bare Fastify, my-files' ${fmt(posted.bytes / 1024)} KB as a fixed string (bytes)`, `http://127.0.0.1:${helloPort}/payload`, {}, helloChild.pid));
  }
  for (const [title, p, headers] of targets) rows.push(await cannon(title, base + p, headers, apiChild.pid));

  const w = Math.max(...rows.map((r) => r.title.length));
  console.log(`${'target'.padEnd(w)} | ${'req/s'.padStart(9)} | ${'p50 ms'.padStart(6)} | ${'p99 ms'.padStart(6)} | ${'max ms'.padStart(6)} | ${'% hello'.padStart(8)} | ${'server CPU ms/req'.padStart(17)} | errors`);
  console.log(`${'-'.repeat(w)}-|-${'-'.repeat(9)}-|-${'-'.repeat(6)}-|-${'-'.repeat(6)}-|-${'-'.repeat(6)}-|-${'-'.repeat(8)}-|-${'-'.repeat(17)}-|-------`);
  for (const r of rows) {
    const ratio = `${fmt((100 * r.rps) / hello.rps, 1)} %`;
    console.log(
      `${r.title.padEnd(w)} | ${fmt(r.rps).padStart(9)} | ${fmt(r.p50).padStart(6)} | ${fmt(r.p99).padStart(6)} | ${fmt(r.max).padStart(6)} | ${ratio.padStart(8)} | ${fmt(r.cpuPerReq, 3).padStart(17)} | ${r.bad}`,
    );
  }
  if (rows.some((r) => r.bad > 0)) process.exitCode = 1;
  const loadAfter = loadavg();
  console.log(`load average after the run: ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`);
  if (process.env.BENCH_JSON_OUT) {
    writeFileSync(process.env.BENCH_JSON_OUT, JSON.stringify({ mode: MODE, database: health.database, loadBefore, loadAfter, rows }));
  }
  if (SOCKETS === 0) return;

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

/**
 * The parent: one child per mode (a fresh API, data folder and database each), its output
 * passed through, then both modes' figures side by side.
 */
async function allModes() {
  const modes = (process.env.BENCH_MODES ?? 'embedded,server').split(',').map((m) => m.trim()).filter(Boolean);
  const results = [];
  for (const mode of modes) {
    if (mode !== 'embedded' && mode !== 'server') throw new Error(`BENCH_MODES: unknown mode ${mode} (embedded, server)`);
    const out = path.join(run.tempDir('quarry-bench-out-'), 'rows.json');
    console.log(`\n=== ${mode === 'server' ? `PostgreSQL server (${redact(process.env.BENCH_DATABASE_URL || DEFAULT_SERVER)})` : 'embedded (PGlite)'} ===`);
    const child = run.spawn(mode, [fileURLToPath(import.meta.url)], { env: { BENCH_MODE: mode, BENCH_JSON_OUT: out }, stdio: 'inherit' });
    const code = await new Promise((r) => child.once('exit', r));
    if (code !== 0) process.exitCode = 1;
    if (existsSync(out)) results.push(JSON.parse(readFileSync(out, 'utf8')));
  }
  if (results.length === 0) return;
  const load = (l) => l.map((x) => x.toFixed(2)).join(' ');
  console.log(`\n=== Both modes, ${CONNECTIONS} connections, ${DURATION} s each; % hello = req/s as a share of the bare Fastify hello of the same mode's run ===`);
  for (const r of results) console.log(`${r.mode}: load average before ${load(r.loadBefore)}, after ${load(r.loadAfter)}`);
  const titles = [...new Set(results.flatMap((r) => r.rows.map((x) => x.title)))];
  const w = Math.max(...titles.map((t) => t.length));
  const W = 46;
  const cell = (row, hello) =>
    row
      ? `${fmt(row.rps).padStart(7)} ${`${fmt(row.p50)}/${fmt(row.p99)}/${fmt(row.max)}`.padStart(18)} ${`${fmt((100 * row.rps) / hello.rps, 1)} %`.padStart(8)} ${fmt(row.cpuPerReq, 3).padStart(10)}`
      : '-'.padStart(W);
  console.log(`${''.padEnd(w)} | ${results.map((r) => r.mode.padEnd(W)).join(' | ')}`);
  console.log(`${'target'.padEnd(w)} | ${results.map(() => `${'req/s'.padStart(7)} ${'p50/p99/max ms'.padStart(18)} ${'% hello'.padStart(8)} ${'CPU ms/req'.padStart(10)}`).join(' | ')}`);
  console.log(`${'-'.repeat(w)}-|-${results.map(() => '-'.repeat(W)).join('-|-')}`);
  for (const t of titles) {
    console.log(`${t.padEnd(w)} | ${results.map((r) => cell(r.rows.find((x) => x.title === t), r.rows[0])).join(' | ')}`);
  }
}

const redact = (url) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

run.finish(MODE ? main : allModes);
