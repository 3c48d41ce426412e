/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Extraction jobs over real HTTP: generated invoices and receipts (text PDFs -> upload -> OCR ->
// chunking -> extraction) with known values through the offline extractor; a 60-row table
// extracted completely in row batches; schema-invalid answers from a fake OpenAI-compatible
// server re-asked once, then stored as failed; single-chunk re-extraction replacing one chunk's
// result with the previous one kept; up-front 4xx for bad input; other users' resources 404.
import type { FakeServer } from '../../llm/testing/fake-server';
import type { TestApp, TestUser } from '../../testing/helpers';
import { closeJobsApp, runChunkingJob, runOcrJob, startJobsApp, uploadFile, waitForJob } from '../jobs/test-helpers';
import { makeTextPdf, receiptWithWornName } from '../../processing/ocr/fixtures/generate';
import {
  ROWS_SCHEMA,
  TEXT_TEMPLATE,
  createDataset,
  createInvoicePrompt,
  createPrompt,
  createSchema,
  createTablePrompts,
  invoiceBlocks,
  preparedFile,
  runExtractionJob,
  startFakeModel,
  tableRows,
} from './test-fixtures';

jest.setTimeout(120_000);

let t: TestApp;
let u: TestUser;
let other: TestUser;
let fake: FakeServer;

beforeAll(async () => {
  ({ t, u, other } = await startJobsApp());
  // a model that always answers JSON violating the schema
  fake = await startFakeModel({ invoice_number: 12345, total_amount: 'lots' });
});
afterAll(async () => {
  await fake?.close();
  await closeJobsApp(t);
});

const api = (method: string, path: string, json?: unknown, user: TestUser = u) => t.request(method, `/api/v1/${path}`, { token: user.token, ...(json !== undefined ? { json } : {}) });
const runExtraction = (body: Record<string, unknown>, user: TestUser = u) => runExtractionJob(t, user, body);

const INVOICES = [
  { number: 'INV-1001', date: '2024-03-15', vendor: 'Northwind Trading', total: '1,234.50', value: 1234.5 },
  { number: 'INV-2002', date: '2024-04-02', vendor: 'Contoso Supplies', total: '89.99', value: 89.99 },
];

describe('extraction of generated invoices and receipts (offline extractor)', () => {
  let schemaId: string;
  let promptId: string;
  const fileIds: string[] = [];
  beforeAll(async () => {
    ({ schemaId, promptId } = await createInvoicePrompt(t, u));
    for (const inv of INVOICES) fileIds.push(await preparedFile(t, u, [invoiceBlocks(inv)], `${inv.number}.pdf`));
    fileIds.push(await preparedFile(t, u, [invoiceBlocks({ number: 'R-77', date: '2024-05-01', vendor: 'Corner Cafe', total: '12.40' }, 'Receipt')], 'receipt.pdf'));
  });

  it('a single file: known values, summary fields, monitor details in the events, results labelled offline', async () => {
    const job = await runExtraction({ file_id: fileIds[0], prompt_id: promptId });
    expect(job.status).toBe('completed');
    const s = job.results_summary;
    for (const k of ['total_chunks_processed', 'successful_extractions', 'failed_extractions', 'total_extractions', 'text_chunks_processed', 'table_chunks_processed', 'total_tokens_used', 'processing_time']) {
      expect(typeof s[k]).toBe('number');
    }
    expect(s.successful_extractions).toBeGreaterThanOrEqual(1);
    expect(s.failed_extractions).toBe(0);
    expect(job.processing_config).toMatchObject({ processing_mode: 'single_file', prompt_id: promptId, output_schema_id: schemaId });
    const progress = job.events.filter((e: any) => e.phase === 'extraction' && e.details.chunks_processed > 0);
    expect(progress.length).toBe(s.total_chunks_processed);
    for (const k of ['total_chunks', 'chunks_processed', 'successful_extractions', 'failed_extractions', 'tokens_used', 'text_chunks', 'table_chunks']) expect(progress[0].details).toHaveProperty(k);
    const res = await api('GET', `files/${fileIds[0]}/extraction-results`);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const data = res.body.find((r: any) => r.extracted_data?.invoice_number)?.extracted_data;
    expect(data).toMatchObject({ invoice_number: 'INV-1001', vendor: 'Northwind Trading', total_amount: 1234.5 });
    expect(String(data.invoice_date)).toContain('2024-03-15');
    for (const r of res.body) {
      expect(r).toMatchObject({ status: 'completed', offline: true, provider: 'offline', is_current: true, job_id: job.id });
      for (const k of ['chunk_id', 'sequence_number', 'status', 'extracted_data', 'error_message', 'created_at', 'chunk_text']) expect(r).toHaveProperty(k);
    }
  });

  it('a dataset: every file, known values per file', async () => {
    const ds = await createDataset(t, u, fileIds, 'Invoices');
    const job = await runExtraction({ dataset_id: ds, prompt_id: promptId });
    expect(job.status).toBe('completed');
    expect(job.processing_config.processing_mode).toBe('dataset');
    expect(job.results_summary.total_chunks_processed).toBeGreaterThanOrEqual(3);
    for (const [i, inv] of INVOICES.entries()) {
      const res = await api('GET', `files/${fileIds[i]}/extraction-results`);
      const data = res.body.find((r: any) => r.extracted_data?.invoice_number)?.extracted_data;
      expect(data).toMatchObject({ invoice_number: inv.number, vendor: inv.vendor, total_amount: inv.value });
      expect(res.body.every((r: any) => r.job_id === job.id && r.is_current)).toBe(true);
    }
    const receipt = await api('GET', `files/${fileIds[2]}/extraction-results`);
    expect(receipt.body.find((r: any) => r.extracted_data?.vendor)?.extracted_data).toMatchObject({ vendor: 'Corner Cafe', total_amount: 12.4 });
    // the earlier single-file results were superseded, still readable in the history
    const hist = await api('GET', `files/${fileIds[0]}/extraction-results?include_history=true`);
    expect(hist.body.some((r: any) => !r.is_current && r.superseded_at)).toBe(true);
  });

  it('re-extraction of one chunk replaces its result; the previous one stays retrievable', async () => {
    const before = (await api('GET', `files/${fileIds[1]}/extraction-results`)).body;
    const target = before[0];
    const bad = await api('POST', `files/${fileIds[1]}/chunks/${target.chunk_id}/extract`, { has_tables: true });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('Please select a prompt');
    const noTable = await api('POST', `files/${fileIds[1]}/chunks/${target.chunk_id}/extract`, { prompt_id: promptId, has_tables: true });
    expect(noTable.status).toBe(422);
    expect(JSON.stringify(noTable.body)).toContain('Please select a table prompt');
    const started = await api('POST', `files/${fileIds[1]}/chunks/${target.chunk_id}/extract`, { prompt_id: promptId, has_tables: false });
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ job_id: expect.any(String), message: expect.any(String) });
    const job = await waitForJob(t, u, started.body.job_id);
    expect(job.status).toBe('completed');
    expect(job.processing_config.processing_mode).toBe('single_chunk');
    expect(job.results_summary.total_chunks_processed).toBe(1);
    const after = (await api('GET', `files/${fileIds[1]}/extraction-results`)).body;
    expect(after).toHaveLength(before.length);
    const replaced = after.find((r: any) => r.chunk_id === target.chunk_id);
    expect(replaced.job_id).toBe(started.body.job_id);
    expect(replaced.id).not.toBe(target.id);
    const history = (await api('GET', `files/${fileIds[1]}/chunks/${target.chunk_id}/extraction-results`)).body;
    expect(history[0]).toMatchObject({ id: replaced.id, is_current: true });
    expect(history.some((r: any) => r.id === target.id && r.is_current === false && r.superseded_at)).toBe(true);
    // another user's chunk / file: 404
    expect((await api('POST', `files/${fileIds[1]}/chunks/${target.chunk_id}/extract`, { prompt_id: promptId }, other)).status).toBe(404);
    expect((await api('GET', `files/${fileIds[1]}/extraction-results`, undefined, other)).status).toBe(404);
    expect((await api('GET', `files/${fileIds[1]}/chunks/${target.chunk_id}/extraction-results`, undefined, other)).status).toBe(404);
  });

  it('schema-invalid answers from a provider: re-asked once with the errors, then stored as failed', async () => {
    const n0 = fake.requests.length;
    const job = await runExtraction({ file_id: fileIds[0], prompt_id: promptId, processing_config: { provider: 'openai' } });
    expect(job.status).toBe('failed');
    expect(job.error_message).toMatch(/Extraction failed for all/);
    const calls = fake.requests.slice(n0);
    expect(calls.length).toBe(2 * job.error_details.results_summary.total_chunks_processed);
    expect(calls[0]!.headers.authorization).toBe('Bearer test-key');
    expect(JSON.stringify(calls[1]!.body.messages)).toMatch(/invoice_number|must be/);
    const res = (await api('GET', `files/${fileIds[0]}/extraction-results`)).body;
    expect(res.every((r: any) => r.status === 'failed' && r.job_id === job.id && r.provider === 'openai' && !r.offline)).toBe(true);
    expect(res[0].error_message).toBeTruthy();
    expect(res[0].tokens_used).toBe(120);
  });

  it('bad input answers 4xx with a clear detail, never 500', async () => {
    const badVars = await createPrompt(t, u, { type: 'text', template: 'Rows: {{ row_chunk }} {{ text_chunk }}' });
    let r = await api('POST', 'jobs/', { job_type: 'extraction', name: 'x', file_id: fileIds[0], prompt_id: badVars });
    expect(r.status).toBe(422);
    expect(JSON.stringify(r.body)).toContain('row_chunk');
    const badSchemaPrompt = await createPrompt(t, u, { type: 'text', template: TEXT_TEMPLATE });
    await t.app.database.db.execute(
      (await import('drizzle-orm')).sql`update prompts set schema_definition = ${JSON.stringify({ type: 'object', properties: { a: { type: 'strin' } } })}::json where id = ${badSchemaPrompt}`,
    );
    r = await api('POST', 'jobs/', { job_type: 'extraction', name: 'x', file_id: fileIds[0], prompt_id: badSchemaPrompt });
    expect(r.status).toBe(422);
    expect(JSON.stringify(r.body)).toContain('not valid JSON Schema');
    // a file without OCR
    const raw = await uploadFile(t, u, await makeTextPdf([invoiceBlocks(INVOICES[0]!)]), 'raw.pdf', 'application/pdf');
    r = await api('POST', 'jobs/', { job_type: 'extraction', name: 'x', file_id: raw, prompt_id: promptId });
    expect(r.status).toBe(400);
    expect(r.body.detail).toMatch(/OCR must be run first/);
    // a dataset with no valid files
    const { files } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await t.app.database.db.update(files).set({ isValid: false }).where(eq(files.id, raw));
    const ds = await createDataset(t, u, [raw], 'Broken').catch(() => null);
    if (ds) {
      r = await api('POST', 'jobs/', { job_type: 'extraction', name: 'x', dataset_id: ds, prompt_id: promptId });
      expect(r.status).toBe(400);
      expect(r.body.detail).toMatch(/no valid files/);
    }
    r = await api('POST', 'jobs/', { job_type: 'extraction', name: 'x', prompt_id: promptId });
    expect(r.status).toBe(422);
    expect(JSON.stringify(r.body)).toContain('Please fill in all required fields');
    r = await api('POST', 'jobs/', { job_type: 'extraction', name: 'x', file_id: fileIds[0], prompt_id: promptId, examples: [promptId, schemaId] });
    expect(r.status).toBe(422);
    r = await api('POST', 'jobs/', { job_type: 'extraction', name: 'x', file_id: fileIds[0], prompt_id: promptId, table_prompt_id: promptId });
    expect(r.status).toBe(422);
    r = await api('POST', 'jobs/', { job_type: 'extraction', name: 'x', file_id: fileIds[0], prompt_id: promptId, processing_config: { provider: 'nonsense' } });
    expect(r.status).toBe(422);
    // another user's prompt / file
    r = await api('POST', 'jobs/', { job_type: 'extraction', name: 'x', file_id: fileIds[0], prompt_id: promptId }, other);
    expect(r.status).toBe(404);
    expect((await api('GET', 'files/not-a-uuid/extraction-results')).status).toBe(422);
  });
});

