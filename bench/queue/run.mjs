#!/usr/bin/env node
// Job queue benchmark. Run from the repository root:
//
//   node --import tsx bench/queue/run.mjs [--jobs 400] [--pg postgres://postgres@127.0.0.1:5432/postgres] [--skip-pg]
//
// Jobs a second through claim and complete, for the queue itself: a `noop` job type
// (api/src/jobs/testing/handlers.ts, registered for the bench only) whose one step does
// nothing. Each job still does everything a real one does around its work: claim (FOR UPDATE
// SKIP LOCKED + lease), a "started" event, the step's fenced commit (job_steps row), and the
// completion (status, summary, success event), every event stored and published (no sockets
// are connected: publishing is the hub's local fan-out, plus NOTIFY on PostgreSQL).
//
//   embedded (PGlite, one process):   1 and 4 job slots in this process
//   PostgreSQL server:                1 and 4 slots in this process, and 4 worker processes
//                                     (`node --import tsx api/src/worker.ts`, 1 slot each)
//
// The N jobs are inserted queued in one statement, then the clock runs until the last one is
// completed. After each run: every job completed exactly once (attempts = 1, one "started"
// event). Prints jobs/s and ms per job. Temporary data dir / database removed at the end.
/* global process, console, performance */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// drizzle-orm is installed under api/ (not hoisted): the same module the API code uses
import { sql } from '../../api/node_modules/drizzle-orm/index.js';
import { loadConfig } from '../../api/src/config.ts';
import { openDatabase } from '../../api/src/db/index.ts';
import { HandlerRegistry } from '../../api/src/jobs/registry.ts';
import { createJobRuntime } from '../../api/src/jobs/runtime.ts';
import { noopHandler } from '../../api/src/jobs/testing/handlers.ts';
import { InProcessTransport, RealtimeHub } from '../../api/src/realtime/hub.ts';
import { PgNotifyTransport } from '../../api/src/realtime/pg-transport.ts';
import { benchRun, sleep, temporaryDatabase } from '../lib/harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const argValue = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const JOBS = Math.max(10, Number(argValue('--jobs', '400')));
const PG_URL = argValue('--pg', process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const SKIP_PG = args.includes('--skip-pg');

const quiet = { debug() {}, info() {}, warn: (o, m) => console.warn('warn', m ?? '', o?.err?.message ?? ''), error: (o, m) => console.error('error', m ?? '', o?.err?.message ?? '') };

async function newUser(db) {
  const id = randomUUID();
  await db.execute(sql`insert into users (id, email, password_hash) values (${id}, ${`bench-${id}@example.com`}, 'x')`);
  return id;
}

/** N queued noop jobs in one statement, then a wake-up. */
async function enqueue(db, userId, n) {
  await db.execute(sql`
    insert into jobs (user_id, job_type, name, status, config, queued_at, run_after)
    select ${userId}, 'noop', 'bench ' || g, 'queued', '{}'::jsonb, now(), now() from generate_series(1, ${n}) g`);
  await db.execute(sql`update jobs set root_id = id where root_id is null`);
}

async function waitAllDone(db, userId, n, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await db.execute(sql`select count(*)::int as n from jobs where user_id = ${userId} and status = 'completed'`);
    if (r.rows[0].n >= n) return;
    if (Date.now() > deadline) throw new Error(`only ${r.rows[0].n} of ${n} jobs completed`);
    await sleep(5);
  }
}

async function verify(db, userId, n) {
  const r = await db.execute(sql`
    select count(*) filter (where status = 'completed')::int as completed,
           count(*) filter (where attempts <> 1)::int as reattempted,
           (select count(*)::int from job_events e join jobs j on j.id = e.job_id where j.user_id = ${userId} and e.phase = 'started') as started
    from jobs where user_id = ${userId}`);
  const row = r.rows[0];
  const ok = row.completed === n && row.reattempted === 0 && row.started === n;
  return { ...row, ok };
}

async function inProcessRun(database, label, slots) {
  const { db } = database;
  const hub = new RealtimeHub(database.kind === 'postgres' ? new PgNotifyTransport(database.connectionString, db, quiet) : new InProcessTransport(), {
    pingIntervalMs: 3_600_000,
    pongTimeoutMs: 3_600_000,
  });
  await hub.start();
  const config = loadConfig({ NODE_ENV: 'production', JOB_POLL_INTERVAL_MS: '200' });
  const registry = new HandlerRegistry().register(noopHandler);
  const runtime = await createJobRuntime(database, { db, dbKind: database.kind, storage: null, realtime: hub, config, log: quiet }, { registry });
  const userId = await newUser(db);
  await enqueue(db, userId, JOBS);
  const t0 = performance.now();
  runtime.startWorkers(slots, { name: `bench-${slots}` });
  await waitAllDone(db, userId, JOBS);
  const seconds = (performance.now() - t0) / 1000;
  await runtime.close();
  await hub.close();
  return { label, slots, seconds, check: await verify(db, userId, JOBS) };
}

