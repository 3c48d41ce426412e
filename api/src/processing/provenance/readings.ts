// What a written number or date may mean (provenance's normalised kinds, also the evaluation's
// comparison): canonical strings a value and a source token are compared by.
import { dateSeparator, isDigitCode } from './chars';

// ------------------------------------------------------------------ numbers

/** Numbers a written token may mean (both decimal conventions when ambiguous), as canonical strings of their absolute value. */
export function numberReadings(raw: string): string[] {
  if (PLAIN_DIGITS.test(raw)) return [String(Number(raw))]; // the common case, without the parsing below
  // digits and separators only (6.50, 1,234.50): nothing to strip (the other common case)
  const clean = SEPARATED_DIGITS.test(raw);
  const s = clean ? raw : raw.replace(/[\s\u00a0'’]/g, '').replace(/^[-+(]+|[)]+$/g, '');
  if (!clean && (!/^\d[\d.,]*$/.test(s) || /[.,]$/.test(s))) return [];
  let dots = 0;
  let commas = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 46) dots++;
    else if (c === 44) commas++;
  }
  const out: string[] = [];
  const add = (t: string) => {
    const n = Number(t);
    if (!Number.isFinite(n)) return;
    const r = String(Math.abs(n));
    if (!out.includes(r)) out.push(r);
  };
  if (!dots && !commas) add(s);
  else if (dots && commas) {
    // the later separator is the decimal one
    if (s.lastIndexOf('.') > s.lastIndexOf(',')) add(s.replace(/,/g, ''));
    else add(s.replace(/\./g, '').replace(',', '.'));
  } else {
    const sep = dots ? '.' : ',';
    const n = dots || commas;
    const grouped = (dots ? GROUPED_DOT : GROUPED_COMMA).test(s);
    if (n > 1) {
      if (grouped) add(s.split(sep).join(''));
    } else {
      add(s.replace(sep, '.')); // decimal separator
      if (grouped) add(s.replace(sep, '')); // or a thousands one (1,234 / 1.234)
    }
  }
  return out;
}

const PLAIN_DIGITS = /^\d{1,15}$/;
const SEPARATED_DIGITS = /^\d[\d.,]*\d$/;
const GROUPED_DOT = /^\d{1,3}(\.\d{3})+$/;
const GROUPED_COMMA = /^\d{1,3}(,\d{3})+$/;

