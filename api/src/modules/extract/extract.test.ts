/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// POST /extract over real HTTP: a pipeline over an uploaded invoice started in one call (202
// with the job and links), ?wait= answering the record once done (200), an inline schema with
// the default prompt, Idempotency-Key (sequential and concurrent retries get the first call's
// job; a refused call does not hold the key), bad input answering 4xx.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import type { TestApp, TestUser } from '../../testing/helpers';
import { files } from '../../db/schema';
import { makeTextPdf } from '../../processing/ocr/fixtures/generate';
import { INVOICE_SCHEMA, createInvoicePrompt, invoiceBlocks, uploadPdf } from '../extraction/test-fixtures';
import { closeJobsApp, startJobsApp, waitForJob } from '../jobs/test-helpers';

let t: TestApp;
let u: TestUser;
let other: TestUser;
let promptId: string;
let key: string;

const INVOICE = { number: 'INV-5521', date: '2024-02-03', vendor: 'Northwind Trading', total: '77.00' };
const extract = (json: unknown, o: { query?: string; idem?: string; token?: string } = {}) =>
  t.request('POST', `/api/v1/extract${o.query ?? ''}`, { token: o.token ?? key, json, headers: o.idem ? { 'idempotency-key': o.idem } : {} });
const pipelines = async (user: TestUser) =>
  (await t.app.database.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.userId, user.id), eq(jobs.jobType, 'full_pipeline')))).length;

beforeAll(async () => {
  ({ t, u, other } = await startJobsApp());
  ({ promptId } = await createInvoicePrompt(t, u));
  const created = await t.request('POST', '/api/v1/api-keys/', { token: u.token, json: { name: 'extract', scope: 'read+write' } });
  key = created.body.key;
});
afterAll(() => closeJobsApp(t));

test('without wait: 202 with the job and its links at once; the pipeline then completes', async () => {
  const fileId = await uploadPdf(t, u, [invoiceBlocks(INVOICE)], 'nowait.pdf');
  const res = await extract({ file_id: fileId, prompt_id: promptId });
  expect(res.status).toBe(202);
  expect(res.body).toMatchObject({ file_id: fileId, prompt_id: promptId, replayed: false, record: null, job: { job_type: 'full_pipeline' } });
  expect(['queued', 'running', 'pending']).toContain(res.body.job.status);
  expect(res.body.links).toMatchObject({ job: `/api/v1/jobs/${res.body.job.id}`, record: `/api/v1/files/${fileId}/record` });
  const done = await waitForJob(t, u, res.body.job.id);
  expect(done.status).toBe('completed');
  const dataset = await t.request('GET', `/api/v1/datasets/${res.body.dataset_id}`, { token: u.token });
  expect(dataset.body.name).toBe('Extract: nowait.pdf');
});

test('?wait=: 200 with the record when the job is done in time', async () => {
  const fileId = await uploadPdf(t, u, [invoiceBlocks(INVOICE)], 'wait.pdf');
  const res = await extract({ file_id: fileId, prompt_id: promptId }, { query: '?wait=90' });
  expect(res.status).toBe(200);
  expect(res.body.job.status).toBe('completed');
  expect(res.body.record.record).toMatchObject({ invoice_number: 'INV-5521', vendor: 'Northwind Trading' });
});

test('an inline schema runs with the default prompt, made once per schema', async () => {
  const a = await uploadPdf(t, u, [invoiceBlocks(INVOICE)], 'inline-a.pdf');
  const b = await uploadPdf(t, u, [invoiceBlocks({ ...INVOICE, number: 'INV-5522' })], 'inline-b.pdf');
  const first = await extract({ file_id: a, schema: INVOICE_SCHEMA }, { query: '?wait=90' });
  expect(first.status).toBe(200);
  expect(first.body.record.record).toMatchObject({ invoice_number: 'INV-5521' });
  const second = await extract({ file_id: b, schema: INVOICE_SCHEMA });
  expect(second.status).toBe(202);
  expect(second.body.prompt_id).toBe(first.body.prompt_id);
  await waitForJob(t, u, second.body.job.id);
});

test("Idempotency-Key: a retried call gets the first call's job, sequential or concurrent", async () => {
  const fileId = await uploadPdf(t, u, [invoiceBlocks(INVOICE)], 'idem.pdf');
  const before = await pipelines(u);
  const idem = `inv-${randomUUID()}`;
  const first = await extract({ file_id: fileId, prompt_id: promptId }, { idem });
  const again = await extract({ file_id: fileId, prompt_id: promptId }, { idem });
  expect(first.status).toBe(202);
  expect(again.body.job.id).toBe(first.body.job.id);
  expect([first.body.replayed, again.body.replayed]).toEqual([false, true]);
  const concurrent = `inv-${randomUUID()}`;
  const both = await Promise.all([1, 2, 3].map(() => extract({ file_id: fileId, prompt_id: promptId }, { idem: concurrent })));
  expect(both.map((r) => r.status)).toEqual([202, 202, 202]);
  expect(new Set(both.map((r) => r.body.job.id)).size).toBe(1);
  expect(await pipelines(u)).toBe(before + 2);
  // replayed with ?wait=: the first call's job, waited for
  const waited = await extract({ file_id: fileId, prompt_id: promptId }, { idem, query: '?wait=90' });
  expect(waited.status).toBe(200);
  expect(waited.body).toMatchObject({ replayed: true, job: { id: first.body.job.id, status: 'completed' } });
  await waitForJob(t, u, both[0]!.body.job.id);
});

