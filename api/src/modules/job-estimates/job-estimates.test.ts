/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// POST /jobs/estimate over real HTTP: counts from real files, OCR results and chunking runs;
// nothing created, nothing charged; the weekly limit and the balance decide `allowed`; the
// estimate for the offline provider is within ±25 % of the tokens the job then reports (the
// offline provider reports what a model call would have used, counted like the estimate).
import { eq } from 'drizzle-orm';
import { resourceTypes, users } from '../../db/schema';
import type { TestApp, TestUser } from '../../testing/helpers';
import { closeJobsApp, runOcrJob, startJobsApp, uploadFile, waitForJob, TERMINAL } from '../jobs/test-helpers';
import { makeImagePdf } from '../../processing/ocr/fixtures/generate';
import { makeImage } from '../uploads/test-fixtures';
import { createDataset, createInvoicePrompt, createPrompt, createSchema, invoiceBlocks, preparedFile, tableRows, uploadPdf } from '../extraction/test-fixtures';

jest.setTimeout(120_000);

let t: TestApp;
let u: TestUser;
let other: TestUser;
let promptId: string;

beforeAll(async () => {
  ({ t, u, other } = await startJobsApp());
  ({ promptId } = await createInvoicePrompt(t, u));
});
afterAll(() => closeJobsApp(t));

const api = (method: string, path: string, json?: unknown, user: TestUser = u) => t.request(method, `/api/v1/${path}`, { token: user.token, ...(json !== undefined ? { json } : {}) });
function expectWithin25(estimated: number, actual: number, what: string): void {
  const ratio = estimated / actual;
  // printed so the figures can be reported
  console.log(`estimate/actual tokens, ${what}: ${estimated}/${actual} = ${ratio.toFixed(2)}`);
  expect(ratio).toBeGreaterThanOrEqual(0.75);
  expect(ratio).toBeLessThanOrEqual(1.25);
}

const inv = (n: number) => invoiceBlocks({ number: `EST-${n}`, date: '2024-05-0' + n, vendor: 'Omega Supplies', total: `${n}00.00` });

