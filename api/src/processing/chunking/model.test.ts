import { ChunkingDocument } from './document';
import { buildModelRequest, CHUNKING_RESPONSE_SCHEMA, CHUNKING_SYSTEM_PROMPT, ModelAnswerError, parseModelAnswer } from './model';
import { linesFromPages } from './test-fixtures';

// 12 lines: 1-5 page 1, 6-12 page 2; line 4 and 9 blank
const doc = new ChunkingDocument(
  linesFromPages([['a', 'b', 'c', '', 'e'].join('\n'), ['f', 'g', 'h', '', 'j', 'k', 'l'].join('\n')]),
);
const parse = (answer: unknown, a = 1, b = 12) => parseModelAnswer(answer, doc, a, b);
const error = (answer: unknown, a = 1, b = 12): string => {
  try {
    parse(answer, a, b);
  } catch (e) {
    expect(e).toBeInstanceOf(ModelAnswerError);
    return (e as Error).message;
  }
  throw new Error('expected the answer to be rejected');
};
const seg = (start_line: number, end_line: number, extra: Record<string, unknown> = {}) => ({ start_line, end_line, type: 'text', ...extra });

describe('parseModelAnswer', () => {
  it('accepts a valid answer, as an object or as text with fences and prose around it', () => {
    const table = { start: 6, end: 12, parts: [{ role: 'header', start: 6, end: 6 }, { role: 'description', start: 5, end: 5 }, { role: 'body', start: 7, end: 8 }] };
    const answer = {
      segments: [
        seg(1, 3, { kind: 'paragraph', title: 'Intro', continues_previous: true }),
        seg(5, 12, {
          type: 'table',
          tables: [table],
        }),
      ],
    };
    // table 6-12 does not start at 5 but its description part is at 5: outside the table → rejected
    expect(error(answer)).toBe('segments[1].tables[0].parts[1]: description lines 5-5 are not inside the table 6-12');
    table.start = 5;
    const expected = [
      { start: 1, end: 3, type: 'text', kind: 'paragraph', title: 'Intro', continuesPrevious: true, tables: [] },
      {
        start: 5, end: 12, type: 'table', kind: 'table', title: null, continuesPrevious: false,
        tables: [{ start: 5, end: 12, continuesPrevious: false, parts: [{ role: 'description', start: 5, end: 5 }, { role: 'header', start: 6, end: 6 }, { role: 'body', start: 7, end: 8 }] }],
      },
    ];
    expect(parse(answer)).toEqual(expected);
    expect(parse(`Here you go:\n\`\`\`json\n${JSON.stringify(answer)}\n\`\`\`\nHope this helps.`)).toEqual(expected);
    expect(parse(`Result: ${JSON.stringify(answer)} done`)).toEqual(expected);
  });

  it('blank lines may stay uncovered; non-blank lines may not', () => {
    expect(parse({ segments: [seg(1, 3), seg(5, 8), seg(10, 12)] })).toHaveLength(3);
    expect(error({ segments: [seg(1, 3), seg(6, 8)] })).toBe('non-blank lines not covered by any segment: 5, 10-12');
  });

  it('rejects garbage with a message the model can act on', () => {
    expect(error('no idea')).toBe('the answer contains no JSON object');
    expect(error('{"segments": [1, 2,}')).toMatch(/^the answer is not valid JSON/);
    expect(error({ chunks: [] })).toBe('expected an object {"segments": [...]}');
    expect(error([])).toBe('expected an object {"segments": [...]}');
    expect(error(null)).toBe('expected an object {"segments": [...]}');
  });

  it('checks ranges, order, types and tables', () => {
    expect(error({ segments: [seg(1, 12.5)] })).toBe('segments[0]: start_line and end_line must be integers');
    expect(error({ segments: [seg(5, 3), seg(1, 12)] })).toContain('segments[0]: start_line 5 is after end_line 3');
    expect(error({ segments: [seg(1, 8), seg(6, 12)] })).toBe('segments 1-8 and 6-12 overlap or are out of order');
    expect(error({ segments: [seg(1, 13)] }, 1, 12)).toBe('segments[0]: lines 1-13 are outside the window 1-12');
    expect(error({ segments: [seg(1, 12, { type: 'image' })] })).toBe('segments[0]: type must be "text" or "table"');
    expect(error({ segments: [seg(1, 12, { type: 'table' })] })).toBe('segments[0]: a "table" segment needs at least one table');
    expect(error({ segments: [seg(1, 12, { tables: [{ start: 2, end: 3, parts: [{ role: 'header', start: 2, end: 3 }] }] })] })).toBe(
      'segments[0].tables[0]: a table needs at least one body row',
    );
    expect(error({ segments: [seg(1, 12, { tables: [{ start: 2, end: 3, parts: [{ role: 'footer', start: 2, end: 3 }] }] })] })).toContain(
      'segments[0].tables[0].parts[0]: role must be description, header or body',
    );
    expect(error({ segments: [seg(1, 5), seg(6, 12, { tables: [{ start: 5, end: 7, parts: [{ role: 'body', start: 6, end: 7 }] }] })] })).toBe(
      'segments[1].tables[0]: lines 5-7 are outside the segment 6-12',
    );
    expect(
      error({ segments: [seg(1, 12, { tables: [{ start: 1, end: 3, parts: [{ role: 'body', start: 1, end: 3 }] }, { start: 3, end: 5, parts: [{ role: 'body', start: 3, end: 5 }] }] })] }),
    ).toBe('segments[0]: tables 1-3 and 3-5 overlap');
    expect(error({ segments: [seg(1, 12, { tables: [{ start: 1, end: 3, parts: [{ role: 'body', start: 1, end: 2 }, { role: 'body', start: 2, end: 3 }] }] })] })).toBe(
      'segments[0].tables[0]: parts 1-2 and 2-3 overlap',
    );
  });

  it('continues_previous counts only on the first segment', () => {
    const r = parse({ segments: [seg(1, 5), seg(6, 12, { continues_previous: true })] });
    expect(r.map((s) => s.continuesPrevious)).toEqual([false, false]);
  });
});

