import { toaster } from '@quarry/shared';
import type { CorrectionEntry, ReviewRecordResponse } from '@quarry/shared/schemas';
import { quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeResponse, type FakeRoutes } from '@quarry/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import FileDetailPage from '../FileDetailPage';

const fakeApi = setupFakeApiRoutes();
// a shared, busy machine: the first test builds the whole file page
jest.setTimeout(90_000);

jest.mock('../pdfPage', () => ({
  openPdf: jest.fn(async () => ({ numPages: 2, destroy: jest.fn() })),
  renderPdfPage: jest.fn(async () => () => undefined),
}));

const FILE = '11111111-1111-4111-8111-111111111111';
const RUN = '22222222-2222-4222-8222-00000000000a';
const CHUNK = '33333333-3333-4333-8333-000000000001';
const TABLE = '33333333-3333-4333-8333-000000000002';
const C1 = '66666666-6666-4666-8666-000000000001';
const T = '2025-01-01T00:00:00Z';
const file = { id: FILE, filename: 'invoice.pdf', file_size: 1000, mime_type: 'application/pdf', file_type: 'pdf', estimated_pages: 2, actual_pages: 2, page_count: 2, is_valid: true, error_message: null, upload_session_id: null, sha256: null, created_at: T, updated_at: T, validated_at: T };
const ocrOk = { success: true, processing_time: 1, error: null, ocr_markdown: null, ocr_text: 'x', job_id: null, file_id: FILE, result_id: RUN, status: 'completed', text_length: 20, page_count: 2, engine: 'pdf-text', created_at: T };
const lines = {
  file_id: FILE,
  result_id: RUN,
  page_count: 2,
  total_lines: 5,
  lines: [
    { number: 1, text: 'Invoice Number: INV-1', page: 1 },
    { number: 2, text: 'Total: 37.00', page: 1 },
    { number: 3, text: 'Item Qty Price Amount', page: 2 },
    { number: 4, text: 'Bolt 2 12.50 25.00', page: 2 },
    { number: 5, text: 'Nut 3 4.00 12.00', page: 2 },
  ],
};
const meta = { tables_found: 0, chunking_strategy: 'x', chunk_strategy: 'x', llm_chunk_id: null, llm_status: null, llm_start_line: 1, llm_end_line: 1, table_structure: [] };
const chunk = { id: CHUNK, run_id: RUN, file_id: FILE, chunk_index: 0, chunk_type: 'text', content: 'x', character_count: 1, chunking_strategy: 'x', approximate_token_count: 1, page_number: 1, start_position: 0, end_position: 0, start_line: 1, end_line: 2, metadata: meta, chunk_metadata: meta, created_at: T, updated_at: T };
const result = { id: '44444444-4444-4444-8444-000000000001', job_id: RUN, file_id: FILE, chunk_id: CHUNK, run_id: RUN, sequence_number: 0, chunk_type: 'text', status: 'completed', extracted_data: {}, error_message: null, created_at: T, chunk_text: 'x', tokens_used: 0, provider: 'offline', model: 'offline', offline: true, processing_time_ms: 1, superseded_at: null, is_current: true, details: {} };

const found = (chunk_id: string, line: number, page: number, match = 'exact') => ({ status: 'found' as const, chunk_id, start_line: line, end_line: line, page, match });
const items = [
  { item: 'Bolt', qty: 2, price: 12.5, amount: 25 },
  { item: 'Nut', qty: 3, price: 4, amount: 12 },
];
const BASE: ReviewRecordResponse = {
  file_id: FILE,
  filename: 'invoice.pdf',
  extraction: 'completed',
  job_id: RUN,
  base_version: 'v1',
  original: { invoice_number: 'INV-1', vendor: 'Globex', total: 37, items },
  record: { invoice_number: 'INV-1', vendor: 'Globex', total: 37, items },
  sources: {
    '$.invoice_number': found(CHUNK, 1, 1),
    '$.vendor': { status: 'not_in_document', chunk_id: null, start_line: null, end_line: null, page: null, match: null },
    '$.total': found(CHUNK, 2, 1, 'number'),
    ...Object.fromEntries(items.flatMap((row, i) => Object.keys(row).map((c) => [`$.items[${i}].${c}`, found(TABLE, 4 + i, 2)]))),
  },
  checks: [
    { id: 'row_count:items', rule: 'row_count', status: 'passed', message: 'items: all 2 table rows found in the document are in the record', path: '$.items' },
    { id: 'sum_total:$.total', rule: 'sum_total', status: 'passed', message: 'Sum of the items amounts (37) matches total (37)', path: '$.total' },
  ],
  fields: [],
  reviewed: false,
  reviewed_at: null,
  reviewed_record: null,
  review_outdated: false,
  corrections: 0,
  history: [],
  summary: { values: 11, found: 10, not_in_document: 1, corrected: 0, checks_failed: 0, checks_passed: 2 },
};