describe('a scanned receipt whose letterhead OCR was unsure of', () => {
  it('gives its date and total, and leaves out the name OCR misread (stored with the OCR, read by the extraction job)', async () => {
    const schemaId = await createSchema(t, u, { type: 'object', properties: { merchant_name: { type: 'string', description: 'Store or merchant name' }, date: { type: 'string', format: 'date', description: 'Date of the purchase' }, total: { type: 'number', description: 'Total paid' } } }, 'Receipt');
    const promptId = await createPrompt(t, u, { type: 'text', template: TEXT_TEMPLATE, output_schema_id: schemaId });
    const extracted = async (worn: boolean) => {
      const id = await uploadFile(t, u, receiptWithWornName({ worn }).png, worn ? 'worn.png' : 'whole.png', 'image/png');
      expect((await runOcrJob(t, u, id)).status).toBe('completed');
      expect((await runChunkingJob(t, u, { file_id: id, strategy: 'llm_analysis' })).status).toBe('completed');
      expect((await runExtraction({ file_id: id, prompt_id: promptId })).status).toBe('completed');
      const res = await api('GET', `files/${id}/extraction-results`);
      expect(res.body).toHaveLength(1);
      return res.body[0];
    };
    const whole = await extracted(false);
    expect(whole.extracted_data).toEqual({ merchant_name: 'PERNIAGAAN ZHENG HUI', date: '2018-03-09', total: 12.5 });
    const worn = await extracted(true);
    expect(worn.extracted_data).toEqual({ date: '2018-03-09', total: 12.5 });
    expect(worn.details.warnings).toEqual([expect.stringMatching(/^not found: merchant_name \("PERNIAGAAN ZHENG \S+" is read from a word OCR was unsure of \("\S+", confidence \d+\)\)$/)]);
  });
});

