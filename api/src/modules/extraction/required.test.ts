/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Required fields are required of the document, not of each chunk; failed work is not charged;
// a failed job is retried with the current prompt and schema or as it was. Over real HTTP, a real
// database, generated PDFs through OCR and chunking, the offline extractor or a fake
// OpenAI-compatible model.
import { and, eq } from 'drizzle-orm';
import { creditTransactions, users } from '../../db/schema';
import type { FakeServer } from '../../llm/testing/fake-server';
import type { TestApp, TestUser } from '../../testing/helpers';
import { TERMINAL, closeJobsApp, runChunkingJob, runOcrJob, startJobsApp, waitForJob } from '../jobs/test-helpers';
import { TEXT_TEMPLATE, createDataset, createPrompt, createSchema, preparedFile, startFakeModel, uploadPdf } from './test-fixtures';
import { requiredCheckOf, requiredReviewChecks } from './required';

jest.setTimeout(180_000);

let t: TestApp;
let u: TestUser;
let fake: FakeServer;

beforeAll(async () => {
  ({ t, u } = await startJobsApp());
  // a model whose answers break the invoice schema's types (a number where a string belongs)
  fake = await startFakeModel({ invoice_number: 12345, total_amount: 'lots' });
});
afterAll(async () => {
  await fake?.close();
  await closeJobsApp(t);
});

const api = (method: string, path: string, json?: unknown) => t.request(method, `/api/v1/${path}`, { token: u.token, ...(json !== undefined ? { json } : {}) });
const waitJob = (id: string) => waitForJob(t, u, id, (j) => TERMINAL.includes(j.status), 90_000);
const startJob = async (body: Record<string, unknown>) => {
  const created = await api('POST', 'jobs/', { job_type: 'extraction', name: 'Extract', start: true, ...body });
  if (created.status !== 201) throw new Error(`${created.status} ${created.text}`);
  return created.body.id as string;
};
const balance = async () => (await t.app.database.db.select({ b: users.creditBalance }).from(users).where(eq(users.id, u.id)))[0]!.b;
const ledger = (jobId: string) =>
  t.app.database.db
    .select({ amount: creditTransactions.amount, kind: creditTransactions.kind })
    .from(creditTransactions)
    .where(and(eq(creditTransactions.userId, u.id), eq(creditTransactions.referenceId, jobId)));

const REQUIRED_SCHEMA = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string', description: 'the invoice number' },
    invoice_date: { type: 'string', description: 'the invoice date' },
    total_amount: { type: 'number', description: 'the total amount' },
  },
  required: ['invoice_number', 'total_amount'],
};

// the number on top, the total three sections further down: the chunker puts them in different chunks
const SPLIT_INVOICE = [
  { kind: 'paragraph' as const, lines: ['Invoice Number: INV-5150', 'Invoice Date: 2024-06-01'] },
  { kind: 'paragraph' as const, lines: ['SERVICES'] },
  { kind: 'table' as const, rows: [['Item', 'Qty', 'Price'], ['Consulting', '2', '100.00'], ['Support', '1', '50.00']] },
  { kind: 'paragraph' as const, lines: ['PAYMENT'] },
  { kind: 'paragraph' as const, lines: ['Total Amount: 250.00', 'Payment is due within 30 days.'] },
];
// a letter: an invoice number is mentioned, no total anywhere
const LETTER = [{ kind: 'paragraph' as const, lines: ['Dear customer,', 'Invoice Number: INV-7000', 'The invoice was sent to you last week.', 'Kind regards, the accounts team'] }];