describe('POST /jobs/estimate', () => {
  it('estimates a pipeline over a dataset: pages to OCR, estimated chunks, credits; creates and charges nothing', async () => {
    const a = await uploadPdf(t, u, [inv(1), inv(2)], 'two-pages.pdf');
    const b = await uploadPdf(t, u, [inv(3)], 'one-page.pdf');
    const ds = await createDataset(t, u, [a, b], 'Estimate me');
    const jobsBefore = (await api('GET', 'jobs/')).body.total_count;
    const balanceBefore = (await api('GET', 'users/me')).body.credit_balance;
    const r = await api('POST', 'jobs/estimate', { job_type: 'full_pipeline', dataset_id: ds, prompt_id: promptId, processing_config: { chunk_size: 250 } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ job_type: 'full_pipeline', file_count: 2, pages_to_ocr: 3, chunks_estimated: true, provider: 'offline', offline: true, allowed: true, reasons: [] });
    expect(r.body.chunks).toBeGreaterThanOrEqual(2);
    expect(r.body.model_tokens_if_llm).toBeGreaterThan(0);
    expect(r.body.estimated_tokens).toBe(r.body.model_tokens_if_llm);
    expect(r.body.available_providers).toContain('offline');
    expect(r.body.balance_after).toBe(r.body.credit_balance - r.body.credits);
    expect(r.body.credit_balance).toBe(balanceBefore);
    expect((await api('GET', 'jobs/')).body.total_count).toBe(jobsBefore);
    expect((await api('GET', 'users/me')).body.credit_balance).toBe(balanceBefore);
    // without OCR in the pipeline nothing is OCRed
    const noOcr = await api('POST', 'jobs/estimate', { job_type: 'full_pipeline', dataset_id: ds, pipeline_stages: ['extraction'], prompt_id: promptId });
    expect(noOcr.body.pages_to_ocr).toBe(0);
    expect(noOcr.body.allowed).toBe(false);
    expect(noOcr.body.reasons.join(' ')).toMatch(/Not chunked yet: .*"two-pages.pdf"/);
    // the pipeline keeps the estimate made when it was created
    const created = await api('POST', 'jobs/pipeline', { name: 'Keeps its estimate', dataset_id: ds, pipeline_stages: ['ocr'] });
    expect(created.status).toBe(201);
    expect(created.body.processing_config.estimate).toMatchObject({ pages_to_ocr: 3, estimated_tokens: 0, provider: 'offline' }); // no extraction stage: no tokens
    await waitForJob(t, u, created.body.id, (j) => TERMINAL.includes(j.status), 60_000, `/api/v1/jobs/pipeline/${created.body.id}`);
  });

  it('estimates a pipeline on chosen files (file_ids) as the same run over a dataset of them', async () => {
    const a = await uploadPdf(t, u, [inv(1), inv(2)], 'chosen-two.pdf');
    const b = await uploadPdf(t, u, [inv(3)], 'chosen-one.pdf');
    const ds = await createDataset(t, u, [a, b], 'Chosen as a dataset');
    const body = { job_type: 'full_pipeline', prompt_id: promptId, processing_config: { chunk_size: 250 } };
    const chosen = await api('POST', 'jobs/estimate', { ...body, file_ids: [a, b, a] });
    expect(chosen.status).toBe(200);
    const overDataset = (await api('POST', 'jobs/estimate', { ...body, dataset_id: ds })).body;
    expect(chosen.body).toMatchObject({ file_count: 2, pages_to_ocr: 3, credits: overDataset.credits, chunks: overDataset.chunks, estimated_tokens: overDataset.estimated_tokens });
    expect(chosen.body.files.map((f: { filename: string }) => f.filename)).toEqual(['chosen-two.pdf', 'chosen-one.pdf']);
    // one target only; file_ids is for pipelines; another user's file is not found
    expect((await api('POST', 'jobs/estimate', { ...body, file_ids: [a], dataset_id: ds })).status).toBe(422);
    expect((await api('POST', 'jobs/estimate', { job_type: 'extraction', file_ids: [a], prompt_id: promptId })).status).toBe(422);
    expect((await api('POST', 'jobs/estimate', { job_type: 'full_pipeline', file_ids: [a] }, other)).status).toBe(404);
  });

  it('counts the chunks of a chunked file, and the offline estimate is within ±25 % of the tokens the job reports', async () => {
    const f = await preparedFile(t, u, [inv(4)], 'chunked.pdf');
    const runs = (await api('GET', `files/${f}/chunking_runs`)).body;
    const active = runs.runs.find((x: any) => x.is_active);
    const r = await api('POST', 'jobs/estimate', { job_type: 'extraction', file_id: f, prompt_id: promptId });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ file_count: 1, pages_to_ocr: 0, chunks: active.chunk_count, chunks_estimated: false });
    expect(r.body.estimated_tokens).toBeGreaterThan(0);
    const created = await api('POST', 'jobs/', { job_type: 'extraction', name: 'E', file_id: f, prompt_id: promptId, start: true });
    expect(created.status).toBe(201);
    expect(created.body.processing_config.estimate).toMatchObject({ chunks: r.body.chunks, chunks_estimated: false, estimated_tokens: r.body.estimated_tokens });
    const done = await waitForJob(t, u, created.body.id, (j) => TERMINAL.includes(j.status));
    expect(done.status).toBe('completed');
    expect(done.results_summary.total_chunks_processed).toBe(r.body.chunks);
    const actual = done.results_summary.total_tokens_used;
    expect(actual).toBeGreaterThan(0);
    expectWithin25(r.body.estimated_tokens, actual, 'extraction of a chunked file');
  });

  // the documents of bench/monitor: two pages of five invoice lines, its prompt and schema
  it('on the bench\'s documents the offline estimate is within ±25 % of the actual tokens', async () => {
    const schemaId = await createSchema(t, u, { type: 'object', properties: { invoice_number: { type: 'string' }, vendor: { type: 'string' }, total_amount: { type: 'number' } } }, 'Bench invoice');
    const benchPrompt = await createPrompt(t, u, { type: 'text', template: 'Extract the fields.\n{{ schema_descriptions }}\n\nText:\n{{ text_chunk }}', output_schema_id: schemaId });
    const page = (n: number, p: number) => [{ kind: 'paragraph' as const, lines: [`Invoice Number: BM-${n}-${p}`, 'Invoice Date: 2024-05-01', `Vendor: Vendor ${n}`, `Total Amount: ${n}${p}0.00`, 'Thank you for your business. Payment is due within 30 days.'] }];
    const ids = [await uploadPdf(t, u, [page(1, 0), page(1, 1)], 'bench-1.pdf'), await uploadPdf(t, u, [page(2, 0), page(2, 1)], 'bench-2.pdf')];
    const ds = await createDataset(t, u, ids, 'Bench documents');
    const body = { job_type: 'full_pipeline', dataset_id: ds, prompt_id: benchPrompt };
    const before = (await api('POST', 'jobs/estimate', body)).body;
    const pl = await api('POST', 'jobs/pipeline', { name: 'Bench docs', dataset_id: ds, prompt_id: benchPrompt });
    expect(pl.status).toBe(201);
    const done = await waitForJob(t, u, pl.body.id, (j) => TERMINAL.includes(j.status), 90_000, `/api/v1/jobs/pipeline/${pl.body.id}`);
    expect(done.status).toBe('completed');
    const actual = done.results_summary.extraction.total_tokens_used;
    expect(actual).toBeGreaterThan(0);
    // before any OCR the text a page holds is what validation read of the PDF's text layer, not
    // a full page of text (these sparse pages, five short lines, were 6.6x over-estimated)
    expect(before.chunks_estimated).toBe(true);
    expect(before.text_basis).toBe('text_layer');
    expectWithin25(before.estimated_tokens, actual, 'pipeline over the bench documents, estimated before OCR');
    // once OCR ran, the same pipeline is estimated from the OCR text
    const again = (await api('POST', 'jobs/estimate', body)).body;
    expect(again.text_basis).toBe('ocr_text');
    expectWithin25(again.estimated_tokens, actual, 'pipeline over the bench documents, estimated after OCR');
    // once OCR and chunking ran, extraction alone is estimated from the real chunks
    const after = (await api('POST', 'jobs/estimate', { job_type: 'extraction', dataset_id: ds, prompt_id: benchPrompt })).body;
    expect(after.chunks_estimated).toBe(false);
    expect(after.text_basis).toBe('chunks');
    expectWithin25(after.estimated_tokens, actual, 'extraction over the bench documents, estimated from their chunks');
  });

  it('before OCR, a PDF without a text layer (a scan) is guessed at a full page of text a page, and the dataset says so', async () => {
    const scan = await uploadFile(t, u, await makeImagePdf([makeImage('png', 200, 260), makeImage('png', 200, 260)]), 'scan.pdf', 'application/pdf');
    const text = await uploadPdf(t, u, [inv(7), inv(8)], 'with-text.pdf');
    const one = async (ids: string[], name: string) =>
      (await api('POST', 'jobs/estimate', { job_type: 'full_pipeline', dataset_id: await createDataset(t, u, ids, name), prompt_id: promptId })).body;
    const s = await one([scan], 'Scan');
    const x = await one([text], 'Text');
    expect(s).toMatchObject({ text_basis: 'page_default', files: [{ pages: 2, text_basis: 'page_default' }] });
    expect(x).toMatchObject({ text_basis: 'text_layer', files: [{ pages: 2, text_basis: 'text_layer' }] });
    // the same number of pages: the guess is far above what the text layer says these pages hold
    expect(s.estimated_tokens).toBeGreaterThan(2 * x.estimated_tokens);
    const both = await one([text, scan], 'Scan and text');
    expect(both.text_basis).toBe('page_default'); // the roughest of its files
    expect(both.files.map((f: any) => f.text_basis).sort()).toEqual(['page_default', 'text_layer']);
  });

  it('before OCR, the text-layer estimate of invoices and of a table is within ±25 % of the estimate from their OCR text', async () => {
    const docs = [await uploadPdf(t, u, [inv(1), inv(2), inv(3)], 'invoices.pdf'), await uploadPdf(t, u, [[{ kind: 'table', rows: tableRows(40) }]], 'table.pdf')];
    for (const id of docs) {
      const ds = await createDataset(t, u, [id], `Calibrate ${id}`);
      const body = { job_type: 'full_pipeline', dataset_id: ds, prompt_id: promptId };
      const before = (await api('POST', 'jobs/estimate', body)).body;
      expect(before.text_basis).toBe('text_layer');
      const ocr = await runOcrJob(t, u, id);
      expect(ocr.status).toBe('completed');
      const after = (await api('POST', 'jobs/estimate', body)).body;
      expect(after.text_basis).toBe('ocr_text');
      expectWithin25(before.estimated_tokens, after.estimated_tokens, `${before.files[0].filename}, text layer vs OCR text`);
    }
  });

  it('says when the weekly limit or the balance would refuse the job', async () => {
    const poor = await t.registerUser();
    const f = await uploadPdf(t, poor, [inv(5)], 'p.pdf');
    const ds = await createDataset(t, poor, [f], 'P');
    await t.app.database.db.update(users).set({ creditBalance: 0 }).where(eq(users.id, poor.id));
    const [type] = await t.app.database.db.select().from(resourceTypes).where(eq(resourceTypes.name, 'weekly_jobs'));
    await t.app.database.db.update(resourceTypes).set({ creditCost: 5 }).where(eq(resourceTypes.name, 'weekly_jobs'));
    try {
      const r = await api('POST', 'jobs/estimate', { job_type: 'full_pipeline', dataset_id: ds, pipeline_stages: ['ocr'] }, poor);
      expect(r.status).toBe(200);
      expect(r.body.allowed).toBe(false);
      expect(r.body.credits).toBe(5);
      expect(r.body.reasons.join(' ')).toMatch(/Insufficient credits/);
      await t.app.database.db.update(resourceTypes).set({ creditCost: 0, defaultLimit: 0 }).where(eq(resourceTypes.name, 'weekly_jobs'));
      const w = await api('POST', 'jobs/estimate', { job_type: 'full_pipeline', dataset_id: ds, pipeline_stages: ['ocr'] }, poor);
      expect(w.body.allowed).toBe(false);
      expect(w.body.reasons.join(' ')).toMatch(/Weekly job limit reached/);
    } finally {
      await t.app.database.db.update(resourceTypes).set({ creditCost: type!.creditCost, defaultLimit: 1000 }).where(eq(resourceTypes.name, 'weekly_jobs'));
    }
  });

  it('answers 4xx for bad input and for another user\'s data', async () => {
    const f = await uploadPdf(t, u, [inv(6)], 'x.pdf');
    const ds = await createDataset(t, u, [f], 'X');
    expect((await api('POST', 'jobs/estimate', { job_type: 'extraction' })).status).toBe(422);
    expect((await api('POST', 'jobs/estimate', { job_type: 'ocr', dataset_id: ds })).status).toBe(422);
    expect((await api('POST', 'jobs/estimate', { job_type: 'full_pipeline', file_id: f })).status).toBe(422);
    expect((await api('POST', 'jobs/estimate', { job_type: 'extraction', dataset_id: ds, file_id: f })).status).toBe(422);
    expect((await api('POST', 'jobs/estimate', { job_type: 'full_pipeline', dataset_id: ds, processing_config: { provider: 'nope' } })).status).toBe(422);
    expect((await api('POST', 'jobs/estimate', { job_type: 'full_pipeline', dataset_id: ds }, other)).status).toBe(404);
    expect((await api('POST', 'jobs/estimate', { job_type: 'extraction', file_id: f }, other)).status).toBe(404);
    expect((await api('POST', 'jobs/estimate', { job_type: 'full_pipeline', dataset_id: ds, prompt_id: promptId }, other)).status).toBe(404);
    const anon = await t.request('POST', '/api/v1/jobs/estimate', { json: { job_type: 'full_pipeline', dataset_id: ds } });
    expect(anon.status).toBe(401);
  });
});
