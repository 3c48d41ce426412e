import { chunkDocument } from './chunk-document';
import { normalizeStrategy, STRATEGY_DESCRIPTIONS } from './options';
import { CHUNKING_STRATEGIES } from './types';
import { expectChunkInvariants, generateInvoice, linesFromPages, linesFromText } from './test-fixtures';
import type { Chunk } from './types';

/** a line of exactly 19 characters, so n consecutive lines take 20n - 1 characters */
const L = (label: string): string => label.padEnd(19, '.');
/** a gap-table row of exactly 20 characters */
const row = (a: string, b: string, c: string): string => `${a.padEnd(8)}${b.padEnd(6)}${c.padStart(6)}`;
const TABLE = [row('Item', 'Qty', 'Price'), row('A', '1', '1.00'), row('B', '2', '2.00'), row('C', '3', '3.00'), row('D', '4', '4.00')];

const ranges = (chunks: Chunk[]) => chunks.map((c) => [c.start_line, c.end_line]);

describe('character_based', () => {
  const ten = linesFromText(Array.from({ length: 10 }, (_, i) => L(`line ${i + 1}`)).join('\n'));

  it('splits at maxChunkSize on line boundaries', async () => {
    const { chunks, stats } = await chunkDocument(ten, { strategy: 'character_based', maxChunkSize: 100 });
    expect(ranges(chunks)).toEqual([[1, 5], [6, 10]]);
    expect(chunks.map((c) => [c.start_position, c.end_position, c.character_count])).toEqual([[0, 99, 99], [100, 199, 99]]);
    expect(chunks.every((c) => c.chunk_type === 'text' && c.metadata.llm_chunk_id === null && c.metadata.llm_status === null)).toBe(true);
    expect(stats).toMatchObject({ windows_total: 0, total_chunks: 2, text_chunks: 2, table_chunks: 0, success_rate: 1, overlap_size: 0 });
    expectChunkInvariants(ten, chunks);
  });

  it('repeats whole lines that fit in overlapSize', async () => {
    const { chunks, stats } = await chunkDocument(ten, { strategy: 'character_based', maxChunkSize: 100, overlapSize: 40 });
    // 2 lines = 39 characters fit in 40, 3 lines = 59 do not
    expect(ranges(chunks)).toEqual([[1, 5], [4, 8], [7, 10]]);
    expect(stats.overlap_size).toBe(40);
    expectChunkInvariants(ten, chunks);
  });

  it('never ends a chunk on a blank line', async () => {
    // 1-2 = 61 chars fits in 100, 1-3 = 122 does not: the first chunk must stop at line 1, not 2
    const lines = linesFromText(['a'.repeat(60), '', 'b'.repeat(60)].join('\n'));
    const { chunks } = await chunkDocument(lines, { strategy: 'character_based', maxChunkSize: 100 });
    expect(ranges(chunks)).toEqual([[1, 1], [3, 3]]);
  });

  it('keeps a table whole: embedded when it fits, its own table chunk when it cannot fit', async () => {
    const lines = linesFromText([L('Prose one'), L('Prose two'), ...TABLE, L('Prose three')].join('\n'));
    // 1-2 = 39 chars; + table (3-7, 104 chars) = 144 <= 150 would fit, but 1-7 = 144 and 1-8 = 164
    const fits = await chunkDocument(lines, { strategy: 'character_based', maxChunkSize: 150 });
    expect(ranges(fits.chunks)).toEqual([[1, 7], [8, 8]]);
    expect(fits.chunks.map((c) => [c.chunk_type, c.metadata.tables_found])).toEqual([['text', 1], ['text', 0]]);
    // max 100: the table (104 chars) cannot fit anywhere → a dedicated table chunk, larger than max
    const big = await chunkDocument(lines, { strategy: 'character_based', maxChunkSize: 100 });
    expect(ranges(big.chunks)).toEqual([[1, 2], [3, 7], [8, 8]]);
    expect(big.chunks.map((c) => c.chunk_type)).toEqual(['text', 'table', 'text']);
    expect(big.chunks[1]!.character_count).toBe(104);
    expect(big.chunks[1]!.metadata.table_structure).toEqual([
      { start: 3, end: 7, parts: [{ role: 'header', start: 3, end: 3 }, { role: 'body', start: 4, end: 4 }, { role: 'body', start: 5, end: 5 }, { role: 'body', start: 6, end: 6 }, { role: 'body', start: 7, end: 7 }] },
    ]);
    expect(big.stats).toMatchObject({ text_chunks: 2, table_chunks: 1, tables_found: 1 });
    expectChunkInvariants(lines, fits.chunks);
    expectChunkInvariants(lines, big.chunks);
  });

  it('cuts a single line longer than maxChunkSize at word boundaries', async () => {
    const long = Array.from({ length: 30 }, (_, i) => `word${String(i).padStart(2, '0')}`).join(' '); // 30 × 6 chars + 29 spaces = 209
    const lines = linesFromText(['short line', long].join('\n'));
    const { chunks } = await chunkDocument(lines, { strategy: 'character_based', maxChunkSize: 100 });
    expect(ranges(chunks)).toEqual([[1, 1], [2, 2], [2, 2], [2, 2]]);
    for (const c of chunks) {
      expect(c.character_count).toBeLessThanOrEqual(100);
      expect(c.content).toMatch(/^(word\d\d ?)+$|^short line$/);
      expect(c.content.endsWith(' ')).toBe(false);
    }
    expect(chunks.slice(1).map((c) => c.content).join(' ')).toBe(long);
    expectChunkInvariants(lines, chunks);
  });
});

