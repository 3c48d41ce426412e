/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// POST /extract over real HTTP: a pipeline over an uploaded invoice started in one call (202
// with the job and links), ?wait= answering the record once done (200), an inline schema with
// the default prompt, Idempotency-Key (sequential and concurrent retries get the first call's
// job; a refused call does not hold the key), bad input answering 4xx.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import type { TestApp, TestUser } from '../../testing/helpers';
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
  expect(Object.keys(op.requestBody.content['application/json'].examples)).toHaveLength(2);
  expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '202', '404', '422']));
});
