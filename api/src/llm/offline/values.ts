// Value parsers of the offline extractor: amounts from currency strings, dates normalised
// to ISO, e-mails, URLs, booleans. Each returns undefined when the text does not hold a
// value of that kind: the extractor never guesses.

import * as chrono from 'chrono-node';

const CURRENCY_SYMBOLS: Record<string, string> = { '€': 'EUR', '£': 'GBP', '₹': 'INR', '₩': 'KRW', '₽': 'RUB', '₺': 'TRY' };
// ISO 4217 codes read beside an amount ("MYR 45.60"); not PHP, which is a word in a text too
const CURRENCY_CODES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'CHF', 'JPY', 'CNY', 'INR', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'MXN', 'BRL', 'ZAR', 'SGD', 'HKD', 'MYR', 'IDR', 'THB', 'PKR', 'LKR', 'NPR'];
const CODE_RE = new RegExp(`\\b(${CURRENCY_CODES.join('|')})\\b`);

const CODES = CURRENCY_CODES.join('|');
const BEFORE_RE = new RegExp(`^(?:[-−+(]?\\s*(?:[$€£¥₹₩₽₺]|${CODES}|[A-Z]{1,2}\\$)?\\s*[-−(]?)$`);
const AFTER_RE = new RegExp(`^(?:[)]?\\s*(?:[$€£¥₹%]|${CODES}|-|cr|dr)?\\s*[)]?\\s*(?:[a-zA-Z]{1,6}\\.?)?)$`);

/**
 * one number token: 1,234.56 | 1.234,56 | 1'234.56 | 1 234,56 (a single space groups thousands only
 * when a decimal comma or another group follows: "1 234,56", "12 345 678") | 1234 | .5
 */
