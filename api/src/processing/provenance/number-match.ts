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

/** A number token of the text (its characters are cut out of the text only when it is read). */
interface Token extends Hit {
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
  private tokens: { byDigits: Map<number, Token[]>; long: Token[] } | null = null;
  private readonly tokenReadings = new Map<string, string[]>();

  constructor(source: SourceText) {
    this.source = source;
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

  /** The number tokens of the text, by their digits (digitKey); tokens of more than 15 digits apart. */
  private get numberTokens(): { byDigits: Map<number, Token[]>; long: Token[] } {
    if (!this.tokens) {
      const flat = this.source.flat;
      const byDigits = new Map<number, Token[]>();
      const long: Token[] = [];
      numberTokenRanges(flat, (start, end) => {
        const token: Token = { start, end, readings: undefined, datePart: undefined }; // one shape from the start
        const key = digitKey(flat, start, end);
        if (key === null) long.push(token);
        else {
          const list = byDigits.get(key);
          if (list) list.push(token);
          else byDigits.set(key, [token]);
        }
      });
      this.tokens = { byDigits, long };
    }
    return this.tokens;
  }

  private readingsOf(token: Token): string[] {
    if (token.readings) return token.readings;
    const text = this.source.flat.slice(token.start, token.end);
    let r = this.tokenReadings.get(text);
    if (!r) this.tokenReadings.set(text, (r = numberReadings(text)));
    return (token.readings = r);
  }

  /**
   * A month or day of a date written in digits (the 01 and 05 of 2024-01-05 or 01/05/2024) is part
   * of the date, not a number: a quantity 1 is not found there. A four-digit year still is a
   * number. Only a token joined to other digits by - / . is checked, against the text's dates
   * written in digits.
   */
  private datePart(t: Token): boolean {
    if (t.datePart !== undefined) return t.datePart;
    const flat = this.source.flat;
    let start = t.start;
    while (!isDigitCode(flat.charCodeAt(start))) start++; // past a sign or a parenthesis
    let end = t.end;
    while (!isDigitCode(flat.charCodeAt(end - 1))) end--;
    const joined = (dateSeparator(flat.charCodeAt(start - 1)) && isDigitCode(flat.charCodeAt(start - 2))) || (dateSeparator(flat.charCodeAt(end)) && isDigitCode(flat.charCodeAt(end + 1)));
    const year = end - start === 4 && isDigitCode(flat.charCodeAt(start + 1)) && isDigitCode(flat.charCodeAt(start + 2)); // its ends are digits
    return (t.datePart = joined && !year && this.source.inNumericDate(start, end));
  }
}