// ------------------------------------------------------------------ dates

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
  january: 1, february: 2, march: 3, april: 4, june: 6, july: 7, august: 8, september: 9, october: 10, november: 11, december: 12,
};
const MONTH_RE = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
// written months (the dates in digits: numericDates)
const WORD_DATE_PATTERNS: { re: RegExp; read: (m: RegExpExecArray) => Parameters<typeof validDate> }[] = [
  { re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_RE}\\s*,?\\s+(\\d{4})\\b`, 'gi'), read: (m) => [+m[3]!, MONTHS[m[2]!.toLowerCase()]!, +m[1]!] },
  { re: new RegExp(`\\b${MONTH_RE}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s*,?\\s+(\\d{4})\\b`, 'gi'), read: (m) => [+m[3]!, MONTHS[m[1]!.toLowerCase()]!, +m[2]!] },
];
// dates in digits: 2024-01-05 (year first), 03/05/2024, 03.05.2024, 3-5-24 (month/day or day/month)
const YEAR_FIRST = /\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b/g;
const YEAR_LAST = /\b\d{1,2}[-/.]\d{1,2}[-/.](?:\d{4}|\d{2})\b/g;
const MONTH_INITIAL = /^[adfjmnos]/i;
const ASCII_LETTER = /[a-z]/i;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDate(y: number, mo: number, d: number): string | null {
  if (!(mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && y >= 1000 && y <= 9999)) return null;
  if (d > (mo === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : DAYS_IN_MONTH[mo - 1]!)) return null;
  return `${y}-${mo < 10 ? '0' : ''}${mo}-${d < 10 ? '0' : ''}${d}`; // y has 4 digits
}

/** A date found in a text, with the calendar days it may mean. */
export interface Dated {
  start: number;
  end: number;
  days: string[];
}

/** Every date in a text with its position and the calendar days it may mean: those in digits, then those with a written month. */
export function findDates(text: string): Dated[] {
  return [...numericDates(text), ...wordDates(text)];
}

/**
 * The dates of a text written in digits alone (2024-01-05, 01/05/2024, 5.1.24), year first, then
 * year last. RegExp.test finds each (lastIndex: where it ends) without a match array and its
 * captures (a table has hundreds of dates); its three numbers are read back from its end, each
 * the whole run of digits before a separator (the patterns' digit groups lie between separators
 * and word bounds, so a run is never longer than its group).
 */
export function numericDates(text: string): Dated[] {
  const out: Dated[] = [];
  for (const re of [YEAR_FIRST, YEAR_LAST]) {
    re.lastIndex = 0;
    while (re.test(text)) {
      const end = re.lastIndex;
      const third = digitsBefore(text, end);
      const second = digitsBefore(text, third - 1);
      const first = digitsBefore(text, second - 1);
      const a = digitsValue(text, first, second - 1);
      const b = digitsValue(text, second, third - 1);
      const c = digitsValue(text, third, end);
      let day: string | null;
      let other: string | null = null; // year last: month/day, or else day/month
      if (re === YEAR_FIRST) day = validDate(a, b, c);
      else {
        const y = end - third === 2 ? 2000 + c : c;
        day = validDate(y, a, b);
        other = validDate(y, b, a);
        if (day === null || other === day) [day, other] = [other, null]; // valid days, distinct, in reading order
      }
      if (day !== null) out.push({ start: first, end, days: other === null ? [day] : [day, other] });
    }
  }
  return out;
}

/** Where the run of digits that ends at `end` begins. */
function digitsBefore(text: string, end: number): number {
  let i = end;
  while (i > 0 && isDigitCode(text.charCodeAt(i - 1))) i--;
  return i;
}

function digitsValue(text: string, from: number, to: number): number {
  let v = 0;
  for (let i = from; i < to; i++) v = v * 10 + text.charCodeAt(i) - 48;
  return v;
}

/** The dates of a text with a month written in words (5 March 2024, Mar 5, 2024). */
export function wordDates(text: string): Dated[] {
  const out: Dated[] = [];
  for (const p of WORD_DATE_PATTERNS) {
    p.re.lastIndex = 0;
    for (let m = p.re.exec(text); m; m = p.re.exec(text)) {
      const day = validDate(...p.read(m));
      if (day !== null) out.push({ start: m.index, end: m.index + m[0].length, days: [day] });
    }
  }
  return out;
}

/** The calendar days a value may mean when the whole value is one date, else []. */
export function dateReadings(value: string): string[] {
  const v = value.trim();
  // every pattern begins with a digit or a month and ends with a digit: most text is ruled out here
  if (!(isDigitCode(v.charCodeAt(v.length - 1)) && (isDigitCode(v.charCodeAt(0)) || MONTH_INITIAL.test(v)))) return [];
  // the common ISO-like 2024-01-05 (any of - / . between): the first pattern alone reads it (the
  // second would need a word boundary inside the year), without a match array per value
  if (v.length === 10 && isDigitCode(v.charCodeAt(1)) && isDigitCode(v.charCodeAt(2)) && isDigitCode(v.charCodeAt(3)) && dateSeparator(v.charCodeAt(4)) && isDigitCode(v.charCodeAt(5)) && isDigitCode(v.charCodeAt(6)) && dateSeparator(v.charCodeAt(7)) && isDigitCode(v.charCodeAt(8))) {
    const day = validDate(+v.slice(0, 4), +v.slice(5, 7), +v.slice(8, 10));
    return day === null ? [] : [day];
  }
  // the written-month patterns need letters: a value of digits and separators is read by the numeric ones alone
  const found = (ASCII_LETTER.test(v) ? findDates(v) : numericDates(v)).filter((d) => d.start === 0 && d.end === v.length);
  return [...new Set(found.flatMap((d) => d.days))];
}
