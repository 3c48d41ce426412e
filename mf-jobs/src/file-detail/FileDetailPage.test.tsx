import { events, toaster } from '@quarry/shared';
import type { ChunkItem, ExtractionResult, OcrJob } from '@quarry/shared/schemas';
import { quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeRoutes } from '@quarry/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import FileDetailPage from './FileDetailPage';

jest.mock('./pdfPage', () => ({
  openPdf: jest.fn(async () => ({ numPages: 2, destroy: jest.fn() })),
  renderPdfPage: jest.fn(async () => () => undefined),
}));

jest.setTimeout(30_000);

const fakeApi = setupFakeApiRoutes();

const FILE = '11111111-1111-4111-8111-111111111111';
const RUN_A = '22222222-2222-4222-8222-00000000000a';
const RUN_B = '22222222-2222-4222-8222-00000000000b';
const T = '2025-01-01T00:00:00Z';
const file = { id: FILE, filename: 'invoice.pdf', file_size: 1000, mime_type: 'application/pdf', file_type: 'pdf', estimated_pages: 2, actual_pages: 2, page_count: 2, is_valid: true, error_message: null, upload_session_id: null, sha256: null, created_at: T, updated_at: T, validated_at: T };
const ocrOk = { success: true, processing_time: 1, error: null, ocr_markdown: null, ocr_text: 'Invoice Number: INV-1\nTerms', job_id: null, file_id: FILE, result_id: RUN_A, status: 'completed', text_length: 20, page_count: 2, engine: 'pdf-text', created_at: T };
const lines = { file_id: FILE, result_id: RUN_A, page_count: 2, total_lines: 2, lines: [{ number: 1, text: 'Invoice Number: INV-1', page: 1 }, { number: 2, text: 'Terms', page: 2 }] };
const run = (id: string, strategy: string, active: boolean) => ({ chunking_run_id: id, id, file_id: FILE, job_id: null, ocr_result_id: null, is_active: active, chunk_count: 1, chunking_strategy: strategy, max_chunk_size: 2000, overlap_size: 0, window_size: null, model: null, created_at: T });
const meta = { tables_found: 0, chunking_strategy: 'x', chunk_strategy: 'x', llm_chunk_id: null, llm_status: null, llm_start_line: 1, llm_end_line: 1, table_structure: [] };
const chunk = (runId: string, content: string): ChunkItem => ({ id: `33333333-3333-4333-8333-${runId.slice(-12)}`, run_id: runId, file_id: FILE, chunk_index: 0, chunk_type: 'text', content, character_count: content.length, chunking_strategy: 'x', approximate_token_count: 1, page_number: 1, start_position: 0, end_position: 0, start_line: 1, end_line: 1, metadata: meta, chunk_metadata: meta, created_at: T, updated_at: T });
const result = (chunkId: string, data: unknown, extra: Partial<ExtractionResult> = {}): ExtractionResult => ({ id: `44444444-4444-4444-8444-${Math.random().toString(16).slice(2, 14).padEnd(12, '0')}`, job_id: RUN_A, file_id: FILE, chunk_id: chunkId, run_id: RUN_A, sequence_number: 0, chunk_type: 'text', status: 'completed', extracted_data: data, error_message: null, created_at: T, chunk_text: 'Invoice Number: INV-1', tokens_used: 0, provider: 'offline', model: 'offline', offline: true, processing_time_ms: 1, superseded_at: null, is_current: true, details: {}, ...extra });

const ocrJob: OcrJob = {
  id: RUN_B, name: 'OCR: invoice.pdf', description: null, status: 'pending', created_at: T, updated_at: T, queued_at: null, started_at: null, completed_at: null,
  progress_percentage: 0, file_id: FILE, error_message: null, error_details: null, filename: 'invoice.pdf', job_type: 'ocr', results_summary: null, attempts: 0,
};