// ("9,9000": a decimal comma and four decimals, as e-invoices print unit prices, is one number;
// a dot with four digits after it, "1.0577", stays a scan's damage the rows' arithmetic reads)
const NUMBER_TOKEN = /(?<![\d.,])\d{1,3}(?:(?: \d{3})+,\d+|(?: \d{3}){2,})(?![\d.])|\d{1,3},\d{4}(?![\d.,])|\d{1,3}(?:[,.'\u00a0\u202f]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?|[.,]\d+/g;

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
  // "RM 12.00", "1 234,56 zł", "Rs. 450": a currency's symbol (see currencySymbols) is a currency mark too
  const unmarked = (s: string) => s.replace(currencySymbols().pattern, ' ').trim();
  const okBefore = BEFORE_RE.test(before) || BEFORE_RE.test(unmarked(before));
  const okAfter = AFTER_RE.test(after) || AFTER_RE.test(unmarked(after));
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
  for (const d of datesInWords(text)) if (!found.some((f) => d.index < f.index + f.length && f.index < d.index + d.length)) found.push(d);
  return found.sort((a, b) => a.index - b.index);
}

/**
 * Languages whose month names the extractor reads besides English, with chrono-node's parser for
 * each (none for Polish: its genitive month names come from Intl, the form a date uses: "5 marca 2024").
 */
const WORD_DATE_LOCALES: { locale: string; parser?: chrono.Chrono }[] = [
  { locale: 'de', parser: chrono.de.strict },
  { locale: 'fr', parser: chrono.fr.strict },
  { locale: 'nl', parser: chrono.nl.strict },
  { locale: 'es', parser: chrono.es.strict },
  { locale: 'it', parser: chrono.it.strict },
  { locale: 'pt', parser: chrono.pt.strict },
  { locale: 'pl' },
];

const fold = (s: string) => s.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');

/** month name (long and short, as written in a date and standing alone, accents folded) -> locale -> month */
let monthWords: Map<string, Map<string, number>> | undefined;
function monthWordsOf(): Map<string, Map<string, number>> {
  if (monthWords) return monthWords;
  monthWords = new Map();
  for (const { locale } of WORD_DATE_LOCALES) {
    for (const month of ['long', 'short'] as const) {
      const inDate = new Intl.DateTimeFormat(locale, { day: 'numeric', month, timeZone: 'UTC' });
      const alone = new Intl.DateTimeFormat(locale, { month, timeZone: 'UTC' });
      for (let m = 0; m < 12; m++) {
        const date = new Date(Date.UTC(2024, m, 5));
        for (const f of [inDate, alone]) {
          const name = fold(f.formatToParts(date).find((p) => p.type === 'month')?.value ?? '').replace(/\.$/, '');
          // English month names are read by the patterns above; a two-letter or numeric "month" is no word
          if (name.length < 3 || !/^\p{L}+$/u.test(name) || ENGLISH_MONTH.has(name)) continue;
          if (!monthWords.has(name)) monthWords.set(name, new Map());
          monthWords.get(name)!.set(locale, m + 1);
        }
      }
    }
  }
  return monthWords;
}
const ENGLISH_MONTH = new Set(Object.keys(MONTHS));

/**
 * Dates with the month in words in German, French, Dutch, Spanish, Italian, Portuguese ("11. Juli
 * 2014", "02 Juillet 2015", "5 de marzo de 2024") read by chrono-node's parser for the language
 * whose month name the text holds, and Polish ones ("5 marca 2024") by their Intl month names. Only
 * complete dates (day, month and year written) count.
 */
function datesInWords(text: string): FoundDate[] {
  if (!/\d/.test(text) || !/\p{L}{3}/u.test(text)) return [];
  const words = monthWordsOf();
  const locales = new Set<string>();
  for (const w of fold(text).match(/\p{L}{3,}/gu) ?? []) {
    for (const locale of words.get(w)?.keys() ?? []) locales.add(locale);
  }
  const out: FoundDate[] = [];
  for (const { locale, parser } of WORD_DATE_LOCALES) {
    if (!locales.has(locale)) continue;
    if (parser) {
      for (const r of parser.parse(text, REFERENCE_DATE)) {
        if (!/\p{L}{3}/u.test(r.text) || !r.start.isCertain('day') || !r.start.isCertain('month') || !r.start.isCertain('year')) continue;
        const value = iso(r.start.get('year')!, r.start.get('month')!, r.start.get('day')!);
        if (value) out.push({ iso: value, index: r.index, length: r.text.length });
      }
    } else {
      const folded = fold(text);
      const re = /\b(\d{1,2})\.?\s+(\p{L}{3,})\.?\s+(\d{4})\b/gu;
      for (let m = re.exec(folded); m; m = re.exec(folded)) {
        const month = words.get(m[2]!)?.get(locale);
        if (!month) continue;
        const value = iso(+m[3]!, month, +m[1]!);
        if (value) out.push({ iso: value, index: m.index, length: m[0].length });
      }
    }
  }
  return out;
}
const REFERENCE_DATE = new Date(Date.UTC(2000, 0, 1));

export function parseDate(value: string, options: DateOptions = {}): string | undefined {
  return compactDate(value) ?? findDates(value, options)[0]?.iso;
}

/**
 * A labelled value written as e-invoices store a date, "20181230" (year, month, day): read only
 * where a label says it is a date, for in running text eight digits are as often a number.
 */
export function compactDate(value: string): string | undefined {
  const compact = /^\s*((?:19|20)\d{2})(\d{2})(\d{2})\s*$/.exec(value);
  return compact ? iso(+compact[1]!, +compact[2]!, +compact[3]!) : undefined;
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

/**
 * An ISO currency code written in the text, or one its symbol implies: a symbol that stands for one
 * currency only (€, £, ₹, RM, zł, R$, US$), or one that stands for several ($, Rs, kr, ¥) when the
 * document names exactly one of their countries (documentContext: "Canada", "India", a US state and
 * ZIP code). "$" in a document that names no country gives nothing.
 */
export function parseCurrency(value: string): string | undefined {
  const code = CODE_RE.exec(value)?.[1];
  if (code) return code;
  for (const [symbol, c] of Object.entries(CURRENCY_SYMBOLS)) if (value.includes(symbol)) return c;
  const { symbols, pattern } = currencySymbols();
  for (const m of value.matchAll(pattern)) {
    const codes = symbols.get(m[1]!);
    // a letter joined to a number by a dash or slash is an identifier's prefix ("R-1001", "R/2024/17"), not the rand
    if (!codes || (/\p{L}/u.test(m[1]!) && /^[-/]\d/.test(value.slice(m.index! + m[0].length)))) continue;
    if (codes.length === 1) return codes[0];
    const named = codes.filter((c) => documentContext.countries.has(c.slice(0, 2)));
    if (named.length === 1) return named[0];
  }
  return undefined;
}

/** what the document being read says about where it is from (set by extractOffline for one extraction) */
export const documentContext = { countries: new Set<string>() };

/**
 * ISO 4217 codes (their first two letters are the country's ISO 3166 code) and the symbols Intl
 * writes for them in the locales that use them: "$" is USD, CAD, AUD, SGD, HKD, MXN, NZD; "RM" only MYR.
 */
const SYMBOL_CURRENCIES = ['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD', 'MXN', 'BRL', 'INR', 'PKR', 'LKR', 'NPR', 'MYR', 'ZAR', 'PLN', 'SEK', 'NOK', 'DKK', 'JPY', 'CNY', 'CZK', 'HUF', 'IDR', 'PHP', 'THB', 'CHF', 'EUR', 'GBP'];
const SYMBOL_LOCALES = ['en-US', 'en-CA', 'fr-CA', 'en-AU', 'en-NZ', 'en-SG', 'zh-HK', 'es-MX', 'pt-BR', 'en-IN', 'hi-IN', 'en-PK', 'ur-PK', 'en-LK', 'ne-NP', 'ms-MY', 'en-ZA', 'pl-PL', 'sv-SE', 'nb-NO', 'da-DK', 'ja-JP', 'zh-CN', 'cs-CZ', 'hu-HU', 'id-ID', 'en-PH', 'th-TH', 'de-CH', 'de-DE', 'en-GB'];
let symbolTable: { symbols: Map<string, string[]>; pattern: RegExp } | undefined;
export function currencySymbols(): { symbols: Map<string, string[]>; pattern: RegExp } {
  if (symbolTable) return symbolTable;
  const symbols = new Map<string, Set<string>>();
  for (const code of SYMBOL_CURRENCIES) {
    for (const locale of SYMBOL_LOCALES) {
      for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
        const symbol = new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay }).formatToParts(1).find((p) => p.type === 'currency')?.value.replace(/\.$/, '');
        if (!symbol || symbol === code || !/^[\p{L}\p{Sc}]{1,3}$/u.test(symbol)) continue;
        if (!symbols.has(symbol)) symbols.set(symbol, new Set());
        symbols.get(symbol)!.add(code);
      }
    }
  }
  const list = [...symbols.keys()].sort((a, b) => b.length - a.length).map((x) => x.replace(/[$]/g, '\\$'));
  // a letter symbol stands apart from words ("RM 12.00", "12,00 zł"), a sign may touch the number
  const pattern = new RegExp(`(?<![\\p{L}])(${list.join('|')})(?![\\p{L}])\\.?`, 'gu');
  symbolTable = { symbols: new Map([...symbols].map(([k, v]) => [k, [...v]])), pattern };
  return symbolTable;
}

