// Size-bounded splitting of a line range into pieces, with tables kept whole.
import type { ChunkingDocument } from './document';
import type { TableStructure } from './types';

/** An atomic line range: a single line, or a whole table (or other protected range). */
export interface Unit {
  start: number;
  end: number;
  atomic: boolean;
}

/** A character range [startPos, endPos) of the document text, plus its line range. */
export interface Piece {
  startPos: number;
  endPos: number;
  startLine: number;
  endLine: number;
  /** true when the piece is one protected range exactly (a table) */
  wholeAtomic: boolean;
}

/**
 * Lines a..b as units; every protected range inside a..b (sorted, non-overlapping after
 * merging) becomes one atomic unit.
 */
export function unitsOf(a: number, b: number, protectedRanges: readonly { start: number; end: number }[]): Unit[] {
  const ranges = mergeRanges(protectedRanges.filter((r) => r.start >= a && r.end <= b));
  const units: Unit[] = [];
  let k = 0;
  for (let line = a; line <= b; ) {
    const r = ranges[k];
    if (r && r.start === line) {
      units.push({ start: r.start, end: r.end, atomic: true });
      line = r.end + 1;
      k++;
    } else {
      units.push({ start: line, end: line, atomic: false });
      line++;
    }
  }
  return units;
}

export function mergeRanges(ranges: readonly { start: number; end: number }[]): { start: number; end: number }[] {
  const sorted = [...ranges].sort((x, y) => x.start - y.start || x.end - y.end);
  const out: { start: number; end: number }[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ start: r.start, end: r.end });
  }
  return out;
}

/**
 * Greedy packing of units into pieces of at most `max` characters (lines joined with "\n").
 * Pieces never start or end on a blank line. A unit larger than `max` on its own becomes its
 * own piece (an atomic range, i.e. a table, is never cut) or, for a single line, is cut inside
 * the line at word boundaries. `overlap` (characters) repeats the last whole non-atomic lines
 * of a piece at the start of the next one when they fit in `overlap` characters.
 */
export function packUnits(doc: ChunkingDocument, units: Unit[], max: number, overlap = 0): Piece[] {
  const pieces: Piece[] = [];
  const blank = (u: Unit): boolean => !u.atomic && doc.isBlank(u.start);
  let i = 0;
  // index of the first unit not yet in any piece (overlap never re-emits a piece without new units)
  let fresh = 0;
  while (i < units.length) {
    while (i < units.length && blank(units[i] as Unit)) i++;
    if (i >= units.length) break;
    if (i < fresh) {
      // a piece that starts with overlap lines must still bring at least one new line
      let f = fresh;
      while (f < units.length && blank(units[f] as Unit)) f++;
      if (f >= units.length) break;
      if (doc.charsOf((units[i] as Unit).start, (units[f] as Unit).end) > max) i = f;
    }
    const first = units[i] as Unit;
    if (doc.charsOf(first.start, first.end) > max) {
      if (first.atomic) pieces.push(linePiece(doc, first.start, first.end, true));
      else pieces.push(...splitLongLine(doc, first.start, max, overlap));
      i++;
      fresh = Math.max(fresh, i);
      continue;
    }
    let j = i;
    while (j + 1 < units.length && doc.charsOf(first.start, (units[j + 1] as Unit).end) <= max) j++;
    let e = j;
    while (e > i && blank(units[e] as Unit)) e--;
    const last = units[e] as Unit;
    pieces.push(linePiece(doc, first.start, last.end, i === e && first.atomic));
    fresh = j + 1;
    let next = j + 1;
    if (overlap > 0 && next < units.length) {
      let k = e;
      while (k > i && !(units[k] as Unit).atomic && doc.charsOf((units[k] as Unit).start, last.end) <= overlap) k--;
      k++;
      if (k <= e && k > i && !(units[k] as Unit).atomic && doc.charsOf((units[k] as Unit).start, last.end) <= overlap) next = k;
    }
    i = next;
  }
  return pieces;
}

function linePiece(doc: ChunkingDocument, a: number, b: number, wholeAtomic: boolean): Piece {
  return { startPos: doc.startOf(a), endPos: doc.endOf(b), startLine: a, endLine: b, wholeAtomic };
}

/** Cuts one long line into pieces of at most `max` characters, at whitespace when possible. */
export function splitLongLine(doc: ChunkingDocument, line: number, max: number, overlap = 0): Piece[] {
  const text = doc.textOf(line);
  const base = doc.startOf(line);
  const pieces: Piece[] = [];
  let s = skipSpace(text, 0);
  while (s < text.length) {
    let e = Math.min(text.length, s + max);
    if (e < text.length) {
      const ws = lastSpace(text, s + Math.floor(max / 2), e);
      if (ws > s) e = ws;
    }
    let te = e;
    while (te > s && /\s/.test(text[te - 1] as string)) te--;
    pieces.push({ startPos: base + s, endPos: base + te, startLine: line, endLine: line, wholeAtomic: false });
    if (e >= text.length) break;
    let next = e;
    if (overlap > 0) {
      let o = Math.max(s + 1, e - overlap);
      // start the overlap at a word start
      while (o < e && o > 0 && !/\s/.test(text[o - 1] as string)) o++;
      if (o < e) next = o;
    }
    s = skipSpace(text, next);
  }
  return pieces;
}

function skipSpace(text: string, i: number): number {
  let k = i;
  while (k < text.length && /\s/.test(text[k] as string)) k++;
  return k;
}

/** index of the last whitespace character in [from, to] (so a cut at it keeps the word whole), or -1 */
function lastSpace(text: string, from: number, to: number): number {
  for (let k = Math.min(to, text.length - 1); k >= from; k--) if (/\s/.test(text[k] as string)) return k;
  return -1;
}

/** Tables lying entirely inside a..b. */
export function tablesWithin<T extends TableStructure>(tables: readonly T[], a: number, b: number): T[] {
  return tables.filter((t) => t.start >= a && t.end <= b);
}
