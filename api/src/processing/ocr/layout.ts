// Turning positioned text (a PDF text layer's items, or tesseract's words) into lines.
//
// Conventions shared by both sources, relied on by the chunker:
// - lines are in reading order: top to bottom, then left to right (multi-column pages are
//   read across, row by row; that is what keeps table rows together);
// - inside a line, a gap of about one space is one space; a wider gap (a table column gap)
//   becomes a run of spaces, one per character width of the gap, at least 2;
// - a paragraph break (vertical gap clearly larger than the line spacing) is one blank line;
// - no leading or trailing spaces, no control characters.

import type { UnsureLine, UnsureWord } from '../../lib/unsure-words';

export interface TextItem {
  str: string;
  /** Left end of the baseline, top-left page origin (PDF points). */
  x: number;
  /** Baseline y, growing downwards. */
  y: number;
  /** Advance width in points. */
  width: number;
  fontHeight: number;
  /** Text direction in radians (0 = left to right). */
  angle: number;
}

export interface Segment {
  text: string;
  x0: number;
  x1: number;
}

export interface JoinOptions {
  /** Average character width on this line, in the segments' unit. */
  charWidth: number;
  /** Gaps wider than this get a space between segments (when neither side brings one). */
  wordGap: number;
  /** A gap of at least this many character widths is a column gap (a run of spaces). */
  columnGapChars: number;
  /**
   * After a column gap, the next cell starts at its own distance from the line's first segment
   * (in character widths), not at the gap's width after the text before it: the text before may
   * have been read with more or fewer characters than it spans (OCR), and that error is not
   * carried on to the cells after it.
   */
  anchored?: boolean;
}

// Controls except tab/newline are dropped; tabs become spaces (columns are spaces here).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\ufeff]/g;

export const cleanText = (s: string): string => s.replace(CONTROL, '').replace(/[\t\u00a0\u2000-\u200b\u202f\u205f\u3000]/g, ' ');

const leadingSpaces = (s: string): number => s.length - s.trimStart().length;
const trailingSpaces = (s: string): number => s.length - s.trimEnd().length;

/** Joins one line's segments left to right, turning horizontal gaps into spaces. */
export function joinSegments(segments: Segment[], opts: JoinOptions): string {
  const sorted = segments.filter((s) => s.text.length > 0).sort((a, b) => a.x0 - b.x0);
  if (sorted.length === 0) return '';
  const charWidth = opts.charWidth > 0 ? opts.charWidth : 1;
  let out = sorted[0]!.text;
  let end = sorted[0]!.x1;
  for (const seg of sorted.slice(1)) {
    const gap = seg.x0 - end;
    if (gap >= opts.columnGapChars * charWidth) {
      const n = opts.anchored
        ? Math.round((seg.x0 - sorted[0]!.x0) / charWidth) - out.trimEnd().length
        : Math.round(gap / charWidth) + trailingSpaces(out) + leadingSpaces(seg.text);
      out = out.trimEnd() + ' '.repeat(Math.max(2, n)) + seg.text.trimStart();
    } else if (gap > opts.wordGap && !/\s$/.test(out) && !/^\s/.test(seg.text)) {
      out += ' ' + seg.text;
    } else {
      out += seg.text;
    }
    end = Math.max(end, seg.x1);
  }
  return out.trim();
}

