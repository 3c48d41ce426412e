#!/usr/bin/env node
// Upload benchmark: a batch of 50 files of 1 MB through the whole client
// flow against a started API (loopback, temporary DATA_DIR, embedded database):
//   POST uploads/prepare-upload (one batch) -> PUT each file to its signed URL (raw bytes,
//   BENCH_PUT_CONCURRENCY at a time) -> POST uploads/complete (validation: every PDF opened
//   with pdfjs in the media process, page count read, first and last page loaded),
// beside a plain copy of the same 50 files on the same disk in the same run (fs.copyFile, and
// copyFile + fsync, since the API fsyncs every stored file), with the ratios.
// Each round uses a fresh user; the table shows every round and the best one (the machine
// may be shared). Asserts nothing but that every file came back valid.
//
// Usage: node bench/uploads/run.mjs   (env: BENCH_FILES=50 BENCH_FILE_MB=1 BENCH_ROUNDS=3
//        BENCH_PUT_CONCURRENCY=4 BENCH_KIND=pdf|png)
// Runs the API from source (tsx src/main.ts), so it measures the current code.
/* global process, console, fetch, performance, setTimeout */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, openSync, fsyncSync, closeSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, sleep } from '../lib/harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const apiRoot = path.join(root, 'api');
const require = createRequire(path.join(apiRoot, 'package.json'));

const FILES = Number(process.env.BENCH_FILES ?? 50);
const FILE_BYTES = Math.round(Number(process.env.BENCH_FILE_MB ?? 1) * 1_048_576);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PUT_CONCURRENCY = Number(process.env.BENCH_PUT_CONCURRENCY ?? 4);
const KIND = process.env.BENCH_KIND === 'png' ? 'png' : 'pdf';
const HARD_LIMIT_MS = 600_000;
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Quarry-Admin-42x' };

const children = [];
const tempDirs = [];
const cleanup = async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
};
const hardStop = setTimeout(() => {
  console.error(`bench: time limit (${HARD_LIMIT_MS / 1000} s) reached, stopping`);
  cleanup().finally(() => process.exit(2));
}, HARD_LIMIT_MS);
hardStop.unref();
process.on('SIGINT', () => {
  cleanup().finally(() => process.exit(130));
});


// ------------------------------------------------------------------ fixtures

/** A valid PDF of exactly `bytes` bytes: one text page plus an uncompressed padding stream. */
async function pdfOfSize(bytes, seed) {
  const { PDFDocument, PDFName, StandardFonts } = require('pdf-lib');
  const build = async (padding) => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let p = 0; p < 3; p++) doc.addPage([612, 792]).drawText(`Bench document ${seed}, page ${p + 1}`, { x: 72, y: 700, size: 14, font });
    const filler = randomBytes(Math.max(0, padding));
    doc.catalog.set(PDFName.of('BenchPadding'), doc.context.register(doc.context.stream(filler)));
    return Buffer.from(await doc.save({ useObjectStreams: false }));
  };
  let padding = bytes - 3000;
  for (let i = 0; i < 6; i++) {
    const out = await build(padding);
    if (out.length === bytes) return out;
    padding += bytes - out.length;
  }
  return build(padding);
}

/** A valid PNG of about `bytes` bytes (noise does not compress). */
function pngOfSize(bytes) {
  const { createCanvas } = createRequire(require.resolve('pdfjs-dist/package.json'))('@napi-rs/canvas');
  const side = Math.ceil(Math.sqrt(bytes / 3));
  const canvas = createCanvas(side, side);
  const ctx = canvas.getContext('2d');
  const img = ctx.createImageData(side, side);
  const noise = randomBytes(img.data.length);
  for (let i = 0; i < img.data.length; i++) img.data[i] = i % 4 === 3 ? 255 : noise[i];
  ctx.putImageData(img, 0, 0);
  return canvas.toBuffer('image/png');
}

// ------------------------------------------------------------------ API

