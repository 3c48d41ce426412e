import { chunkDocument } from './chunk-document';
import type { ChunkingModel, ChunkingModelRequest } from './model';
import { expectChunkInvariants, generateInvoice, generateProse, linesFromPages, linesFromText } from './test-fixtures';
import type { Chunk, ChunkingProgressEvent, OcrLine, TablePart } from './types';

const ranges = (chunks: Chunk[]) => chunks.map((c) => [c.start_line, c.end_line]);
const gapRow = (a: string, b: string, c: string, d: string) => `${a.padEnd(20)}${b.padStart(5)}${c.padStart(12)}${d.padStart(12)}`;

/** 250 lines: prose 1-189, blank, "Line items" 191, header 192, 20 rows 193-212, blank, prose 214-250. */
function windowDocument(): OcrLine[] {
  const rows = Array.from({ length: 20 }, (_, i) => gapRow(`Part ${i + 1}`, String(i + 1), `${i + 1}.50`, `${(i + 1) * (i + 1)}.50`));
  const all = [
    ...generateProse(189, { perParagraph: 6 }),
    '',
    'Line items',
    gapRow('Description', 'Qty', 'Unit Price', 'Amount'),
    ...rows,
    '',
    ...generateProse(37, { seed: 8, perParagraph: 6 }),
  ];
  expect(all).toHaveLength(250);
  return linesFromText(all.join('\n'));
}

/** `n` plain sentence lines, no structure the detector would call a table */
const sentences = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `Sentence number ${from + i} of the test document.`);

type Answer = (req: ChunkingModelRequest) => unknown;
function fakeModel(answer: Answer, name = 'fake-model'): ChunkingModel & { requests: ChunkingModelRequest[] } {
  const requests: ChunkingModelRequest[] = [];
  return {
    name,
    requests,
    async segmentWindow(req) {
      requests.push(req);
      return answer(req);
    },
  };
}

const body = (a: number, b: number): TablePart[] => Array.from({ length: b - a + 1 }, (_, i) => ({ role: 'body', start: a + i, end: a + i }));

describe('llm_analysis windows', () => {
  it('windows of 100 over 250 lines: 3 windows, stitched back into the whole-document segmentation', async () => {
    const lines = windowDocument();
    const windowed = await chunkDocument(lines, { windowSize: 100 });
    const whole = await chunkDocument(lines, { windowSize: 500 });
    expect(windowed.stats).toMatchObject({ window_size: 100, windows_total: 3, windows_processed: 3, failures: 0, success_rate: 1 });
    expect(windowed.stats.window_reports.map((w) => [w.start_line, w.end_line, w.status])).toEqual([
      [1, 100, 'deterministic'],
      [101, 200, 'deterministic'],
      [201, 250, 'deterministic'],
    ]);
    expect(whole.stats.windows_total).toBe(1);
    const shape = (cs: Chunk[]) => cs.map((c) => [c.start_line, c.end_line, c.chunk_type, c.content, c.metadata.table_structure]);
    expect(shape(windowed.chunks)).toEqual(shape(whole.chunks));
    // a prose chunk crosses the first window edge, the table crosses the second
    const crossing = windowed.chunks.find((c) => c.start_line <= 100 && c.end_line > 100);
    expect(crossing?.metadata.windows).toEqual([1, 2]);
    const table = windowed.chunks.find((c) => c.chunk_type === 'table')!;
    expect([table.start_line, table.end_line]).toEqual([191, 212]);
    expect(table.metadata.windows).toEqual([2, 3]);
    expect(table.metadata.table_structure[0]!.parts).toEqual([
      { role: 'description', start: 191, end: 191 },
      { role: 'header', start: 192, end: 192 },
      ...body(193, 212),
    ]);
    expectChunkInvariants(lines, windowed.chunks);
  });

  it.each([0, 99, 501, Number.NaN, '300abc', 150.5, -100, undefined])('window size %p falls back to 250', async (size) => {
    const lines = linesFromText(sentences(600).join('\n'));
    const { stats } = await chunkDocument(lines, { windowSize: size as number });
    expect(stats.window_size).toBe(250);
    expect(stats.windows_total).toBe(3);
  });

  it.each([[100, 6], [500, 2], ['300', 2]] as const)('window size %p is used as given (%p windows over 600 lines)', async (size, windows) => {
    const lines = linesFromText(sentences(600).join('\n'));
    const { stats } = await chunkDocument(lines, { windowSize: size });
    expect(stats.window_size).toBe(Number(size));
    expect(stats.windows_total).toBe(windows);
  });

  it('one long OCR line per page: cut inside the lines at word boundaries, positions exact', async () => {
    const pages = Array.from({ length: 3 }, (_, p) => generateProse(40, { seed: p, perParagraph: 100 }).join(' '));
    const lines = linesFromPages(pages);
    const { chunks } = await chunkDocument(lines, { maxChunkSize: 1000 });
    for (const c of chunks) expect(c.character_count).toBeLessThanOrEqual(1000);
    for (let n = 1; n <= 3; n++) {
      const own = chunks.filter((c) => c.start_line === n);
      expect(own.every((c) => c.end_line === n && c.page_number === n)).toBe(true);
      expect(own.map((c) => c.content).join(' ')).toBe(pages[n - 1]);
    }
    expectChunkInvariants(lines, chunks);
  });

  it('reports progress the chunking monitor shows', async () => {
    const events: ChunkingProgressEvent[] = [];
    await chunkDocument(windowDocument(), { windowSize: 100, onProgress: (e) => events.push(e) });
    expect(events.map((e) => e.sub_phase)).toEqual([
      'started',
      'window_started', 'window_completed',
      'window_started', 'window_completed',
      'window_started', 'window_completed',
      'assembling',
      'completed',
    ]);
    const done = events.filter((e) => e.sub_phase === 'window_completed');
    expect(done.map((e) => e.details.window_info)).toEqual([
      { current: 1, total: 3, lines: 100, start_line: 1, end_line: 100 },
      { current: 2, total: 3, lines: 100, start_line: 101, end_line: 200 },
      { current: 3, total: 3, lines: 50, start_line: 201, end_line: 250 },
    ]);
    expect(done.map((e) => [e.current_value, e.total_value, e.units])).toEqual([[1, 3, 'windows'], [2, 3, 'windows'], [3, 3, 'windows']]);
    const pct = events.map((e) => e.progress_percentage);
    expect([...pct].sort((a, b) => a - b)).toEqual(pct);
    const last = events[events.length - 1]!;
    expect(last).toMatchObject({ phase: 'chunking', event_type: 'success', progress_percentage: 100 });
    expect(last.details).toMatchObject({ model: 'deterministic', strategy: 'llm_analysis', failures: 0, success_rate: 1, table_chunks: 1 });
    expect(last.details.text_chunks! + last.details.table_chunks!).toBe(last.details.total_chunks);
  });
});

