// A source's lines as one string (what every search runs on) and the way back from an offset in
// it to a line; its lower-cased and normalised forms, built on first use.
import { NON_ASCII, asciiSpace } from './chars';
import { type Dated, numericDates } from './readings';

export interface SourceLine {
  /** 1-based line number in the document */
  number: number;
  /** 1-based page, when known */
  page?: number | null;
  text: string;
}

/** A range of the flat text. */
export interface Hit {
  start: number;
  end: number;
}

/** The normalised text (see normalise) and, per its offset, the flat-text offset it comes from. */
export interface Normalised {
  text: string;
  map: number[];
}

/** lineOfBlock's block: 2^5 = 32 characters */
const BLOCK_BITS = 5;

export class SourceText {
  readonly lines: SourceLine[];
  /** line texts joined with single spaces: a line break counts as a space, so a value may span lines */
  readonly flat: string;
  /** lower-casing keeps an ASCII text's offsets, so its lower-cased copy can stand for the normalised text */
  readonly ascii: boolean;
  private readonly lineStarts: number[];
  private lowerText: string | null = null;
  private normalisedText: Normalised | null = null;
  private blockLines: number[] | null = null;
  private digitDates: Dated[] | null = null;
  private digitDatesByStart: { dates: Dated[]; furthest: number[] } | null = null;

  constructor(lines: SourceLine[]) {
    this.lines = lines;
    this.lineStarts = new Array<number>(lines.length);
    const texts = new Array<string>(lines.length);
    let off = 0;
    for (let i = 0; i < lines.length; i++) {
      this.lineStarts[i] = off;
      texts[i] = lines[i]!.text;
      off += texts[i]!.length + 1;
    }
    this.flat = texts.join(' ');
    this.ascii = !NON_ASCII.test(this.flat);
  }

  /** The text lower-cased; at the same offsets only when the text is ASCII. */
  get lower(): string {
    return (this.lowerText ??= this.flat.toLowerCase());
  }

  get normalised(): Normalised {
    return (this.normalisedText ??= normalise(this.flat));
  }

  /**
   * The dates written in digits (numericDates) of the flat text: the same as each line's, at the
   * line's offset (their patterns hold no whitespace, and a line break is a space in the flat text).
   */
  get numericDates(): Dated[] {
    return (this.digitDates ??= numericDates(this.flat));
  }

  /** Whether a range of the flat text lies within one date written in digits. */
  inNumericDate(start: number, end: number): boolean {
    if (!this.digitDatesByStart) {
      // by start (the two patterns' lists are each in text order), with the furthest end so far:
      // a range lies within one of the dates starting at or before it when that end reaches it
      const dates = [...this.numericDates].sort((a, b) => a.start - b.start);
      let furthest = -1;
      this.digitDatesByStart = { dates, furthest: dates.map((d) => (furthest = Math.max(furthest, d.end))) };
    }
    const { dates, furthest } = this.digitDatesByStart;
    let lo = 0;
    let hi = dates.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (dates[mid]!.start <= start) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && furthest[lo - 1]! >= end;
  }

  /**
   * Per block of 32 characters of the flat text, the index of the line its first character is on:
   * an offset's line lies between its block's and the next block's, one or two lines apart at
   * most on a table's lines. Only worth building where many hits' lines are asked for (a table's
   * cells, see lineNumbersOf); until then lineAt searches all the line starts. (A table per
   * offset cost more: a typed array the size of the text, freshly allocated per chunk.)
   */
  private lineOfBlock(): number[] {
    const starts = this.lineStarts;
    const blocks = new Array<number>((this.flat.length >> BLOCK_BITS) + 1);
    let line = 0;
    for (let b = 0; b < blocks.length; b++) {
      const at = b << BLOCK_BITS;
      while (line + 1 < starts.length && starts[line + 1]! <= at) line++;
      blocks[b] = line;
    }
    return blocks;
  }

  /** The index (in lines) of the line an offset is on: the last line starting at or before it. */
  lineAt(offset: number): number {
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    const blocks = this.blockLines;
    if (blocks) {
      const b = offset >> BLOCK_BITS;
      lo = blocks[b]!;
      if (b + 1 < blocks.length) hi = blocks[b + 1]!;
    }
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The line number of each hit's start, through the blocks' lines (lineOfBlock). */
  lineNumbersOf(hits: Hit[]): number[] {
    this.blockLines ??= this.lineOfBlock();
    const out = new Array<number>(hits.length);
    for (let i = 0; i < hits.length; i++) out[i] = this.lines[this.lineAt(hits[i]!.start)]!.number;
    return out;
  }

  /** The line a range starts on. */
  firstLine(h: Hit): SourceLine {
    return this.lines[this.lineAt(h.start)]!;
  }

  /** The line a range ends on (its last character's). */
  lastLine(h: Hit): SourceLine {
    return this.lines[this.lineAt(Math.max(h.start, h.end - 1))]!;
  }
}

/** Lower case, whitespace runs collapsed to one space, leading whitespace dropped; with each normalised character's offset in the text. */
function normalise(flat: string): Normalised {
  const map: number[] = [];
  if (!NON_ASCII.test(flat)) {
    // one native lower-casing, then a loop over char codes, instead of a string per character
    const lower = flat.toLowerCase();
    let out = '';
    let from = 0; // start of the run of non-space characters being copied
    let space = true; // drops leading whitespace
    for (let i = 0; i < lower.length; i++) {
      if (asciiSpace(lower.charCodeAt(i))) {
        if (!space) {
          out += lower.slice(from, i) + ' ';
          map.push(i);
          space = true;
        }
      } else {
        if (space) from = i;
        map.push(i);
        space = false;
      }
    }
    if (!space) out += lower.slice(from);
    return { text: out, map };
  }
  const norm: string[] = [];
  let space = true;
  for (let i = 0; i < flat.length; i++) {
    const c = flat[i]!;
    const code = c.charCodeAt(0);
    if (asciiSpace(code) || (code > 127 && /\s/.test(c))) {
      if (!space) {
        norm.push(' ');
        map.push(i);
        space = true;
      }
    } else {
      norm.push(c.toLowerCase());
      map.push(i);
      space = false;
    }
  }
  return { text: norm.join(''), map };
}

/** Hits in text order without repeats (of the same start). */
export function uniqueHits(hits: Hit[]): Hit[] {
  const seen = new Set<number>();
  return hits.filter((h) => (seen.has(h.start) ? false : (seen.add(h.start), true))).sort((a, b) => a.start - b.start);
}