function start(args, env) {
  const child = spawn(process.execPath, args, { cwd: apiRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => (log = (log + d).slice(-20_000)));
  child.stderr.on('data', (d) => (log = (log + d).slice(-20_000)));
  child.on('exit', (code) => {
    if (code && code !== 0 && !child.killed) console.error(`api exited with ${code}:\n${log}`);
  });
  children.push(child);
  return child;
}

async function waitFor(url, child) {
  for (let i = 0; i < 900; i += 1) {
    if (child.exitCode !== null) throw new Error('the API exited during start-up');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  throw new Error(`the API did not answer ${url}`);
}

async function api(base, method, p, { token, json, form } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(form).toString();
  }
  const res = await fetch(base + p, { method, headers, body });
  const parsed = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${method} ${p} -> ${res.status} ${JSON.stringify(parsed)}`);
  return parsed;
}

async function pool(items, concurrency, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i], i);
      }
    }),
  );
}

// ------------------------------------------------------------------ measurements

function plainCopy(srcDir, names, destDir, fsync) {
  mkdirSync(destDir, { recursive: true });
  const t0 = performance.now();
  for (const n of names) {
    const dest = path.join(destDir, n);
    copyFileSync(path.join(srcDir, n), dest);
    if (fsync) {
      const fd = openSync(dest, 'r+');
      fsyncSync(fd);
      closeSync(fd);
    }
  }
  return performance.now() - t0;
}

async function uploadRound(base, token, srcDir, names, sizes) {
  const mime = KIND === 'pdf' ? 'application/pdf' : 'image/png';
  const bodies = names.map((n) => {
    const fd = path.join(srcDir, n);
    return fd;
  });
  const t0 = performance.now();
  const prep = await api(base, 'POST', '/api/v1/uploads/prepare-upload', {
    token,
    json: { files: names.map((n, i) => ({ filename: n, size: sizes[i], mime_type: mime })) },
  });
  const t1 = performance.now();
  const { readFile } = await import('node:fs/promises');
  await pool(prep.uploads, PUT_CONCURRENCY, async (u, i) => {
    // read from disk inside the timed section: the client side of an upload reads its file too
    const bytes = await readFile(bodies[i]);
    const res = await fetch(u.signed_url, { method: 'PUT', headers: u.headers, body: bytes });
    if (res.status !== 200) throw new Error(`PUT ${u.filename} -> ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  });
  const t2 = performance.now();
  const done = await api(base, 'POST', '/api/v1/uploads/complete', {
    token,
    json: { upload_session_id: prep.upload_session_id, completed_uploads: prep.uploads.map((u) => u.upload_id) },
  });
  const t3 = performance.now();
  const invalid = done.results.filter((r) => r.is_valid !== true);
  if (invalid.length) throw new Error(`${invalid.length} files came back invalid: ${JSON.stringify(invalid[0])}`);
  return { prepareMs: t1 - t0, putMs: t2 - t1, completeMs: t3 - t2, totalMs: t3 - t0 };
}

