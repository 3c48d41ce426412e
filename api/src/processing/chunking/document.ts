// The document as the library sees it: validated OCR lines, the joined document text and
// line offsets, and the one function that turns a character range into a Chunk.
import type { Chunk, ChunkMetadata, ChunkType, ChunkingStrategy, OcrLine, TableStructure } from './types';

/** Thrown for input the library cannot chunk (the job stores `message` as its error). */
export class ChunkingInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkingInputError';
  }
}

/** The document text chunk positions refer to: line texts joined with "\n". */
export function documentText(lines: readonly OcrLine[]): string {
  return lines.map((l) => l.text).join('\n');
}

/** ceil(chars / 4): the documented token estimate. */
export function estimateTokens(characterCount: number): number {
  return Math.ceil(Math.max(0, characterCount) / 4);
}

export class ChunkingDocument {
  readonly lines: readonly OcrLine[];
  readonly text: string;
  /** lineStart[n] = offset of line n's first character (index 0 unused) */
  private readonly lineStart: number[];

  constructor(lines: readonly OcrLine[]) {
    validateLines(lines);
    this.lines = lines;
    this.text = documentText(lines);
    this.lineStart = [0];
    let offset = 0;
    for (const line of lines) {
      this.lineStart.push(offset);
      offset += line.text.length + 1;
    }
  }

  get lineCount(): number {
    return this.lines.length;
  }

  line(n: number): OcrLine {
    const line = this.lines[n - 1];
    if (!line) throw new RangeError(`line ${n} is outside 1..${this.lines.length}`);
    return line;
  }

  textOf(n: number): string {
    return this.line(n).text;
  }

  isBlank(n: number): boolean {
    return this.textOf(n).trim() === '';
  }

  page(n: number): number {
    return this.line(n).page;
  }

  /** offset of line n's first character */
  startOf(n: number): number {
    return this.lineStart[n] ?? 0;
  }

  /** offset just after line n's last character */
  endOf(n: number): number {
    return this.startOf(n) + this.textOf(n).length;
  }

  /** characters of lines a..b joined with "\n" */
  charsOf(a: number, b: number): number {
    return a > b ? 0 : this.endOf(b) - this.startOf(a);
  }

  /** the line holding offset `pos` (a "\n" belongs to the line it ends) */
  lineAt(pos: number): number {
    let lo = 1;
    let hi = this.lines.length;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.startOf(mid) <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** a..b shrunk to drop blank lines at both ends; null when all blank */
  trim(a: number, b: number): [number, number] | null {
    let s = a;
    let e = b;
    while (s <= e && this.isBlank(s)) s++;
    while (e >= s && this.isBlank(e)) e--;
    return s <= e ? [s, e] : null;
  }
}

function validateLines(lines: readonly OcrLine[]): void {
  if (!Array.isArray(lines)) throw new ChunkingInputError('OCR lines must be a list');
  lines.forEach((line, i) => {
    const where = `OCR line ${i + 1}`;
    if (!line || typeof line !== 'object') throw new ChunkingInputError(`${where} is not an object`);
    if (line.number !== i + 1) {
      throw new ChunkingInputError(`${where} has number ${String(line.number)}; lines must be numbered 1, 2, 3, … in order`);
    }
    if (!Number.isInteger(line.page) || line.page < 1) {
      throw new ChunkingInputError(`${where} has page ${String(line.page)}; pages are integers from 1`);
    }
    if (typeof line.text !== 'string') throw new ChunkingInputError(`${where} has no text`);
    if (/[\r\n]/.test(line.text)) throw new ChunkingInputError(`${where} contains a line break`);
  });
}

export interface ChunkSpec {
  /** character range [startPos, endPos) in the document text */
  startPos: number;
  endPos: number;
  type: ChunkType;
  tables: TableStructure[];
  extra?: Partial<Pick<ChunkMetadata, 'llm_chunk_id' | 'llm_status' | 'segment_kind' | 'windows'>>;
}

/** A chunk covering whole lines a..b. */
export function lineSpec(
  doc: ChunkingDocument,
  a: number,
  b: number,
  type: ChunkType,
  tables: TableStructure[],
  extra?: ChunkSpec['extra'],
): ChunkSpec {
  return { startPos: doc.startOf(a), endPos: doc.endOf(b), type, tables, extra };
}

export function buildChunk(doc: ChunkingDocument, spec: ChunkSpec, index: number, strategy: ChunkingStrategy): Chunk {
  const content = doc.text.slice(spec.startPos, spec.endPos);
  const startLine = doc.lineAt(spec.startPos);
  const endLine = doc.lineAt(Math.max(spec.startPos, spec.endPos - 1));
  const isLlm = strategy === 'llm_analysis';
  const metadata: ChunkMetadata = {
    tables_found: spec.tables.length,
    chunking_strategy: strategy,
    chunk_strategy: strategy,
    llm_chunk_id: isLlm ? (spec.extra?.llm_chunk_id ?? null) : null,
    llm_status: isLlm ? (spec.extra?.llm_status ?? null) : null,
    llm_start_line: startLine,
    llm_end_line: endLine,
    table_structure: spec.tables.map(cloneTable),
  };
  if (isLlm && spec.extra?.segment_kind) metadata.segment_kind = spec.extra.segment_kind;
  if (isLlm && spec.extra?.windows) metadata.windows = [...spec.extra.windows];
  return {
    chunk_index: index,
    chunk_type: spec.type,
    content,
    character_count: content.length,
    chunking_strategy: strategy,
    approximate_token_count: estimateTokens(content.length),
    page_number: doc.page(startLine),
    start_position: spec.startPos,
    end_position: spec.endPos,
    start_line: startLine,
    end_line: endLine,
    metadata,
  };
}

export function cloneTable(t: TableStructure): TableStructure {
  return { start: t.start, end: t.end, parts: t.parts.map((p) => ({ role: p.role, start: p.start, end: p.end })) };
}

export function bodyRowCount(t: TableStructure): number {
  return t.parts.filter((p) => p.role === 'body').length;
}
