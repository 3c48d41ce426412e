// Chunk editor support (the chunk update payload; docs/decisions/0005-file-detail-and-chunk-tools.md):
// validateChunkEdit checks an edit against the document; rebuildChunk recomputes the chunk.
import { buildChunk, ChunkingDocument, cloneTable } from './document';
import type { Chunk, ChunkMetadata, ChunkType, ChunkingStrategy, OcrLine, TablePart, TableStructure } from './types';

/** [start, end], {start, end} or a single line number */
export type LineRangeInput = [number, number] | { start: number; end: number } | number;

/** One table as the chunk editor sends it (in the chunk update payload). */
export interface EditorTableInput {
  /** optional: derived from the parts when missing */
  start?: number;
  end?: number;
  has_description?: boolean;
  description_lines?: LineRangeInput | LineRangeInput[] | null;
  has_header?: boolean;
  /** pairs [start, end] (one or several) */
  header_lines?: LineRangeInput | LineRangeInput[] | null;
  body_rows?: LineRangeInput[] | null;
}

/** Either the stored form ({start, end, parts}) or the editor form, one table or a list. */
export type TableStructureInput = TableStructure | EditorTableInput;

export interface ChunkEdit {
  start_line: number;
  end_line: number;
  chunk_type: ChunkType | string;
  table_structure?: TableStructureInput | TableStructureInput[] | null;
}

export interface ChunkEditIssue {
  /** where: "start_line", "table_structure[0].body_rows[2]", … */
  field: string;
  message: string;
}

export interface ChunkEditValidation {
  valid: boolean;
  errors: ChunkEditIssue[];
  /** the tables in stored form (absolute lines, parts sorted), when they could be read */
  table_structure: TableStructure[];
}

export class ChunkEditError extends Error {
  constructor(readonly errors: ChunkEditIssue[]) {
    super(errors.map((e) => e.message).join('; '));
    this.name = 'ChunkEditError';
  }
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readRange(v: unknown): [number, number] | null {
  if (isInt(v)) return [v, v];
  if (Array.isArray(v) && v.length === 2 && isInt(v[0]) && isInt(v[1])) return [v[0], v[1]];
  if (isObj(v) && isInt(v.start) && isInt(v.end)) return [v.start, v.end];
  return null;
}

/** one range or a list of ranges; [3, 5] is one pair, [[3, 5]] a list of one */
function readRanges(v: unknown): [number, number][] | null {
  if (v === undefined || v === null) return [];
  const single = readRange(v);
  if (single && !(Array.isArray(v) && Array.isArray(v[0]))) return [single];
  return readList(v);
}

/** a list of ranges (body rows: always a list, [[3, 3], [4, 4]] or [{start, end}, …]) */
function readList(v: unknown): [number, number][] | null {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) return null;
  const out: [number, number][] = [];
  for (const item of v) {
    const r = readRange(item);
    if (!r) return null;
    out.push(r);
  }
  return out;
}

function readTable(input: unknown, at: string, errors: ChunkEditIssue[]): TableStructure | null {
  if (!isObj(input)) {
    errors.push({ field: at, message: `${label(at)} must be an object` });
    return null;
  }
  const parts: TablePart[] = [];
  if (Array.isArray(input.parts)) {
    input.parts.forEach((p: unknown, k: number) => {
      const r = isObj(p) ? readRange(p) : null;
      const role = isObj(p) ? p.role : undefined;
      if (!r || (role !== 'description' && role !== 'header' && role !== 'body')) {
        errors.push({ field: `${at}.parts[${k}]`, message: `${label(at)}: part ${k + 1} needs a role (description, header or body) and integer start and end` });
        return;
      }
      parts.push({ role, start: r[0], end: r[1] });
    });
  } else {
    const groups: [TablePart['role'], string, unknown, boolean][] = [
      ['description', 'description_lines', input.description_lines, input.has_description !== false],
      ['header', 'header_lines', input.header_lines, input.has_header !== false],
      ['body', 'body_rows', input.body_rows, true],
    ];
    for (const [role, key, value, enabled] of groups) {
      if (!enabled) continue;
      const ranges = role === 'body' ? readList(value) : readRanges(value);
      if (!ranges) {
        errors.push({ field: `${at}.${key}`, message: `${label(at)}: ${key} must be line ranges [start, end]` });
        continue;
      }
      for (const [s, e] of ranges) parts.push({ role, start: s, end: e });
    }
    if (input.has_description === true && !parts.some((p) => p.role === 'description')) {
      errors.push({ field: `${at}.description_lines`, message: `${label(at)}: description lines are required when it has a description` });
    }
    if (input.has_header === true && !parts.some((p) => p.role === 'header')) {
      errors.push({ field: `${at}.header_lines`, message: `${label(at)}: header lines are required when it has a header` });
    }
  }
  parts.sort((x, y) => x.start - y.start || x.end - y.end);
  let start: number | null = isInt(input.start) ? input.start : null;
  let end: number | null = isInt(input.end) ? input.end : null;
  if ((input.start !== undefined && input.start !== null && start === null) || (input.end !== undefined && input.end !== null && end === null)) {
    errors.push({ field: at, message: `${label(at)}: start and end must be whole line numbers` });
    return null;
  }
  if (parts.length) {
    start ??= Math.min(...parts.map((p) => p.start));
    end ??= Math.max(...parts.map((p) => p.end));
  }
  if (start === null || end === null) {
    errors.push({ field: at, message: `${label(at)}: start and end lines are required` });
    return null;
  }
  return { start, end, parts };
}

function label(at: string): string {
  const m = /table_structure\[(\d+)\]/.exec(at);
  return m ? `Table ${Number(m[1]) + 1}` : 'Table';
}

