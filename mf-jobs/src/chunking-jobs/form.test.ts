import { CHUNKING_PAGE_STRATEGIES, chunkingRequest, normalizeWindowSize } from './form';

describe('chunking form', () => {
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

// the classification and the line range (one function for every view) are tested in common/chunkClass.test.ts
