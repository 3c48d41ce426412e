import { CHUNK_CLASS_PALETTE, chunkLineRange, chunkPalette, classifyChunk } from './chunkClass';

const meta = (tables_found: number) => ({ tables_found });

describe('chunk classification (spec 3 §4) and colours (§2.11)', () => {
  it('a chunk of type table is a dedicated table chunk, green', () => {
    expect(classifyChunk({ chunk_type: 'table', metadata: meta(0) })).toBe('table');
    expect(chunkPalette({ chunk_type: 'table', metadata: meta(1) })).toBe('green');
  });

  it('a text chunk with tables_found above 0 is text with tables, yellow', () => {
    expect(classifyChunk({ chunk_type: 'text', metadata: meta(2) })).toBe('text-with-tables');
    expect(chunkPalette({ chunk_type: 'text', metadata: meta(1) })).toBe('yellow');
  });

  it('anything else is pure text, blue', () => {
    expect(classifyChunk({ chunk_type: 'text', metadata: meta(0) })).toBe('text');
    expect(chunkPalette({ chunk_type: 'text', metadata: null })).toBe('blue');
    expect(CHUNK_CLASS_PALETTE).toEqual({ table: 'green', 'text-with-tables': 'yellow', text: 'blue' });
  });

  it('line ranges are 1-based; without line metadata, positions are zero-based plus one (§9)', () => {
    expect(chunkLineRange({ start_line: 3, end_line: 9, start_position: 40, end_position: 90 })).toEqual([3, 9]);
    expect(chunkLineRange({ start_line: 0, end_line: 0, start_position: 0, end_position: 4 })).toEqual([1, 5]);
  });
});