function spawnWorker(url, dataDir, name) {
  const { NODE_OPTIONS: _ignored, ...env } = process.env;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: path.join(root, 'api'),
    env: {
      ...env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info', // the 'worker ready' line
      WORKER_CONCURRENCY: '1',
      JOB_POLL_INTERVAL_MS: '200',
      QUARRY_WORKER_NAME: name,
      QUARRY_EXTRA_JOB_HANDLERS: 'src/jobs/testing/handlers.ts',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise((resolve, reject) => {
    proc.stdout.on('data', (d) => {
      const text = String(d);
      if (text.includes('worker ready')) resolve();
      for (const line of text.split('\n')) if (/"level":"(warn|error)"/.test(line)) console.warn(`  [${name}] ${line}`);
    });
    proc.once('exit', (code) => reject(new Error(`worker ${name} exited with ${code}`)));
  });
  ready.catch(() => undefined);
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  return { proc, ready, exited };
}

async function processRun(database, url, dataDir, count) {
  const { db } = database;
  // the worker processes only claim `noop` jobs; make sure no other kind is waiting
  const workers = Array.from({ length: count }, (_, i) => spawnWorker(url, dataDir, `bench-proc-${i + 1}`));
  await Promise.all(workers.map((w) => w.ready));
  const userId = await newUser(db);
  await enqueue(db, userId, JOBS);
  const t0 = performance.now();
  await db.execute(sql`select pg_notify('quarry_jobs', ${JSON.stringify({ o: 'bench', k: 'queued', i: 'bench' })})`);
  await waitAllDone(db, userId, JOBS);
  const seconds = (performance.now() - t0) / 1000;
  for (const w of workers) w.proc.kill('SIGTERM');
  await Promise.all(workers.map((w) => w.exited));
  return { label: `${count} worker processes`, slots: count, seconds, check: await verify(db, userId, JOBS) };
}

function print(backend, results) {
  console.log(`\n${backend}: ${JOBS} noop jobs through claim and complete`);
  console.log('  configuration                 slots   seconds   jobs/s   ms/job   every job once');
  for (const r of results) {
    console.log(
      `  ${r.label.padEnd(28)}  ${String(r.slots).padStart(5)}  ${r.seconds.toFixed(2).padStart(8)}  ${(JOBS / r.seconds).toFixed(1).padStart(7)}  ${((r.seconds * 1000) / JOBS).toFixed(2).padStart(7)}   ${r.check.ok ? 'yes' : `NO ${JSON.stringify(r.check)}`}`,
    );
  }
}

const run = benchRun();

async function main() {
  console.log(`queue bench: ${JOBS} jobs per run, node ${process.version}, ${(await import('node:os')).availableParallelism()} cores`);

  // ---- embedded
  const embedded = await openDatabase(loadConfig({ NODE_ENV: 'production', DATA_DIR: run.tempDir('quarry-bench-queue-') }));
  try {
    const results = [];
    for (const slots of [1, 4]) results.push(await inProcessRun(embedded, 'in-process slots', slots));
    print('embedded PGlite', results);
  } finally {
    await embedded.close();
  }

  // ---- PostgreSQL server
  if (SKIP_PG) return;
  let temporary;
  try {
    temporary = await temporaryDatabase(PG_URL, 'quarry_bench');
  } catch (err) {
    console.log(`\nPostgreSQL server not reachable at ${PG_URL} (${err.message}); skipped`);
    return;
  }
  run.onCleanup(temporary.drop);
  const pgDir = run.tempDir('quarry-bench-queue-pg-');
  const database = await openDatabase(loadConfig({ NODE_ENV: 'production', DATA_DIR: pgDir, DATABASE_URL: temporary.url }));
  try {
    const results = [];
    for (const slots of [1, 4]) results.push(await inProcessRun(database, 'in-process slots', slots));
    for (const count of [1, 4]) results.push(await processRun(database, temporary.url, pgDir, count));
    print(`PostgreSQL ${(await database.db.execute(sql`show server_version`)).rows[0].server_version}`, results);
  } finally {
    await database.close();
  }
}

run.finish(main);
