#!/usr/bin/env node
// A pipeline of N one-page invoices through the deployed stack (the shell's origin, so both
// API replicas and the S3 store are on the path) and its worker containers, watched in the
// database: the time to completion, which worker claimed each job (jobs.lease_owner, sampled
// while they run), jobs claimed more than once, extraction results per file (one each).
//
//   node deploy/test/pipeline.mjs <shell URL> <DATABASE_URL> [--files 20] [--stop "<command>"]
// --stop runs a shell command once the first worker (QUARRY_WORKER_NAME=worker-1) holds a
// running job, e.g. `podman stop quarry-worker-1`: its jobs must then finish on the other.
// --stop-owner names that worker as the jobs' lease owner shows it (default worker-1; a
// worker without QUARRY_WORKER_NAME is its host name, e.g. a compose container's id).
import { execSync } from 'node:child_process';
import pg from 'pg';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const [base, databaseUrl] = process.argv.slice(2);
const arg = (name, dflt) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : dflt);
const count = Number(arg('--files', '20'));
const stopCommand = arg('--stop', null);
const stopOwner = arg('--stop-owner', 'worker-1');
const PASSWORD = 'Correct-Horse-Battery-Staple-42';

async function invoice(i) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const lines = ['INVOICE', `Invoice Number: INV-B-${String(i).padStart(4, '0')}`, 'Invoice Date: 2026-07-31', `Vendor: Vendor ${i} GmbH`, '', `Consulting ${i} 1 ${100 + i}.00`, `Total ${100 + i}.00`];
  lines.forEach((text, n) => page.drawText(text, { x: 60, y: 720 - n * 22, size: 14, font }));
  return new Uint8Array(await doc.save());
}

let token;
async function api(method, path, body) {
  const res = await fetch(`${base}/api/v1/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : {};
}

const email = `bench-${Date.now()}@example.com`;
const reg = await fetch(`${base}/api/v1/users/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
if (!reg.ok) throw new Error(`register: ${reg.status} ${await reg.text()}`);
const login = await fetch(`${base}/api/v1/auth/login`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ username: email, password: PASSWORD }).toString(),
});
token = (await login.json()).access_token;

// uploads: presigned PUTs straight to the S3 store, as the browser does
const pdfs = await Promise.all(Array.from({ length: count }, (_, i) => invoice(i + 1)));
const prep = await api('POST', 'uploads/prepare-upload', { files: pdfs.map((b, i) => ({ filename: `invoice-${i + 1}.pdf`, size: b.length, mime_type: 'application/pdf' })) });
await Promise.all(
  prep.uploads.map(async (u, i) => {
    const url = String(u.signed_url).startsWith('http') ? u.signed_url : `${base}${u.signed_url}`;
    const put = await fetch(url, { method: 'PUT', headers: { 'content-type': u.headers['Content-Type'] }, body: new Blob([pdfs[i]]) });
    if (!put.ok) throw new Error(`PUT ${url}: ${put.status} ${await put.text()}`);
  }),
);
const done = await api('POST', 'uploads/complete', { upload_session_id: prep.upload_session_id, completed_uploads: prep.uploads.map((u) => u.upload_id) });
const fileIds = done.results.map((r) => r.file_id).filter(Boolean);
if (fileIds.length !== count) throw new Error(`uploads: ${JSON.stringify(done)}`);
const schema = await api('POST', 'output-schemas/', {
  name: 'Bench invoice',
  schema_definition: { type: 'object', properties: { invoice_number: { type: 'string', description: 'the invoice number' }, total: { type: 'number', description: 'the total' } } },
});
const prompt = await api('POST', 'prompts/', { name: 'Bench prompt', type: 'text', template: 'Extract the fields described below.\n{{ schema_descriptions }}\n\nText:\n{{ text_chunk }}', output_schema_id: schema.id });
const dataset = await api('POST', 'datasets/', { name: 'Bench set', file_ids: fileIds });

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const started = Date.now();
const pipeline = await api('POST', 'jobs/pipeline', { name: `Bench ${count}`, dataset_id: dataset.id, prompt_id: prompt.id });

// job id -> the workers seen holding it. A parent is parked while its children run and woken by
// whichever worker is free (it resumes after its finished steps), so it may be held by several;
// any other job held by two workers was claimed twice. Which jobs are parents is read at the end:
// a 200 ms poll can miss a parent's short wait between two holdings.
const claimedBy = new Map();
let stopped = null;
let status = 'pending';
while (Date.now() - started < 15 * 60_000) {
  const { rows } = await db.query('select id, status, waiting, lease_owner from jobs where root_id = $1 or id = $1', [pipeline.id]);
  for (const r of rows) {
    if (!claimedBy.has(r.id)) claimedBy.set(r.id, new Set());
    if (r.waiting || !r.lease_owner) continue;
    const owner = r.lease_owner.split(':')[0];
    claimedBy.get(r.id).add(owner);
    if (stopCommand && !stopped && owner === stopOwner && r.status === 'running' && r.id !== pipeline.id) {
      stopped = { at_ms: Date.now() - started, job: r.id, owner };
      console.error(`pipeline: ${stopOwner} holds job ${r.id}; running: ${stopCommand}`);
      execSync(stopCommand, { stdio: 'inherit' });
      stopped.stop_took_ms = Date.now() - started - stopped.at_ms;
    }
  }
  status = rows.find((r) => r.id === pipeline.id)?.status;
  if (['completed', 'failed', 'cancelled'].includes(status)) break;
  await new Promise((r) => setTimeout(r, 200));
}
const elapsed = Date.now() - started;
const jobs = (await db.query('select id, parent_id, job_type, status, attempts from jobs where root_id = $1 or id = $1', [pipeline.id])).rows;
const parents = new Set(jobs.map((j) => j.parent_id).filter(Boolean));
const perFile = (await db.query('select file_id, count(*)::int as n from extraction_results where file_id = any($1) group by file_id', [fileIds])).rows;
const perWorker = {};
for (const owners of claimedBy.values()) for (const o of owners) perWorker[o] = (perWorker[o] ?? 0) + 1;
const heldByTwo = [...claimedBy].filter(([, owners]) => owners.size > 1).map(([id]) => id);
const summary = {
  ok: status === 'completed' && perFile.length === count && jobs.every((j) => j.status === 'completed'),
  files: count,
  status,
  seconds: +(elapsed / 1000).toFixed(1),
  jobs: jobs.length,
  jobs_by_type: jobs.reduce((m, j) => ({ ...m, [j.job_type]: (m[j.job_type] ?? 0) + 1 }), {}),
  claims_seen_per_worker: perWorker,
  jobs_claimed_by_two_workers: heldByTwo.filter((id) => !parents.has(id)).length,
  parents_woken_on_another_worker: heldByTwo.filter((id) => parents.has(id)).length,
  held_by_two_workers: heldByTwo.map((id) => jobs.find((j) => j.id === id)?.job_type),
  jobs_with_attempts_over_1: jobs.filter((j) => j.attempts > 1).length,
  files_with_results: perFile.length,
  files_with_more_than_one_result_row: perFile.filter((r) => r.n > 1).length,
  stopped,
};
await db.end();
console.log(JSON.stringify(summary));
process.exit(summary.ok ? 0 : 1);
