import { toaster } from '@quarry/shared';
import type { ChunkItem } from '@quarry/shared/schemas';
import { quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeRoute } from '@quarry/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import ChunkEditorPage from './ChunkEditorPage';

const fakeApi = setupFakeApiRoutes();

const FILE = '11111111-1111-4111-8111-111111111111';
const RUN = '22222222-2222-4222-8222-222222222222';
const T = '2025-01-01T00:00:00Z';

function chunk(i: number, start: number, end: number, type: 'text' | 'table', tables = 0, structure: ChunkItem['metadata']['table_structure'] = []): ChunkItem {
  const metadata = { tables_found: tables, chunking_strategy: 'llm_analysis', chunk_strategy: 'llm_analysis', llm_chunk_id: null, llm_status: null, llm_start_line: start, llm_end_line: end, table_structure: structure };
  return {
    id: `33333333-3333-4333-8333-00000000000${i}`, run_id: RUN, file_id: FILE, chunk_index: i, chunk_type: type, content: `content of chunk ${i + 1} `.repeat(20),
    character_count: 400 + i, chunking_strategy: 'llm_analysis', approximate_token_count: 10, page_number: 1, start_position: 0, end_position: 0,
    start_line: start, end_line: end, metadata, chunk_metadata: metadata, created_at: T, updated_at: T,
  };
}

const file = { id: FILE, filename: 'doc.pdf', file_size: 1000, mime_type: 'application/pdf', file_type: 'pdf', estimated_pages: 1, actual_pages: 1, page_count: 1, is_valid: true, error_message: null, upload_session_id: null, sha256: null, created_at: T, updated_at: T, validated_at: T };
const lines = { file_id: FILE, result_id: RUN, page_count: 1, total_lines: 12, lines: Array.from({ length: 12 }, (_, i) => ({ number: i + 1, text: `line ${i + 1}`, page: 1 })) };

let chunks: ChunkItem[];
beforeEach(() => {
  quietActWarnings();
  chunks = [chunk(0, 1, 4, 'text'), chunk(1, 5, 8, 'table', 1, [{ start: 5, end: 8, parts: [{ role: 'header', start: 5, end: 5 }, { role: 'body', start: 6, end: 8 }] }]), chunk(2, 9, 12, 'text', 1)];
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => toaster.remove());
});

function setup(patch: FakeRoute) {
  const calls = fakeApi.serve({
    [`GET /files/${FILE}`]: () => ({ body: file }),
    [`GET /files/${FILE}/ocr/lines`]: () => ({ body: lines }),
    [`GET /files/${FILE}/chunks`]: () => ({ body: { total_chunks: chunks.length, chunks, run_id: RUN, file_id: FILE } }),
    [`PATCH /files/${FILE}/chunks/${chunks[0]!.id}`]: patch,
  });
  renderRoute(<ChunkEditorPage />, { path: '/files/:fileId/edit-chunks', url: `/files/${FILE}/edit-chunks` });
  return calls;
}

const line = (n: number) => document.querySelector(`[data-line="${n}"]`) as HTMLElement;