let runs: ReturnType<typeof run>[];
function setup(extra: FakeRoutes = {}) {
  runs = [run(RUN_A, 'llm_analysis', true), run(RUN_B, 'page_based', false)];
  const calls = fakeApi.serve({
    [`GET /files/${FILE}`]: () => ({ body: file }),
    [`GET /ocr/results/${FILE}`]: () => ({ body: ocrOk }),
    [`GET /files/${FILE}/ocr/lines`]: () => ({ body: lines }),
    // the signed URL points outside the API, as storage's does
    [`GET /files/${FILE}/download-url`]: () => ({ body: { file_id: FILE, url: fakeApi.url(`/storage/${FILE}`), expires_at: T } }),
    [`GET /storage/${FILE}`]: () => ({ raw: '%PDF', headers: { 'Content-Type': 'application/pdf' } }),
    [`GET /files/${FILE}/chunking_runs`]: () => ({ body: { file_id: FILE, runs, total_count: runs.length, active_run_id: runs.find((r) => r.is_active)?.id ?? null } }),
    [`GET /files/${FILE}/chunking_runs/${RUN_A}/chunks`]: () => ({ body: { total_chunks: 1, chunks: [chunk(RUN_A, 'chunk of A')], run_id: RUN_A, file_id: FILE } }),
    [`GET /files/${FILE}/chunking_runs/${RUN_B}/chunks`]: () => ({ body: { total_chunks: 1, chunks: [chunk(RUN_B, 'chunk of B')], run_id: RUN_B, file_id: FILE } }),
    [`POST /files/${FILE}/chunking_runs/${RUN_B}/activate`]: () => {
      runs = [run(RUN_A, 'llm_analysis', false), run(RUN_B, 'page_based', true)];
      return { body: runs[1] };
    },
    [`DELETE /files/${FILE}/chunking_runs/${RUN_B}`]: () => {
      runs = runs.filter((r) => r.id !== RUN_B);
      return { status: 204 };
    },
    ...extra,
  });
  renderRoute(<FileDetailPage />, { path: '/files/:fileId', url: `/files/${FILE}` });
  return calls;
}

beforeEach(() => {
  quietActWarnings();
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => toaster.remove());
});

