import { CHUNKING_PAGE_STRATEGIES, chunkingRequest, normalizeWindowSize } from './form';
import { chunkLines } from './ChunksDetailView';

describe('chunking form (spec 3 §2.4, §5)', () => {
  it('offers llm_analysis (default), character_based, page_based, not paragraph_based', () => {
    expect(CHUNKING_PAGE_STRATEGIES.map((s) => s.value)).toEqual(['llm_analysis', 'character_based', 'page_based']);
  });

  it.each([
    ['250', 250],
    ['100', 100],
    ['500', 500],
    ['99', 250],
    ['501', 250],
    ['', 250],
    ['abc', 250],
    ['300.4', 300],
  ])('window size %j -> %d', (raw, n) => {
    expect(normalizeWindowSize(raw)).toBe(n);
  });

  it('sends window_size only for llm_analysis', () => {
    expect(chunkingRequest('f', 'llm_analysis', '9999')).toEqual({ file_id: 'f', strategy: 'llm_analysis', window_size: 250 });
    expect(chunkingRequest('f', 'page_based', '300')).toEqual({ file_id: 'f', strategy: 'page_based' });
  });
});

// the classification itself (spec 3 §4) is tested in common/chunkClass.test.ts
describe('chunk lines (spec 3 §9)', () => {
  const meta = (tables_found: number, extra: Record<string, unknown> = {}) => ({ tables_found, chunking_strategy: 'x', chunk_strategy: 'x', llm_chunk_id: null, llm_status: null, llm_start_line: 0, llm_end_line: 0, table_structure: [], ...extra });
  it('lines from the metadata, else zero-based positions plus one', () => {
    expect(chunkLines({ metadata: meta(0, { llm_start_line: 3, llm_end_line: 9 }), start_position: 0, end_position: 10 })).toEqual({ start: 3, end: 9 });
    expect(chunkLines({ metadata: meta(0), start_position: 0, end_position: 10 })).toEqual({ start: 1, end: 11 });
  });
});
