// The searchable form of a source (a chunk, or a whole document) that provenance traces values in
// (see match.ts for the kinds of match and the choice between occurrences): each kind is searched
// by its own matcher (text-match, date-match, number-match) over the source's text (source-text).
import { NON_ASCII, asciiSpace, asciiWordCode, isDigitCode } from './chars';
import { DateMatcher } from './date-match';
import { NumberMatcher } from './number-match';
import { dateReadings, numberReadings } from './readings';
import { type Hit, type SourceLine, SourceText } from './source-text';
import { TextMatcher } from './text-match';

export type { SourceLine } from './source-text';

export type MatchKind = 'exact' | 'case_whitespace' | 'date' | 'number';

/** What find() answers: the strongest kind that finds a value, with its hits (first first). */
export interface Found {
  kind: MatchKind;
  hits: Hit[];
}

/** A kind that finds a value, with the line of each of its hits (filled in by findAll; one object shape for find and findAll). */
export interface SightedKind extends Found {
  lines: number[];
}

/** What findAll() answers: every kind that finds a value, strongest first, each with the line of each hit, and the lines (sorted, distinct) any of them finds it on. */
export interface Sighting {
  kinds: SightedKind[];
  lines: number[];
}

const NO_LINES: number[] = [];
const NO_HITS: Hit[] = [];

/**
 * One searchable source (a chunk, or the whole document): built once, searched for every value.
 * Its parts are built on first use: a chunk of prose searched for a few values is scanned for
 * each and indexes nothing; the word index comes with the 13th search, the number tokens with
 * the first number, the dates with the first value that reads as one.
 */
export class SourceIndex {
  readonly lines: SourceLine[];
  private readonly source: SourceText;
  private readonly textMatch: TextMatcher;
  private readonly numberMatch: NumberMatcher;
  private readonly dateMatch: DateMatcher;
  // Memoised per value: a table repeats the same quantities and dates many times.
  private readonly foundText = new Map<string, Found | null>();
  private readonly foundNumber = new Map<number, Found | null>();
  private readonly sightedText = new Map<string, Sighting>();
  private readonly sightedNumber = new Map<number, Sighting>();
  private readonly foundKinds: SightedKind[] = [];
  private foundCount = 0;

  constructor(lines: SourceLine[]) {
    this.lines = lines;
    this.source = new SourceText(lines);
    this.textMatch = new TextMatcher(this.source);
    this.numberMatch = new NumberMatcher(this.source);
    this.dateMatch = new DateMatcher(this.source);
  }

  /** Lines are numbered consecutively: built from a chunk's content and its first line number. */
  static ofChunk(content: string, startLine: number, pageOf?: (line: number) => number | null): SourceIndex {
    const texts = content.split('\n');
    const lines = new Array<SourceLine>(texts.length);
    for (let i = 0; i < texts.length; i++) lines[i] = { number: startLine + i, page: pageOf ? (pageOf(startLine + i) ?? null) : null, text: texts[i]! };
    return new SourceIndex(lines);
  }

  /** The line a hit starts on. */
  firstLine(h: Hit): SourceLine {
    return this.source.firstLine(h);
  }

  /** The line a hit ends on. */
  lastLine(h: Hit): SourceLine {
    return this.source.lastLine(h);
  }

  exact(value: string): Hit[] {
    return this.textMatch.exact(value);
  }

  caseWhitespace(value: string): Hit[] {
    return this.textMatch.caseWhitespace(value);
  }

  /** Told how many values are about to be searched: many (a table) build the word index at once instead of scanning first. */
  expectSearches(n: number): void {
    this.textMatch.expectSearches(n);
  }

  /** The number tokens one of whose readings (numberReadings) is among `readings`, in text order. */
  number(readings: string[]): Hit[] {
    return this.numberMatch.number(readings);
  }

  date(days: string[]): Hit[] {
    return this.dateMatch.date(days);
  }

  /** The strongest kind that finds the value, with its hits (first first); null when nothing does. The hits are shared: do not change them. */
  find(value: string | number): Found | null {
    const memo: Map<string | number, Found | null> = typeof value === 'number' ? this.foundNumber : this.foundText;
    let r = memo.get(value);
    if (r === undefined) {
      r = this.kinds(value, true)[0] ?? null;
      memo.set(value, r);
    }
    return r;
  }

  /** Every kind that finds the value (strongest first) and the lines they find it on. Shared: do not change. */
  findAll(value: string | number): Sighting {
    const memo: Map<string | number, Sighting> = typeof value === 'number' ? this.sightedNumber : this.sightedText;
    let r = memo.get(value);
    if (r === undefined) {
      const kinds = this.kinds(value, false);
      let all = NO_LINES;
      for (let i = 0; i < kinds.length; i++) {
        const k = kinds[i]!;
        if (i > 0 && kinds[i - 1]!.hits === k.hits) {
          // the same hits as the stronger kind (an exact match of every case/whitespace one): the same lines
          k.lines = kinds[i - 1]!.lines;
          continue;
        }
        k.lines = this.source.lineNumbersOf(k.hits);
        all = i === 0 ? distinctSorted(k.lines) : mergeSorted(all, k.lines); // each kind's lines are sorted (hits are)
      }
      memo.set(value, (r = { kinds, lines: all }));
    }
    return r;
  }

  /** The kinds that find the value, strongest first (their lines not read yet); with `first`, only the strongest (the weaker ones are not searched). */
  private kinds(value: string | number, first: boolean): SightedKind[] {
    // gathered in one list kept for every search, then copied at their number (a list grown from
    // empty takes room for sixteen; a value has one or two kinds)
    this.foundCount = 0;
    this.search(value, first);
    return this.foundKinds.slice(0, this.foundCount);
  }

