// The language-model side of llm_analysis: the ChunkingModel interface a provider implements,
// the request it gets for each window, the prompt and JSON Schema of the answer, and
// the strict validation of what comes back. Anything that does not validate is "garbage": the
// window is retried (the error is passed back as previous_error), then the deterministic
// analyser takes the window over and a failure is counted.
//
// Answer contract (JSON, one object):
// {
//   "segments": [                       // in line order, not overlapping, inside the window;
//     {                                 // together they cover every non-blank window line
//       "start_line": 12, "end_line": 30,           // absolute 1-based line numbers, inclusive
//       "type": "text" | "table",                    // "table" = dedicated table chunk (needs a table)
//       "kind": "heading|paragraph|list|key_value|table|mixed|other",   // optional
//       "title": "Line items",                       // optional short label
//       "continues_previous": false,     // first segment only: it continues the segment that ended
//                                        // on the line before this window (stitched together)
//       "tables": [                      // optional; tables inside the segment
//         { "start": 14, "end": 30,
//           "continues_previous": false, // first table only: rows continue a table that ended
//                                        // on the line before this window
//           "parts": [ { "role": "description", "start": 14, "end": 14 },
//                      { "role": "header", "start": 15, "end": 15 },
//                      { "role": "body", "start": 16, "end": 16 }, …  ] } ]   // one body part per row
//     } ] }
// Rules checked: integers; start <= end; segments inside the window; tables inside their
// segment and not overlapping; parts inside their table, not overlapping; roles description,
// header or body; at least one body part per table. A raw string answer may wrap the JSON in
// ``` fences or prose; the first {...} object is used.
import type { ChunkingDocument } from './document';
import type { ChunkType, OcrLine, TablePart, TablePartRole, TableStructure } from './types';

/** Lines of context shown before / after each window (read-only for the model). */
export const CONTEXT_LINES_BEFORE = 5;
export const CONTEXT_LINES_AFTER = 2;

export interface ChunkingModelRequest {
  window: { index: number; number: number; total: number; start_line: number; end_line: number };
  /** the window's lines (absolute numbers) */
  lines: OcrLine[];
  /** up to CONTEXT_LINES_BEFORE lines before the window, for judging continuations */
  context_before: OcrLine[];
  /** up to CONTEXT_LINES_AFTER lines after the window */
  context_after: OcrLine[];
  /** characters a text chunk should not exceed (tables may) */
  max_chunk_chars: number;
  attempt: number;
  max_attempts: number;
  /** why the previous attempt was rejected (attempt > 1) */
  previous_error: string | null;
  /** ready-made prompt: providers may send it as-is */
  prompt: { system: string; user: string };
  /** JSON Schema of the answer, for structured output (Gemini responseSchema, OpenAI json_schema, Ollama format) */
  response_schema: Record<string, unknown>;
}

export interface ChunkingModel {
  /** shown as "model" on the chunking monitor */
  readonly name: string;
  /**
   * Segments one window. Returns the answer as raw text or as parsed JSON; throwing counts as a
   * failed attempt. Must honour `signal` (the job was cancelled).
   */
  segmentWindow(request: ChunkingModelRequest, options: { signal?: AbortSignal }): Promise<unknown>;
}

export const SEGMENT_KINDS = ['heading', 'paragraph', 'list', 'key_value', 'table', 'mixed', 'other'] as const;

const RANGE = {
  start: { type: 'integer', minimum: 1 },
  end: { type: 'integer', minimum: 1 },
};

export const CHUNKING_RESPONSE_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    segments: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          start_line: { type: 'integer', minimum: 1 },
          end_line: { type: 'integer', minimum: 1 },
          type: { type: 'string', enum: ['text', 'table'] },
          kind: { type: 'string', enum: [...SEGMENT_KINDS] },
          title: { type: 'string' },
          continues_previous: { type: 'boolean' },
          tables: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                ...RANGE,
                continues_previous: { type: 'boolean' },
                parts: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { role: { type: 'string', enum: ['description', 'header', 'body'] }, ...RANGE },
                    required: ['role', 'start', 'end'],
                  },
                },
              },
              required: ['start', 'end', 'parts'],
            },
          },
        },
        required: ['start_line', 'end_line', 'type'],
      },
    },
  },
  required: ['segments'],
};