describe('required fields are checked on the file, not on each chunk', () => {
  let promptId: string;
  let split: string;
  let letter: string;
  beforeAll(async () => {
    const schemaId = await createSchema(t, u, REQUIRED_SCHEMA, 'Required invoice');
    promptId = await createPrompt(t, u, { type: 'text', template: TEXT_TEMPLATE, output_schema_id: schemaId });
    // small character chunks: the number and the total land in different chunks
    split = await uploadPdf(t, u, [SPLIT_INVOICE], 'split.pdf');
    expect((await runOcrJob(t, u, split)).status).toBe('completed');
    expect((await runChunkingJob(t, u, { file_id: split, strategy: 'character_based', max_chunk_size: 100 })).status).toBe('completed');
    letter = await preparedFile(t, u, [LETTER], 'letter.pdf');
  });

  it('a field in one chunk and another in a later chunk pass; a file lacking one fails its check alone, the job completes and is charged', async () => {
    const chunks = await api('GET', `files/${split}/chunks`);
    expect(chunks.status).toBe(200);
    const before = await balance();
    const ds = await createDataset(t, u, [split, letter], 'Split and letter');
    const job = await waitJob(await startJob({ dataset_id: ds, prompt_id: promptId }));
    expect(job.status).toBe('completed');

    // every chunk of the split invoice succeeded although none holds both required fields
    const results = (await api('GET', `files/${split}/extraction-results`)).body as any[];
    expect(results.length).toBeGreaterThan(1);
    expect(results.every((r) => r.status === 'completed')).toBe(true);
    const withNumber = results.find((r) => r.extracted_data?.invoice_number === 'INV-5150');
    const withTotal = results.find((r) => r.extracted_data?.total_amount === 250);
    expect(withNumber).toBeDefined();
    expect(withTotal).toBeDefined();
    expect(withNumber.chunk_id).not.toBe(withTotal.chunk_id);
    for (const r of results) expect(r.details.required_check).toMatchObject({ status: 'passed', missing: [], job_id: job.id });

    // the letter: its chunks extracted, the file's check failed naming the field
    const letterResults = (await api('GET', `files/${letter}/extraction-results`)).body as any[];
    expect(letterResults.every((r) => r.status === 'completed')).toBe(true);
    expect(letterResults[0].details.required_check).toMatchObject({
      status: 'failed',
      missing: [{ field: 'total_amount', path: '$.total_amount' }],
      message: 'Required field "total_amount" was not found in the document',
    });

    // the monitors: the job's summary and an event of the file
    expect(job.results_summary.required_checks).toEqual({
      checked_files: 2,
      failed_files: 1,
      files: [{ file_id: letter, filename: 'letter.pdf', status: 'failed', missing: ['total_amount'], message: 'Required field "total_amount" was not found in the document' }],
    });
    // the monitors' checks summary (failed checks, with a link per file) counts it too
    expect(job.results_summary.review_checks.files).toEqual([expect.objectContaining({ file_id: letter, filename: 'letter.pdf' })]);
    const ev = job.events.find((e: any) => e.sub_phase === 'file_check_failed');
    expect(ev).toMatchObject({ message: 'letter.pdf: Required field "total_amount" was not found in the document' });
    expect(ev.details).toMatchObject({ file_id: letter, missing_fields: ['total_amount'] });
    expect(job.events.at(-1).message).toMatch(/1 of 2 file\(s\) lack a required field/);

    // the review record shows the check; the export's status column says it
    const record = await api('GET', `files/${letter}/record`);
    expect(record.body.checks[0]).toMatchObject({ rule: 'required', status: 'failed', path: '$.total_amount' });
    const csv = await api('GET', `files/${letter}/export?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('failed check: Required field ""total_amount"" was not found in the document');
    const good = await api('GET', `files/${split}/record`);
    expect(good.body.checks.find((c: any) => c.rule === 'required')).toMatchObject({ status: 'passed' });

    // a correction that adds the value passes the check in the record
    const fixed = await api('POST', `files/${letter}/corrections`, { base_version: record.body.base_version, action: 'set', path: '$.total_amount', value: 10 });
    expect(fixed.status).toBeLessThan(300);
    const after = await api('GET', `files/${letter}/record`);
    expect(after.body.checks.find((c: any) => c.rule === 'required')).toMatchObject({ status: 'passed' });

    // completed work is charged: no refund
    expect(await balance()).toBe(before - 1);
    expect((await ledger(job.id)).map((l) => l.kind)).toEqual(['job']);
  });

  it('a schema whose required field is in no file: each file gets its failed check, the job completes, the export says so', async () => {
    const schemaId = await createSchema(t, u, { ...REQUIRED_SCHEMA, properties: { ...REQUIRED_SCHEMA.properties, po_number: { type: 'string', description: 'purchase order number' } }, required: ['po_number'] }, 'PO');
    const prompt = await createPrompt(t, u, { type: 'text', template: TEXT_TEMPLATE, output_schema_id: schemaId });
    const ds = await createDataset(t, u, [split, letter], 'No PO anywhere');
    const job = await waitJob(await startJob({ dataset_id: ds, prompt_id: prompt }));
    expect(job.status).toBe('completed');
    expect(job.results_summary.required_checks).toMatchObject({ checked_files: 2, failed_files: 2 });
    expect(job.results_summary.required_checks.files.map((f: any) => f.missing)).toEqual([['po_number'], ['po_number']]);
    const csv = await api('GET', `jobs/${job.id}/export?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.text.match(/failed check: Required field ""po_number""/g)).toHaveLength(2);
  });
});

