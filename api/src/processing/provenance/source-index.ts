// The searchable form of a source (a chunk, or a whole document) that provenance traces values in
// (see match.ts for the kinds of match and the choice between occurrences).
import { NON_ASCII, asciiSpace, asciiWordCode, dateSeparator, isDigitCode } from './chars';
import { dateReadings, findDates, numericDates, numberReadings } from './readings';
import { type Hit, type SourceLine, SourceText, uniqueHits } from './source-text';
import { TextMatcher } from './text-match';

export type { SourceLine } from './source-text';

export type MatchKind = 'exact' | 'case_whitespace' | 'date' | 'number';

const NUMBER_TOKEN = /\(?[-+]?\d[\d.,'’\u00a0]*\d\)?|\d/g;

/** A number token of the text. */
interface Token extends Hit {
  text: string;
  /** its numberReadings, once read (shared by the tokens written alike) */
  readings?: string[];
  /** a month or day of a date written in digits, once checked (see datePart) */
  datePart?: boolean;
}

/**
 * The digits of a numeral as one integer, leading and trailing zeros dropped, everything but
 * digits ignored (6.50, 65 and 0,065 all give 65); null past 15 digits. Every reading of a token
 * has the token's key: a decimal of at most 15 significant digits keeps its digits through
 * Number and String, unless String writes it with an exponent (1e-7). So a reading is looked up
 * among the few tokens with its key instead of reading every token of the text.
 */
function digitKey(s: string): number | null {
  let key = 0;
  let zeros = 0;
  let digits = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) continue;
    if (++digits > 15) return null;
    if (c === 48) {
      if (key !== 0) zeros++; // leading zeros are dropped, later ones wait for a digit after them
    } else {
      key = key * 10 ** (zeros + 1) + (c - 48);
      zeros = 0;
    }
  }
  return key;
}

/** What find() answers: the strongest kind that finds a value, with its hits (first first). */
export interface Found {
  kind: MatchKind;
  hits: Hit[];
}