describe('paragraph_based', () => {
  it('merges blank-line separated paragraphs up to maxChunkSize and cuts an oversize one on lines', async () => {
    const text = [
      L('p1 a'), L('p1 b'), '', // 1-3
      L('p2'), '', // 4-5
      L('p3 a'), L('p3 b'), L('p3 c'), '', // 6-9
      L('p4'), '', // 10-11
      ...Array.from({ length: 7 }, (_, i) => L(`p5 ${i}`)), // 12-18: 139 chars > 100
    ].join('\n');
    const lines = linesFromText(text);
    const { chunks } = await chunkDocument(lines, { strategy: 'paragraph_based', maxChunkSize: 100 });
    // 1-4 = 60 chars; 1-8 = 121 > 100 → new chunk; 6-10 = 80; 12-18 too big → 12-16 (99) + 17-18
    expect(ranges(chunks)).toEqual([[1, 4], [6, 10], [12, 16], [17, 18]]);
    expect(chunks.every((c) => c.chunk_type === 'text')).toBe(true);
    expectChunkInvariants(lines, chunks);
  });

  it('a table with a description one blank line above counts as one paragraph', async () => {
    const lines = linesFromText(['Table 1: Stock', '', ...TABLE, '', L('after')].join('\n'));
    const { chunks } = await chunkDocument(lines, { strategy: 'paragraph_based', maxChunkSize: 130 });
    // paragraph 1-7 (table with caption, 120 chars) and 9; 1-9 = 141 > 130
    expect(ranges(chunks)).toEqual([[1, 7], [9, 9]]);
    expect(chunks[0]!.chunk_type).toBe('table');
    expect(chunks[0]!.metadata.table_structure[0]!.parts[0]).toEqual({ role: 'description', start: 1, end: 1 });
  });
});