export const CHUNKING_SYSTEM_PROMPT = [
  'You split OCR text of a business document into chunks for structured data extraction.',
  'You receive numbered lines ("<line number>| <text>") of one window of the document.',
  'Return JSON only: {"segments": [...]} as described by the response schema.',
  'Rules:',
  '- Segments are coherent units (a section with its heading, a list, a block of key: value lines, a table).',
  '- Segments are in line order, do not overlap, stay inside the window, and together cover every non-blank line.',
  '- Keep a text segment under max_chunk_chars characters; never split a table: a table\'s rows stay in one segment.',
  '- A table with 3 or more rows is its own segment with type "table"; a smaller table may sit inside a text segment.',
  '- Describe every table: start/end lines and parts with role "description" (title line above it), "header" (column',
  '  header lines) and "body" (one part per row, each row\'s line range). Every table has at least one body part.',
  '- If the first lines of the window continue the segment (or table rows) that ended just before the window,',
  '  set "continues_previous": true on the first segment (and on its first table).',
  '- Use absolute line numbers as given. Do not invent lines.',
].join('\n');

function numbered(lines: readonly OcrLine[]): string {
  const out: string[] = [];
  let page = -1;
  for (const l of lines) {
    if (l.page !== page) {
      out.push(`--- page ${l.page} ---`);
      page = l.page;
    }
    out.push(`${l.number}| ${l.text}`);
  }
  return out.join('\n');
}

export function buildModelRequest(
  doc: ChunkingDocument,
  win: { index: number; total: number; start: number; end: number },
  maxChunkChars: number,
  attempt: number,
  maxAttempts: number,
  previousError: string | null,
): ChunkingModelRequest {
  const lines = doc.lines.slice(win.start - 1, win.end);
  const before = doc.lines.slice(Math.max(0, win.start - 1 - CONTEXT_LINES_BEFORE), win.start - 1);
  const after = doc.lines.slice(win.end, Math.min(doc.lineCount, win.end + CONTEXT_LINES_AFTER));
  const user = [
    `Window ${win.index + 1} of ${win.total}: lines ${win.start}-${win.end}. max_chunk_chars: ${maxChunkChars}.`,
    before.length ? `Context before the window (already handled, do not segment):\n${numbered(before)}` : 'This window starts the document.',
    `Window lines:\n${numbered(lines)}`,
    after.length ? `Context after the window (next window, do not segment):\n${numbered(after)}` : 'This window ends the document.',
    previousError ? `Your previous answer was rejected: ${previousError}\nAnswer again, correctly.` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    window: { index: win.index, number: win.index + 1, total: win.total, start_line: win.start, end_line: win.end },
    lines: lines.map((l) => ({ ...l })),
    context_before: before.map((l) => ({ ...l })),
    context_after: after.map((l) => ({ ...l })),
    max_chunk_chars: maxChunkChars,
    attempt,
    max_attempts: maxAttempts,
    previous_error: previousError,
    prompt: { system: CHUNKING_SYSTEM_PROMPT, user },
    response_schema: CHUNKING_RESPONSE_SCHEMA,
  };
}

// ------------------------------------------------------------------ answer validation

export interface ModelTable extends TableStructure {
  continuesPrevious: boolean;
}

export interface ModelSegment {
  start: number;
  end: number;
  type: ChunkType;
  kind: string;
  title: string | null;
  continuesPrevious: boolean;
  tables: ModelTable[];
}

export class ModelAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelAnswerError';
  }
}

