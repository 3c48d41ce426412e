// The deterministic line-structure analyser: what llm_analysis does when no language model is
// configured (or when the model failed a window).
//
// 1. Lines are classified: blank, table (tables.ts), heading, label, list item, key-value, text.
//      heading   – "# Title", "2.1 Scope", an all-capitals line (<= 60 chars, <= 8 words, no ':'),
//                  or a short Title Case line (<= 60 chars, <= 8 words, no end punctuation, no
//                  digits) after a blank line or at the start
//      label     – a short line ending with ':' ("Bill To:")
//      list item – "- ", "* ", "• ", "1. ", "1) ", "a) " …; following indented/text lines continue it
//      key-value – "Key: value" (key <= 40 chars) or "Key      value" (exactly two gap-separated cells)
// 2. Consecutive lines of one class form blocks (paragraph, list, key_value); blank lines end
//    blocks; headings, labels and tables are blocks of their own.
// 3. Blocks are packed into segments (= chunks), in order:
//      - a dedicated table (>= dedicatedTableMinRows body rows, or more than maxChunkSize/4
//        characters) is a segment of its own, type 'table', however large;
//      - other tables are embedded like any other block (type 'text', tables_found > 0);
//      - a heading starts a new segment when the current one holds >= maxChunkSize/4 characters;
//      - a block joins the current segment while the segment (blank lines between included)
//        stays <= maxChunkSize; otherwise the segment closes, and headings/labels at its end
//        move on with the block they introduce;
//      - a block larger than maxChunkSize is cut on line boundaries (split.ts).
import type { ChunkingDocument } from './document';
import { gapLike, type DetectedTable } from './tables';
import { packUnits, unitsOf } from './split';
import type { ChunkType, TableStructure } from './types';

export type BlockKind = 'heading' | 'label' | 'paragraph' | 'list' | 'key_value' | 'table';
export type LineClass = 'blank' | 'heading' | 'label' | 'list' | 'key_value' | 'text';

export interface Block {
  kind: BlockKind;
  start: number;
  end: number;
  table?: DetectedTable;
}

/** The lines a segment covers and the chunk they become: what analysed and model segments share. */
export interface SegmentSpan {
  start: number;
  end: number;
  /** when set, the segment is a piece of one long line: [startPos, endPos) */
  startPos?: number;
  endPos?: number;
  type: ChunkType;
  kind: string;
}

/** A segment: a line range that becomes one chunk (before size enforcement). */
export interface AnalysedSegment extends SegmentSpan {
  tables: TableStructure[];
}

export interface AnalyserOptions {
  maxChunkSize: number;
  dedicatedTableMinRows: number;
}

const LIST_ITEM = /^\s*(?:[-*•·‣◦▪–]|\(?\d{1,3}[.)]|\(?[a-z][.)])\s+\S/;
const KEY_VALUE = /^\s*[^\s:][^:]{0,40}:\s*\S/;

function words(s: string): string[] {
  return s.trim().split(/\s+/).filter(Boolean);
}

function isAllCaps(t: string): boolean {
  const letters = t.replace(/[^\p{L}]/gu, '');
  return letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
}

const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

