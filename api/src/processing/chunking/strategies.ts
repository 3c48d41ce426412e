// character_based, paragraph_based and page_based, plus the chunk-type rule shared by all.
// In every strategy the detected tables are atomic: never cut, never shared by two chunks.
// A table that fits is kept with its neighbours (a text chunk with tables_found > 0); a table
// that does not fit in a chunk of its own size limit still becomes one chunk, larger than
// maxChunkSize. Blank lines between chunks belong to no chunk.
import type { ChunkSpec, ChunkingDocument } from './document';
import { packUnits, unitsOf, type Piece } from './split';
import type { DetectedTable } from './tables';
import type { ChunkType, TableStructure } from './types';

/**
 * Chunk type rule: 'table' when the chunk's line range is exactly one table's range, or when
 * the segmentation (llm_analysis) calls it a table segment and it holds a table; else 'text'.
 */
export function chunkTypeFor(
  segmentType: ChunkType,
  startLine: number,
  endLine: number,
  tables: readonly TableStructure[],
): ChunkType {
  if (tables.length === 0) return 'text';
  if (segmentType === 'table') return 'table';
  const only = tables[0]!;
  return tables.length === 1 && only.start === startLine && only.end === endLine ? 'table' : 'text';
}

export function pieceSpec(doc: ChunkingDocument, piece: Piece, tables: readonly DetectedTable[]): ChunkSpec {
  const inside = tables.filter((t) => t.start >= piece.startLine && t.end <= piece.endLine);
  // a piece of one long line holds no table
  const lineAligned = piece.startPos === doc.startOf(piece.startLine) && piece.endPos === doc.endOf(piece.endLine);
  const ts = lineAligned ? inside : [];
  return {
    startPos: piece.startPos,
    endPos: piece.endPos,
    type: chunkTypeFor('text', piece.startLine, piece.endLine, ts),
    tables: ts.map(plainTable),
  };
}

export function plainTable(t: TableStructure): TableStructure {
  return { start: t.start, end: t.end, parts: t.parts.map((p) => ({ role: p.role, start: p.start, end: p.end })) };
}

/** Greedy line packing up to maxChunkSize; `overlap` characters of whole lines repeated. */
export function characterBased(doc: ChunkingDocument, tables: readonly DetectedTable[], max: number, overlap: number): ChunkSpec[] {
  if (doc.lineCount === 0) return [];
  return packUnits(doc, unitsOf(1, doc.lineCount, tables), max, overlap).map((p) => pieceSpec(doc, p, tables));
}

/** Paragraphs: maximal runs of non-blank lines (a table's range counts as one paragraph). */
export function paragraphsOf(doc: ChunkingDocument, tables: readonly DetectedTable[]): { start: number; end: number }[] {
  const paragraphs: { start: number; end: number }[] = [];
  for (let n = 1; n <= doc.lineCount; ) {
    if (doc.isBlank(n)) {
      n++;
      continue;
    }
    let e = n;
    for (;;) {
      while (e + 1 <= doc.lineCount && !doc.isBlank(e + 1)) e++;
      // a table running past a blank line (description, blank, header) keeps the paragraph open
      const t = tables.find((x) => x.start <= e && x.end > e);
      if (!t) break;
      e = t.end;
    }
    paragraphs.push({ start: n, end: e });
    n = e + 1;
  }
  return paragraphs;
}

/** Blank-line separated paragraphs merged up to maxChunkSize; an oversize paragraph is cut on lines. */
export function paragraphBased(doc: ChunkingDocument, tables: readonly DetectedTable[], max: number): ChunkSpec[] {
  const specs: ChunkSpec[] = [];
  const paragraphs = paragraphsOf(doc, tables);
  const pieces: Piece[] = [];
  let group: { start: number; end: number } | null = null;
  const flush = (): void => {
    if (group) pieces.push({ startPos: doc.startOf(group.start), endPos: doc.endOf(group.end), startLine: group.start, endLine: group.end, wholeAtomic: false });
    group = null;
  };
  for (const p of paragraphs) {
    if (doc.charsOf(p.start, p.end) > max) {
      flush();
      pieces.push(...packUnits(doc, unitsOf(p.start, p.end, tables), max));
      continue;
    }
    if (group && doc.charsOf(group.start, p.end) <= max) group.end = p.end;
    else {
      flush();
      group = { start: p.start, end: p.end };
    }
  }
  flush();
  for (const piece of pieces) specs.push(pieceSpec(doc, piece, tables));
  return specs;
}

/**
 * One chunk per page (pages in order of their lines), cut on lines when larger than
 * maxChunkSize. A table that runs onto the next page stays whole in the chunk of the page it
 * starts on; the next page's chunk begins after it.
 */
export function pageBased(doc: ChunkingDocument, tables: readonly DetectedTable[], max: number): ChunkSpec[] {
  const specs: ChunkSpec[] = [];
  let covered = 0;
  for (let a = 1; a <= doc.lineCount; ) {
    let b = a;
    while (b + 1 <= doc.lineCount && doc.page(b + 1) === doc.page(a)) b++;
    const next = b + 1;
    let s = Math.max(a, covered + 1);
    let e = b;
    const crossing = tables.find((t) => t.start <= e && t.end > e && t.start >= s);
    if (crossing) e = crossing.end;
    const trimmed = s <= e ? doc.trim(s, e) : null;
    if (trimmed) {
      [s, e] = trimmed;
      const pieces = doc.charsOf(s, e) <= max
        ? [{ startPos: doc.startOf(s), endPos: doc.endOf(e), startLine: s, endLine: e, wholeAtomic: false }]
        : packUnits(doc, unitsOf(s, e, tables), max);
      for (const p of pieces) specs.push(pieceSpec(doc, p, tables));
      covered = Math.max(covered, e);
    }
    a = next;
  }
  return specs;
}