function range(s: number, e: number): string {
  return s === e ? `line ${s}` : `lines ${s}-${e}`;
}

/**
 * Checks a chunk edit. `lines` are the document's OCR lines (or just their count). Rules:
 * lines within 1..last line, start <= end, chunk type text or table, every table inside the
 * chunk, description and header lines and body rows inside their table, start <= end
 * everywhere, no overlaps, at least one body row per table, and a table chunk has a table.
 */
export function validateChunkEdit(lines: readonly OcrLine[] | number, edit: ChunkEdit): ChunkEditValidation {
  const last = typeof lines === 'number' ? lines : lines.length;
  const errors: ChunkEditIssue[] = [];
  const e = isObj(edit) ? (edit as unknown as Record<string, unknown>) : {};
  const s0 = e.start_line;
  const e0 = e.end_line;
  if (last < 1) errors.push({ field: 'start_line', message: 'The document has no OCR lines' });
  const lineOk = (v: unknown, field: string): v is number => {
    if (!isInt(v)) {
      errors.push({ field, message: `${field} must be a whole line number` });
      return false;
    }
    if (last >= 1 && (v < 1 || v > last)) {
      errors.push({ field, message: `${field} ${v} is outside the document (lines 1-${last})` });
      return false;
    }
    return last >= 1;
  };
  const startOk = lineOk(s0, 'start_line');
  const endOk = lineOk(e0, 'end_line');
  if (isInt(s0) && isInt(e0) && s0 > e0) errors.push({ field: 'end_line', message: `start_line ${s0} is after end_line ${e0}` });
  const type = e.chunk_type;
  if (type !== 'text' && type !== 'table') errors.push({ field: 'chunk_type', message: "chunk_type must be 'text' or 'table'" });

  const raw = e.table_structure;
  const inputs: unknown[] = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw : [raw];
  const tables: TableStructure[] = [];
  inputs.forEach((input, i) => {
    const at = `table_structure[${i}]`;
    const name = `Table ${i + 1}`;
    const t = readTable(input, at, errors);
    if (!t) return;
    if (t.start > t.end) errors.push({ field: at, message: `${name}: start ${t.start} is after end ${t.end}` });
    else if (startOk && endOk && isInt(s0) && isInt(e0) && (t.start < s0 || t.end > e0)) {
      errors.push({ field: at, message: `${name} (${range(t.start, t.end)}) must lie inside the chunk (${range(s0, e0)})` });
    }
    const body = t.parts.filter((p) => p.role === 'body');
    if (body.length === 0) errors.push({ field: `${at}.body_rows`, message: `${name}: at least one body row is required` });
    let bodyIndex = 0;
    for (const p of t.parts) {
      const what = p.role === 'body' ? `body row ${++bodyIndex}` : `${p.role} lines`;
      const field = p.role === 'body' ? `${at}.body_rows[${bodyIndex - 1}]` : `${at}.${p.role}_lines`;
      if (p.start > p.end) errors.push({ field, message: `${name}: ${what} start ${p.start} is after end ${p.end}` });
      else if (p.start < t.start || p.end > t.end) {
        errors.push({ field, message: `${name}: ${what} (${range(p.start, p.end)}) must lie inside the table (${range(t.start, t.end)})` });
      }
    }
    for (let k = 1; k < t.parts.length; k++) {
      const a = t.parts[k - 1]!;
      const b = t.parts[k]!;
      if (b.start <= a.end) errors.push({ field: at, message: `${name}: ${a.role} ${range(a.start, a.end)} and ${b.role} ${range(b.start, b.end)} overlap` });
    }
    tables.push(t);
  });
  const sorted = [...tables].sort((x, y) => x.start - y.start);
  for (let k = 1; k < sorted.length; k++) {
    const a = sorted[k - 1]!;
    const b = sorted[k]!;
    if (b.start <= a.end) {
      errors.push({ field: 'table_structure', message: `Tables at ${range(a.start, a.end)} and ${range(b.start, b.end)} overlap` });
    }
  }
  if (type === 'table' && inputs.length === 0) {
    errors.push({ field: 'table_structure', message: 'A table chunk must contain at least one table (chunk type table means Contains Tables)' });
  }
  return { valid: errors.length === 0, errors, table_structure: sorted.map(cloneTable) };
}

export interface RebuildBase {
  chunk_index?: number;
  chunking_strategy?: ChunkingStrategy;
  metadata?: Partial<ChunkMetadata>;
}

/**
 * Recomputes an edited chunk from the OCR lines: content, character count, token estimate,
 * positions, page, line range, tables_found and table_structure. Throws ChunkEditError when
 * validateChunkEdit finds problems. llm_chunk_id / llm_status / windows come from `base`.
 */
export function rebuildChunk(lines: readonly OcrLine[], edit: ChunkEdit, base: RebuildBase = {}): Chunk {
  const check = validateChunkEdit(lines, edit);
  if (!check.valid) throw new ChunkEditError(check.errors);
  const doc = new ChunkingDocument(lines);
  const strategy = base.chunking_strategy ?? base.metadata?.chunking_strategy ?? 'llm_analysis';
  const chunk = buildChunk(
    doc,
    {
      startPos: doc.startOf(edit.start_line),
      endPos: doc.endOf(edit.end_line),
      type: edit.chunk_type as ChunkType,
      tables: check.table_structure,
      extra: {
        llm_chunk_id: base.metadata?.llm_chunk_id ?? null,
        llm_status: base.metadata?.llm_status ?? null,
        ...(base.metadata?.segment_kind ? { segment_kind: base.metadata.segment_kind } : {}),
        ...(base.metadata?.windows ? { windows: base.metadata.windows } : {}),
      },
    },
    base.chunk_index ?? 0,
    strategy,
  );
  chunk.metadata.edited = true;
  return chunk;
}
