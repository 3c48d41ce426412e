import { chunkDocument } from './chunk-document';
import { ChunkEditError, rebuildChunk, validateChunkEdit, type ChunkEdit } from './edit';
import { generateInvoice, linesFromPages } from './test-fixtures';

const inv = generateInvoice(5); // 24 lines; table 11-17: description 11, header 12, body 13-17
const LAST = inv.lines.length;

const messages = (edit: ChunkEdit | Record<string, unknown>) => validateChunkEdit(inv.lines, edit as ChunkEdit).errors.map((e) => e.message);
const fields = (edit: ChunkEdit | Record<string, unknown>) => validateChunkEdit(inv.lines, edit as ChunkEdit).errors.map((e) => e.field);

describe('validateChunkEdit', () => {
  it('accepts a valid text edit and a valid table edit (stored and editor forms)', () => {
    expect(validateChunkEdit(inv.lines, { start_line: 1, end_line: 9, chunk_type: 'text' })).toEqual({ valid: true, errors: [], table_structure: [] });
    const stored = validateChunkEdit(inv.lines, {
      start_line: 11,
      end_line: 17,
      chunk_type: 'table',
      table_structure: [{ start: 11, end: 17, parts: [{ role: 'body', start: 13, end: 13 }, { role: 'header', start: 12, end: 12 }, { role: 'description', start: 11, end: 11 }] }],
    });
    expect(stored.valid).toBe(true);
    expect(stored.table_structure[0]!.parts.map((p) => p.role)).toEqual(['description', 'header', 'body']);
    const editor = validateChunkEdit(inv.lines, {
      start_line: 11,
      end_line: 17,
      chunk_type: 'table',
      table_structure: { start: 11, end: 17, has_description: true, description_lines: [11, 11], has_header: true, header_lines: [[12, 12]], body_rows: [{ start: 13, end: 13 }, { start: 14, end: 14 }, [15, 17]] },
    });
    expect(editor.errors).toEqual([]);
    expect(editor.table_structure).toEqual([
      { start: 11, end: 17, parts: [{ role: 'description', start: 11, end: 11 }, { role: 'header', start: 12, end: 12 }, { role: 'body', start: 13, end: 13 }, { role: 'body', start: 14, end: 14 }, { role: 'body', start: 15, end: 17 }] },
    ]);
  });

  it('lines must lie within 1..last line', () => {
    expect(messages({ start_line: 0, end_line: 3, chunk_type: 'text' })).toEqual([`start_line 0 is outside the document (lines 1-${LAST})`]);
    expect(messages({ start_line: 20, end_line: LAST + 1, chunk_type: 'text' })).toEqual([`end_line ${LAST + 1} is outside the document (lines 1-${LAST})`]);
    expect(messages({ start_line: '3', end_line: 4.5, chunk_type: 'text' })).toEqual(['start_line must be a whole line number', 'end_line must be a whole line number']);
    expect(validateChunkEdit(0, { start_line: 1, end_line: 1, chunk_type: 'text' }).errors[0]!.message).toBe('The document has no OCR lines');
  });

  it('start must not be after end', () => {
    expect(messages({ start_line: 9, end_line: 3, chunk_type: 'text' })).toEqual(['start_line 9 is after end_line 3']);
  });

  it('chunk type must be text or table', () => {
    expect(messages({ start_line: 1, end_line: 3, chunk_type: 'image' })).toEqual(["chunk_type must be 'text' or 'table'"]);
  });

  it('a table chunk must contain a table', () => {
    expect(messages({ start_line: 11, end_line: 17, chunk_type: 'table' })).toEqual([
      'A table chunk must contain at least one table (chunk type table means Contains Tables)',
    ]);
    expect(messages({ start_line: 11, end_line: 17, chunk_type: 'table', table_structure: [] })).toHaveLength(1);
  });

  it('tables must lie inside the chunk', () => {
    expect(messages({ start_line: 12, end_line: 17, chunk_type: 'text', table_structure: [{ start: 11, end: 17, parts: [{ role: 'body', start: 13, end: 17 }] }] })).toEqual([
      'Table 1 (lines 11-17) must lie inside the chunk (lines 12-17)',
    ]);
  });

  it('header lines, description lines and body rows must lie inside their table', () => {
    expect(
      messages({
        start_line: 1,
        end_line: 20,
        chunk_type: 'table',
        table_structure: { start: 12, end: 17, has_description: true, description_lines: [11, 11], has_header: true, header_lines: [[12, 12]], body_rows: [{ start: 13, end: 13 }, { start: 17, end: 18 }] },
      }),
    ).toEqual([
      'Table 1: description lines (line 11) must lie inside the table (lines 12-17)',
      'Table 1: body row 2 (lines 17-18) must lie inside the table (lines 12-17)',
    ]);
    expect(fields({ start_line: 1, end_line: 20, chunk_type: 'text', table_structure: [{ start: 12, end: 17, header_lines: [10, 12], body_rows: [[13, 13]] }] })).toEqual([
      'table_structure[0].header_lines',
    ]);
  });

  it('at least one body row must remain', () => {
    expect(messages({ start_line: 11, end_line: 17, chunk_type: 'table', table_structure: { start: 11, end: 17, has_header: true, header_lines: [[12, 12]], body_rows: [] } })).toEqual([
      'Table 1: at least one body row is required',
    ]);
  });

  it('overlaps, reversed ranges and malformed entries are reported', () => {
    expect(
      messages({
        start_line: 1,
        end_line: 24,
        chunk_type: 'text',
        table_structure: [
          { start: 11, end: 17, parts: [{ role: 'header', start: 12, end: 13 }, { role: 'body', start: 13, end: 17 }] },
          { start: 16, end: 20, parts: [{ role: 'body', start: 18, end: 17 }] },
          { start: 'a', parts: [] },
          { start: 1, end: 2, parts: [{ role: 'footer', start: 1, end: 1 }] },
        ],
      }),
    ).toEqual([
      'Table 1: header lines 12-13 and body lines 13-17 overlap',
      'Table 2: body row 1 start 18 is after end 17',
      'Table 3: start and end must be whole line numbers',
      'Table 4: part 1 needs a role (description, header or body) and integer start and end',
      'Table 4: at least one body row is required',
      'Tables at lines 11-17 and lines 16-20 overlap',
    ]);
  });

  it('has_header / has_description need their lines', () => {
    expect(messages({ start_line: 11, end_line: 17, chunk_type: 'table', table_structure: { has_header: true, body_rows: [[13, 17]] } })).toEqual([
      'Table 1: header lines are required when it has a header',
    ]);
    // has_description false: description lines are ignored
    const ok = validateChunkEdit(inv.lines, { start_line: 11, end_line: 17, chunk_type: 'table', table_structure: { has_description: false, description_lines: [1, 1], body_rows: [[13, 17]] } });
    expect(ok.valid).toBe(true);
    expect(ok.table_structure).toEqual([{ start: 13, end: 17, parts: [{ role: 'body', start: 13, end: 17 }] }]);
  });
});