describe('the unified record is what is checked', () => {
  const schema = { type: 'object', properties: { a: { type: 'string' }, items: { type: 'array', items: { type: 'object', properties: { d: { type: 'string' } }, required: ['d'] } } }, required: ['a'] } as any;
  it('merges chunks in order; empty values and failed chunks do not count; rows keep their own required columns', () => {
    const ok = requiredCheckOf(schema, [{ sequence_number: 1, status: 'completed', extracted_data: { items: [{ d: 'x' }] } }, { sequence_number: 0, status: 'completed', extracted_data: { a: 'A' } }], 'j');
    expect(ok).toMatchObject({ status: 'passed', missing: [] });
    const empty = requiredCheckOf(schema, [{ sequence_number: 0, status: 'completed', extracted_data: { a: '  ', items: [{ d: 'x' }, { d: null }] } }, { sequence_number: 1, status: 'failed', extracted_data: { a: 'A' } }], 'j');
    expect(empty!.missing).toEqual([{ field: 'a', path: '$.a' }, { field: 'items[1].d', path: '$.items[1].d' }]);
    expect(empty!.message).toBe('Required fields "a", "items[1].d" were not found in the document');
    // nothing extracted at all: the file failed for another reason, not for its content
    expect(requiredCheckOf(schema, [{ sequence_number: 0, status: 'failed', extracted_data: null }], 'j')).toBeNull();
    expect(requiredCheckOf({ type: 'object', properties: { a: { type: 'string' } } }, [{ sequence_number: 0, status: 'completed', extracted_data: {} }], 'j')).toBeNull();
    // the review record: one failed check per missing field, each on its own row
    expect(requiredReviewChecks(empty!)).toEqual([
      { id: 'required:$.a', rule: 'required', status: 'failed', message: 'Required field "a" was not found in the document', path: '$.a' },
      { id: 'required:$.items[1].d', rule: 'required', status: 'failed', message: 'Required field "items[1].d" was not found in the document', path: '$.items[1].d' },
    ]);
    expect(requiredReviewChecks(ok!)).toEqual([{ id: 'required', rule: 'required', status: 'passed', message: 'Every required field was found' }]);
  });
});

