// Where words and needles occur in a text: the word index (each word's starts) that a source
// searched for many values builds once, and the scans a source searched for a few uses instead.
// A match counts only on word bounds (see bounded).
import { WORDS, NON_ASCII, asciiWordCode, isDigit, isWordChar } from './chars';
import type { Hit } from './source-text';

export type WordIndex = Map<string, number[]>;

/** Where in the text, and at which offset of the needle, one of the needle's words starts. */
export interface Anchor {
  starts: number[];
  offset: number;
}

/** The first offset at or after `from` where a word of ASCII letters and digits starts (text.length when none). */
function asciiWordStart(text: string, from: number): number {
  while (from < text.length && !asciiWordCode(text.charCodeAt(from))) from++;
  return from;
}

/** Where the word of ASCII letters and digits that starts at `start` ends. */
function asciiWordEnd(text: string, start: number): number {
  while (start < text.length && asciiWordCode(text.charCodeAt(start))) start++;
  return start;
}

/** Where each word (letters and digits) of a text starts. */
export function wordStarts(text: string): WordIndex {
  const m: WordIndex = new Map();
  const add = (w: string, at: number) => {
    const list = m.get(w);
    if (list) list.push(at);
    else m.set(w, [at]);
  };
  if (NON_ASCII.test(text)) {
    WORDS.lastIndex = 0;
    for (let w = WORDS.exec(text); w; w = WORDS.exec(text)) add(w[0], w.index);
    return m;
  }
  // most sources are ASCII: their words without a regex match per word
  for (let start = asciiWordStart(text, 0); start < text.length; ) {
    const end = asciiWordEnd(text, start);
    add(text.slice(start, end), start);
    start = asciiWordStart(text, end);
  }
  return m;
}

/**
 * The needle's rarest word in the index. Wherever the needle matches on word bounds each of its
 * words starts a word of the text, so these starts hold every match, and the rarest word gives
 * the fewest to try: in a table, "Component 042" is looked up by "042", not by "Component", which
 * starts every row (quadratic otherwise).
 */
export function rarestWord(index: WordIndex, needle: string): Anchor {
  let best: number[] = [];
  let bestOffset = 0;
  let bestCount = Infinity;
  WORDS.lastIndex = 0;
  for (let w = WORDS.exec(needle); w; w = WORDS.exec(needle)) {
    const starts = index.get(w[0]) ?? [];
    if (starts.length < bestCount) {
      best = starts;
      bestOffset = w.index;
      bestCount = starts.length;
      if (bestCount === 0) break;
    }
  }
  return { starts: best, offset: bestOffset };
}

/**
 * An ASCII text's words filed by a hash of their characters instead of by the words themselves: no
 * string per word is cut out and hashed (a table has thousands). Words that share a hash share a
 * list, which then holds every start of each of them, in text order: a superset of a word's starts
 * is all an anchor needs (its candidates are matched against the text).
 */
export type AsciiWordIndex = Map<number, number[]>;

/** The hash of text[from, to) an AsciiWordIndex files a word by (30 bits: a small integer key). */
const wordHash = (text: string, from: number, to: number) => {
  let h = 0;
  for (let i = from; i < to; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) & 0x3fffffff;
  return h;
};

/** Where each word of an ASCII text starts, by wordHash. */
export function asciiWordStarts(text: string): AsciiWordIndex {
  const m: AsciiWordIndex = new Map();
  for (let start = asciiWordStart(text, 0); start < text.length; ) {
    const end = asciiWordEnd(text, start);
    const h = wordHash(text, start, end);
    const list = m.get(h);
    if (list) list.push(start);
    else m.set(h, [start]);
    start = asciiWordStart(text, end);
  }
  return m;
}

const NO_STARTS: number[] = [];

/** rarestWord for an ASCII needle in an ASCII text's index, read by char code instead of a regex match per word. */
export function rarestAsciiWord(index: AsciiWordIndex, needle: string): Anchor {
  let best: number[] = NO_STARTS;
  let bestOffset = 0;
  let bestCount = Infinity;
  for (let offset = asciiWordStart(needle, 0); offset < needle.length; ) {
    const end = asciiWordEnd(needle, offset);
    const starts = index.get(wordHash(needle, offset, end)) ?? NO_STARTS;
    if (starts.length < bestCount) {
      best = starts;
      bestOffset = offset;
      bestCount = starts.length;
      if (bestCount === 0) break;
    }
    offset = asciiWordStart(needle, end);
  }
  return { starts: best, offset: bestOffset };
}

/** The needle's matches on word bounds among the places its anchor word puts it, first first. */
export function matchesAt(text: string, needle: string, anchor: Anchor): Hit[] {
  const out: Hit[] = [];
  for (const at of anchor.starts) {
    const i = at - anchor.offset;
    if (i < 0 || !text.startsWith(needle, i)) continue;
    const h = { start: i, end: i + needle.length };
    if (bounded(text, needle, h)) out.push(h);
  }
  return out;
}

/** The longest word of an ASCII needle that begins with one (the fewest places to try). */
export function longestWord(needle: string): { offset: number; length: number } {
  let offset = 0;
  let length = 0;
  for (let from = asciiWordStart(needle, 0); from < needle.length; ) {
    const end = asciiWordEnd(needle, from);
    if (end - from > length) {
      offset = from;
      length = end - from;
    }
    from = asciiWordStart(needle, end);
  }
  return { offset, length };
}

/** A match on word bounds: no word continues it on either side, no number continues a number. */
export function bounded(text: string, needle: string, h: Hit): boolean {
  const before = text[h.start - 1];
  const after = text[h.end];
  if (isWordChar(before) && isWordChar(needle[0])) return false;
  if (isWordChar(after) && isWordChar(needle[needle.length - 1])) return false;
  // a number is not part of a longer one: 50 is not in 50.75 nor in 1,050
  if (isDigit(needle[needle.length - 1]) && (after === '.' || after === ',') && isDigit(text[h.end + 1])) return false;
  if (isDigit(needle[0]) && (before === '.' || before === ',') && isDigit(text[h.start - 2])) return false;
  return true;
}

/** Every occurrence of a needle in a text on word bounds, first first. */
export function scan(text: string, needle: string): Hit[] {
  const out: Hit[] = [];
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1)) {
    const h = { start: i, end: i + needle.length };
    if (bounded(text, needle, h)) out.push(h);
  }
  return out;
}

/** Where a word occurs in a text (also inside longer words), first first. */
export function scanStarts(text: string, word: string): number[] {
  const out: number[] = [];
  for (let i = text.indexOf(word); i !== -1; i = text.indexOf(word, i + 1)) out.push(i);
  return out;
}