const entry = (patch: Partial<CorrectionEntry>): CorrectionEntry => ({
  id: C1,
  action: 'set',
  path: '$.items[0].amount',
  target: { kind: 'cell', list: 'items', row: 'o0', column: 'amount' },
  old_value: 25,
  new_value: 26,
  author_id: null,
  author_email: 'ada@example.com',
  created_at: T,
  undone_at: null,
  status: 'active',
  applied: true,
  ...patch,
});
const CORRECTED: ReviewRecordResponse = {
  ...BASE,
  record: { ...BASE.record, items: [{ ...items[0]!, amount: 26 }, items[1]] },
  sources: { ...BASE.sources, '$.items[0].amount': { ...found(TABLE, 4, 2), status: 'corrected' } },
  checks: [
    BASE.checks[0]!,
    { id: 'line_amount:$.items[0]', rule: 'line_amount', status: 'failed', message: 'items row 1: qty 2 × price 12.50 = 25, but amount is 26', path: '$.items[0].amount' },
    { id: 'sum_total:$.total', rule: 'sum_total', status: 'failed', message: 'Sum of the items amounts is 38, but total is 37 (difference 1)', path: '$.total' },
  ],
  corrections: 1,
  history: [entry({})],
  summary: { ...BASE.summary, corrected: 1, found: 9, checks_failed: 2, checks_passed: 1 },
};

/** `record` answers GET /files/{id}/record: a record is its body, a FakeResponse (`status`) is sent as is. */
function setup(record: () => ReviewRecordResponse | FakeResponse, extra: FakeRoutes = {}, url = `/files/${FILE}?tab=extraction`) {
  const calls = fakeApi.serve({
    [`GET /files/${FILE}`]: () => ({ body: file }),
    [`GET /ocr/results/${FILE}`]: () => ({ body: ocrOk }),
    [`GET /files/${FILE}/ocr/lines`]: () => ({ body: lines }),
    [`GET /files/${FILE}/download-url`]: () => ({ body: { file_id: FILE, url: fakeApi.url(`/storage/${FILE}`), expires_at: T } }),
    [`GET /storage/${FILE}`]: () => ({ raw: '%PDF', headers: { 'Content-Type': 'application/pdf' } }),
    [`GET /files/${FILE}/chunks`]: () => ({ body: { total_chunks: 1, chunks: [chunk], run_id: RUN, file_id: FILE } }),
    [`GET /files/${FILE}/chunking_runs`]: () => ({
      body: {
        file_id: FILE,
        runs: [{ chunking_run_id: RUN, id: RUN, file_id: FILE, job_id: null, ocr_result_id: null, is_active: true, chunk_count: 1, chunking_strategy: 'x', max_chunk_size: 2000, overlap_size: 0, window_size: null, model: null, created_at: T, extraction_result_count: 1 }],
        total_count: 1,
        active_run_id: RUN,
      },
    }),
    [`GET /files/${FILE}/extraction-results`]: () => ({ body: [result] }),
    [`GET /files/${FILE}/record`]: () => {
      const answer = record();
      return 'file_id' in answer ? { body: answer } : answer;
    },
    ...extra,
  });
  const view = renderRoute(<FileDetailPage />, { path: '/files/:fileId', url });
  return { calls, ...view };
}