describe('page_based', () => {
  it('one chunk per page; a table running onto the next page stays whole; big pages are cut', async () => {
    const lines = linesFromPages([
      [L('a1'), L('a2'), L('a3'), ''].join('\n'), // 1-4
      [L('b1'), L('b2'), ...TABLE.slice(0, 3)].join('\n'), // 5-9: table header at 7
      [...TABLE.slice(3), L('c1'), L('c2')].join('\n'), // 10-13: table rows 10-11
      Array.from({ length: 12 }, (_, i) => L(`d${i}`)).join('\n'), // 14-25: 239 chars
    ]);
    const { chunks } = await chunkDocument(lines, { strategy: 'page_based', maxChunkSize: 200 });
    expect(ranges(chunks)).toEqual([[1, 3], [5, 11], [12, 13], [14, 23], [24, 25]]);
    expect(chunks.map((c) => c.page_number)).toEqual([1, 2, 3, 4, 4]);
    expect(chunks[1]!.metadata.table_structure.map((t) => [t.start, t.end])).toEqual([[7, 11]]);
    expect(chunks[1]!.chunk_type).toBe('text');
    expectChunkInvariants(lines, chunks);
  });

  it('skips empty pages', async () => {
    const lines = linesFromPages([L('x'), '', L('y')]);
    const { chunks } = await chunkDocument(lines, { strategy: 'page_based' });
    expect(chunks.map((c) => [c.start_line, c.page_number])).toEqual([[1, 1], [3, 3]]);
  });
});

describe('llm_analysis with the deterministic analyser', () => {
  it('an invoice: header block, dedicated line-item table chunk, totals block', async () => {
    const inv = generateInvoice(5);
    const { chunks, stats } = await chunkDocument(inv.lines);
    expect(ranges(chunks)).toEqual([[1, 9], [inv.table.description, inv.table.bodyEnd], [inv.totals.start, inv.lines.length]]);
    expect(chunks.map((c) => c.chunk_type)).toEqual(['text', 'table', 'text']);
    const t = chunks[1]!.metadata.table_structure;
    expect(t).toHaveLength(1);
    expect(t[0]!.parts.slice(0, 2)).toEqual([
      { role: 'description', start: inv.table.description, end: inv.table.description },
      { role: 'header', start: inv.table.header, end: inv.table.header },
    ]);
    expect(t[0]!.parts.filter((p) => p.role === 'body').map((p) => p.start)).toEqual([13, 14, 15, 16, 17]);
    expect(chunks.map((c) => c.metadata.llm_status)).toEqual(['deterministic', 'deterministic', 'deterministic']);
    expect(chunks.map((c) => c.metadata.llm_chunk_id)).toEqual(['w1-s1', 'w1-s2', 'w1-s3']);
    expect(stats).toMatchObject({ strategy: 'llm_analysis', model: 'deterministic', windows_total: 1, failures: 0, attempts: 0, success_rate: 1, text_chunks: 2, table_chunks: 1 });
    expectChunkInvariants(inv.lines, chunks);
  });

  it('a 60-row table stays in one chunk with 60 body rows, even above maxChunkSize', async () => {
    const inv = generateInvoice(60, { seed: 5 });
    const { chunks } = await chunkDocument(inv.lines, { maxChunkSize: 1000 });
    const tables = chunks.filter((c) => c.chunk_type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.character_count).toBeGreaterThan(1000);
    expect([tables[0]!.start_line, tables[0]!.end_line]).toEqual([inv.table.description, inv.table.bodyEnd]);
    expect(tables[0]!.metadata.table_structure[0]!.parts.filter((p) => p.role === 'body')).toHaveLength(60);
    expectChunkInvariants(inv.lines, chunks);
  });

  it('a small table inside prose stays embedded in a text chunk (tables_found > 0)', async () => {
    const lines = linesFromText(['Some prose introducing the numbers below in a sentence.', 'Item   Qty   Price', 'A      1     2.00', 'B      2     3.00', 'More prose after the table, ending the section.'].join('\n'));
    const { chunks } = await chunkDocument(lines);
    expect(ranges(chunks)).toEqual([[1, 5]]);
    expect(chunks[0]!.chunk_type).toBe('text');
    expect(chunks[0]!.metadata.tables_found).toBe(1);
  });

  it('headings start a new chunk once the current one holds a quarter of maxChunkSize', async () => {
    const p = (s: string) => s.padEnd(70, ' words').slice(0, 69) + '.';
    const lines = linesFromText(['# Introduction', p('Intro one'), p('Intro two'), '', '# Methods', p('Method one'), p('Method two'), '', '- item one', '- item two'].join('\n'));
    expect(ranges((await chunkDocument(lines)).chunks)).toEqual([[1, 10]]);
    const small = await chunkDocument(lines, { maxChunkSize: 400 });
    expect(ranges(small.chunks)).toEqual([[1, 3], [5, 10]]);
    expectChunkInvariants(lines, small.chunks);
  });

  it('a label at the end of a full chunk moves on with the block it introduces', async () => {
    const p = (s: string) => s.padEnd(70, ' words').slice(0, 69) + '.';
    const lines = linesFromText([p('One'), p('Two'), '', 'Notes:', p('Three'), p('Four')].join('\n'));
    const { chunks } = await chunkDocument(lines, { maxChunkSize: 160 });
    expect(ranges(chunks)).toEqual([[1, 2], [4, 6]]);
  });

  it('is deterministic: same input, same output', async () => {
    const inv = generateInvoice(12, { seed: 11 });
    const a = await chunkDocument(inv.lines, { windowSize: 100 });
    const b = await chunkDocument(inv.lines, { windowSize: 100 });
    expect(b).toEqual(a);
  });
});