describe('FileDetailPage', () => {
  it("an unknown or foreign file reads 'File not found' with a way back", async () => {
    setup({ [`GET /files/${FILE}`]: () => ({ status: 404, body: { detail: 'File not found' } }) });
    expect(await screen.findByText('File not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Files/ })).toHaveAttribute('href', '/files');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('OCR Results: numbered lines page by page beside the page view, Copy, Edit Chunks', async () => {
    const calls = setup();
    expect(await screen.findByRole('heading', { name: 'invoice.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Edit Chunks/ })).toHaveAttribute('href', `/files/${FILE}/edit-chunks`);
    const page1 = await screen.findByRole('region', { name: 'OCR text, page 1' });
    expect(within(page1).getByText('Invoice Number: INV-1')).toBeInTheDocument();
    expect(within(page1).getByText('1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Copy/ })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'invoice.pdf, page 1' })).toBeInTheDocument();
    // the page view reads the file from its signed URL, not through the API
    expect(calls.filter((c) => c.path === `/storage/${FILE}`)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(within(screen.getByRole('region', { name: 'OCR text, page 2' })).getByText('Terms')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('a failed OCR shows the OCR error block with Re-run OCR', async () => {
    const calls = setup({
      [`GET /ocr/results/${FILE}`]: () => ({ body: { ...ocrOk, success: false, status: 'failed', error: 'Unreadable scan', ocr_text: null } }),
      'POST /ocr/jobs': () => ({ status: 201, body: ocrJob }),
      [`POST /ocr/jobs/${RUN_B}/start`]: () => ({ body: { ...ocrJob, status: 'queued', queued_at: T } }),
    });
    expect(await screen.findByText('OCR failed')).toBeInTheDocument();
    expect(screen.getByText('Unreadable scan')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Re-run OCR' }));
    await waitFor(() => expect(calls.some((c) => c.path === `/ocr/jobs/${RUN_B}/start`)).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/ocr/jobs')?.body).toEqual({ file_id: FILE });
  });

  it('Chunking Versions: the active run by default; view any run\'s chunks; activate an inactive run (only inactive runs offer Delete)', async () => {
    setup();
    fireEvent.click(await screen.findByRole('tab', { name: 'Chunking Versions' }));
    expect(await screen.findByText('chunk of A')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Chunking versions' });
    const rowB = () => within(table).getAllByRole('row').find((r) => r.textContent?.includes('page_based'))!;
    fireEvent.click(within(rowB()).getByRole('button', { name: 'View chunks' }));
    expect(await screen.findByText('chunk of B')).toBeInTheDocument();
    fireEvent.click(within(rowB()).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(within(rowB()).getAllByText('Active').length).toBeGreaterThan(0));
    const rowA = within(table).getAllByRole('row').find((r) => r.textContent?.includes('llm_analysis'))!;
    expect(within(rowA).queryByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(rowB()).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('deleting asks first with the spec question', async () => {
    const calls = setup();
    fireEvent.click(await screen.findByRole('tab', { name: 'Chunking Versions' }));
    const table = await screen.findByRole('table', { name: 'Chunking versions' });
    const rowB = within(table).getAllByRole('row').find((r) => r.textContent?.includes('page_based'))!;
    fireEvent.click(within(rowB).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete this chunking version? This action cannot be undone.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(table).queryByText('page_based')).not.toBeInTheDocument());
  });

  it('Extraction Results: the unified record, chunk details with the previous result, and a missing chunk', async () => {
    const cA = chunk(RUN_A, 'chunk of A');
    const orphan = '55555555-5555-4555-8555-555555555555';
    setup({
      [`GET /files/${FILE}/chunks`]: () => ({ body: { total_chunks: 1, chunks: [cA], run_id: RUN_A, file_id: FILE } }),
      [`GET /files/${FILE}/extraction-results`]: () => ({
        body: [
          result(cA.id, { invoice_number: 'INV-1', items: [{ item: 'Bolt' }] }),
          result(cA.id, { invoice_number: 'OLD' }, { is_current: false, superseded_at: T, created_at: '2024-12-01T00:00:00Z' }),
          result(orphan, { items: [{ item: 'Nut' }] }, { sequence_number: 1, status: 'failed', error_message: 'Model refused' }),
        ],
      }),
      // the Unified Dataset is the server's review record (merged there like this)
      [`GET /files/${FILE}/record`]: () => ({
        body: {
          file_id: FILE, filename: 'invoice.pdf', extraction: 'partial', job_id: RUN_A, base_version: 'v', original: {}, record: { invoice_number: 'INV-1', items: [{ item: 'Bolt' }] },
          sources: {}, checks: [], reviewed: false, reviewed_at: null, reviewed_record: null, review_outdated: false, corrections: 0, history: [],
          summary: { values: 0, found: 0, not_in_document: 0, corrected: 0, checks_failed: 0, checks_passed: 0 },
        },
      }),
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Extraction Results' }));
    const fields = await screen.findByRole('table', { name: 'Unified fields' });
    expect(within(fields).getByText('INV-1')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Items' })).getByText('Bolt')).toBeInTheDocument();
    expect(screen.queryByText('Nut')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Chunk Details' }));
    const first = await screen.findByRole('article', { name: 'Chunk 1 result' });
    fireEvent.click(within(first).getByRole('button', { name: 'Previous results (1)' }));
    expect(await within(first).findByText(/"OLD"/)).toBeInTheDocument();
    const second = screen.getByRole('article', { name: 'Chunk 2 result' });
    expect(within(second).getByText('Model refused')).toBeInTheDocument();
    fireEvent.click(within(second).getByRole('button', { name: 'Why it failed' }));
    expect(await screen.findByText('Extraction Failed')).toBeInTheDocument();
    fireEvent.click(within(second).getByRole('button', { name: 'Re-extract' }));
    expect(await screen.findByText('Could not find the corresponding chunk')).toBeInTheDocument();
    fireEvent.click(within(first).getByRole('button', { name: 'Re-extract' }));
    expect(await screen.findByRole('dialog', { name: 'Re-extract chunk 1' })).toBeInTheDocument();
  });

  it('Extraction Results across chunking versions: a new version without results opens on the version that has them, with a selector', async () => {
    const cA = chunk(RUN_A, 'chunk of A');
    const cB = chunk(RUN_B, 'chunk of B');
    const calls = setup({
      [`GET /files/${FILE}/chunks`]: () => ({ body: { total_chunks: 1, chunks: [cB], run_id: RUN_B, file_id: FILE } }),
      [`GET /files/${FILE}/extraction-results`]: (call) => ({
        body: call.query.get('run_id') === RUN_A ? [result(cA.id, { invoice_number: 'INV-1', vendor: 'Maple Leaf Printing' })] : [],
      }),
      [`GET /files/${FILE}/record`]: () => ({
        body: {
          file_id: FILE, filename: 'invoice.pdf', extraction: 'none', job_id: null, base_version: 'none', original: {}, record: {},
          sources: {}, checks: [], fields: [], reviewed: false, reviewed_at: null, reviewed_record: null, review_outdated: false, corrections: 0, history: [],
          summary: { values: 0, found: 0, not_in_document: 0, corrected: 0, checks_failed: 0, checks_passed: 0 },
        },
      }),
    });
    // version 2 (page_based) is new and active, without results; version 1 has them
    runs.splice(0, runs.length, { ...run(RUN_B, 'page_based', true), extraction_result_count: 0 } as ReturnType<typeof run>, { ...run(RUN_A, 'llm_analysis', false), extraction_result_count: 1 } as ReturnType<typeof run>);
    fireEvent.click(await screen.findByRole('tab', { name: 'Extraction Results' }));
    const version = await screen.findByRole('combobox', { name: 'Results of chunking version' });
    expect(version).toHaveValue(RUN_A);
    expect(screen.getByTestId('other-version-notice')).toHaveTextContent('version 2 has no extraction results yet');
    const fields = await screen.findByRole('table', { name: 'Unified fields of this version' });
    expect(within(fields).getByText('Maple Leaf Printing')).toBeInTheDocument();
    expect(screen.queryByText('No extraction results')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === `/files/${FILE}/extraction-results` && c.query.get('run_id') === RUN_A)).toBe(true);
    // the active version on request: it has none yet, and says so
    fireEvent.change(version, { target: { value: RUN_B } });
    expect(await screen.findByText('No extraction results')).toBeInTheDocument();
  });

  it('a live update that a job of this file ended reloads what is shown (OCR running -> text)', async () => {
    // no OCR job known yet: nothing polls, only the live update can bring the text
    let ocr: unknown = { ...ocrOk, success: false, status: null, ocr_text: null };
    setup({ [`GET /ocr/results/${FILE}`]: () => ({ body: ocr }) });
    expect(await screen.findByText('No OCR results yet', {}, { timeout: 5000 })).toBeInTheDocument();
    ocr = ocrOk;
    // another file's job changes nothing here
    act(() => events.emit({ type: 'job_update', job_id: RUN_B, status: 'completed', data: { context: { single_file_id: RUN_A } } }));
    act(() => events.emit({ type: 'job_update', job_id: RUN_B, status: 'completed', data: { context: { single_file_id: FILE } } }));
    expect(await screen.findByRole('region', { name: 'OCR text, page 1' }, { timeout: 3000 })).toBeInTheDocument();
  });
});
