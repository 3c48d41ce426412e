/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Chunking through the API and the in-process workers: 'OCR must be run first', a generated
// invoice PDF (real OCR) whose line-item table comes back with the right description, header
// and body rows, the generator's invoices in three table shapes, every strategy giving what
// the library gives for the same lines, window sizes outside 100-500 (250), the monitor's
// processing_config / events / results_summary, recent jobs, strategies, health, bad input.
import { eq, sql } from 'drizzle-orm';
import { chunkingRuns, ocrResults } from '../../db/schema';
import { chunkDocument, type ChunkDocumentOptions, type OcrLine } from '../../processing/chunking';
import { expectChunkInvariants, generateInvoice, generateProse } from '../../processing/chunking/test-fixtures';
import { expectedLines, makeTextPdf, type Block } from '../../processing/ocr/fixtures/generate';
import { shutdownOcr } from '../../processing/ocr';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';
import { TERMINAL, generousLimits, runChunkingJob, runOcrJob, uploadFile, waitForJob } from '../jobs/test-helpers';

jest.setTimeout(60_000);

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await startTestApp({ jobs: { inApiWorkers: 2, pollIntervalMs: 100 } });
  await generousLimits(t);
  u = await t.registerUser();
});
afterAll(async () => {
  await t?.close();
  await shutdownOcr();
});

const TINY_PDF = () => makeTextPdf([[{ kind: 'paragraph', lines: ['placeholder text for the upload'] }]]);

/** A file whose current OCR is exactly `pages` (submitted with PUT ocr/jobs/{id}/complete). */
async function fileWithText(pages: string[], filename = 'doc.pdf'): Promise<string> {
  const fileId = await uploadFile(t, u, await TINY_PDF(), filename, 'application/pdf');
  const job = await t.request('POST', '/api/v1/ocr/jobs', { token: u.token, json: { file_id: fileId } });
  const done = await t.request('PUT', `/api/v1/ocr/jobs/${job.body.id}/complete`, { token: u.token, json: { ocr_text: pages.join('\f') } });
  if (done.status !== 200) throw new Error(done.text);
  return fileId;
}

const linesOf = async (fileId: string): Promise<OcrLine[]> =>
  (await t.request('GET', `/api/v1/files/${fileId}/ocr/lines`, { token: u.token })).body.lines.map((l: any) => ({ number: l.number, page: l.page, text: l.text }));

const chunksOf = async (jobId: string) => (await t.request('GET', `/api/v1/chunking/${jobId}/chunks`, { token: u.token })).body;

/** The API's chunks in the library's shape (for the invariants helper and comparisons). */
const asLibraryChunks = (list: any[]) =>
  list.map((c) => ({
    chunk_index: c.chunk_index,
    chunk_type: c.chunk_type,
    content: c.content,
    character_count: c.character_count,
    chunking_strategy: c.chunking_strategy,
    approximate_token_count: c.approximate_token_count,
    page_number: c.page_number,
    start_position: c.start_position,
    end_position: c.end_position,
    start_line: c.start_line,
    end_line: c.end_line,
    metadata: c.metadata,
  }));

it("answers 'OCR must be run first' for a file without OCR, 404 for unknown files, 422 for unknown strategies", async () => {
  const fileId = await uploadFile(t, u, await TINY_PDF(), 'raw.pdf', 'application/pdf');
  const res = await t.request('POST', '/api/v1/chunking/test', { token: u.token, json: { file_id: fileId } });
  expect(res.status).toBe(400);
  expect(res.body.detail).toBe('OCR must be run first: the file "raw.pdf" has no OCR result yet. Run an OCR job on it, then chunk it.');
  expect((await t.request('POST', '/api/v1/chunking/test', { token: u.token, json: { file_id: '00000000-0000-4000-8000-000000000000' } })).status).toBe(404);
  const bad = await t.request('POST', '/api/v1/chunking/test', { token: u.token, json: { file_id: fileId, strategy: 'sentence_based' } });
  expect(bad.status).toBe(422);
  expect(bad.body.detail[0].loc).toEqual(['body', 'strategy']);
  expect((await t.request('POST', '/api/v1/chunking/test', { token: u.token, json: {} })).status).toBe(422);
});