describe('ChunkEditorPage', () => {
  it('shows the header, the lines coloured by chunk class and the chunk list', async () => {
    setup(() => ({ body: chunks[0] }));
    expect(await screen.findByText('Chunks (3)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Chunk Editor' })).toBeInTheDocument();
    expect(screen.getByText('Edit Mode')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to File/ })).toHaveAttribute('href', `/files/${FILE}`);
    expect(screen.getByText('Select a chunk to view details')).toBeInTheDocument();
    expect(line(1).dataset.chunkClass).toBe('text');
    expect(line(1).style.background).toContain('blue');
    expect(line(6).dataset.chunkClass).toBe('table');
    expect(line(6).style.background).toContain('green');
    expect(line(10).dataset.chunkClass).toBe('text-with-tables');
    expect(line(10).style.background).toContain('yellow');
    expect(screen.getByRole('button', { name: 'Chunk 2, lines 5-8' })).toHaveTextContent('1 table');
  });

  it('selecting a chunk highlights it and shows its details (lines, characters, structure, first 150 characters)', async () => {
    setup(() => ({ body: chunks[0] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Chunk 2, lines 5-8' }));
    const card = screen.getByLabelText('Chunk 2 details');
    expect(within(card).getByText('Lines 5-8 (4 lines)')).toBeInTheDocument();
    expect(within(card).getByText('401 characters')).toBeInTheDocument();
    expect(within(card).getByText(/Table 1: lines 5-8, header 5-5, 1 body row/)).toBeInTheDocument();
    expect(within(card).getByLabelText('Preview').textContent).toBe(`${chunks[1]!.content.slice(0, 150)}...`);
    expect(line(6).dataset.selected).toBe('true');
    expect(line(1).dataset.selected).toBeUndefined();
  });

  it('a refused edit shows the server\'s reason and keeps what was typed', async () => {
    const calls = setup(() => ({
      status: 422,
      body: { detail: [{ loc: ['body', 'start_line'], msg: 'Lines 1-6 overlap chunk 2 (lines 5-8) of this chunking run', type: 'value_error' }] },
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit chunk 1' }));
    const form = screen.getByRole('form', { name: 'Edit chunk 1' });
    fireEvent.change(within(form).getByLabelText('End Line'), { target: { value: '6' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Lines 1-6 overlap chunk 2 (lines 5-8) of this chunking run')).toBeInTheDocument();
    expect(within(form).getByLabelText('End Line')).toHaveValue(6);
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ start_line: 1, end_line: 6, chunk_type: 'text', table_structure: null });
  });

  it('an edit that changes nothing says so: no "Chunk Updated", nothing sent', async () => {
    const calls = setup(() => ({ body: chunks[0] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit chunk 1' }));
    const form = screen.getByRole('form', { name: 'Edit chunk 1' });
    // typed and typed back: the same boundaries
    fireEvent.change(within(form).getByLabelText('End Line'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('End Line'), { target: { value: String(chunks[0]!.end_line) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nothing changed')).toBeInTheDocument();
    expect(screen.queryByText('Chunk Updated')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('saves: Chunk Updated, the list reloaded and the chunk reselected', async () => {
    const calls = setup(() => {
      chunks = [{ ...chunks[0]!, end_line: 3 }, chunks[1]!, chunks[2]!];
      return { body: chunks[0] };
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit chunk 1' }));
    const form = screen.getByRole('form', { name: 'Edit chunk 1' });
    fireEvent.change(within(form).getByLabelText('End Line'), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Chunk Updated')).toBeInTheDocument();
    expect(screen.getByText('Chunk boundaries have been updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(line(4).dataset.chunkClass).toBe('none'));
    expect(screen.getByRole('button', { name: 'Chunk 1, lines 1-3' })).toBeInTheDocument();
    expect(screen.getByLabelText('Chunk 1 details')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === `/files/${FILE}/chunks`).length).toBe(2);
  });

  it('Chunk Type table forces Contains Tables; tables are removable only when more than one exists', async () => {
    setup(() => ({ body: chunks[0] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit chunk 1' }));
    const form = screen.getByRole('form', { name: 'Edit chunk 1' });
    const contains = within(form).getByRole('checkbox', { name: 'Contains Tables' });
    expect(contains).not.toBeChecked();
    fireEvent.change(within(form).getByLabelText('Chunk Type'), { target: { value: 'table' } });
    expect(contains).toBeChecked();
    expect(contains).toBeDisabled();
    expect(within(form).getByRole('group', { name: 'Table 1' })).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: /Remove Table/ })).not.toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: '+ Add Table' }));
    expect(within(form).getAllByRole('button', { name: /Remove Table/ })).toHaveLength(2);
    expect(within(form).getByRole('button', { name: 'Remove row 1 of Table 1' })).toBeDisabled();
    fireEvent.click(within(form).getAllByRole('button', { name: /Add Row/ })[0]!);
    expect(within(form).getByRole('button', { name: 'Remove row 1 of Table 1' })).toBeEnabled();
    const tableEnd = within(within(form).getByRole('group', { name: 'Table 1' })).getByLabelText('Table End');
    fireEvent.change(tableEnd, { target: { value: '40' } });
    fireEvent.blur(tableEnd);
    expect(tableEnd).toHaveValue(4);
  });
});