const median = (values: number[]): number => {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

interface BuiltLine {
  y: number;
  h: number;
  text: string;
}

/** Collapses runs of blank lines to one and drops blank lines at the ends. */
export function tidyBlankLines(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    if (line === '' && (out.length === 0 || out[out.length - 1] === '')) continue;
    out.push(line);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

/** A PDF page's text items -> its lines. */
export function linesFromTextItems(items: TextItem[]): string[] {
  const usable = items
    .map((it) => ({ ...it, str: cleanText(it.str) }))
    .filter((it) => it.str.trim() !== '' && Number.isFinite(it.x) && Number.isFinite(it.y));
  const horizontal = usable.filter((it) => Math.abs(it.angle) < 0.2).sort((a, b) => a.y - b.y || a.x - b.x);
  const rotated = usable.filter((it) => Math.abs(it.angle) >= 0.2);

  type Cluster = { y: number; h: number; items: TextItem[] };
  const clusters: Cluster[] = [];
  for (const it of horizontal) {
    const h = it.fontHeight > 0 ? it.fontHeight : 10;
    const last = clusters[clusters.length - 1];
    if (last && Math.abs(it.y - last.y) <= 0.5 * Math.max(h, last.h)) {
      // Text drawn twice (fake bold, duplicated layers) is kept once.
      const dup = last.items.some((o) => o.str === it.str && Math.abs(o.x - it.x) < 1 && Math.abs(o.y - it.y) < 1);
      if (!dup) last.items.push(it);
      if (h > last.h) {
        last.h = h;
        last.y = it.y; // the dominant (largest) font's baseline
      }
    } else {
      clusters.push({ y: it.y, h, items: [it] });
    }
  }

  const built: BuiltLine[] = clusters.map((c) => {
    const totalWidth = c.items.reduce((s, it) => s + Math.max(0, it.width), 0);
    const totalChars = c.items.reduce((s, it) => s + it.str.length, 0);
    const charWidth = totalChars > 0 && totalWidth > 0 ? totalWidth / totalChars : c.h * 0.5;
    const text = joinSegments(
      c.items.map((it) => ({ text: it.str, x0: it.x, x1: it.x + Math.max(0, it.width) })),
      { charWidth, wordGap: 0.15 * c.h, columnGapChars: 2 },
    );
    return { y: c.y, h: c.h, text };
  });
  for (const it of rotated) built.push({ y: it.y, h: it.fontHeight || 10, text: it.str.trim() });
  built.sort((a, b) => a.y - b.y);

  // Paragraph breaks: a baseline advance clearly larger than the page's usual line spacing.
  const advances: number[] = [];
  for (let i = 1; i < built.length; i++) {
    const adv = built[i]!.y - built[i - 1]!.y;
    if (adv > 0 && adv <= 3 * Math.max(built[i]!.h, built[i - 1]!.h)) advances.push(adv);
  }
  const usual = advances.length >= 3 ? median(advances) : 0;
  const out: string[] = [];
  built.forEach((line, i) => {
    if (i > 0) {
      const prev = built[i - 1]!;
      const adv = line.y - prev.y;
      const h = Math.max(line.h, prev.h);
      const threshold = usual > 0 ? Math.max(1.5 * usual, 1.6 * h) : 1.9 * h;
      if (adv > threshold) out.push('');
    }
    if (line.text !== '') out.push(line.text);
  });
  return tidyBlankLines(out);
}

export interface OcrWordBox {
  text: string;
  /** tesseract's confidence, 0-100 */
  conf?: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface OcrLineBox {
  /** tesseract's page/block/paragraph/line numbers of the line (TSV input) */
  key?: string;
  block: number;
  left: number;
  top: number;
  width: number;
  height: number;
  words: OcrWordBox[];
}

const wordsOf = (line: OcrLineBox): OcrWordBox[] => line.words.map((w) => ({ ...w, text: cleanText(w.text).trim() })).filter((w) => w.text !== '');

function lineCharWidth(words: OcrWordBox[], height: number): number {
  const totalWidth = words.reduce((s, w) => s + w.width, 0);
  const totalChars = words.reduce((s, w) => s + w.text.length, 0);
  return totalChars > 0 ? totalWidth / totalChars : height * 0.5;
}

/**
 * A word tesseract read with less confidence than this is listed, with its confidence, beside its
 * line. The extractor decides how sure a word must be for a value made of it (70 for a name,
 * llm/offline/unsure.ts); the list holds a little more so that choice can move without new OCR.
 */
export const UNSURE_WORD_CONF = 80;

/** Tesseract's lines (in its reading order) -> text lines with column gaps and paragraph breaks. */
export function linesFromOcrLines(lines: OcrLineBox[]): string[] {
  return readOcrLines(lines).lines;
}

/** As linesFromOcrLines, with the words read with little confidence on each line. */
export function readOcrLines(lines: OcrLineBox[]): { lines: string[]; unsure: UnsureLine[] } {
  const withText = lines.filter((l) => l.words.some((w) => w.text.trim() !== ''));
  const typical = median(withText.map((l) => l.height).filter((h) => h > 0));
  // Paragraph breaks: a new tesseract block, or a line advance (bottom to bottom) clearly larger
  // than the usual one on the page (so evenly spaced text never gets blank lines).
  const advances: number[] = [];
  for (let i = 1; i < withText.length; i++) {
    const a = withText[i]!;
    const b = withText[i - 1]!;
    const adv = a.top + a.height - (b.top + b.height);
    if (a.block === b.block && adv > 0) advances.push(adv);
  }
  const usual = advances.length >= 3 ? median(advances) : 0;
  const wordsByLine = withText.map(wordsOf);
  const pageWidth = median(wordsByLine.filter((w) => w.reduce((n, x) => n + x.text.length, 0) >= 8).map((w) => lineCharWidth(w, 0)));
  const out: string[] = [];
  // unsure words by the index in `out` of the line they are on
  const unsureAt = new Map<number, UnsureWord[]>();
  withText.forEach((line, i) => {
    if (i > 0) {
      const prev = withText[i - 1]!;
      const vgap = line.top - (prev.top + prev.height);
      const adv = line.top + line.height - (prev.top + prev.height);
      const wide = usual > 0 ? adv > 1.5 * usual && vgap > 0.5 * typical : vgap > 1.2 * typical;
      if (line.block !== prev.block || (typical > 0 && wide)) out.push('');
    }
    const words = wordsByLine[i]!;
    const own = lineCharWidth(words, line.height);
    // A word OCR misread with more or fewer characters than it has ("1 h" read "ERR o") skews its
    // line's own estimate, and the line's columns drift from the rows above and below; text of
    // the page's usual size is measured with the page's width (a heading keeps its own).
    const charWidth = pageWidth > 0 && Math.abs(own / pageWidth - 1) <= 0.25 ? pageWidth : own;
    const unsure = words.filter((w) => w.conf !== undefined && w.conf < UNSURE_WORD_CONF).map((w) => ({ text: w.text, conf: Math.round(w.conf!) }));
    if (unsure.length > 0) unsureAt.set(out.length, unsure);
    out.push(
      joinSegments(
        words.map((w) => ({ text: w.text, x0: w.left, x1: w.left + w.width })),
        // OCR words are separate words by definition: always at least one space between them.
        { charWidth, wordGap: -Infinity, columnGapChars: 2.5, anchored: true },
      ),
    );
  });
  return tidyWithUnsure(out, unsureAt);
}

/** tidyBlankLines, keeping each line's unsure words with it (only blank lines are dropped). */
function tidyWithUnsure(out: string[], unsureAt: Map<number, UnsureWord[]>): { lines: string[]; unsure: UnsureLine[] } {
  const lines: string[] = [];
  const unsure: UnsureLine[] = [];
  out.forEach((line, i) => {
    if (line === '' && (lines.length === 0 || lines[lines.length - 1] === '')) return;
    lines.push(line);
    const words = unsureAt.get(i);
    if (words) unsure.push({ line: lines.length, words });
  });
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return { lines, unsure };
}

/** Where a recognised picture sits on a PDF page: its top-left corner (points) and the points a pixel spans. */
export interface OcrRegion {
  left: number;
  top: number;
  pointsPerPixel: number;
}

/** A word read in a picture with less confidence than this is a mark of the picture, not text. */
const REGION_MIN_WORD_CONF = 45;

/**
 * The lines tesseract read in a picture of a text-layer page, as text items of that page, so
 * they take their place among the page's own lines in reading order (linesFromTextItems): each
 * line an item at its left edge, its baseline about a fifth of its height above its bottom.
 * Words read with little confidence (the strokes of a logo) and lines without two letters or
 * digits in a row are left out.
 */
export function itemsFromOcrRegion(lines: OcrLineBox[], region: OcrRegion): TextItem[] {
  const out: TextItem[] = [];
  const k = region.pointsPerPixel;
  for (const line of lines) {
    const words = wordsOf(line).filter((w) => (w.conf ?? 100) >= REGION_MIN_WORD_CONF);
    if (words.length === 0) continue;
    const text = joinSegments(
      words.map((w) => ({ text: w.text, x0: w.left, x1: w.left + w.width })),
      { charWidth: lineCharWidth(words, line.height), wordGap: -Infinity, columnGapChars: 2.5, anchored: true },
    );
    if (!/[\p{L}\p{N}]{2}/u.test(text)) continue;
    const left = Math.min(...words.map((w) => w.left));
    const right = Math.max(...words.map((w) => w.left + w.width));
    const top = Math.min(...words.map((w) => w.top));
    const bottom = Math.max(...words.map((w) => w.top + w.height));
    const height = bottom - top;
    out.push({
      str: text,
      x: region.left + left * k,
      y: region.top + (bottom - 0.2 * height) * k,
      width: (right - left) * k,
      fontHeight: height * k,
      angle: 0,
    });
  }
  return out;
}
