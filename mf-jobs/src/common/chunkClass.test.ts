import { CHUNK_CLASS_PALETTE, chunkLineRange, chunkPalette, classifyChunk } from './chunkClass';

const meta = (tables_found: number) => ({ tables_found });

describe('chunk classification and colours', () => {
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

  it('line ranges are 1-based, from the line metadata (llm_start_line / llm_end_line); without it, positions are zero-based plus one', () => {
    const lines = (llm_start_line: number, llm_end_line: number) => ({ llm_start_line, llm_end_line });
    expect(chunkLineRange({ metadata: lines(3, 9), start_position: 40, end_position: 90 })).toEqual([3, 9]);
    expect(chunkLineRange({ metadata: lines(0, 0), start_position: 0, end_position: 4 })).toEqual([1, 5]);
    expect(chunkLineRange({ metadata: null, start_position: 7, end_position: 7 })).toEqual([8, 8]);
  });

  it('the chunking monitor, file detail and editor agree: start_line / end_line, then the line metadata, then positions', () => {
    // an edit writes start_line / end_line (the API updates the metadata with them)
    expect(chunkLineRange({ metadata: { llm_start_line: 11, llm_end_line: 17 }, start_line: 11, end_line: 14, start_position: 0, end_position: 1 })).toEqual([11, 14]);
    // the chunking monitor's chunks: the line metadata when the columns are absent or unset
    expect(chunkLineRange({ metadata: { llm_start_line: 3, llm_end_line: 9 }, start_line: 0, end_line: 0, start_position: 40, end_position: 90 })).toEqual([3, 9]);
    expect(chunkLineRange({ metadata: {}, start_line: 0, end_line: 0, start_position: 0, end_position: 4 })).toEqual([1, 5]);
  });
});
