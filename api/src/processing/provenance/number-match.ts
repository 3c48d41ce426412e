// The number kind of match: a value read as a number against the number tokens of the text.
import { dateSeparator, digitGroupCode, isDigitCode, numberStartCode } from './chars';
import { numberReadings } from './readings';
import { type Hit, type SourceText, uniqueHits } from './source-text';

/**
 * The number tokens of a text: what /\(?[-+]?\d[\d.,'’\u00a0]*\d\)?|\d/g matches, read by char
 * code (a table has thousands; a regex match array each was a tenth of provenance's allocation).
 * At each position the regex's first alternative: an optional parenthesis and sign, a digit, the
 * longest run of digits and separators that ends in a digit, an optional closing parenthesis;
 * else a lone digit; else the next position.
 */
export function numberTokenRanges(text: string, found: (start: number, end: number) => void): void {
  const n = text.length;
  for (let i = 0; i < n; ) {
    const c = text.charCodeAt(i);
    if (!numberStartCode(c)) {
      i++;
      continue;
    }
    let p = i;
    if (text.charCodeAt(p) === 40) p++; // (
    if (text.charCodeAt(p) === 43 || text.charCodeAt(p) === 45) p++; // + -
    let end = -1;
    if (isDigitCode(text.charCodeAt(p))) {
      let lastDigit = -1;
      for (let m = p + 1; m < n; m++) {
        const d = text.charCodeAt(m);
        if (isDigitCode(d)) lastDigit = m;
        else if (!digitGroupCode(d)) break;
      }
      if (lastDigit !== -1) end = text.charCodeAt(lastDigit + 1) === 41 ? lastDigit + 2 : lastDigit + 1; // )
    }
    if (end === -1) {
      if (!isDigitCode(c)) {
        i++;
        continue;
      }
      end = i + 1;
    }
    found(i, end);
    i = end;
  }
}

/**
 * The number tokens of a text as lists by token number instead of an object per token (a table
 * has thousands, and objects made during the extraction step cost more than in a loop): where
 * each starts and ends, the tokens with the same digitKey chained in text order, and what is
 * learnt about a token as it is read. A token gets a Hit object only when a search returns it.
 */
interface Tokens {
  start: number[];
  end: number[];
  /** per digitKey, its first token */
  first: Map<number, number>;
  /** per token, the next token with its digitKey, -1 after the last */
  next: number[];
  /** tokens of more than 15 digits (no digitKey), in text order */
  long: number[];
  /** per token, its Hit once a search returned it (the same object for every search) */
  hit: (Hit | undefined)[];
  /** per token, its numberReadings once read (shared by the tokens written alike) */
  readings: (string[] | undefined)[];
  /** per token, 0 until checked, then 1 when a month or day of a date written in digits (datePart), else 2 */
  datePart: number[];
}

/**
 * The digits of a numeral as one integer, leading and trailing zeros dropped, everything but
 * digits ignored (6.50, 65 and 0,065 all give 65); null past 15 digits. Every reading of a token
 * has the token's key: a decimal of at most 15 significant digits keeps its digits through
 * Number and String, unless String writes it with an exponent (1e-7). So a reading is looked up
 * among the few tokens with its key instead of reading every token of the text.
 */