describe('failed work is not charged', () => {
  let fileId: string;
  let schemaId: string;
  let promptId: string;
  beforeAll(async () => {
    fileId = await preparedFile(t, u, [[{ kind: 'paragraph', lines: ['Invoice Number: INV-9001', 'Total Amount: 12.00'] }]], 'refund.pdf');
    schemaId = await createSchema(t, u, { type: 'object', properties: { invoice_number: { type: 'string' }, total_amount: { type: 'number' } } }, 'Strict types');
    promptId = await createPrompt(t, u, { name: 'Invoice prompt', type: 'text', template: TEXT_TEMPLATE, output_schema_id: schemaId });
  });

  it('every chunk failed at the provider: the credit comes back with a ledger entry and an event; a retry pays again', async () => {
    const before = await balance();
    const job = await waitJob(await startJob({ file_id: fileId, prompt_id: promptId, processing_config: { provider: 'openai' } }));
    expect(job.status).toBe('failed');
    expect(job.error_details.code).toBe('ALL_CHUNKS_FAILED');
    expect(await balance()).toBe(before);
    expect((await ledger(job.id)).map((l) => [l.kind, l.amount])).toEqual([
      ['job', -1],
      ['job_refund', 1],
    ]);
    expect(job.error_details.credits_refunded).toBe(1);
    expect(job.events.some((e: any) => e.sub_phase === 'credits_refunded' && /1 credit returned/.test(e.message))).toBe(true);

    // retried as it was: charged again, fails again, refunded again
    const retried = await api('POST', `jobs/${job.id}/start`, { retry_mode: 'original' });
    expect(retried.status).toBe(200);
    const again = await waitJob(job.id);
    expect(again.status).toBe('failed');
    expect(await balance()).toBe(before);
    expect((await ledger(job.id)).map((l) => l.kind).sort()).toEqual(['job', 'job', 'job_refund', 'job_refund']);
  });

  it('a refunded job retried without the credits: 402, and it stays failed; a job the client marks failed keeps its charge', async () => {
    const job = await waitJob(await startJob({ file_id: fileId, prompt_id: promptId, processing_config: { provider: 'openai' } }));
    expect(job.status).toBe('failed');
    const saved = await balance();
    await t.app.database.db.update(users).set({ creditBalance: 0 }).where(eq(users.id, u.id));
    const refused = await api('POST', `jobs/${job.id}/start`, { retry_mode: 'original' });
    expect(refused.status).toBe(402);
    expect(refused.body.detail).toMatch(/^Insufficient credits: retrying this job costs 1 credit \(its credits were returned when it failed\)/);
    expect((await api('GET', `jobs/${job.id}`)).body.status).toBe('failed');
    await t.app.database.db.update(users).set({ creditBalance: saved }).where(eq(users.id, u.id));

    const pending = await api('POST', 'jobs/', { job_type: 'extraction', name: 'Marked failed', file_id: fileId, prompt_id: promptId });
    expect(pending.status).toBe(201);
    expect((await api('POST', `jobs/${pending.body.id}/fail`, { error_message: 'not needed after all' })).status).toBe(200);
    expect(await balance()).toBe(saved - 1);
    expect((await ledger(pending.body.id)).map((l) => l.kind)).toEqual(['job']);
  });

  it('a failure the user caused (a table prompt for text chunks) keeps its charge', async () => {
    const tablePrompt = await createPrompt(t, u, { type: 'table', template: 'Rows: {{ row_chunk }}', output_schema_id: schemaId });
    const before = await balance();
    const job = await waitJob(await startJob({ file_id: fileId, prompt_id: tablePrompt }));
    expect(job.status).toBe('failed');
    expect(job.error_message).toMatch(/A text prompt is required/);
    expect(await balance()).toBe(before - 1);
    expect((await ledger(job.id)).map((l) => l.kind)).toEqual(['job']);
  });

  it('retry with the current prompt and schema vs as it was; a deleted prompt is said', async () => {
    const first = await waitJob(await startJob({ file_id: fileId, prompt_id: promptId, processing_config: { provider: 'openai' } }));
    const second = await waitJob(await startJob({ file_id: fileId, prompt_id: promptId, processing_config: { provider: 'openai' } }));
    expect([first.status, second.status]).toEqual(['failed', 'failed']);
    const ranWith = first.processing_config.ran_with;
    expect(ranWith).toMatchObject({ mode: 'created', prompt: { id: promptId, name: 'Invoice prompt' }, output_schema: { id: schemaId, name: 'Strict types' } });

    // the schema is changed: the model's answer fits it now
    const put = await api('PUT', `output-schemas/${schemaId}`, {
      schema_definition: { type: 'object', properties: { invoice_number: { type: 'number' }, total_amount: { type: 'string' } } },
    });
    expect(put.status).toBe(200);

    // as it was: the copy the job kept, so it fails the same way
    expect((await api('POST', `jobs/${first.id}/start`, { retry_mode: 'original' })).status).toBe(200);
    const asItWas = await waitJob(first.id);
    expect(asItWas.status).toBe('failed');
    expect(asItWas.processing_config.ran_with).toMatchObject({ mode: 'original', output_schema: { updated_at: ranWith.output_schema.updated_at } });

    // with the current prompt and schema: every chunk again, and it completes
    expect((await api('POST', `jobs/${first.id}/start`, { retry_mode: 'current' })).status).toBe(200);
    const current = await waitJob(first.id);
    expect(current.status).toBe('completed');
    expect(current.processing_config.ran_with.mode).toBe('current');
    expect(current.processing_config.ran_with.output_schema.updated_at).not.toBe(ranWith.output_schema.updated_at);
    expect(current.events.some((e: any) => /restarted with the current prompt and schema/.test(e.message))).toBe(true);
    const results = (await api('GET', `files/${fileId}/extraction-results`)).body as any[];
    expect(results.every((r) => r.job_id === first.id && r.status === 'completed')).toBe(true);
    expect(results[0].extracted_data).toEqual({ invoice_number: 12345, total_amount: 'lots' });

    // the prompt is deleted: "current" cannot be, "as it was" still can
    expect((await api('DELETE', `prompts/${promptId}`)).status).toBeLessThan(300);
    const refused = await api('POST', `jobs/${second.id}/start`, { retry_mode: 'current' });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/^The prompt this job used \("Invoice prompt"\) was deleted/);
    expect((await api('GET', `jobs/${second.id}`)).body.status).toBe('failed');
    const bad = await api('POST', `jobs/${second.id}/start`, { retry_mode: 'sideways' });
    expect(bad.status).toBe(422);
    expect((await api('POST', `jobs/${second.id}/start`, { retry_mode: 'original' })).status).toBe(200);
    expect((await waitJob(second.id)).status).toBe('failed');
  });

  it('a pipeline whose extraction failed at the provider: refunded; retried with the current schema, its extraction stage runs again and completes', async () => {
    const pipeSchema = await createSchema(t, u, { type: 'object', properties: { invoice_number: { type: 'string' }, total_amount: { type: 'number' } } }, 'Pipeline types');
    const pipePrompt = await createPrompt(t, u, { name: 'Pipeline prompt', type: 'text', template: TEXT_TEMPLATE, output_schema_id: pipeSchema });
    const ds = await createDataset(t, u, [fileId], 'Pipeline retry');
    const before = await balance();
    const created = await api('POST', 'jobs/pipeline', { name: 'Pipe', dataset_id: ds, prompt_id: pipePrompt, processing_config: { pipeline_stages: ['extraction'], provider: 'openai' } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const failed = await waitJob(id);
    expect(failed.status).toBe('failed');
    expect(failed.processing_config.ran_with).toMatchObject({ mode: 'created', prompt: { name: 'Pipeline prompt' }, output_schema: { name: 'Pipeline types' } });
    expect(await balance()).toBe(before);
    expect((await ledger(id)).map((l) => l.kind).sort()).toEqual(['job', 'job_refund']);

    expect((await api('PUT', `output-schemas/${pipeSchema}`, { schema_definition: { type: 'object', properties: { invoice_number: { type: 'number' }, total_amount: { type: 'string' } } } })).status).toBe(200);
    expect((await api('POST', `jobs/${id}/start`, { retry_mode: 'current' })).status).toBe(200);
    const done = await waitJob(id);
    expect(done.status).toBe('completed');
    expect(done.processing_config.ran_with.mode).toBe('current');
    expect(done.results_summary.extraction.successful_extractions).toBeGreaterThan(0);
    // completed work is paid: charged again after the refund
    expect(await balance()).toBe(before - 1);
  });
});
