// When an extracted value counts as the reviewed one (docs/review-export-api.md: exact-match
// accuracy against the reviewed values after normalisation): the same normalisations provenance uses to
// find a value in the document — case and whitespace, the same number however it is written
// (1,234.50 / 1234.5 / "$1 234,50"), the same calendar day (2024-03-15 / March 15, 2024).
import { dateReadings, numberReadings } from '../../processing/provenance';

export const isEmptyValue = (v: unknown): boolean =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

const CURRENCY = /^(?:[$€£¥]|usd|eur|gbp|chf|jpy)\s*|\s*(?:[$€£¥]|usd|eur|gbp|chf|jpy)$/gi;

/** Text for comparison: lower case, runs of whitespace as one space, trimmed. */
export const plain = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v)).replace(/\s+/g, ' ').trim().toLowerCase();

function numbers(v: unknown): string[] {
  if (typeof v === 'number') return Number.isFinite(v) ? [String(Math.abs(v)) + (v < 0 ? '-' : '')] : [];
  if (typeof v !== 'string') return [];
  const t = v.trim().replace(CURRENCY, '').trim();
  const negative = /^-|^\(.*\)$/.test(t);
  return numberReadings(t).map((n) => n + (negative && n !== '0' ? '-' : ''));
}

function days(v: unknown): string[] {
  return typeof v === 'string' ? dateReadings(v) : [];
}

const overlap = (a: string[], b: string[]) => a.some((x) => b.includes(x));

/** True when two non-empty values are the same after normalisation (both empty counts as the same too). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmptyValue(a) || isEmptyValue(b)) return isEmptyValue(a) && isEmptyValue(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    // a list of scalars: the same values in any order
    const rest = [...b];
    return a.every((x) => {
      const i = rest.findIndex((y) => sameValue(x, y));
      return i >= 0 && rest.splice(i, 1).length === 1;
    });
  }
  if (plain(a) === plain(b)) return true;
  const na = numbers(a);
  if (na.length && overlap(na, numbers(b))) return true;
  const da = days(a);
  return da.length > 0 && overlap(da, days(b));
}