/** What findAll() answers: every kind that finds a value, strongest first, each with the line of each hit, and the lines (sorted, distinct) any of them finds it on. */
export interface Sighting {
  kinds: (Found & { lines: number[] })[];
  lines: number[];
}

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
  private tokens: { byDigits: Map<number, Token[]>; long: Token[] } | null = null;
  private readonly tokenReadings = new Map<string, string[]>();
  private dates: Map<string, Hit[]> | null = null;

  constructor(lines: SourceLine[]) {
    this.lines = lines;
    this.source = new SourceText(lines);
    this.textMatch = new TextMatcher(this.source);
  }

  /** Lines are numbered consecutively: built from a chunk's content and its first line number. */
  static ofChunk(content: string, startLine: number, pageOf?: (line: number) => number | null): SourceIndex {
    return new SourceIndex(content.split('\n').map((text, i) => ({ number: startLine + i, page: pageOf?.(startLine + i) ?? null, text })));
  }

  /** The number of the line a flat-text offset is on. */
  lineNumberAt(offset: number): number {
    return this.source.lineNumberAt(offset);
  }

  /** The lines a flat-text range covers. */
  span(h: Hit): { start_line: number; end_line: number; page: number | null } {
    return this.source.span(h);
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

  /** The number tokens of the text, by their digits (digitKey); tokens of more than 15 digits apart. */
  private get numberTokens(): { byDigits: Map<number, Token[]>; long: Token[] } {
    if (!this.tokens) {
      const byDigits = new Map<number, Token[]>();
      const long: Token[] = [];
      NUMBER_TOKEN.lastIndex = 0;
      for (let m = NUMBER_TOKEN.exec(this.source.flat); m; m = NUMBER_TOKEN.exec(this.source.flat)) {
        const token = { start: m.index, end: m.index + m[0].length, text: m[0] };
        const key = digitKey(m[0]);
        if (key === null) long.push(token);
        else {
          const list = byDigits.get(key);
          if (list) list.push(token);
          else byDigits.set(key, [token]);
        }
      }
      this.tokens = { byDigits, long };
    }
    return this.tokens;
  }

  private readingsOf(token: Token): string[] {
    if (token.readings) return token.readings;
    let r = this.tokenReadings.get(token.text);
    if (!r) this.tokenReadings.set(token.text, (r = numberReadings(token.text)));
    return (token.readings = r);
  }

  /** The number tokens one of whose readings (numberReadings) is among `readings`, in text order. */
  number(readings: string[]): Hit[] {
    const { byDigits, long } = this.numberTokens;
    const out: Hit[] = [];
    for (const r of readings) {
      // a reading in exponent form (1e-7) has other digits than its token: every token is read
      const candidates = r.includes('e') ? [...byDigits.values()].flat() : (byDigits.get(digitKey(r) ?? -1) ?? []);
      for (const t of candidates) if (this.readingsOf(t).includes(r) && !this.datePart(t)) out.push(t);
      for (const t of long) if (this.readingsOf(t).includes(r)) out.push(t); // past 15 digits: no date's part
    }
    // one reading from one list: already in order and without repeats
    return readings.length === 1 && !long.length && !readings[0]!.includes('e') ? out : uniqueHits(out);
  }

  /**
   * A month or day of a date written in digits (the 01 and 05 of 2024-01-05 or 01/05/2024) is part
   * of the date, not a number: a quantity 1 is not found there. A four-digit year still is a
   * number. Only a token joined to other digits by - / . is checked, against the dates of its line
   * (these dates never span lines), once per line.
   */
  private datePart(t: Token): boolean {
    if (t.datePart !== undefined) return t.datePart;
    const flat = this.source.flat;
    let start = t.start;
    while (!isDigitCode(flat.charCodeAt(start))) start++; // past a sign or a parenthesis
    let end = t.end;
    while (!isDigitCode(flat.charCodeAt(end - 1))) end--;
    const joined = (dateSeparator(flat.charCodeAt(start - 1)) && isDigitCode(flat.charCodeAt(start - 2))) || (dateSeparator(flat.charCodeAt(end)) && isDigitCode(flat.charCodeAt(end + 1)));
    let part = false;
    if (joined && !(end - start === 4 && /^\d{4}$/.test(flat.slice(start, end)))) {
      const line = this.source.lineAt(t.start);
      let dates = this.lineDates.get(line);
      if (!dates) this.lineDates.set(line, (dates = numericDates(this.lines[line]!.text)));
      const at = this.source.lineStart(line);
      part = dates.some((d) => d.start <= start - at && end - at <= d.end);
    }
    return (t.datePart = part);
  }

  private readonly lineDates = new Map<number, { start: number; end: number }[]>();

  date(days: string[]): Hit[] {
    if (!this.dates) {
      this.dates = new Map();
      // the written-month patterns only where a month's first three letters are (most tables write dates in digits)
      const lower = this.source.lower;
      for (const d of MONTH_PREFIXES.some((m) => lower.includes(m)) ? findDates(this.source.flat) : numericDates(this.source.flat)) {
        for (const day of d.days) {
          const list = this.dates.get(day) ?? [];
          list.push({ start: d.start, end: d.end });
          this.dates.set(day, list);
        }
      }
    }
    if (days.length === 1) {
      // one day's list is in text order unless two patterns found it (uniqueHits then orders it)
      const list = this.dates.get(days[0]!) ?? [];
      if (list.every((h, i) => i === 0 || h.start > list[i - 1]!.start)) return list;
    }
    return uniqueHits(days.flatMap((d) => this.dates!.get(d) ?? []));
  }

  // Memoised per value: a table repeats the same quantities and dates many times.
  private readonly foundText = new Map<string, Found | null>();
  private readonly foundNumber = new Map<number, Found | null>();
  private readonly sightedText = new Map<string, Sighting>();
  private readonly sightedNumber = new Map<number, Sighting>();

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
      const found = this.kinds(value, false);
      const kinds: Sighting['kinds'] = [];
      let all: number[] = [];
      for (const { kind, hits } of found) {
        const lines = this.source.lineNumbersOf(hits);
        kinds.push({ kind, hits, lines });
        all = kinds.length === 1 ? distinctSorted(lines) : mergeSorted(all, lines); // each kind's lines are sorted (hits are)
      }
      memo.set(value, (r = { kinds, lines: all }));
    }
    return r;
  }

  /** The kinds that find the value, strongest first; with `first`, only the strongest (the weaker ones are not searched). */
  private kinds(value: string | number, first: boolean): Found[] {
    const out: Found[] = [];
    if (typeof value === 'number') {
      // straight to the number tokens (a substring search for "2" would visit every 2 of a table);
      // exact where a token is written as the value is, number for all of them
      const hits = this.number([String(Math.abs(value))]);
      if (!hits.length) return out;
      const written = String(value);
      const exact = hits.filter((h) => h.end - h.start === written.length && this.source.flat.startsWith(written, h.start));
      if (exact.length) {
        out.push({ kind: 'exact', hits: exact });
        if (first) return out;
      }
      if (exact.length < hits.length) out.push({ kind: 'number', hits });
      return out;
    }
    let hits: Hit[];
    if (!first && this.source.ascii && this.textMatch.indexed && asciiWordCode(value.charCodeAt(0)) && isCollapsed(value) && !NON_ASCII.test(value)) {
      // Both kinds from one search (a table's cells): for an ASCII value without other whitespace
      // than single inner spaces, its exact matches are the case/whitespace ones written as the
      // value is (same offsets, same order: both walk the starts of the same rarest word).
      const loose = this.textMatch.caseWhitespace(value);
      const exact = loose.filter((h) => h.end - h.start === value.length && this.source.flat.startsWith(value, h.start));
      if (exact.length) out.push({ kind: 'exact', hits: exact });
      if (loose.length) out.push({ kind: 'case_whitespace', hits: loose });
    } else {
      hits = this.textMatch.exact(value);
      if (hits.length) {
        out.push({ kind: 'exact', hits });
        if (first) return out;
      }
      hits = this.textMatch.caseWhitespace(value);
      if (hits.length) {
        out.push({ kind: 'case_whitespace', hits });
        if (first) return out;
      }
    }
    const days = dateReadings(value);
    if (days.length) {
      hits = this.date(days);
      if (hits.length) {
        out.push({ kind: 'date', hits });
        if (first) return out;
      }
    }
    const readings = mayBeNumber(value) ? numberReadings(value.trim().replace(/^[^\d(+-]{1,4}|[^\d)]{1,4}$/g, '')) : [];
    if (readings.length) {
      hits = this.number(readings);
      if (hits.length) out.push({ kind: 'number', hits });
    }
    return out;
  }
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

const NUMBER_CHAR: boolean[] = Array.from({ length: 128 }, (_, c) => (c >= 48 && c <= 57) || asciiSpace(c) || ".,'()+-".includes(String.fromCharCode(c)));

/** No whitespace but single spaces between other characters (what case/whitespace matching would make of it, apart from case). */
function isCollapsed(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 32 ? i === 0 || i === value.length - 1 || value.charCodeAt(i + 1) === 32 : asciiSpace(c) || (c > 127 && /\s/.test(value[i]!))) return false;
  }
  return true;
}

const MONTH_PREFIXES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A sorted list without repeats. */
function distinctSorted(sorted: number[]): number[] {
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
