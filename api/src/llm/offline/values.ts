// Value parsers of the offline extractor: amounts from currency strings, dates normalised
// to ISO, e-mails, URLs, booleans. Each returns undefined when the text does not hold a
// value of that kind: the extractor never guesses.

const CURRENCY_SYMBOLS: Record<string, string> = { '€': 'EUR', '£': 'GBP', '₹': 'INR', '₩': 'KRW', '₽': 'RUB', '₺': 'TRY' };
const CURRENCY_CODES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'CHF', 'JPY', 'CNY', 'INR', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'MXN', 'BRL', 'ZAR', 'SGD', 'HKD'];
const CODE_RE = new RegExp(`\\b(${CURRENCY_CODES.join('|')})\\b`);

const CODES = CURRENCY_CODES.join('|');
const BEFORE_RE = new RegExp(`^(?:[-−+(]?\\s*(?:[$€£¥₹₩₽₺]|${CODES}|[A-Z]{1,2}\\$)?\\s*[-−(]?)$`);
const AFTER_RE = new RegExp(`^(?:[)]?\\s*(?:[$€£¥₹%]|${CODES}|-|cr|dr)?\\s*[)]?\\s*(?:[a-zA-Z]{1,6}\\.?)?)$`);

/**
 * one number token: 1,234.56 | 1.234,56 | 1'234.56 | 1 234,56 (a single space groups thousands only
 * when a decimal comma or another group follows: "1 234,56", "12 345 678") | 1234 | .5
 */
