// Numbers as OCR of a scan reads them: mended where the damage is unambiguous, and reduced to
// the digits OCR saw (confusable letters read as the digits they resemble), so that the row's
// and the document's arithmetic can choose between readings (row-repair.ts).
import { parseAmount } from './values';

const isNumber = (t: string) => parseAmount(t) !== undefined;

/**
 * A number cell as OCR of a scan damages it, mended where the damage is unambiguous: a stray
 * character before the digits ("L111 57", "'12"), a minus read as "=" or "~" ("=399.27"), stray
 * marks between digits ("239°51", "11,019\". 72"), spaces around or doubled decimal marks
 * ("7749 ,12", "129.,67"), a space for the decimal point before the last two digits ("111 57"),
 * a dot or colon between a quantity and its unit ("12. pcs"). Used only in columns whose other
 * cells are numbers.
 */
export function repairNumber(text: string): string | undefined {
  if (isNumber(text)) return text;
  const t = text
    .trim()
    .replace(/^[=~](?=\s*\d)/, '-')
    .replace(/^[^\d$€£(+-]{1,2}(?=\d)/, '')
    .replace(/(\d)\s*[°"'`´’]+\s*(?=[\d.,])/g, '$1')
    .replace(/[.:;]+$/, '')
    .replace(/(\d)[:;]+(?=[.,]\d)/g, '$1')
    .replace(/(\d)\s*([.,])\s*(?=\d)/g, '$1$2')
    .replace(/([.,])[.,:;]+/g, '$1')
    .replace(/^(-?\d{1,3}(?:([ ,.])\d{3})*) (\d{2})$/, (_, int: string, group: string | undefined, dec: string) => `${int}${group === '.' ? ',' : '.'}${dec}`)
    .replace(/(\d)[.:;,](?=\s+[a-z])/i, '$1');
  return isNumber(t) ? t : undefined;
}

/** letters OCR reads for digits */
const CONFUSABLE: Record<string, string> = {
  O: '0', o: '0', D: '0', Q: '0', l: '1', I: '1', L: '1', i: '1', '|': '1', '!': '1', ']': '1',
  Z: '2', z: '2', S: '5', s: '5', B: '8', G: '6', b: '6', T: '7', g: '9', q: '9', A: '4',
};

/**
 * The digits OCR saw in a cell: every token that is mostly digits, confusable letters and marks
 * contributes its digits ("LO. pcs" -> "10", "4.173 ,60" -> "417360"); words ("pcs") do not.
 */
export function digitSkeleton(text: string): string {
  let out = '';
  for (const token of text.split(/\s+/)) {
    const chars = [...token];
    const digitLike = chars.filter((c) => /\d/.test(c) || c in CONFUSABLE || /[.,:;'°]/.test(c)).length;
    if (!chars.length || digitLike * 2 <= chars.length) continue;
    out += chars.map((c) => (/\d/.test(c) ? c : CONFUSABLE[c] ?? '')).join('');
  }
  return out;
}

/** the digits of a value as the column prints it ("12.5" with 2 decimals -> "1250") */
export function valueDigits(value: number, decimals: number): string {
  return Math.abs(value).toFixed(decimals).replace(/\D/g, '');
}

export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length]!;
}

/** decimals of a number as written ("1.234,50" -> 2, "12" -> 0), undefined when it is not one number */
export function writtenDecimals(text: string): number | undefined {
  if (!isNumber(text)) return undefined;
  const m = /[.,](\d+)\D*$/.exec(text.trim());
  if (!m) return 0;
  // "1,234" / "1.234" group thousands
  return m[1]!.length === 3 && /\d[.,]\d{3}\D*$/.test(text.trim()) && !/[.,]\d{3}[.,]/.test(text) ? 0 : m[1]!.length;
}