describe('input and options', () => {
  it('an empty document gives no chunks', async () => {
    const r = await chunkDocument([]);
    expect(r.chunks).toEqual([]);
    expect(r.stats).toMatchObject({ windows_total: 0, total_chunks: 0, success_rate: 1 });
  });

  it('rejects badly numbered lines, line breaks inside a line and unknown strategies with readable errors', async () => {
    await expect(chunkDocument([{ number: 2, page: 1, text: 'x' }])).rejects.toThrow('OCR line 1 has number 2; lines must be numbered 1, 2, 3, … in order');
    await expect(chunkDocument([{ number: 1, page: 0, text: 'x' }])).rejects.toThrow('OCR line 1 has page 0');
    await expect(chunkDocument([{ number: 1, page: 1, text: 'a\nb' }])).rejects.toThrow('OCR line 1 contains a line break');
    await expect(chunkDocument(linesFromText('x'), { strategy: 'semantic' })).rejects.toThrow("Unknown chunking strategy 'semantic'");
  });

  it('strategy catalogue: the four strategies, llm_analysis the default and the only one using a window', () => {
    expect(STRATEGY_DESCRIPTIONS.map((d) => d.name)).toEqual([...CHUNKING_STRATEGIES]);
    expect(STRATEGY_DESCRIPTIONS.filter((d) => d.is_default).map((d) => d.name)).toEqual(['llm_analysis']);
    expect(STRATEGY_DESCRIPTIONS.filter((d) => d.uses_window_size).map((d) => d.name)).toEqual(['llm_analysis']);
    expect([undefined, null, ''].map(normalizeStrategy)).toEqual(['llm_analysis', 'llm_analysis', 'llm_analysis']);
  });

  it('invalid maxChunkSize falls back to 2000; overlap is capped at half of it', async () => {
    const lines = linesFromText('x');
    expect((await chunkDocument(lines, { strategy: 'character_based', maxChunkSize: Number.NaN })).stats.max_chunk_size).toBe(2000);
    expect((await chunkDocument(lines, { strategy: 'character_based', maxChunkSize: 50 })).stats.max_chunk_size).toBe(2000);
    expect((await chunkDocument(lines, { strategy: 'character_based', maxChunkSize: 300, overlapSize: 500 })).stats.overlap_size).toBe(150);
    expect((await chunkDocument(lines, { strategy: 'paragraph_based', overlapSize: 100 })).stats.overlap_size).toBe(0);
  });
});