const NUMBER_TOKEN = /(?<![\d.,])\d{1,3}(?:(?: \d{3})+,\d+|(?: \d{3}){2,})(?![\d.])|\d{1,3}(?:[,.'\u00a0\u202f]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?|[.,]\d+/g;

function normaliseNumber(raw: string): number | undefined {
  let s = raw.replace(/[\u00a0\u202f' ]/g, '');
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma !== -1 && lastDot !== -1) {
    // the later separator is the decimal one
    s = lastComma > lastDot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (lastComma !== -1) {
    s = /^\d{1,3}(,\d{3})+$/.test(s) ? s.replace(/,/g, '') : s.replace(',', '.');
    if ((s.match(/\./g) ?? []).length > 1) return undefined;
  } else if (lastDot !== -1 && (s.match(/\./g) ?? []).length > 1) {
    if (!/^\d{1,3}(\.\d{3})+$/.test(s)) return undefined;
    s = s.replace(/\./g, '');
  }
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The amount held by a value such as "$1,234.56", "1.234,56 EUR", "(12.00)", "-5", "USD 20",
 * "2 pcs". Exactly one number must be present (so "INV-001 / 2024" is not an amount) and the
 * rest may only be currency marks or a short unit word.
 */
export function parseAmount(value: string): number | undefined {
  const text = value.trim();
  if (!text) return undefined;
  const tokens = [...text.matchAll(NUMBER_TOKEN)];
  if (tokens.length !== 1) return undefined;
  const token = tokens[0]!;
  const before = text.slice(0, token.index).trim();
  const after = text.slice((token.index ?? 0) + token[0].length).trim();
  // anything around the number must be currency, sign, parentheses or a short unit
  const okBefore = BEFORE_RE.test(before);
  const okAfter = AFTER_RE.test(after);
  if (!okBefore || !okAfter) return undefined;
  const n = normaliseNumber(token[0]);
  if (n === undefined) return undefined;
  const negative = /[-−]/.test(before) || /^\)/.test(after) || /\(/.test(before) || /^-/.test(after) || /^cr\b/i.test(after);
  return negative ? -n : n;
}

export function parseInteger(value: string): number | undefined {
  const n = parseAmount(value);
  return n !== undefined && Number.isInteger(n) ? n : undefined;
}

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6,
  jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, oct: 10, october: 10,
  nov: 11, november: 11, dec: 12, december: 12,
};
const MONTH_NAMES = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|');

function iso(y: number, m: number, d: number): string | undefined {
  if (y < 100) y += y >= 70 ? 1900 : 2000;
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2200) return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return undefined; // 31 April
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

interface FoundDate {
  iso: string;
  index: number;
  length: number;
}

/**
 * Every date in the text, normalised to YYYY-MM-DD. Numeric forms: ISO (2024-03-01,
 * 2024/03/01), US month-first with slashes or dashes (03/01/2024, 3-1-24) unless the first
 * number is above 12, day-first with dots (01.03.2024). Month names: "March 1, 2024",
 * "1 Mar 2024", "01-Mar-2024", "Mar. 1 2024".
 */
export interface DateOptions {
  /** numeric dates with slashes or dashes are day-first (12/10/2024 = 12 October): the document's convention */
  dayFirst?: boolean;
}

export function findDates(text: string, options: DateOptions = {}): FoundDate[] {
  const found: FoundDate[] = [];
  const push = (value: string | undefined, m: RegExpExecArray) => {
    if (value && !found.some((f) => m.index < f.index + f.length && f.index < m.index + m[0].length)) {
      found.push({ iso: value, index: m.index, length: m[0].length });
    }
  };
  const patterns: [RegExp, (m: RegExpExecArray) => string | undefined][] = [
    [/\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g, (m) => iso(+m[1]!, +m[2]!, +m[3]!)],
    [
      new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?[\\s\\-./]+(${MONTH_NAMES})\\.?,?[\\s\\-./]+(\\d{4}|\\d{2})\\b`, 'gi'),
      (m) => iso(+m[3]!, MONTHS[m[2]!.toLowerCase()]!, +m[1]!),
    ],
    [
      new RegExp(`\\b(${MONTH_NAMES})\\.?[\\s\\-]+(\\d{1,2})(?:st|nd|rd|th)?,?[\\s\\-]+(\\d{4})\\b`, 'gi'),
      (m) => iso(+m[3]!, MONTHS[m[1]!.toLowerCase()]!, +m[2]!),
    ],
    [/\b(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})\b/g, (m) => iso(+m[3]!, +m[2]!, +m[1]!)],
    [
      /\b(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})\b/g,
      (m) =>
        options.dayFirst
          ? +m[2]! > 12 ? iso(+m[3]!, +m[1]!, +m[2]!) : iso(+m[3]!, +m[2]!, +m[1]!)
          : +m[1]! > 12 ? iso(+m[3]!, +m[2]!, +m[1]!) : iso(+m[3]!, +m[1]!, +m[2]!),
    ],
  ];
  for (const [re, convert] of patterns) {
    for (let m = re.exec(text); m; m = re.exec(text)) push(convert(m), m);
  }
  return found.sort((a, b) => a.index - b.index);
}

export function parseDate(value: string, options: DateOptions = {}): string | undefined {
  return findDates(value, options)[0]?.iso;
}

/** An ISO date-time with an explicit offset (the extractor never adds a time zone itself). */
export function parseDateTime(value: string): string | undefined {
  const m = /\b(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|[+-]\d{2}:?\d{2})\b/.exec(value);
  if (!m) return undefined;
  const time = m[2]!.length === 5 ? `${m[2]}:00` : m[2];
  const offset = m[3] === 'Z' ? 'Z' : `${m[3]!.slice(0, 3)}:${m[3]!.slice(-2)}`;
  return `${m[1]}T${time}${offset}`;
}

const EMAIL_RE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
export function findEmails(text: string): string[] {
  return [...text.matchAll(EMAIL_RE)].map((m) => m[0].replace(/\.$/, ''));
}
export const parseEmail = (value: string): string | undefined => findEmails(value)[0];

export function parseUrl(value: string): string | undefined {
  const m = /\bhttps?:\/\/[^\s<>"']+/i.exec(value) ?? /\bwww\.[^\s<>"']+\.[a-z]{2,}[^\s<>"']*/i.exec(value);
  if (!m) return undefined;
  const url = m[0].replace(/[.,;)]+$/, '');
  return url.startsWith('http') ? url : `https://${url}`;
}

export function parseUuid(value: string): string | undefined {
  return /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i.exec(value)?.[0]?.toLowerCase();
}

export function parseBoolean(value: string): boolean | undefined {
  const v = value.trim().toLowerCase().replace(/[.!]$/, '');
  if (['yes', 'y', 'true', 'paid', 'x', '✓', 'checked', 'on'].includes(v)) return true;
  if (['no', 'n', 'false', 'unpaid', 'not paid', 'off', 'unchecked'].includes(v)) return false;
  return undefined;
}

/** An ISO currency code written in the text, or one implied by an unambiguous symbol (€, £, ₹). "$" alone is ambiguous and gives nothing. */
export function parseCurrency(value: string): string | undefined {
  const code = CODE_RE.exec(value)?.[1];
  if (code) return code;
  for (const [symbol, c] of Object.entries(CURRENCY_SYMBOLS)) if (value.includes(symbol)) return c;
  return undefined;
}

/** true when the text is only a number-like value (amount, quantity, percentage) */
export const isNumericCell = (value: string): boolean => parseAmount(value) !== undefined;