describe('rebuildChunk', () => {
  it('recomputes content, counts, positions, page and table metadata from the lines', async () => {
    const lines = linesFromPages(['first page line\nsecond line', 'third line on page 2\nfourth line']);
    const chunk = rebuildChunk(lines, { start_line: 2, end_line: 4, chunk_type: 'text' }, { chunk_index: 3, chunking_strategy: 'page_based' });
    expect(chunk).toEqual({
      chunk_index: 3,
      chunk_type: 'text',
      content: 'second line\nthird line on page 2\nfourth line',
      character_count: 44,
      chunking_strategy: 'page_based',
      approximate_token_count: 11,
      page_number: 1,
      start_position: 16,
      end_position: 60,
      start_line: 2,
      end_line: 4,
      metadata: {
        tables_found: 0,
        chunking_strategy: 'page_based',
        chunk_strategy: 'page_based',
        llm_chunk_id: null,
        llm_status: null,
        llm_start_line: 2,
        llm_end_line: 4,
        table_structure: [],
        edited: true,
      },
    });
  });

  it('turning part of a text chunk into a dedicated table chunk', async () => {
    const { chunks } = await chunkDocument(inv.lines, { maxChunkSize: 100_000, dedicatedTableMinRows: 100 });
    expect(chunks).toHaveLength(1); // the whole invoice, table embedded
    const edited = rebuildChunk(
      inv.lines,
      { start_line: 11, end_line: 17, chunk_type: 'table', table_structure: { has_description: true, description_lines: [11, 11], has_header: true, header_lines: [[12, 12]], body_rows: [13, 14, 15, 16, 17].map((r) => ({ start: r, end: r })) } },
      chunks[0]!,
    );
    expect(edited.chunk_type).toBe('table');
    expect(edited.content).toBe(inv.lines.slice(10, 17).map((l) => l.text).join('\n'));
    expect(edited.metadata).toMatchObject({ tables_found: 1, llm_chunk_id: 'w1-s1', llm_status: 'deterministic', llm_start_line: 11, llm_end_line: 17, edited: true });
    expect(edited.metadata.table_structure[0]!.parts.filter((p) => p.role === 'body')).toHaveLength(5);
  });

  it('throws ChunkEditError listing every problem', () => {
    expect(() => rebuildChunk(inv.lines, { start_line: 30, end_line: 2, chunk_type: 'table' })).toThrow(ChunkEditError);
    try {
      rebuildChunk(inv.lines, { start_line: 30, end_line: 2, chunk_type: 'table' });
    } catch (e) {
      expect((e as ChunkEditError).errors.map((x) => x.field)).toEqual(['start_line', 'end_line', 'table_structure']);
      expect((e as Error).message).toBe(
        `start_line 30 is outside the document (lines 1-${LAST}); start_line 30 is after end_line 2; A table chunk must contain at least one table (chunk type table means Contains Tables)`,
      );
    }
  });
});
