import {
  addBodyRow,
  addTable,
  canRemoveBodyRow,
  canRemoveTable,
  clampLine,
  formFromChunk,
  partBounds,
  removeBodyRow,
  removeTable,
  setChunkType,
  setContainsTables,
  tableBounds,
  toPayload,
  type EditForm,
} from './editorForm';

const textChunk = (extra: Partial<EditForm> = {}): EditForm => ({ startLine: '10', endLine: '30', chunkType: 'text', containsTables: false, tables: [], ...extra });

describe('chunk editor rules', () => {
  it('reads a chunk and its table structure (header and body rows)', () => {
    const form = formFromChunk({
      start_line: 5,
      end_line: 20,
      chunk_type: 'table',
      metadata: {
        tables_found: 1,
        table_structure: [{ start: 6, end: 12, parts: [{ role: 'description', start: 6, end: 6 }, { role: 'header', start: 7, end: 7 }, { role: 'body', start: 8, end: 12 }] }],
      } as never,
    });
    expect(form).toMatchObject({ startLine: '5', endLine: '20', chunkType: 'table', containsTables: true });
    expect(form.tables[0]).toMatchObject({ start: '6', end: '12', hasHeader: true, headerStart: '7', headerEnd: '7', bodyRows: [{ start: '8', end: '12' }], description: [[6, 6]] });
  });

  it('Chunk Type table forces Contains Tables on (with a table); unticking is refused for a table chunk', () => {
    const form = setChunkType(textChunk(), 'table');
    expect(form.containsTables).toBe(true);
    expect(form.tables).toHaveLength(1);
    expect(setContainsTables(form, false)).toBe(form);
    expect(setContainsTables(setChunkType(form, 'text'), false)).toMatchObject({ containsTables: false, tables: [] });
  });

  it('+ Add Table starts after the largest existing end, capped by the chunk end', () => {
    let form = setContainsTables(textChunk(), true);
    expect(form.tables[0]).toMatchObject({ start: '10', end: '30' });
    form = { ...form, tables: [{ ...form.tables[0]!, start: '12', end: '18' }, { ...form.tables[0]!, start: '20', end: '22' }] };
    expect(addTable(form).tables[2]).toMatchObject({ start: '23', end: '30' });
    const full = { ...form, tables: [{ ...form.tables[0]!, start: '12', end: '30' }] };
    expect(addTable(full).tables[1]).toMatchObject({ start: '30', end: '30' });
  });

  it('a table is removable only when more than one exists; with none left Contains Tables is off', () => {
    const one = setContainsTables(textChunk(), true);
    expect(canRemoveTable(one)).toBe(false);
    const two = addTable(one);
    expect(canRemoveTable(two)).toBe(true);
    expect(removeTable(two, 0).tables).toHaveLength(1);
    expect(removeTable(one, 0)).toMatchObject({ containsTables: false, tables: [] });
  });

  it('at least one body row remains; a new row defaults to the table\'s last line', () => {
    let form = setContainsTables(textChunk(), true);
    form = { ...form, tables: [{ ...form.tables[0]!, start: '12', end: '18', bodyRows: [{ start: '13', end: '18' }] }] };
    expect(canRemoveBodyRow(form.tables[0]!)).toBe(false);
    expect(removeBodyRow(form, 0, 0)).toBe(form);
    form = addBodyRow(form, 0);
    expect(form.tables[0]!.bodyRows[1]).toEqual({ start: '18', end: '18' });
    expect(removeBodyRow(form, 0, 0).tables[0]!.bodyRows).toEqual([{ start: '18', end: '18' }]);
  });

  it('bounds: lines min 1; tables within the chunk; header and rows within their table', () => {
    const form = setContainsTables(textChunk(), true);
    expect(clampLine('0', [1, Infinity])).toBe('1');
    expect(clampLine('5', tableBounds(form))).toBe('10');
    expect(clampLine('99', tableBounds(form))).toBe('30');
    const table = { ...form.tables[0]!, start: '12', end: '18' };
    expect(clampLine('11', partBounds(table))).toBe('12');
    expect(clampLine('19', partBounds(table))).toBe('18');
    expect(clampLine('', partBounds(table))).toBe('');
  });

  it('builds the chunk update payload', () => {
    let form = setChunkType(textChunk(), 'table');
    form = { ...form, tables: [{ ...form.tables[0]!, start: '11', end: '20', hasHeader: true, headerStart: '11', headerEnd: '11', bodyRows: [{ start: '12', end: '20' }], description: [[10, 10]] }] };
    expect(toPayload(form)).toEqual({
      start_line: 10,
      end_line: 30,
      chunk_type: 'table',
      table_structure: [{ start: 11, end: 20, has_description: false, description_lines: null, has_header: true, header_lines: [[11, 11]], body_rows: [{ start: 12, end: 20 }] }],
    });
    expect(toPayload(textChunk())).toEqual({ start_line: 10, end_line: 30, chunk_type: 'text', table_structure: null });
  });
});
