/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Provenance over real HTTP: a generated invoice PDF (upload -> OCR -> chunking -> offline
// extraction) gets a source line range for every value, matching the OCR lines; a provider that
// invents a value (a fake OpenAI-compatible server) gets it flagged not_in_document; a
// single-chunk re-extraction gets provenance; table cells get their row's line; results stored
// without provenance get it on first read (once); another user's file stays 404.
import { sql } from 'drizzle-orm';
import type { FakeServer } from '../../llm/testing/fake-server';
import type { TestApp, TestUser } from '../../testing/helpers';
import { closeJobsApp, startJobsApp, waitForJob } from '../jobs/test-helpers';
import { ROWS_SCHEMA, createInvoicePrompt, createTablePrompts, invoiceBlocks, ocrLinesWith, preparedFile, runExtractionJob, startFakeModel, tableRows } from './test-fixtures';

jest.setTimeout(120_000);

let t: TestApp;
let u: TestUser;
let other: TestUser;
let fake: FakeServer;
const INVOICE = { number: 'INV-3003', date: '2024-06-20', vendor: 'Northwind Trading', total: '1,234.50' };

beforeAll(async () => {
  ({ t, u, other } = await startJobsApp());
  // a model that reads the invoice right except the vendor, which it invents
  fake = await startFakeModel({ invoice_number: 'INV-3003', invoice_date: '06/20/2024', vendor: 'Globex Corporation', total_amount: 1234.5 });
});
afterAll(async () => {
  await fake?.close();
  await closeJobsApp(t);
});

const api = (method: string, path: string, json?: unknown, user: TestUser = u) => t.request(method, `/api/v1/${path}`, { token: user.token, ...(json !== undefined ? { json } : {}) });
const runExtraction = (body: Record<string, unknown>) => runExtractionJob(t, u, body);
const linesWith = (fileId: string, needle: string) => ocrLinesWith(t, u, fileId, needle);

const byPath = (res: any[], path: string) => res.flatMap((r: any) => r.provenance?.values ?? []).find((v: any) => v.path === path);

describe('provenance of extraction results', () => {
  let fileId: string;
  let promptId: string;
  beforeAll(async () => {
    ({ promptId } = await createInvoicePrompt(t, u));
    fileId = await preparedFile(t, u, [invoiceBlocks(INVOICE)], 'invoice.pdf');
  });

  it('offline extraction: every value found, on the OCR line where it is written', async () => {
    const job = await runExtraction({ file_id: fileId, prompt_id: promptId });
    expect(job.status).toBe('completed');
    const res = (await api('GET', `files/${fileId}/extraction-results`)).body;
    const withData = res.find((r: any) => r.extracted_data?.invoice_number);
    expect(withData.provenance.summary).toMatchObject({ not_in_document: 0 });
    expect(withData.provenance.summary.found).toBe(withData.provenance.summary.total);
    const [numberLine] = await linesWith(fileId, 'INV-3003');
    const [totalLine] = await linesWith(fileId, '1,234.50');
    const [vendorLine] = await linesWith(fileId, 'Northwind Trading');
    expect(byPath(res, '$.invoice_number')).toMatchObject({ status: 'found', match: 'exact', chunk_id: withData.chunk_id, in_chunk: true, start_line: numberLine, end_line: numberLine, page: 1 });
    expect(byPath(res, '$.total_amount')).toMatchObject({ status: 'found', match: 'number', value: 1234.5, start_line: totalLine, end_line: totalLine });
    expect(byPath(res, '$.vendor')).toMatchObject({ status: 'found', start_line: vendorLine });
    // served by the chunk's history too
    const hist = (await api('GET', `files/${fileId}/chunks/${withData.chunk_id}/extraction-results`)).body;
    expect(hist[0].provenance).toEqual(withData.provenance);
  });

  it('a provider that invents a value: that value is not_in_document, the others are found', async () => {
    const job = await runExtraction({ file_id: fileId, prompt_id: promptId, processing_config: { provider: 'openai' } });
    expect(job.status).toBe('completed');
    const res = (await api('GET', `files/${fileId}/extraction-results`)).body;
    expect(res.every((r: any) => r.provider === 'openai' && r.provenance)).toBe(true);
    expect(byPath(res, '$.vendor')).toMatchObject({ value: 'Globex Corporation', status: 'not_in_document', start_line: null, end_line: null, chunk_id: null });
    const [dateLine] = await linesWith(fileId, '2024-06-20');
    expect(byPath(res, '$.invoice_date')).toMatchObject({ status: 'found', match: 'date', start_line: dateLine });
    expect(res[0].provenance.summary.not_in_document).toBe(1);
  });

  it('re-extraction of one chunk stores provenance with its result', async () => {
    const before = (await api('GET', `files/${fileId}/extraction-results`)).body;
    const started = await api('POST', `files/${fileId}/chunks/${before[0].chunk_id}/extract`, { prompt_id: promptId, has_tables: false });
    expect(started.status).toBe(202);
    expect((await waitForJob(t, u, started.body.job_id)).status).toBe('completed');
    const rows = await t.app.database.db.execute(sql`select provenance from extraction_results where job_id = ${started.body.job_id}`);
    const stored = (rows as any).rows ?? rows;
    expect(stored[0].provenance.summary.not_in_document).toBe(0);
    const after = (await api('GET', `files/${fileId}/extraction-results`)).body;
    expect(after.find((r: any) => r.chunk_id === before[0].chunk_id).provenance).toEqual(stored[0].provenance);
  });

  it('results stored without provenance get it on first read, once', async () => {
    const db = t.app.database.db;
    const current = (await api('GET', `files/${fileId}/extraction-results?include_history=true`)).body;
    await db.execute(sql`update extraction_results set provenance = null where file_id = ${fileId}`);
    const read = (await api('GET', `files/${fileId}/extraction-results?include_history=true`)).body;
    expect(read.map((r: any) => r.provenance)).toEqual(current.map((r: any) => r.provenance));
    const left = await db.execute(sql`select count(*)::int as n from extraction_results where file_id = ${fileId} and provenance is null`);
    expect(((left as any).rows ?? left)[0].n).toBe(0);
    expect((await api('GET', `files/${fileId}/extraction-results?include_history=true`)).body).toEqual(read);
  });

  it('is documented in the OpenAPI answer of files/{id}/extraction-results', async () => {
    const doc = (await t.request('GET', '/api/docs/json')).body;
    const item = doc.paths['/api/v1/files/{id}/extraction-results'].get.responses['200'].content['application/json'].schema.items;
    const props = JSON.stringify(item.properties?.provenance ?? item);
    expect(props).toContain('not_in_document');
    expect(props).toContain('start_line');
    expect(item.required ?? []).not.toContain('provenance');
  });

  it("another user's file: 404 as before", async () => {
    expect((await api('GET', `files/${fileId}/extraction-results`, undefined, other)).status).toBe(404);
    const own = (await api('GET', `files/${fileId}/extraction-results`)).body;
    expect((await api('GET', `files/${fileId}/chunks/${own[0].chunk_id}/extraction-results`, undefined, other)).status).toBe(404);
  });
});

describe('table cells', () => {
  it('each cell of a 12-row table points at its own row line', async () => {
    const rows = tableRows(12);
    const fileId = await preparedFile(t, u, [[{ kind: 'paragraph', lines: ['Parts list for order 5531'] }, { kind: 'table', rows }]], 'parts.pdf');
    const { textPrompt, tablePrompt } = await createTablePrompts(t, u, ROWS_SCHEMA, 'Rows');
    const job = await runExtraction({ file_id: fileId, prompt_id: textPrompt, table_prompt_id: tablePrompt });
    expect(job.status).toBe('completed');
    const res = (await api('GET', `files/${fileId}/extraction-results`)).body;
    const table = res.find((r: any) => r.chunk_type === 'table' && Array.isArray(r.extracted_data?.items));
    const items = table.extracted_data.items as any[];
    const i7 = items.findIndex((i) => i.item === 'Part 007');
    expect(i7).toBeGreaterThanOrEqual(0);
    const [line7] = await linesWith(fileId, 'Part 007');
    const cells = table.provenance.values.filter((v: any) => v.path.startsWith(`$.items[${i7}].`));
    expect(cells.length).toBe(3);
    for (const c of cells) expect(c).toMatchObject({ status: 'found', start_line: line7, end_line: line7, chunk_id: table.chunk_id });
    expect(table.provenance.summary.not_in_document).toBe(0);
    // each chunk's event says what its step took and how much of it was provenance (bench/review/step.mjs reads them)
    const full = (await api('GET', `jobs/${job.id}`)).body;
    const steps = full.events.filter((e: any) => e.details?.sub_phase === 'chunk_completed' || e.sub_phase === 'chunk_completed').map((e: any) => e.details);
    expect(steps.length).toBe(res.length);
    for (const d of steps) {
      expect(typeof d.step_ms).toBe('number');
      expect(d.provenance_ms).toBeGreaterThanOrEqual(0);
      expect(d.provenance_ms).toBeLessThanOrEqual(d.step_ms);
    }
    expect(full.results_summary.checks_ms).toBeGreaterThanOrEqual(0);
  });
});