/** the countries a text names: by name (in English or the local language), or a US state with its ZIP code, or a Canadian postcode */
export function countriesNamed(text: string): Set<string> {
  const out = new Set<string>();
  const regions = [...new Set(SYMBOL_CURRENCIES.map((c) => c.slice(0, 2)))];
  for (const locale of ['en', 'de', 'fr', 'nl', 'es', 'it', 'pl', 'ms']) {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    for (const r of regions) {
      const name = names.of(r);
      if (name && name !== r && new RegExp(`(?<!\\p{L})${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'iu').test(text)) out.add(r);
    }
  }
  if (/\b(?:USA|U\.S\.A\.?|United States)\b/.test(text) || new RegExp(`\\b(?:${US_STATES})\\s+\\d{5}(?:-\\d{4})?\\b`).test(text)) out.add('US');
  if (/\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d\b/.test(text)) out.add('CA');
  // a legal form that one country has: the issuer is registered there
  for (const [form, country] of LEGAL_FORM_COUNTRIES) if (form.test(text)) out.add(country);
  // a Malaysian address: a five-digit postcode and, further on its line, a state's name; or a
  // street ("Jalan", "Jln") with its number ("No.2&4, JALAN HARMONI 3/2")
  if (MY_ADDRESS.test(text) || MY_STREET.test(text)) out.add('MY');
  return out;
}
const MY_STATES =
  'Johor|Kedah|Kelantan|Melaka|Malacca|Negeri Sembilan|Pahang|Perak|Perlis|Pulau Pinang|Penang|Sabah|Sarawak|Selangor|Terengganu|Kuala Lumpur|Labuan|Putrajaya';
const MY_ADDRESS = new RegExp(`\\b\\d{5}\\b[^\\n]*\\b(?:${MY_STATES})\\b`, 'i');
const MY_STREET = /(?:\d[^\n]{0,12}\b(?:jalan|jln)\.?\s+\p{L}{3,}|\b(?:jalan|jln)\.?\s+\p{L}{3,}[^\n]{0,30}\d)/iu;
const LEGAL_FORM_COUNTRIES: [RegExp, string][] = [
  // "Sdn Bhd" (as OCR also reads it: "SDN 8HD", "SON BHD"), "S/B"
  [/\bS[DO0]N\.?\s*[B8]HD\b|\bS\/B\b/i, 'MY'],
  [/\bPte\.?\s+Ltd\b/i, 'SG'],
  [/\bPty\.?\s+Ltd\b/i, 'AU'],
  [/\bPvt\.?\s+Ltd\b/i, 'IN'],
  [/\bsp\.\s?z\s?o\.\s?o\b/i, 'PL'],
];
const US_STATES = 'AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC';

/** true when the text is only a number-like value (amount, quantity, percentage) */
export const isNumericCell = (value: string): boolean => parseAmount(value) !== undefined;