describe('a 60-row table', () => {
  it('is extracted completely in row batches', async () => {
    const rows = tableRows(60);
    const pages = [
      [{ kind: 'paragraph' as const, lines: ['Parts list for order 5531'] }, { kind: 'table' as const, rows: rows.slice(0, 41) }],
      [{ kind: 'table' as const, rows: [rows[0]!, ...rows.slice(41)] }],
    ];
    const fileId = await preparedFile(t, u, pages, 'parts.pdf');
    const { textPrompt, tablePrompt } = await createTablePrompts(t, u, ROWS_SCHEMA, 'Rows');
    const job = await runExtraction({ file_id: fileId, prompt_id: textPrompt, table_prompt_id: tablePrompt, processing_config: { batch_size: 10 } });
    expect(job.status).toBe('completed');
    expect(job.results_summary.table_chunks_processed).toBeGreaterThanOrEqual(1);
    const res = (await api('GET', `files/${fileId}/extraction-results`)).body;
    const items = res.flatMap((r: any) => (Array.isArray(r.extracted_data?.items) ? r.extracted_data.items : []));
    const names = new Set(items.map((i: any) => i.item));
    for (let i = 1; i <= 60; i++) expect(names.has(`Part ${String(i).padStart(3, '0')}`)).toBe(true);
    const tables = res.filter((r: any) => r.chunk_type === 'table');
    expect(tables.some((r: any) => (r.details.batches ?? 0) > 1)).toBe(true);
    expect(tables.reduce((n: number, r: any) => n + (r.details.missing_rows?.length ?? 0), 0)).toBe(0);
    const row7 = items.find((i: any) => i.item === 'Part 007');
    expect(row7).toMatchObject({ qty: 7, price: 14.5 });
  });
});