const fmt = (n, d = 0) => Number(n).toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'quarry-bench-uploads-'));
  tempDirs.push(work);
  const dataDir = path.join(work, 'data');
  const srcDir = path.join(work, 'source');
  mkdirSync(srcDir, { recursive: true });

  console.log(`Generating ${FILES} ${KIND.toUpperCase()} files of ${fmt(FILE_BYTES / 1_048_576, 1)} MB...`);
  const names = [];
  const sizes = [];
  const base = KIND === 'pdf' ? null : pngOfSize(FILE_BYTES);
  for (let i = 0; i < FILES; i++) {
    const name = `bench-${String(i + 1).padStart(2, '0')}.${KIND}`;
    const bytes = KIND === 'pdf' ? await pdfOfSize(FILE_BYTES, i + 1) : base;
    writeFileSync(path.join(srcDir, name), bytes);
    names.push(name);
    sizes.push(statSync(path.join(srcDir, name)).size);
  }
  const totalBytes = sizes.reduce((a, b) => a + b, 0);
  const totalMb = totalBytes / 1_048_576;

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = start([require.resolve('tsx/cli'), path.join(apiRoot, 'src', 'main.ts')], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    REGISTER_RATE_LIMIT_PER_IP: '1000',
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    QUARRY_ADMIN_EMAIL: ADMIN.email,
    QUARRY_ADMIN_PASSWORD: ADMIN.password,
  });
  await waitFor(`${baseUrl}/api/v1/health`, child);
  // 50 x 1 MB PDFs are estimated at 11 pages each (docs/product/files-and-datasets.md):
  // 550 pages, above the default 500
  const admin = await api(baseUrl, 'POST', '/api/v1/auth/login', { form: { username: ADMIN.email, password: ADMIN.password } });
  const types = await api(baseUrl, 'GET', '/api/v1/admin/resource-types', { token: admin.access_token });
  for (const [name, limit] of [['max_pages', 100_000], ['max_file_count', 100_000], ['storage_used', 100_000]]) {
    const t = types.resource_types.find((r) => r.name === name);
    await api(baseUrl, 'PUT', `/api/v1/admin/resource-types/${t.id}`, { token: admin.access_token, json: { default_limit: limit } });
  }

  // warm-up: one small round (starts the media processes, JIT)
  const warm = await api(baseUrl, 'POST', '/api/v1/users/register', { json: { email: `warm-${Date.now()}@example.com`, password: 'Bench-Quarry-User-42x' } });
  await uploadRound(baseUrl, warm.access_token, srcDir, names.slice(0, 2), sizes.slice(0, 2));

  const rows = [];
  for (let r = 0; r < ROUNDS; r++) {
    const copyMs = plainCopy(srcDir, names, path.join(work, `copy-${r}`), false);
    const copySyncMs = plainCopy(srcDir, names, path.join(work, `copysync-${r}`), true);
    const user = await api(baseUrl, 'POST', '/api/v1/users/register', { json: { email: `bench-${r}-${Date.now()}@example.com`, password: 'Bench-Quarry-User-42x' } });
    const up = await uploadRound(baseUrl, user.access_token, srcDir, names, sizes);
    rows.push({ round: r + 1, copyMs, copySyncMs, ...up });
    rmSync(path.join(work, `copy-${r}`), { recursive: true, force: true });
    rmSync(path.join(work, `copysync-${r}`), { recursive: true, force: true });
  }

  console.log(`\nUpload benchmark: ${FILES} x ${fmt(FILE_BYTES / 1_048_576, 1)} MB ${KIND.toUpperCase()} (${fmt(totalMb, 1)} MB), PUT concurrency ${PUT_CONCURRENCY}, embedded database, loopback`);
  console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
  const header = ['round', 'prepare ms', 'PUT ms', 'PUT MB/s', 'complete ms', 'total ms', 'total MB/s', 'copy ms', 'copy MB/s', 'copy+fsync ms', 'total/copy', 'total/copy+fsync'];
  const line = (cells) => cells.map((c, i) => String(c).padStart(i === 0 ? 5 : header[i].length)).join('  ');
  console.log(line(header));
  for (const r of rows) {
    console.log(
      line([
        r.round,
        fmt(r.prepareMs),
        fmt(r.putMs),
        fmt(totalMb / (r.putMs / 1000), 1),
        fmt(r.completeMs),
        fmt(r.totalMs),
        fmt(totalMb / (r.totalMs / 1000), 1),
        fmt(r.copyMs, 1),
        fmt(totalMb / (r.copyMs / 1000), 0),
        fmt(r.copySyncMs, 1),
        `${fmt(r.totalMs / r.copyMs, 1)}x`,
        `${fmt(r.totalMs / r.copySyncMs, 1)}x`,
      ]),
    );
  }
  const best = rows.reduce((a, b) => (b.totalMs < a.totalMs ? b : a));
  const bestCopy = Math.min(...rows.map((r) => r.copyMs));
  const bestCopySync = Math.min(...rows.map((r) => r.copySyncMs));
  console.log(
    `\nbest round: ${fmt(best.totalMs)} ms for ${fmt(totalMb, 1)} MB = ${fmt(totalMb / (best.totalMs / 1000), 1)} MB/s end to end ` +
      `(PUT alone ${fmt(totalMb / (best.putMs / 1000), 1)} MB/s; validation in complete ${fmt(best.completeMs)} ms = ${fmt(best.completeMs / FILES, 1)} ms/file)`,
  );
  console.log(
    `plain copy of the same bytes: ${fmt(bestCopy, 1)} ms (${fmt(totalMb / (bestCopy / 1000), 0)} MB/s); with fsync ${fmt(bestCopySync, 1)} ms` +
      ` -> ratio upload/copy ${fmt(best.totalMs / bestCopy, 1)}x, upload/copy+fsync ${fmt(best.totalMs / bestCopySync, 1)}x`,
  );
}

main()
  .then(() => cleanup())
  .catch(async (err) => {
    console.error(err);
    await cleanup();
    process.exit(1);
  });