function isTitleCase(t: string): boolean {
  const ws = words(t);
  const significant = ws.filter((w) => !SMALL_WORDS.has(w.toLowerCase()));
  if (significant.length === 0 || !/^\p{Lu}/u.test(ws[0] ?? '')) return false;
  return significant.every((w) => /^[\p{Lu}(&]/u.test(w));
}

export function classifyLine(text: string, previousBlank: boolean): LineClass {
  const t = text.trim();
  if (t === '') return 'blank';
  if (/^#{1,6}\s+\S/.test(t)) return 'heading';
  const short = t.length <= 60 && words(t).length <= 8;
  if (/^\d+(?:\.\d+)+\.?\s+\p{Lu}/u.test(t) && t.length <= 80 && !/[.;,]$/.test(t)) return 'heading';
  if (short && t.endsWith(':') && !t.slice(0, -1).includes(':')) return 'label';
  if (LIST_ITEM.test(text)) return 'list';
  if (KEY_VALUE.test(t) && !/^\w+:\/\//.test(t)) return 'key_value';
  const gap = gapLike(t);
  if (gap && gap.length === 2 && gap[0]!.length <= 40) return 'key_value';
  if (short && !t.includes(':') && !/[.,;!?]$/.test(t)) {
    if (isAllCaps(t)) return 'heading';
    if (previousBlank && !/\d/.test(t) && isTitleCase(t)) return 'heading';
  }
  return 'text';
}

/** Blocks of a document, tables given (whole document). */
export function blocksOf(doc: ChunkingDocument, tables: readonly DetectedTable[]): Block[] {
  const blocks: Block[] = [];
  const tableAt = new Map<number, DetectedTable>();
  for (const t of tables) tableAt.set(t.start, t);
  let current: Block | null = null;
  let previousBlank = true;
  for (let n = 1; n <= doc.lineCount; ) {
    const table = tableAt.get(n);
    if (table) {
      blocks.push({ kind: 'table', start: table.start, end: table.end, table });
      current = null;
      previousBlank = false;
      n = table.end + 1;
      continue;
    }
    const cls = classifyLine(doc.textOf(n), previousBlank);
    previousBlank = cls === 'blank';
    if (cls === 'blank') {
      current = null;
    } else if (cls === 'heading' || cls === 'label') {
      blocks.push({ kind: cls, start: n, end: n });
      current = null;
    } else if (cls === 'list') {
      if (current?.kind === 'list') current.end = n;
      else blocks.push((current = { kind: 'list', start: n, end: n }));
    } else if (cls === 'key_value') {
      if (current?.kind === 'key_value') current.end = n;
      else blocks.push((current = { kind: 'key_value', start: n, end: n }));
    } else {
      // plain text continues a paragraph or a list item (wrapped line)
      if (current?.kind === 'paragraph' || current?.kind === 'list') current.end = n;
      else blocks.push((current = { kind: 'paragraph', start: n, end: n }));
    }
    n++;
  }
  return blocks;
}

export function isDedicatedTable(doc: ChunkingDocument, table: DetectedTable, opts: AnalyserOptions): boolean {
  return table.bodyRows >= opts.dedicatedTableMinRows || doc.charsOf(table.start, table.end) > opts.maxChunkSize / 4;
}

/** The whole-document deterministic segmentation. */
export function analyseDocument(
  doc: ChunkingDocument,
  tables: readonly DetectedTable[],
  opts: AnalyserOptions,
): AnalysedSegment[] {
  const max = opts.maxChunkSize;
  const blocks = blocksOf(doc, tables);
  const segments: AnalysedSegment[] = [];
  let cur: Block[] = [];

  const emit = (group: Block[]): void => {
    if (group.length === 0) return;
    const start = group[0]!.start;
    const end = group[group.length - 1]!.end;
    const groupTables = group.filter((b) => b.table).map((b) => b.table as DetectedTable);
    const kinds = [...new Set(group.map((b) => b.kind))];
    const kind = kinds.length === 1 ? kinds[0]! : 'mixed';
    if (doc.charsOf(start, end) <= max) {
      segments.push({ start, end, type: 'text', kind, tables: groupTables });
      return;
    }
    // only a single oversize block gets here: cut it on line boundaries, tables whole
    for (const p of packUnits(doc, unitsOf(start, end, groupTables), max)) {
      const ts = groupTables.filter((t) => t.start >= p.startLine && t.end <= p.endLine);
      const seg: AnalysedSegment = { start: p.startLine, end: p.endLine, type: 'text', kind, tables: ts };
      if (p.startPos !== doc.startOf(p.startLine) || p.endPos !== doc.endOf(p.endLine)) {
        seg.startPos = p.startPos;
        seg.endPos = p.endPos;
      }
      segments.push(seg);
    }
  };
  const size = (group: Block[], extra?: Block): number =>
    group.length === 0 ? 0 : doc.charsOf(group[0]!.start, (extra ?? group[group.length - 1]!).end);
  const onlyIntro = (group: Block[]): boolean => group.every((b) => b.kind === 'heading' || b.kind === 'label');

  for (const block of blocks) {
    if (block.kind === 'table' && block.table && isDedicatedTable(doc, block.table, opts)) {
      emit(cur);
      cur = [];
      segments.push({ start: block.start, end: block.end, type: 'table', kind: 'table', tables: [block.table] });
      continue;
    }
    if (block.kind === 'heading' && cur.length > 0 && !onlyIntro(cur) && size(cur) >= max / 4) {
      emit(cur);
      cur = [];
    }
    if (cur.length === 0 || onlyIntro(cur) || size(cur, block) <= max) {
      cur.push(block);
      if (size(cur) > max) {
        emit(cur);
        cur = [];
      }
      continue;
    }
    // does not fit: close the segment; trailing headings/labels go with the new block
    let k = cur.length;
    while (k > 0 && (cur[k - 1]!.kind === 'heading' || cur[k - 1]!.kind === 'label')) k--;
    let carried: Block[] = [];
    if (k > 0 && k < cur.length && size([...cur.slice(k), block]) <= max) {
      carried = cur.slice(k);
      cur = cur.slice(0, k);
    }
    emit(cur);
    cur = [...carried, block];
    if (size(cur) > max) {
      emit(cur);
      cur = [];
    }
  }
  emit(cur);
  return segments;
}