test('bad input answers 4xx with a clear detail; a refused call does not hold its key', async () => {
  const fileId = await uploadPdf(t, u, [invoiceBlocks(INVOICE)], 'bad.pdf');
  const cases: [any, string, number, RegExp][] = [
    [{ file_id: fileId, prompt_id: promptId }, '?wait=121', 422, /wait/],
    [{ file_id: fileId }, '', 422, /prompt_id or schema/],
    [{ file_id: fileId, prompt_id: promptId, schema: INVOICE_SCHEMA }, '', 422, /exactly one/],
    [{ file_id: 'nope', prompt_id: promptId }, '', 422, /file_id/],
    [{ file_id: randomUUID(), prompt_id: promptId }, '', 404, /File not found/],
  ];
  for (const [json, query, status, detail] of cases) {
    const res = await extract(json, { query });
    expect([res.status, JSON.stringify(res.body.detail)]).toEqual([status, expect.stringMatching(detail)]);
  }
  const theirs = await uploadPdf(t, other, [invoiceBlocks(INVOICE)], 'theirs.pdf');
  expect((await extract({ file_id: theirs, prompt_id: promptId })).status).toBe(404);
  expect((await extract({ file_id: fileId, prompt_id: promptId }, { idem: 'has space' })).status).toBe(422);
  const idem = `retry-${randomUUID()}`;
  const refused = await extract({ file_id: fileId, prompt_id: randomUUID() }, { idem });
  expect(refused.status).toBeGreaterThanOrEqual(400);
  expect(refused.status).toBeLessThan(500);
  const fixed = await extract({ file_id: fileId, prompt_id: promptId }, { idem });
  expect(fixed.status).toBe(202);
  expect(fixed.body.replayed).toBe(false);
  await waitForJob(t, u, fixed.body.job.id);
  // a read-only key cannot start one
  const reader = await t.request('POST', '/api/v1/api-keys/', { token: u.token, json: { name: 'r', scope: 'read' } });
  expect((await extract({ file_id: fileId, prompt_id: promptId }, { token: reader.body.key })).status).toBe(403);
});

test('the OpenAPI document describes /extract with examples', async () => {
  const doc = await t.request('GET', '/api/docs/json');
  const op = doc.body.paths['/api/v1/extract'].post;
  expect(op.summary).toMatch(/one call/);
  expect(Object.keys(op.requestBody.content)).toEqual(expect.arrayContaining(['application/json', 'multipart/form-data']));
  expect(op.requestBody.content['multipart/form-data'].schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
  expect(op.description).toMatch(/-F file=@invoice.pdf/);
  expect(op.description).toMatch(/"schema":\{"type":"object"/);
  expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '202', '404', '422']));
});

/** multipart/form-data: a `file` part and form fields */
async function extractForm(fields: Record<string, string>, file: { bytes: Uint8Array; name: string; type: string } | null, o: { query?: string; idem?: string } = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  const res = await fetch(`${t.baseUrl}/api/v1/extract${o.query ?? ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, ...(o.idem ? { 'idempotency-key': o.idem } : {}) },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
const filesNamed = async (name: string) =>
  (await t.app.database.db.select({ id: files.id }).from(files).where(and(eq(files.userId, u.id), eq(files.filename, name)))).length;

describe('multipart: the file in the same call', () => {
  let pdf: Uint8Array;
  beforeAll(async () => {
    pdf = await makeTextPdf([invoiceBlocks(INVOICE)]);
  });

  test('a PDF part and a prompt, waited for: 200 with the record; the file is a normal upload', async () => {
    const res = await extractForm({ prompt_id: promptId }, { bytes: pdf, name: 'form.pdf', type: 'application/pdf' }, { query: '?wait=90' });
    expect(res.status).toBe(200);
    expect(res.body.record.record).toMatchObject({ invoice_number: 'INV-5521' });
    const file = await t.request('GET', `/api/v1/files/${res.body.file_id}`, { token: u.token });
    expect(file.body).toMatchObject({ filename: 'form.pdf', is_valid: true });
  });

  test('a schema as JSON text; a retried call with its Idempotency-Key uploads nothing again', async () => {
    const idem = `form-${randomUUID()}`;
    const part = { bytes: pdf, name: 'form-idem.pdf', type: 'application/pdf' };
    const first = await extractForm({ schema: JSON.stringify(INVOICE_SCHEMA) }, part, { idem });
    expect(first.status).toBe(202);
    const again = await extractForm({ schema: JSON.stringify(INVOICE_SCHEMA) }, part, { idem });
    expect(again.body).toMatchObject({ replayed: true, job: { id: first.body.job.id }, file_id: first.body.file_id });
    expect(await filesNamed('form-idem.pdf')).toBe(1);
    await waitForJob(t, u, first.body.job.id);
  });

  test('bad parts and fields answer 4xx with the reason', async () => {
    const pdfPart = { bytes: pdf, name: 'x.pdf', type: 'application/pdf' };
    const text = await extractForm({ prompt_id: promptId }, { bytes: new TextEncoder().encode('hello'), name: 'notes.txt', type: 'text/plain' });
    expect([text.status, text.body.detail]).toEqual([400, expect.stringMatching(/Unsupported file types: notes.txt/)]);
    const both = await extractForm({ prompt_id: promptId, file_id: randomUUID() }, pdfPart);
    expect([both.status, JSON.stringify(both.body.detail)]).toEqual([422, expect.stringMatching(/exactly one/)]);
    const badSchema = await extractForm({ schema: '[1, 2' }, pdfPart);
    expect([badSchema.status, JSON.stringify(badSchema.body.detail)]).toEqual([422, expect.stringMatching(/JSON object/)]);
    const none = await extractForm({ prompt_id: promptId }, null);
    expect(none.status).toBe(422);
    expect(await filesNamed('x.pdf')).toBe(0);
  });
});