describe('a generated invoice PDF through OCR and chunking', () => {
  const rows = [
    ['Description', 'Qty', 'Unit Price', 'Amount'],
    ['Widget model A1', '4', '12.50', '50.00'],
    ['Gadget model B2', '2', '99.00', '198.00'],
    ['Bracket model C3', '10', '3.25', '32.50'],
    ['Cable model D4', '1', '7.80', '7.80'],
    ['Adapter model E5', '3', '15.00', '45.00'],
  ];
  const blocks: Block[] = [
    { kind: 'paragraph', lines: ['INVOICE'] },
    { kind: 'paragraph', lines: ['Invoice number: INV-2024-0042', 'Invoice date: 2024-03-01', 'Due date: 2024-03-31'] },
    { kind: 'paragraph', lines: ['Bill To:', 'Acme Corporation', '12 Harbour Street, Springfield'] },
    { kind: 'paragraph', lines: ['Line items'] },
    { kind: 'table', rows },
    { kind: 'paragraph', lines: ['Subtotal: 333.30', 'Tax (10%): 33.33', 'Total due: 366.63'] },
  ];
  const expected = expectedLines(blocks);
  const at = (text: string) => expected.indexOf(text) + 1;

  it('finds the line-item table with its description, header and every body row, in one table chunk', async () => {
    const fileId = await uploadFile(t, u, await makeTextPdf([blocks]), 'invoice.pdf', 'application/pdf');
    const ocr = await runOcrJob(t, u, fileId);
    expect(ocr.status).toBe('completed');
    const lines = await linesOf(fileId);
    expect(lines.map((l) => l.text)).toEqual(expected);

    const created = await t.request('POST', '/api/v1/chunking/test', { token: u.token, json: { file_id: fileId } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ job_id: expect.any(String), status: 'queued', message: 'Chunking job queued (llm_analysis, window size 250)' });
    const job = await waitForJob(t, u, created.body.job_id, (j) => TERMINAL.includes(j.status), 30_000, `/api/v1/chunking/jobs/${created.body.job_id}`);
    expect(job.status).toBe('completed');
    expect(job.processing_config).toMatchObject({ chunking_strategy: 'llm_analysis', model: 'deterministic', window_size: 250, max_chunk_size: 2000, overlap_size: 0 });
    expect(job.results_summary).toMatchObject({ table_chunks: 1, success_rate: 1, failures: 0, windows_total: 1, model: 'deterministic' });
    expect(job.results_summary.total_chunks).toBe(job.results_summary.text_chunks + job.results_summary.table_chunks);
    expect(job.results_summary.processing_time).toEqual(expect.any(Number));

    const { chunks, total_chunks, run_id } = await chunksOf(job.id);
    expect(total_chunks).toBe(job.results_summary.total_chunks);
    expect(run_id).toBe(job.results_summary.run_id);
    // what the monitor shows comes from the server, through the presenter of GET /jobs/{id}
    const generic = (await t.request('GET', `/api/v1/jobs/${job.id}`, { token: u.token })).body;
    expect(job.event_count).toBe(job.events.length);
    expect(job.event_count).toBe(generic.event_count);
    expect(job.actual).toEqual({ pages: null, chunks: total_chunks, tokens: null, credits: generic.credit_cost });
    expect(job.actual).toEqual(generic.actual);
    expectChunkInvariants(lines, asLibraryChunks(chunks) as any);
    const tableChunks = chunks.filter((c: any) => c.metadata.table_structure.length > 0);
    expect(tableChunks).toHaveLength(1);
    const table = tableChunks[0];
    const header = at(expected.find((l) => l.startsWith('Description'))!);
    const first = header + 1;
    expect(table.chunk_type).toBe('table');
    expect(table.metadata.table_structure).toEqual([
      {
        start: at('Line items'),
        end: first + 4,
        parts: [
          { role: 'description', start: at('Line items'), end: at('Line items') },
          { role: 'header', start: header, end: header },
          ...[0, 1, 2, 3, 4].map((i) => ({ role: 'body', start: first + i, end: first + i })),
        ],
      },
    ]);
    expect(table.chunk_metadata).toEqual(table.metadata);
    expect(table.content).toContain('Adapter model E5');
  });
});

describe('the generator\'s invoices, in every table shape', () => {
  it.each(['gap', 'pipe', 'tail'] as const)('%s: header and body ranges as generated', async (style) => {
    const inv = generateInvoice(8, { seed: 3, style });
    const fileId = await fileWithText([inv.lines.map((l) => l.text).join('\n')], `invoice-${style}.pdf`);
    const job = await runChunkingJob(t, u, { file_id: fileId, strategy: 'llm_analysis' });
    expect(job.status).toBe('completed');
    const { chunks } = await chunksOf(job.id);
    const tables = chunks.flatMap((c: any) => c.metadata.table_structure);
    expect(tables).toHaveLength(1);
    const parts = tables[0].parts;
    expect(parts.filter((p: any) => p.role === 'header')).toEqual([{ role: 'header', start: inv.table.header, end: inv.table.headerEnd }]);
    const body = parts.filter((p: any) => p.role === 'body');
    expect(body).toHaveLength(8);
    expect(body[0].start).toBe(inv.table.bodyStart);
    expect(body.at(-1).end).toBe(inv.table.bodyEnd);
  });
});