function extractJson(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  const text = raw.trim();
  try {
    return JSON.parse(text);
  } catch {
    // fall through: fenced or surrounded by prose
  }
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const candidate = fenced ? fenced[1]!.trim() : text;
  const first = candidate.indexOf('{');
  const last = candidate.lastIndexOf('}');
  if (first < 0 || last <= first) throw new ModelAnswerError('the answer contains no JSON object');
  try {
    return JSON.parse(candidate.slice(first, last + 1));
  } catch (e) {
    throw new ModelAnswerError(`the answer is not valid JSON (${(e as Error).message})`);
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/**
 * Parses and checks a model answer for the window a..b. Throws ModelAnswerError with every
 * problem found (at most 8 listed) when the answer is not usable.
 */
export function parseModelAnswer(raw: unknown, doc: ChunkingDocument, a: number, b: number): ModelSegment[] {
  const json = extractJson(raw);
  const errors: string[] = [];
  if (!isObj(json) || !Array.isArray(json.segments)) throw new ModelAnswerError('expected an object {"segments": [...]}');
  const segments: ModelSegment[] = [];
  json.segments.forEach((s: unknown, i: number) => {
    const at = `segments[${i}]`;
    if (!isObj(s)) {
      errors.push(`${at} is not an object`);
      return;
    }
    const start = s.start_line;
    const end = s.end_line;
    if (!isInt(start) || !isInt(end)) {
      errors.push(`${at}: start_line and end_line must be integers`);
      return;
    }
    if (start > end) errors.push(`${at}: start_line ${start} is after end_line ${end}`);
    if (start < a || end > b) errors.push(`${at}: lines ${start}-${end} are outside the window ${a}-${b}`);
    const type = s.type;
    if (type !== 'text' && type !== 'table') errors.push(`${at}: type must be "text" or "table"`);
    const kind = typeof s.kind === 'string' && s.kind ? s.kind : type === 'table' ? 'table' : 'other';
    const tables: ModelTable[] = [];
    if (s.tables !== undefined && s.tables !== null) {
      if (!Array.isArray(s.tables)) errors.push(`${at}.tables must be a list`);
      else s.tables.forEach((t: unknown, k: number) => {
        const table = parseTable(t, `${at}.tables[${k}]`, start, end, errors);
        if (table) tables.push(table);
      });
    }
    tables.sort((x, y) => x.start - y.start);
    for (let k = 1; k < tables.length; k++) {
      if (tables[k]!.start <= tables[k - 1]!.end) errors.push(`${at}: tables ${tables[k - 1]!.start}-${tables[k - 1]!.end} and ${tables[k]!.start}-${tables[k]!.end} overlap`);
    }
    const tablesGiven = Array.isArray(s.tables) && s.tables.length > 0;
    if (type === 'table' && !tablesGiven) errors.push(`${at}: a "table" segment needs at least one table`);
    segments.push({
      start,
      end,
      type: type === 'table' ? 'table' : 'text',
      kind,
      title: typeof s.title === 'string' ? s.title : null,
      continuesPrevious: i === 0 && s.continues_previous === true,
      tables,
    });
  });
  for (let i = 1; i < segments.length; i++) {
    const p = segments[i - 1]!;
    const c = segments[i]!;
    if (c.start <= p.end) errors.push(`segments ${p.start}-${p.end} and ${c.start}-${c.end} overlap or are out of order`);
  }
  if (errors.length === 0) {
    const covered = new Array<boolean>(b - a + 1).fill(false);
    for (const s of segments) for (let n = s.start; n <= s.end; n++) covered[n - a] = true;
    const missing: number[] = [];
    for (let n = a; n <= b; n++) if (!covered[n - a] && !doc.isBlank(n)) missing.push(n);
    if (missing.length) errors.push(`non-blank lines not covered by any segment: ${compactRanges(missing)}`);
  }
  if (errors.length) {
    const shown = errors.slice(0, 8).join('; ');
    throw new ModelAnswerError(errors.length > 8 ? `${shown}; … (${errors.length} problems)` : shown);
  }
  return segments;
}

function parseTable(t: unknown, at: string, segStart: number, segEnd: number, errors: string[]): ModelTable | null {
  if (!isObj(t)) {
    errors.push(`${at} is not an object`);
    return null;
  }
  const { start, end } = t;
  if (!isInt(start) || !isInt(end)) {
    errors.push(`${at}: start and end must be integers`);
    return null;
  }
  let ok = true;
  if (start > end) {
    ok = false;
    errors.push(`${at}: start ${start} is after end ${end}`);
  }
  if (start < segStart || end > segEnd) {
    ok = false;
    errors.push(`${at}: lines ${start}-${end} are outside the segment ${segStart}-${segEnd}`);
  }
  if (!Array.isArray(t.parts)) {
    errors.push(`${at}.parts must be a list`);
    return null;
  }
  const parts: TablePart[] = [];
  t.parts.forEach((p: unknown, k: number) => {
    const pat = `${at}.parts[${k}]`;
    if (!isObj(p) || !isInt(p.start) || !isInt(p.end)) {
      errors.push(`${pat} needs integer start and end`);
      ok = false;
      return;
    }
    const role = p.role;
    if (role !== 'description' && role !== 'header' && role !== 'body') {
      errors.push(`${pat}: role must be description, header or body`);
      ok = false;
      return;
    }
    if (p.start > p.end || p.start < start || p.end > end) {
      errors.push(`${pat}: ${role} lines ${p.start}-${p.end} are not inside the table ${start}-${end}`);
      ok = false;
      return;
    }
    parts.push({ role: role as TablePartRole, start: p.start, end: p.end });
  });
  parts.sort((x, y) => x.start - y.start || x.end - y.end);
  for (let k = 1; k < parts.length; k++) {
    if (parts[k]!.start <= parts[k - 1]!.end) {
      errors.push(`${at}: parts ${parts[k - 1]!.start}-${parts[k - 1]!.end} and ${parts[k]!.start}-${parts[k]!.end} overlap`);
      ok = false;
    }
  }
  if (!parts.some((p) => p.role === 'body')) {
    errors.push(`${at}: a table needs at least one body row`);
    ok = false;
  }
  return ok ? { start, end, parts, continuesPrevious: t.continues_previous === true } : null;
}

export function compactRanges(nums: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < nums.length; ) {
    let j = i;
    while (j + 1 < nums.length && nums[j + 1] === nums[j]! + 1) j++;
    out.push(i === j ? `${nums[i]}` : `${nums[i]}-${nums[j]}`);
    i = j + 1;
  }
  return out.length > 10 ? `${out.slice(0, 10).join(', ')}, …` : out.join(', ');
}