describe('buildModelRequest', () => {
  it('gives the window lines with page markers, context and the previous error', () => {
    const req = buildModelRequest(doc, { index: 1, total: 3, start: 6, end: 10 }, 2000, 2, 3, 'non-blank lines not covered by any segment: 7');
    expect(req.window).toEqual({ index: 1, number: 2, total: 3, start_line: 6, end_line: 10 });
    expect(req.lines.map((l) => l.number)).toEqual([6, 7, 8, 9, 10]);
    expect(req.context_before.map((l) => l.number)).toEqual([1, 2, 3, 4, 5]);
    expect(req.context_after.map((l) => l.number)).toEqual([11, 12]);
    expect(req).toMatchObject({ max_chunk_chars: 2000, attempt: 2, max_attempts: 3, previous_error: 'non-blank lines not covered by any segment: 7' });
    expect(req.prompt.system).toBe(CHUNKING_SYSTEM_PROMPT);
    expect(req.prompt.user).toContain('Window lines:\n--- page 2 ---\n6| f\n7| g\n8| h\n9| \n10| j');
    expect(req.prompt.user).toContain('Context before the window (already handled, do not segment):\n--- page 1 ---\n1| a');
    expect(req.prompt.user).toContain('Your previous answer was rejected: non-blank lines not covered by any segment: 7');
    expect(req.response_schema).toBe(CHUNKING_RESPONSE_SCHEMA);
  });

  it('marks the first and last windows', () => {
    const req = buildModelRequest(doc, { index: 0, total: 1, start: 1, end: 12 }, 2000, 1, 3, null);
    expect(req.prompt.user).toContain('This window starts the document.');
    expect(req.prompt.user).toContain('This window ends the document.');
    expect(req.prompt.user).not.toContain('previous answer');
  });
});