function digitKey(s: string, from = 0, to = s.length): number | null {
  let key = 0;
  let zeros = 0;
  let digits = 0;
  for (let i = from; i < to; i++) {
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

/** The number tokens are built with the first number searched: a source searched for words only never reads them. */
export class NumberMatcher {
  private readonly source: SourceText;
  private tokens: Tokens | null = null;
  private readonly tokenReadings = new Map<string, string[]>();
  private readonly wholeReadings = new Map<number, string[]>();

  constructor(source: SourceText) {
    this.source = source;
  }

  /** The number tokens one of whose readings (numberReadings) is among `readings`, in text order. */
  number(readings: string[]): Hit[] {
    const tokens = this.numberTokens;
    const out: Hit[] = [];
    for (const r of readings) {
      if (r.includes('e')) {
        // a reading in exponent form (1e-7) has other digits than its token: every token is read
        for (const t of tokens.first.values()) this.collect(tokens, r, t, out);
      } else {
        const t = tokens.first.get(digitKey(r) ?? -1);
        if (t !== undefined) this.collect(tokens, r, t, out);
      }
      for (const t of tokens.long) if (this.readingsOf(tokens, t).includes(r)) out.push(hitOf(tokens, t)); // past 15 digits: no date's part
    }
    // one reading from one chain: already in order and without repeats
    return readings.length === 1 && !tokens.long.length && !readings[0]!.includes('e') ? out : uniqueHits(out);
  }

  /** The tokens of one digitKey's chain, from token t on, that read as r and are no date's part. */
  private collect(tokens: Tokens, r: string, t: number, out: Hit[]): void {
    for (; t !== -1; t = tokens.next[t]!) if (this.readingsOf(tokens, t).includes(r) && !this.datePart(tokens, t)) out.push(hitOf(tokens, t));
  }

  /** The number tokens of the text, chained by their digits (digitKey); tokens of more than 15 digits apart. */
  private get numberTokens(): Tokens {
    if (!this.tokens) {
      const flat = this.source.flat;
      const start: number[] = [];
      const end: number[] = [];
      numberTokenRanges(flat, (from, to) => {
        start.push(from);
        end.push(to);
      });
      const n = start.length;
      const tokens: Tokens = { start, end, first: new Map(), next: new Array<number>(n).fill(-1), long: [], hit: new Array(n), readings: new Array(n), datePart: new Array<number>(n).fill(0) };
      // chained from the last token back, so that each chain runs in text order
      for (let t = n - 1; t >= 0; t--) {
        const key = digitKey(flat, start[t], end[t]);
        if (key === null) tokens.long.push(t);
        else {
          tokens.next[t] = tokens.first.get(key) ?? -1;
          tokens.first.set(key, t);
        }
      }
      tokens.long.reverse();
      this.tokens = tokens;
    }
    return this.tokens;
  }

  private readingsOf(tokens: Tokens, t: number): string[] {
    let r = tokens.readings[t];
    if (r) return r;
    const flat = this.source.flat;
    const whole = wholeNumber(flat, tokens.start[t]!, tokens.end[t]!);
    if (whole !== -1) {
      // digits alone (a quantity, a year, a part of a date): read by char code, without cutting the token out
      r = this.wholeReadings.get(whole);
      if (!r) this.wholeReadings.set(whole, (r = [String(whole)]));
    } else {
      const text = flat.slice(tokens.start[t], tokens.end[t]);
      r = this.tokenReadings.get(text);
      if (!r) this.tokenReadings.set(text, (r = numberReadings(text)));
    }
    return (tokens.readings[t] = r);
  }

  /**
   * A month or day of a date written in digits (the 01 and 05 of 2024-01-05 or 01/05/2024) is part
   * of the date, not a number: a quantity 1 is not found there. A four-digit year still is a
   * number. Only a token joined to other digits by - / . is checked, against the text's dates
   * written in digits.
   */
  private datePart(tokens: Tokens, t: number): boolean {
    if (tokens.datePart[t] !== 0) return tokens.datePart[t] === 1;
    const flat = this.source.flat;
    let start = tokens.start[t]!;
    while (!isDigitCode(flat.charCodeAt(start))) start++; // past a sign or a parenthesis
    let end = tokens.end[t]!;
    while (!isDigitCode(flat.charCodeAt(end - 1))) end--;
    const joined = (dateSeparator(flat.charCodeAt(start - 1)) && isDigitCode(flat.charCodeAt(start - 2))) || (dateSeparator(flat.charCodeAt(end)) && isDigitCode(flat.charCodeAt(end + 1)));
    const year = end - start === 4 && isDigitCode(flat.charCodeAt(start + 1)) && isDigitCode(flat.charCodeAt(start + 2)); // its ends are digits
    const part = joined && !year && this.source.inNumericDate(start, end);
    tokens.datePart[t] = part ? 1 : 2;
    return part;
  }
}

/**
 * The number a token of digits alone stands for, as numberReadings reads it (an opening
 * parenthesis and a sign before them and a closing parenthesis after them are dropped, so are
 * leading zeros), or -1 for any other token or past 15 digits.
 */
export function wholeNumber(text: string, start: number, end: number): number {
  let i = start;
  if (text.charCodeAt(i) === 40) i++; // (
  if (text.charCodeAt(i) === 43 || text.charCodeAt(i) === 45) i++; // + -
  if (text.charCodeAt(end - 1) === 41) end--; // )
  if (end - i > 15 || end <= i) return -1;
  let v = 0;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (!isDigitCode(c)) return -1;
    v = v * 10 + (c - 48);
  }
  return v;
}

const hitOf = (tokens: Tokens, t: number): Hit => (tokens.hit[t] ??= { start: tokens.start[t]!, end: tokens.end[t]! });