beforeEach(() => {
  quietActWarnings();
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => toaster.remove());
});

const fields = () => screen.findByRole('table', { name: 'Unified fields' });

describe('the review record on the file page', () => {
  it('a source mark opens the OCR tab at its page with the lines highlighted; the selection is in the URL', async () => {
    const { router } = setup(() => BASE);
    const table = await fields();
    expect(within(table).getByText('INV-1')).toBeInTheDocument();
    fireEvent.click(within(table).getByRole('button', { name: 'Source of Invoice number' }));
    expect(await screen.findByRole('tab', { name: 'OCR Results', selected: true })).toBeInTheDocument();
    const page1 = await screen.findByRole('region', { name: 'OCR text, page 1' });
    const marked = within(page1).getByText('Invoice Number: INV-1').closest('li');
    expect(marked).toHaveAttribute('aria-current', 'true');
    expect(within(page1).getByText('Total: 37.00').closest('li')).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Source of Invoice number: lines 1–1, page 1')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('lines')).toBe('1-1');

    // a table cell on page 2: the OCR text turns to page 2
    act(() => void router.navigate(`/files/${FILE}?tab=extraction`));
    const rows = await screen.findByRole('table', { name: 'Items' });
    fireEvent.click(within(rows).getByRole('button', { name: 'Source of Amount, row 2' }));
    const page2 = await screen.findByRole('region', { name: 'OCR text, page 2' });
    expect(within(page2).getByText('Nut 3 4.00 12.00').closest('li')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear highlight' }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'OCR text, page 2' })).getByText('Nut 3 4.00 12.00').closest('li')).not.toHaveAttribute('aria-current'));
    expect(screen.queryByText(/^Source of Amount, row 2/)).not.toBeInTheDocument();
  });

  it('a value the document does not contain is flagged and has no source mark; the summary counts it', async () => {
    setup(() => BASE);
    const table = await fields();
    const vendorRow = within(table).getByText('Globex').closest('tr')!;
    expect(within(vendorRow).getByRole('note', { name: 'Vendor: not in the document' })).toHaveTextContent('Not in document');
    expect(within(vendorRow).queryByRole('button', { name: /Source of/ })).not.toBeInTheDocument();
    expect(screen.getByText('1 not in document')).toBeInTheDocument();
    expect(screen.getByText('10 found in the document')).toBeInTheDocument();
  });

  it('edits a cell in place (Enter saves with the base version), shows it corrected with the original, a failed check to open, and undo', async () => {
    let current: ReviewRecordResponse = BASE;
    const { calls } = setup(() => current, {
      [`POST /files/${FILE}/corrections`]: () => ({ body: (current = CORRECTED) }),
      [`POST /files/${FILE}/corrections/${C1}/undo`]: () => ({ body: (current = { ...BASE, history: [entry({ status: 'undone', applied: false, undone_at: T })] }) }),
    });
    const rows = await screen.findByRole('table', { name: 'Items' });
    fireEvent.click(within(rows).getByRole('button', { name: 'Edit Amount, row 1' }));
    const box = within(rows).getByRole('textbox', { name: 'Value of Amount, row 1' });
    expect(box).toHaveValue('25');
    fireEvent.change(box, { target: { value: '26' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'set', path: '$.items[0].amount', value: 26, base_version: 'v1' }));
    expect(await within(rows).findByLabelText('Corrected; original: 25')).toHaveTextContent('Corrected');
    // the failed check is shown on the value it is about
    expect(within(rows).getByRole('img', { name: 'Failed check: items row 1: qty 2 × price 12.50 = 25, but amount is 26' })).toBeInTheDocument();

    const checks = screen.getByRole('region', { name: 'Checks' });
    expect(within(checks).getByText('2 failed, 1 passed')).toBeInTheDocument();
    const trigger = () => within(checks).getByRole('button', { name: /items row 1: qty 2 × price 12.50 = 25, but amount is 26/ });
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(trigger());
    await waitFor(() => expect(trigger()).toHaveAttribute('aria-expanded', 'true'));
    expect(within(checks).getByRole('button', { name: 'Show in record' })).toBeInTheDocument();

    const history = screen.getByRole('region', { name: 'Correction history' });
    expect(within(history).getByText('Items, row 1: Amount: 25 → 26')).toBeInTheDocument();
    expect(within(history).getByText(/ada@example.com/)).toBeInTheDocument();
    fireEvent.click(within(history).getByRole('button', { name: 'Undo correction of $.items[0].amount' }));
    expect(await within(history).findByText('Undone')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Items' })).queryByText('Corrected')).not.toBeInTheDocument();
  });

  it('Escape cancels an edit without a call; rows are added and deleted through corrections', async () => {
    const { calls } = setup(() => BASE, {
      [`POST /files/${FILE}/corrections`]: () => ({ body: BASE }),
    });
    const rows = await screen.findByRole('table', { name: 'Items' });
    fireEvent.click(within(rows).getByRole('button', { name: 'Edit Item, row 2' }));
    const box = within(rows).getByRole('textbox', { name: 'Value of Item, row 2' });
    fireEvent.change(box, { target: { value: 'Screw' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(within(rows).queryByRole('textbox')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // back on the Edit button, for the keyboard
    await waitFor(() => expect(within(rows).getByRole('button', { name: 'Edit Item, row 2' })).toHaveFocus());

    fireEvent.click(screen.getByRole('button', { name: 'Add row to Items' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ action: 'add_row', path: '$.items', value: { item: null, qty: null, price: null, amount: null }, base_version: 'v1' }));
    await waitFor(() => expect(within(rows).getByRole('button', { name: 'Delete row 2 of Items' })).toBeEnabled());
    fireEvent.click(within(rows).getByRole('button', { name: 'Delete row 2 of Items' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ action: 'delete_row', path: '$.items[1]', base_version: 'v1' }));
  });

  it('a correction refused because the file was re-extracted says so and reloads the record', async () => {
    let loads = 0;
    setup(
      () => {
        loads++;
        return BASE;
      },
      { [`POST /files/${FILE}/corrections`]: () => ({ status: 409, body: { detail: 'The record was re-extracted since you loaded it, so this correction was not applied.' } }) },
    );
    const table = await fields();
    fireEvent.click(within(table).getByRole('button', { name: 'Edit Invoice number' }));
    const box = within(table).getByRole('textbox', { name: 'Value of Invoice number' });
    fireEvent.change(box, { target: { value: 'INV-2' } });
    fireEvent.click(within(table).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The record changed')).toBeInTheDocument();
    await waitFor(() => expect(loads).toBe(2));
  });

  it('the Reviewed switch marks the record with its base version, and unmarks it', async () => {
    let current: ReviewRecordResponse = BASE;
    const { calls } = setup(() => current, {
      [`POST /files/${FILE}/review`]: () => ({ body: (current = { ...BASE, reviewed: true, reviewed_at: T, reviewed_record: BASE.record }) }),
      [`DELETE /files/${FILE}/review`]: () => ({ body: (current = BASE) }),
    });
    const toggle = await screen.findByRole('checkbox', { name: 'Reviewed' });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.find((c) => c.path === `/files/${FILE}/review`)?.body).toEqual({ base_version: 'v1' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Reviewed' })).toBeChecked());
    expect(screen.getByText(/^Reviewed .*\.$/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Reviewed' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('loading failure shows an error with Retry; no checks says so; no corrections says how to make one', async () => {
    let fail = true;
    setup(() => (fail ? { status: 500, body: { detail: 'boom' } } : { ...BASE, checks: [] }));
    expect(await screen.findByText('Could not load the record')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Retry|Try again/i }));
    expect(await screen.findByText(/No check applies to this record/)).toBeInTheDocument();
    expect(screen.getByText(/No corrections yet/)).toBeInTheDocument();
  });
});

describe('the record as the schema lays it out', () => {
  // the invoice of a first real run: the schema's order is not the alphabet's, nor the database's; vendor was not found
  const invoiceItems = [
    { description: 'Annual licence', quantity: 1, amount: 1499 },
    { description: 'Onboarding workshop', quantity: 2, amount: 500 },
  ];
  const SCHEMA_RECORD: ReviewRecordResponse = {
    ...BASE,
    original: { total: 2697.56, invoice_date: '2026-03-31', invoice_number: 'INV-2026-0042', line_items: invoiceItems },
    record: { total: 2697.56, invoice_date: '2026-03-31', invoice_number: 'INV-2026-0042', line_items: invoiceItems },
    sources: {},
    fields: [
      { key: 'invoice_number', kind: 'string', required: true },
      { key: 'invoice_date', kind: 'date', required: false },
      { key: 'vendor', kind: 'string', required: true },
      { key: 'line_items', kind: 'list', required: false, columns: [{ key: 'description', kind: 'string' }, { key: 'quantity', kind: 'integer' }, { key: 'amount', kind: 'number' }] },
      { key: 'total', kind: 'number', required: false },
      { key: 'notes', kind: 'list', required: false, columns: [{ key: 'text', kind: 'string' }] },
    ],
    checks: [
      {
        id: 'sum_total:$.total',
        rule: 'sum_total',
        status: 'passed',
        message: 'Sum of the line items amounts (2,247.97) plus VAT (20%) 449.59 printed in the document = 2,697.56 matches total (2,697.56)',
        path: '$.total',
      },
    ],
  };

  it('every schema field has a row in the schema order; a field not found reads "Not found" and can be filled in', async () => {
    const { calls } = setup(() => SCHEMA_RECORD, { [`POST /files/${FILE}/corrections`]: () => ({ body: SCHEMA_RECORD }) });
    const table = await fields();
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.getAttribute('data-field'));
    expect(names).toEqual(['invoice_number', 'invoice_date', 'vendor', 'total']);
    const vendor = within(table).getByText('Vendor').closest('tr')!;
    expect(within(vendor).getByText('Not found')).toBeInTheDocument();
    expect(within(vendor).getByText('(required)')).toBeInTheDocument();
    fireEvent.click(within(vendor).getByRole('button', { name: 'Edit Vendor' }));
    const box = within(vendor).getByRole('textbox', { name: 'Value of Vendor' });
    expect(box).toHaveValue('');
    fireEvent.change(box, { target: { value: 'Maple Leaf Printing' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'set', path: '$.vendor', value: 'Maple Leaf Printing', base_version: 'v1' }));
  });

  it("table columns come in the schema's order; a list not found shows its columns and says so", async () => {
    setup(() => SCHEMA_RECORD);
    const items = await screen.findByRole('table', { name: 'Line items' });
    const headers = within(items)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(1, 4)).toEqual(['Description', 'Quantity', 'Amount']);
    const notes = screen.getByRole('table', { name: 'Notes' });
    expect(within(notes).getByText(/Not found in the document/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notes' })).toHaveTextContent('(not found)');
    expect(screen.getByRole('button', { name: 'Add row to Notes' })).toBeInTheDocument();
  });

  it('numbers, amounts and dates are formatted in the locale; the stored value is on hover and in the edit box', async () => {
    setup(() => SCHEMA_RECORD);
    const table = await fields();
    const total = within(table).getByText('2,697.56');
    expect(total).toHaveAttribute('title', 'Stored value: 2697.56');
    expect(within(table).getByText('Mar 31, 2026')).toHaveAttribute('title', 'Stored value: 2026-03-31');
    const items = screen.getByRole('table', { name: 'Line items' });
    expect(within(items).getByText('1,499.00')).toHaveAttribute('title', 'Stored value: 1499');
    fireEvent.click(within(table).getByRole('button', { name: 'Edit Total' }));
    expect(within(table).getByRole('textbox', { name: 'Value of Total' })).toHaveValue('2697.56');
  });

  it('the sum check that counted the printed VAT says which reading added up', async () => {
    setup(() => SCHEMA_RECORD);
    const checks = await screen.findByRole('region', { name: 'Checks' });
    expect(within(checks).getByText(/plus VAT \(20%\) 449.59 printed in the document = 2,697.56 matches total/)).toBeInTheDocument();
  });
});