describe('strategies', () => {
  const pageOne = [...generateProse(14, { seed: 11 }), '', ...generateInvoice(4, { seed: 5 }).lines.map((l) => l.text)].join('\n');
  const pageTwo = generateProse(12, { seed: 12 }).join('\n');
  let fileId: string;
  let lines: OcrLine[];
  beforeAll(async () => {
    fileId = await fileWithText([pageOne, pageTwo], 'two-pages.pdf');
    lines = await linesOf(fileId);
  });

  it.each([
    ['llm_analysis', { window_size: 100 }, { strategy: 'llm_analysis', windowSize: 100 }],
    ['character_based', { max_chunk_size: 400, overlap_size: 80 }, { strategy: 'character_based', maxChunkSize: 400, overlapSize: 80 }],
    ['paragraph_based', { max_chunk_size: 600 }, { strategy: 'paragraph_based', maxChunkSize: 600 }],
    ['page_based', {}, { strategy: 'page_based' }],
  ] as const)('%s gives the expected chunks', async (strategy, body, options) => {
    const job = await runChunkingJob(t, u, { file_id: fileId, strategy, ...body });
    expect(job.status).toBe('completed');
    const expectedResult = await chunkDocument(lines, options as ChunkDocumentOptions);
    const { chunks } = await chunksOf(job.id);
    const got = asLibraryChunks(chunks);
    expect(got).toEqual(JSON.parse(JSON.stringify(expectedResult.chunks)));
    expectChunkInvariants(lines, got as any);
    expect(job.results_summary.total_chunks).toBe(expectedResult.stats.total_chunks);
    if (strategy === 'page_based') {
      expect(got.map((c) => c.page_number)).toEqual([...new Set(got.map((c) => c.page_number))].sort());
      for (const c of got) expect(new Set(lines.slice(c.start_line - 1, c.end_line).map((l) => l.page)).size).toBe(1);
    }
    if (strategy === 'character_based') {
      for (const c of got) if (c.metadata.tables_found === 0) expect(c.character_count).toBeLessThanOrEqual(400);
      expect(job.processing_config).toMatchObject({ window_size: null, overlap_size: 80, max_chunk_size: 400 });
    }
    if (strategy === 'llm_analysis') {
      expect(job.processing_config.window_size).toBe(100);
      const windows = job.events.filter((e: any) => e.sub_phase === 'window_completed');
      expect(windows.length).toBe(expectedResult.stats.windows_total);
      expect(windows[0].details.window_info).toMatchObject({ current: 1, total: expectedResult.stats.windows_total });
      expect(windows[0]).toMatchObject({ units: 'windows', current_value: 1 });
    }
  });

  it.each([
    [50, 250],
    [99, 250],
    [501, 250],
    [9999, 250],
    ['abc', 250],
    ['300', 300],
    [100, 100],
    [500, 500],
  ])('window_size %p is used as %p', async (requested, used) => {
    const res = await t.request('POST', '/api/v1/chunking/test', { token: u.token, json: { file_id: fileId, window_size: requested } });
    expect(res.status).toBe(201);
    expect(res.body.processing_config.window_size).toBe(used);
    if (used === 250) expect(res.body.message).toMatch(/is outside 100-500, 250 is used$/);
    await waitForJob(t, u, res.body.job_id, (j) => TERMINAL.includes(j.status), 30_000);
  });

  it('window_size applies to llm_analysis only', async () => {
    const res = await t.request('POST', '/api/v1/chunking/test', { token: u.token, json: { file_id: fileId, strategy: 'page_based', window_size: 300 } });
    expect(res.body.processing_config).toMatchObject({ chunking_strategy: 'page_based', window_size: null, model: 'none' });
    await waitForJob(t, u, res.body.job_id, (j) => TERMINAL.includes(j.status), 30_000);
  });
});

