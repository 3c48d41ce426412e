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
/* global process, console, performance */
import { copyFileSync, mkdirSync, openSync, fsyncSync, closeSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { pdfOfSize } from '../lib/documents.mjs';
import { apiRequire, benchRun, fmt, login, raiseLimits, register, UPLOAD_LIMITS, uploadFiles } from '../lib/harness.mjs';

const FILES = Number(process.env.BENCH_FILES ?? 50);
const FILE_BYTES = Math.round(Number(process.env.BENCH_FILE_MB ?? 1) * 1_048_576);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PUT_CONCURRENCY = Number(process.env.BENCH_PUT_CONCURRENCY ?? 4);
const KIND = process.env.BENCH_KIND === 'png' ? 'png' : 'pdf';
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Quarry-Admin-42x' };

const run = benchRun({ limitMs: 600_000 });

/** A valid PNG of about `bytes` bytes (noise does not compress). */
function pngOfSize(bytes) {
  const { createCanvas } = createRequire(apiRequire.resolve('pdfjs-dist/package.json'))('@napi-rs/canvas');
  const side = Math.ceil(Math.sqrt(bytes / 3));
  const canvas = createCanvas(side, side);
  const ctx = canvas.getContext('2d');
  const img = ctx.createImageData(side, side);
  const noise = randomBytes(img.data.length);
  for (let i = 0; i < img.data.length; i++) img.data[i] = i % 4 === 3 ? 255 : noise[i];
  ctx.putImageData(img, 0, 0);
  return canvas.toBuffer('image/png');
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
  const files = names.map((n, i) => ({ filename: n, path: path.join(srcDir, n), size: sizes[i], mime }));
  const t = await uploadFiles(base, token, files, { concurrency: PUT_CONCURRENCY });
  return { prepareMs: t.prepared, putMs: t.put - t.prepared, completeMs: t.completed - t.put, totalMs: t.completed };
}

async function main() {
  const work = run.tempDir('quarry-bench-uploads-');
  const dataDir = path.join(work, 'data');
  const srcDir = path.join(work, 'source');
  mkdirSync(srcDir, { recursive: true });

  console.log(`Generating ${FILES} ${KIND.toUpperCase()} files of ${fmt(FILE_BYTES / 1_048_576, 1)} MB...`);
  const names = [];
  const sizes = [];
  const base = KIND === 'pdf' ? null : pngOfSize(FILE_BYTES);
  for (let i = 0; i < FILES; i++) {
    const name = `bench-${String(i + 1).padStart(2, '0')}.${KIND}`;
    const bytes = KIND === 'pdf' ? await pdfOfSize(FILE_BYTES, `Bench document ${i + 1}`) : base;
    writeFileSync(path.join(srcDir, name), bytes);
    names.push(name);
    sizes.push(statSync(path.join(srcDir, name)).size);
  }
  const totalBytes = sizes.reduce((a, b) => a + b, 0);
  const totalMb = totalBytes / 1_048_576;

  const { base: baseUrl } = await run.startApi({ dataDir, admin: ADMIN, env: { REGISTER_RATE_LIMIT_PER_IP: '1000', LOGIN_RATE_LIMIT_PER_IP: '1000' } });
  await raiseLimits(baseUrl, await login(baseUrl, ADMIN), UPLOAD_LIMITS);

  // warm-up: one small round (starts the media processes, JIT)
  const warm = await register(baseUrl, `warm-${Date.now()}@example.com`, 'Bench-Quarry-User-42x');
  await uploadRound(baseUrl, warm.access_token, srcDir, names.slice(0, 2), sizes.slice(0, 2));

  const rows = [];
  for (let r = 0; r < ROUNDS; r++) {
    const copyMs = plainCopy(srcDir, names, path.join(work, `copy-${r}`), false);
    const copySyncMs = plainCopy(srcDir, names, path.join(work, `copysync-${r}`), true);
    const user = await register(baseUrl, `bench-${r}-${Date.now()}@example.com`, 'Bench-Quarry-User-42x');
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

run.finish(main);
