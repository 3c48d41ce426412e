// How the review record shows a value: numbers, amounts and dates in the reader's locale
// (Intl), everything else as stored. Display only: the stored value is what hover, editing and
// exports use.

/** a field or column name that holds money: shown with two decimals */
const MONEY = /(^|_|\b)(amount|total|subtotal|price|cost|tax|vat|gst|fee|fees|balance|discount|shipping|freight|charge|sum|net|gross)(s)?($|_|\b)/i;
/** a field or column name that holds an identifier or a year: shown as stored (2026, not 2,026) */
const IDENTIFIER = /(^|_|\b)(id|number|no|nr|code|zip|postal|postcode|year|phone|account|iban|sku|ref|reference)(s)?($|_|\b)/i;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function numberFormat(locale: string | undefined, money: boolean, decimals: number): Intl.NumberFormat {
  const key = `n|${locale ?? ''}|${money}|${decimals}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(locale, money ? { minimumFractionDigits: Math.max(2, decimals), maximumFractionDigits: Math.max(2, decimals) } : { maximumFractionDigits: Math.max(decimals, 0) });
    cache.set(key, f);
  }
  return f;
}
function dateFormat(locale: string | undefined): Intl.DateTimeFormat {
  const key = `d|${locale ?? ''}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    // a date without a time is a calendar day: shown in UTC so no time zone moves it
    f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    cache.set(key, f);
  }
  return f;
}

const decimalsOf = (n: number) => {
  const s = String(n);
  const i = s.indexOf('.');
  return i < 0 || /e/i.test(s) ? 0 : s.length - i - 1;
};

/**
 * The value as the record shows it: a number (or a number-typed field's plain numeric text) in
 * the locale's grouping and decimal mark, money with two decimals, an ISO date (or a date-typed
 * field) as the locale's medium date. Null when the value is shown as it is stored.
 */
export function formatRecordValue(value: unknown, field: { key: string; kind?: string | undefined }, locale?: string): string | null {
  const money = MONEY.test(field.key);
  let n: number | null = null;
  if (typeof value === 'number' && Number.isFinite(value)) n = value;
  else if (typeof value === 'string' && (field.kind === 'number' || field.kind === 'integer') && PLAIN_NUMBER.test(value.trim())) n = Number(value.trim());
  if (n !== null) {
    if (!money && Number.isInteger(n) && IDENTIFIER.test(field.key)) return null; // an identifier or a year: as stored
    return numberFormat(locale, money, Math.min(decimalsOf(n), 6)).format(n);
  }
  if (typeof value === 'string') {
    const m = ISO_DATE.exec(value.trim()) ?? (field.kind === 'date' ? /^(\d{4})-(\d{2})-(\d{2})T/.exec(value.trim()) : null);
    if (m) {
      const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      if (!Number.isNaN(d.getTime()) && d.getUTCDate() === Number(m[3])) return dateFormat(locale).format(d);
    }
  }
  return null;
}