describe('lists, strategies, health, bad input', () => {
  it('recent chunking jobs default to 5; strategies and health describe this server', async () => {
    const recent = await t.request('GET', '/api/v1/chunking/jobs', { token: u.token });
    expect(recent.status).toBe(200);
    expect(recent.body.jobs.length).toBeLessThanOrEqual(5);
    expect(recent.body.total_count).toBeGreaterThan(5);
    expect(recent.body.jobs.every((j: any) => j.job_type === 'chunking')).toBe(true);
    expect((await t.request('GET', '/api/v1/chunking/jobs?limit=2', { token: u.token })).body.jobs).toHaveLength(2);

    const strategies = await t.request('GET', '/api/v1/chunking/strategies', { token: u.token });
    expect(strategies.body.strategies.map((s: any) => s.name)).toEqual(['llm_analysis', 'character_based', 'paragraph_based', 'page_based']);
    expect(strategies.body).toMatchObject({ default_strategy: 'llm_analysis', window_size: { min: 100, max: 500, default: 250 } });

    const health = await t.request('GET', '/api/v1/chunking/health', { token: u.token });
    expect(health.body).toMatchObject({ status: 'healthy', provider: 'offline', model: 'deterministic', deterministic: true, in_process_workers: 2 });
    expect(health.body.strategies).toHaveLength(4);
    expect((await t.request('GET', '/api/v1/chunking/health')).status).toBe(401);
  });

  it('an OCR without text fails the job with a readable error', async () => {
    const fileId = await fileWithText([''], 'blank.pdf');
    const job = await runChunkingJob(t, u, { file_id: fileId, strategy: 'paragraph_based' });
    expect(job).toMatchObject({ status: 'failed', error_message: 'The OCR of this file found no text: there is nothing to chunk' });
    expect((await chunksOf(job.id))).toMatchObject({ total_chunks: 0, chunks: [], run_id: null });
    expect(job.event_count).toBe(job.events.length);
    expect(job.actual).toMatchObject({ pages: null, chunks: 0, tokens: null });
  });

  it("a long document's chunks are written before the short transaction that makes the run active", async () => {
    // On the embedded database a transaction holds its one session: the chunks of a long document
    // (hundreds of rows) are written each batch in a statement of its own, the run activated after.
    const pages = Array.from({ length: 30 }, (_, p) => generateProse(12, { seed: p + 1, perParagraph: 2 }).join('\n\n'));
    const fileId = await fileWithText(pages, 'long.pdf');
    const job = await runChunkingJob(t, u, { file_id: fileId, strategy: 'character_based', max_chunk_size: 100 });
    expect(job.status).toBe('completed');
    const runId = (await chunksOf(job.id)).run_id as string;
    const db = t.app.database.db;
    const writers = async (table: string) => {
      const r = (await db.execute(sql.raw(`select xmin::text as x from ${table} where ${table === 'chunks' ? 'run_id' : 'id'} = '${runId}'`))) as unknown as { rows: { x: string }[] };
      return new Set(r.rows.map((row) => row.x));
    };
    const chunkWriters = await writers('chunks');
    expect(job.results_summary.total_chunks).toBeGreaterThan(100);
    expect(chunkWriters.size).toBeGreaterThan(1);
    const [runWriter] = [...(await writers('chunking_runs'))];
    expect(chunkWriters.has(runWriter!)).toBe(false);
  });

  it('a run staged by an attempt that could not make it active is removed by the next attempt', async () => {
    const fileId = await fileWithText(['First paragraph of a retried job.\n\nSecond paragraph of it.'], 'retried.pdf');
    const app = t.app;
    await app.jobs.stopWorkers(); // the job waits while an earlier attempt's staged run is put in its way
    try {
      const res = await t.request('POST', '/api/v1/chunking/test', { token: u.token, json: { file_id: fileId } });
      const [ocr] = await app.database.db.select({ id: ocrResults.id }).from(ocrResults).where(eq(ocrResults.fileId, fileId));
      const [left] = await app.database.db
        .insert(chunkingRuns)
        .values({ userId: u.id, fileId, jobId: res.body.job_id, ocrResultId: ocr!.id, chunkingStrategy: 'paragraph_based', maxChunkSize: 1000, overlapSize: 0, model: 'none', chunkCount: 0, isActive: false, stats: {} })
        .returning();
      app.jobs.startWorkers(2);
      const job = await waitForJob(t, u, res.body.job_id, (j) => TERMINAL.includes(j.status), 30_000);
      expect(job.status).toBe('completed');
      const runs = await app.database.db.select().from(chunkingRuns).where(eq(chunkingRuns.fileId, fileId));
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ isActive: true, jobId: res.body.job_id });
      expect(runs[0]!.id).not.toBe(left!.id);
    } finally {
      app.jobs.startWorkers(2);
    }
  });

  it('a file deleted before its chunking job runs fails the job', async () => {
    const fileId = await fileWithText(['Some text to chunk.\n\nAnother paragraph.'], 'gone.pdf');
    const app = t.app;
    await app.jobs.stopWorkers(); // hold the job in the queue while the file goes
    try {
      const res = await t.request('POST', '/api/v1/chunking/test', { token: u.token, json: { file_id: fileId } });
      expect((await t.request('DELETE', `/api/v1/files/${fileId}`, { token: u.token })).status).toBe(200);
      app.jobs.startWorkers(2);
      const job = await waitForJob(t, u, res.body.job_id, (j) => TERMINAL.includes(j.status), 30_000);
      expect(job.status).toBe('failed');
      expect(job.error_message).toBe('The file gone.pdf or its OCR result was deleted; there is nothing to chunk');
    } finally {
      app.jobs.startWorkers(2);
    }
  });
});