  /** search() found the value at this kind: noted (see kinds); true when the search is to stop (only the strongest is wanted). */
  private found(kind: MatchKind, hits: Hit[], first: boolean): boolean {
    this.foundKinds[this.foundCount++] = { kind, hits, lines: NO_LINES };
    return first;
  }

  /** Notes (found) each kind that finds the value with its hits, strongest first; with `first`, only the first. */
  private search(value: string | number, first: boolean): void {
    const flat = this.source.flat;
    if (typeof value === 'number') {
      // straight to the number tokens (a substring search for "2" would visit every 2 of a table);
      // exact where a token is written as the value is, number for all of them
      const hits = this.numberMatch.number([String(Math.abs(value))]);
      if (!hits.length) return;
      const exact = writtenAs(flat, String(value), hits);
      if (exact.length && this.found('exact', exact, first)) return;
      if (exact.length < hits.length) this.found('number', hits, first);
      return;
    }
    let hits: Hit[];
    if (!first && this.source.ascii && this.textMatch.indexed && asciiWordCode(value.charCodeAt(0)) && isCollapsed(value) && !NON_ASCII.test(value)) {
      // Both kinds from one search (a table's cells): for an ASCII value without other whitespace
      // than single inner spaces, its exact matches are the case/whitespace ones written as the
      // value is (same offsets, same order: both walk the starts of the same rarest word).
      const loose = this.textMatch.indexedCaseWhitespace(value.toLowerCase()); // collapsed ASCII: already normalised but for case
      const exact = writtenAs(flat, value, loose); // all of them: one list (findAll reads its lines once)
      if (exact.length && this.found('exact', exact, first)) return;
      if (loose.length && this.found('case_whitespace', loose, first)) return;
    } else {
      hits = this.textMatch.exact(value);
      if (hits.length && this.found('exact', hits, first)) return;
      hits = this.textMatch.caseWhitespace(value);
      if (hits.length && this.found('case_whitespace', hits, first)) return;
    }
    const days = dateReadings(value);
    if (days.length) {
      hits = this.dateMatch.date(days);
      if (hits.length && this.found('date', hits, first)) return;
    }
    const readings = mayBeNumber(value) && !signBetweenDigits(value) ? numberReadings(value.trim().replace(/^[^\d(+-]{1,4}|[^\d)]{1,4}$/g, '')) : [];
    if (readings.length) {
      hits = this.numberMatch.number(readings);
      if (hits.length) this.found('number', hits, first);
    }
  }
}

/** Of the hits, those written as `written` at their offsets: the list itself when all are (no copy). */
function writtenAs(flat: string, written: string, hits: Hit[]): Hit[] {
  const is = (h: Hit) => h.end - h.start === written.length && flat.startsWith(written, h.start);
  let n = 0;
  for (const h of hits) if (is(h)) n++;
  if (n === hits.length) return hits;
  if (n === 0) return NO_HITS;
  const out = new Array<Hit>(n);
  n = 0;
  for (const h of hits) if (is(h)) out[n++] = h;
  return out;
}

/**
 * False when a text value has no number reading, without the regexes: only up to 4 characters at
 * each end are stripped (a currency, a unit) and what is left must be digits, separators, spaces,
 * signs and parentheses; any other ASCII character inside (a letter) rules it out.
 */
function mayBeNumber(value: string): boolean {
  const v = value.trim();
  for (let i = 4; i < v.length - 4; i++) {
    const c = v.charCodeAt(i);
    if (c < 128 && !NUMBER_CHAR[c]) return false;
  }
  return true;
}

/**
 * A + or - with a digit before and after it (2024-01-05, 12-3): no number reading then, without
 * running them. numberReadings strips signs only before the first digit, and the value's ends
 * are only stripped of non-digits, so such a sign stays inside what is read, which must be
 * digits and separators alone.
 */
function signBetweenDigits(value: string): boolean {
  let digitBefore = false;
  let signAfterDigit = false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (isDigitCode(c)) {
      if (signAfterDigit) return true;
      digitBefore = true;
    } else if ((c === 43 || c === 45) && digitBefore) signAfterDigit = true;
  }
  return false;
}

const NUMBER_CHAR: boolean[] = Array.from({ length: 128 }, (_, c) => (c >= 48 && c <= 57) || asciiSpace(c) || ".,'()+-".includes(String.fromCharCode(c)));

/** No whitespace but single spaces between other characters (what case/whitespace matching would make of it, apart from case). */
function isCollapsed(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 32 ? i === 0 || i === value.length - 1 || value.charCodeAt(i + 1) === 32 : asciiSpace(c) || (c > 127 && /\s/.test(value[i]!))) return false;
  }
  return true;
}

/** A sorted list without repeats (the list itself when it has none). */
function distinctSorted(sorted: number[]): number[] {
  let repeats = false;
  for (let i = 1; i < sorted.length && !repeats; i++) repeats = sorted[i] === sorted[i - 1];
  if (!repeats) return sorted;
  const out: number[] = [];
  for (const x of sorted) if (out.length === 0 || out[out.length - 1] !== x) out.push(x);
  return out;
}

/** Two sorted lists (the first without repeats) as one sorted list without repeats. */
function mergeSorted(a: number[], b: number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = j === b.length || (i < a.length && a[i]! <= b[j]!) ? a[i++]! : b[j++]!;
    if (out.length === 0 || out[out.length - 1] !== x) out.push(x);
  }
  return out;
}