describe('llm_analysis with a model', () => {
  it('garbage answers: retried up to max attempts, then the deterministic analyser takes the window and a failure is counted', async () => {
    const lines = windowDocument();
    const model = fakeModel(() => 'Sure! The document looks like an invoice.');
    const events: ChunkingProgressEvent[] = [];
    const r = await chunkDocument(lines, { windowSize: 100, model, onProgress: (e) => events.push(e) });
    expect(model.requests).toHaveLength(9);
    expect(model.requests.map((q) => [q.window.number, q.attempt])).toEqual([
      [1, 1], [1, 2], [1, 3], [2, 1], [2, 2], [2, 3], [3, 1], [3, 2], [3, 3],
    ]);
    expect(model.requests[1]!.previous_error).toBe('the answer contains no JSON object');
    expect(r.stats).toMatchObject({ model: 'fake-model', windows_total: 3, failures: 3, attempts: 9, max_attempts: 3, success_rate: 0 });
    expect(r.stats.window_reports.map((w) => [w.status, w.attempts, w.errors.length])).toEqual([['fallback', 3, 3], ['fallback', 3, 3], ['fallback', 3, 3]]);
    const retries = events.filter((e) => e.sub_phase === 'window_retry');
    expect(retries.map((e) => [e.details.window_info?.current, e.details.attempt, e.details.max_attempts, e.event_type])).toEqual([
      [1, 1, 3, 'error'], [1, 2, 3, 'error'], [1, 3, 3, 'error'],
      [2, 1, 3, 'error'], [2, 2, 3, 'error'], [2, 3, 3, 'error'],
      [3, 1, 3, 'error'], [3, 2, 3, 'error'], [3, 3, 3, 'error'],
    ]);
    expect(retries[0]!.details.error).toBe('the answer contains no JSON object');
    expect(events.filter((e) => e.sub_phase === 'window_fallback').map((e) => e.details.failures)).toEqual([1, 2, 3]);
    // the fallback result is the deterministic segmentation
    const det = await chunkDocument(lines, { windowSize: 100 });
    expect(ranges(r.chunks)).toEqual(ranges(det.chunks));
    expect(new Set(r.chunks.map((c) => c.metadata.llm_status))).toEqual(new Set(['fallback']));
  });

  it('a model that throws counts the attempt as failed the same way', async () => {
    const model = fakeModel(() => {
      throw new Error('HTTP 503 from provider');
    });
    const r = await chunkDocument(linesFromText(sentences(20).join('\n')), { model, maxAttempts: 2 });
    expect(r.stats).toMatchObject({ failures: 1, attempts: 2, max_attempts: 2, success_rate: 0 });
    expect(r.stats.window_reports[0]!.errors).toEqual(['attempt 1: HTTP 503 from provider', 'attempt 2: HTTP 503 from provider']);
  });

  it('a wrong answer is retried with the validation error, and the corrected answer is used', async () => {
    const lines = linesFromText(sentences(20).join('\n'));
    const model = fakeModel((req) =>
      req.attempt === 1
        ? { segments: [{ start_line: 1, end_line: 10, type: 'text' }] }
        : '```json\n{"segments": [{"start_line": 1, "end_line": 12, "type": "text", "kind": "paragraph"}, {"start_line": 13, "end_line": 20, "type": "text"}]}\n```',
    );
    const r = await chunkDocument(lines, { model });
    expect(model.requests[1]!.previous_error).toBe('non-blank lines not covered by any segment: 11-20');
    expect(model.requests[1]!.prompt.user).toContain('Your previous answer was rejected: non-blank lines not covered by any segment: 11-20');
    expect(ranges(r.chunks)).toEqual([[1, 12], [13, 20]]);
    expect(r.chunks.map((c) => [c.metadata.llm_status, c.metadata.llm_chunk_id, c.metadata.segment_kind])).toEqual([
      ['success', 'w1-s1', 'paragraph'],
      ['success', 'w1-s2', 'other'],
    ]);
    expect(r.stats).toMatchObject({ failures: 0, attempts: 2, success_rate: 1 });
  });

  it('stitches a segment the model marks as continuing across a window edge', async () => {
    const lines = linesFromText(sentences(250).join('\n'));
    const model = fakeModel((req) => {
      const { start_line: a, end_line: b, number } = req.window;
      const segs = b > a + 49 ? [[a, a + 49], [a + 50, b]] : [[a, b]];
      return { segments: segs.map(([s, e], i) => ({ start_line: s, end_line: e, type: 'text', continues_previous: number === 2 && i === 0 })) };
    });
    const r = await chunkDocument(lines, { windowSize: 100, model, maxChunkSize: 100_000 });
    expect(ranges(r.chunks)).toEqual([[1, 50], [51, 150], [151, 200], [201, 250]]);
    expect(r.chunks.map((c) => c.metadata.llm_chunk_id)).toEqual(['w1-s1', 'w1-s2', 'w2-s2', 'w3-s1']);
    expect(r.chunks.map((c) => c.metadata.windows)).toEqual([[1], [1, 2], [2], [3]]);
    expectChunkInvariants(lines, r.chunks);
  });

  it('joins a table cut by a window edge even when the model does not say it continues', async () => {
    // rows the deterministic detector does not see as a table: only the model's word counts here
    const rows = Array.from({ length: 13 }, (_, i) => `entry ${i + 1}: alpha beta`);
    const lines = linesFromText([...sentences(95), 'Register', 'entry: name value', ...rows, ...sentences(40, 200)].join('\n'));
    // 96 description, 97 header, 98-110 rows, 111-150 sentences
    const model = fakeModel((req) =>
      req.window.number === 1
        ? { segments: [
            { start_line: 1, end_line: 95, type: 'text' },
            { start_line: 96, end_line: 100, type: 'table', tables: [{ start: 96, end: 100, parts: [{ role: 'description', start: 96, end: 96 }, { role: 'header', start: 97, end: 97 }, ...body(98, 100)] }] },
          ] }
        : { segments: [
            { start_line: 101, end_line: 110, type: 'table', tables: [{ start: 101, end: 110, parts: body(101, 110) }] },
            { start_line: 111, end_line: 150, type: 'text' },
          ] },
    );
    const r = await chunkDocument(lines, { windowSize: 100, model, maxChunkSize: 100_000 });
    expect(ranges(r.chunks)).toEqual([[1, 95], [96, 110], [111, 150]]);
    const t = r.chunks[1]!;
    expect(t.chunk_type).toBe('table');
    expect(t.metadata.table_structure).toEqual([
      { start: 96, end: 110, parts: [{ role: 'description', start: 96, end: 96 }, { role: 'header', start: 97, end: 97 }, ...body(98, 110)] },
    ]);
  });

  it('does not join a table at a window edge to a new table with its own header', async () => {
    const lines = linesFromText([...sentences(98), 'head one', 'row a', 'head two', 'row b', ...sentences(20, 300)].join('\n'));
    const model = fakeModel((req) =>
      req.window.number === 1
        ? { segments: [{ start_line: 1, end_line: 98, type: 'text' }, { start_line: 99, end_line: 100, type: 'table', tables: [{ start: 99, end: 100, parts: [{ role: 'header', start: 99, end: 99 }, { role: 'body', start: 100, end: 100 }] }] }] }
        : { segments: [{ start_line: 101, end_line: 102, type: 'table', tables: [{ start: 101, end: 102, parts: [{ role: 'header', start: 101, end: 101 }, { role: 'body', start: 102, end: 102 }] }] }, { start_line: 103, end_line: 122, type: 'text' }] },
    );
    const r = await chunkDocument(lines, { windowSize: 100, model, maxChunkSize: 100_000 });
    expect(ranges(r.chunks)).toEqual([[1, 98], [99, 100], [101, 102], [103, 122]]);
  });

  it('never lets a model split a detected table: the segments sharing it are joined', async () => {
    const inv = generateInvoice(6);
    const { description, bodyEnd } = inv.table;
    const mid = inv.table.bodyStart + 2;
    const model = fakeModel(() => ({
      segments: [
        { start_line: 1, end_line: mid, type: 'text' },
        { start_line: mid + 1, end_line: inv.lines.length, type: 'text' },
      ],
    }));
    const r = await chunkDocument(inv.lines, { model });
    expect(ranges(r.chunks)).toEqual([[1, inv.lines.length]]);
    // the model described no table: the detected one is added
    expect(r.chunks[0]!.metadata.table_structure.map((t) => [t.start, t.end, t.parts.filter((p) => p.role === 'body').length])).toEqual([[description, bodyEnd, 6]]);
    expect(r.chunks[0]!.metadata.tables_found).toBe(1);
  });

  it('cuts a model text segment over maxChunkSize on lines, keeping tables whole', async () => {
    const lines = linesFromText(sentences(120).join('\n'));
    const model = fakeModel(() => ({ segments: [{ start_line: 1, end_line: 120, type: 'text' }] }));
    const r = await chunkDocument(lines, { model, maxChunkSize: 2000 });
    expect(r.chunks.length).toBeGreaterThan(1);
    expect(r.chunks.every((c) => c.character_count <= 2000)).toBe(true);
    expect(r.chunks.map((c) => c.metadata.llm_chunk_id)).toEqual(r.chunks.map((_, k) => (k === 0 ? 'w1-s1' : `w1-s1-p${k + 1}`)));
    expectChunkInvariants(lines, r.chunks);
  });

  it('passes context lines and the window to the model', async () => {
    const lines = linesFromText(sentences(230).join('\n'));
    const model = fakeModel((req) => ({ segments: [{ start_line: req.window.start_line, end_line: req.window.end_line, type: 'text' }] }));
    await chunkDocument(lines, { model, windowSize: 100, maxChunkSize: 100_000 });
    const second = model.requests[1]!;
    expect(second.window).toEqual({ index: 1, number: 2, total: 3, start_line: 101, end_line: 200 });
    expect(second.lines.map((l) => l.number)).toEqual(Array.from({ length: 100 }, (_, i) => 101 + i));
    expect(second.context_before.map((l) => l.number)).toEqual([96, 97, 98, 99, 100]);
    expect(second.context_after.map((l) => l.number)).toEqual([201, 202]);
    expect(second.prompt.user).toContain('101| Sentence number 101 of the test document.');
    expect(second.prompt.user).toContain('Window 2 of 3: lines 101-200');
    expect(second.response_schema).toHaveProperty('required', ['segments']);
  });

  it('stops when cancelled: the pending call is the last one and the promise rejects', async () => {
    const controller = new AbortController();
    const model = fakeModel(() => {
      controller.abort();
      return '{}';
    });
    await expect(chunkDocument(linesFromText(sentences(300).join('\n')), { model, windowSize: 100, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(model.requests).toHaveLength(1);
    await expect(chunkDocument(linesFromText('x'), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('the model is ignored by the other strategies', async () => {
    const model = fakeModel(() => 'garbage');
    const r = await chunkDocument(linesFromText(sentences(10).join('\n')), { strategy: 'character_based', model });
    expect(model.requests).toHaveLength(0);
    expect(r.stats).toMatchObject({ model: 'none', windows_total: 0, window_size: null });
  });
});
