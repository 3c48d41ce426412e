// The two kinds of match on a value's characters: exact, and case/whitespace (lower case, runs of
// whitespace collapsed).
import { NON_ASCII, asciiSpace, isWordChar } from './chars';
import type { SourceText, Hit } from './source-text';
import { type Anchor, type AsciiWordIndex, type WordIndex, asciiWordStarts, bounded, longestWord, matchesAt, rarestAsciiWord, rarestWord, scan, scanStarts, wordStarts } from './word-index';

/**
 * ASCII sources: the word index pays once a source is searched for many values (a table); a
 * chunk of prose searched for a few is scanned instead (the index of every word of a 40-line
 * chunk costs some 30 scans of it).
 */
export const SCANS_BEFORE_INDEX = 12;

/**
 * An ASCII source is searched in one lower-cased copy of the flat text (same offsets) through
 * one index of its words: exact matches are checked against the flat text, case/whitespace ones
 * against the copy with a run of whitespace for each space of the value. A non-ASCII source
 * (lower-casing may change lengths) builds the normalised text and a word index per form.
 */
export class TextMatcher {
  private readonly source: SourceText;
  private lowerWords: AsciiWordIndex | null = null;
  private flatWords: WordIndex | null = null;
  private normWords: WordIndex | null = null;
  private searches = 0;

  constructor(source: SourceText) {
    this.source = source;
  }

  /** Whether the ASCII word index is built (then exact and case/whitespace walk the same anchors). */
  get indexed(): boolean {
    return this.lowerWords !== null;
  }

  /** Told how many values are about to be searched: many (a table) build the word index at once instead of scanning first. */
  expectSearches(n: number): void {
    if (this.source.ascii && n > SCANS_BEFORE_INDEX) this.asciiWords();
  }

  exact(value: string): Hit[] {
    const needle = value.includes('\n') ? value.replace(/\r?\n/g, ' ') : value;
    if (!this.source.ascii || !isWordChar(needle[0])) return this.inForm(false, needle);
    if (NON_ASCII.test(needle)) return []; // not in an ASCII text
    if (!this.useWordIndex()) return scan(this.source.flat, needle);
    return matchesAt(this.source.flat, needle, rarestAsciiWord(this.asciiWords(), needle.toLowerCase()));
  }

  caseWhitespace(value: string): Hit[] {
    const needle = value.toLowerCase().replace(/\s+/g, ' ').trim();
    if (!this.source.ascii || !isWordChar(needle[0])) {
      const { map } = this.source.normalised;
      return this.inForm(true, needle).map((h) => ({ start: map[h.start]!, end: map[h.end - 1]! + 1 }));
    }
    if (NON_ASCII.test(needle)) return [];
    // Candidates before the index is built: the occurrences of the needle's longest word, also
    // inside longer words (a start that is no word start fails the match or the bounds, as a word
    // continuing in the text does).
    let anchor: Anchor;
    if (this.useWordIndex()) anchor = rarestAsciiWord(this.asciiWords(), needle);
    else {
      const word = longestWord(needle);
      anchor = { starts: scanStarts(this.source.lower, needle.slice(word.offset, word.offset + word.length)), offset: word.offset };
    }
    return looseMatchesAt(this.source.lower, needle, anchor);
  }

  /** caseWhitespace for a needle already in its normalised form (ASCII, lower case, single inner spaces, starting with a word), once the word index is built. */
  indexedCaseWhitespace(needle: string): Hit[] {
    return looseMatchesAt(this.source.lower, needle, rarestAsciiWord(this.asciiWords(), needle));
  }

  private useWordIndex(): boolean {
    return this.lowerWords !== null || ++this.searches > SCANS_BEFORE_INDEX;
  }

  private asciiWords(): AsciiWordIndex {
    return (this.lowerWords ??= asciiWordStarts(this.source.lower));
  }

  /** The needle's matches in the flat or the normalised text, through that text's word index when the needle starts with a word. */
  private inForm(normalised: boolean, needle: string): Hit[] {
    if (!needle) return [];
    const text = normalised ? this.source.normalised.text : this.source.flat;
    if (!isWordChar(needle[0])) return scan(text, needle);
    const index = normalised ? (this.normWords ??= wordStarts(text)) : (this.flatWords ??= wordStarts(text));
    return matchesAt(text, needle, rarestWord(index, needle));
  }
}

/**
 * The normalised text's matches of a normalised ASCII needle, found in the lower-cased flat text
 * around the needle's anchor word: a space of the needle is a whole run of whitespace there (the
 * needle has no other whitespace, none at its ends).
 */
function looseMatchesAt(text: string, needle: string, anchor: Anchor): Hit[] {
  const out: Hit[] = [];
  for (const at of anchor.starts) {
    let end = at;
    for (let k = anchor.offset; k < needle.length && end !== -1; k++) {
      const c = needle.charCodeAt(k);
      if (c !== 32) end = text.charCodeAt(end) === c ? end + 1 : -1;
      else if (!asciiSpace(text.charCodeAt(end))) end = -1;
      else while (asciiSpace(text.charCodeAt(end))) end++;
    }
    let start = end === -1 ? -1 : at;
    for (let k = anchor.offset - 1; k >= 0 && start !== -1; k--) {
      const c = needle.charCodeAt(k);
      if (c !== 32) start = text.charCodeAt(start - 1) === c ? start - 1 : -1;
      else if (!asciiSpace(text.charCodeAt(start - 1))) start = -1;
      else while (asciiSpace(text.charCodeAt(start - 1))) start--;
    }
    if (start === -1) continue;
    const h = { start, end };
    if (bounded(text, needle, h)) out.push(h);
  }
  return out;
}
