// Normalising the text before it is read: OCR markdown stripped, damaged currency marks mended,
// and the document's reading conventions (day-first numeric dates) decided from the document as a
// whole.
import { editDistance } from './ocr-numbers';
import { currencySymbols } from './values';

/** OCR markdown: "**Invoice #:** 12", "# Vendor", "__Total__" -> plain text */
export function cleanMarkdown(line: string): string {
  return line
    .replace(/^\s{0,3}#{1,6}\s+/, '')
    .replace(/^\s{0,3}>\s?/, '')
    .replace(/(\*\*|__)(?=[^*\s])(.*?[^*\s])\1/g, '$2')
    // a masked card number ("****7863") is not bold markup
    .replace(/(?<!\*)\*\*(?![*\d])|__/g, '');
}

/**
 * Numeric dates are day-first when a slash/dash date of the document can only be read day-first
 * (13/02/2024), or when its amounts use the decimal comma (1.234,50 / 1 234,50) and no date can
 * only be read month-first.
 */
export function dayFirstDocument(text: string): boolean {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const m of text.matchAll(/\b(\d{1,2})[/-](\d{1,2})[/-](\d{2,4})\b/g)) {
    if (+m[1]! > 12 && +m[2]! <= 12) dayFirst++;
    if (+m[2]! > 12 && +m[1]! <= 12) monthFirst++;
  }
  if (dayFirst || monthFirst) return dayFirst > monthFirst;
  const commas = (text.match(/\d,\d{2}(?![\d,.])/g) ?? []).length;
  const dots = (text.match(/\d\.\d{2}(?![\d,.])/g) ?? []).length;
  return commas > dots;
}

/**
 * Specks a scan leaves in OCR text: a cell (set apart by two spaces or the line's edge) made only
 * of one or two marks (":", ";", "'", "-", "©") is blanked, column positions kept, so that it is
 * neither a value nor an extra column ("Qty   :   5" is "Qty       5").
 */
export function removeSpecks(line: string): string {
  // (also a rule's speck one space after a line's last amount, or a mark stuck to either end of it:
  // "Total Amt Payable :  12.00 /", "Net Total(MYR): 21.20,", "(MYR): «21.20 |")
  line = line.replace(/(\d[.,]\d{2})(?: [/|\\]|[,.])$/, '$1  ').replace(/(\s)[«»](?=\d[\d.,]*[.,]\d{2}\b)/g, '$1');
  return line.replace(/(^|\s{2}|^\s)([:;'‘’`",.°©®~=_-]{1,2})(?=\s{2}|\s?$)/g, (_, before: string, speck: string) => before + ' '.repeat(speck.length));
}

/**
 * "GST" read as "3ST" or "6ST" (OCR takes a small G for a digit) is the goods and services tax
 * when the document names it elsewhere, so that "Total (3ST (RM) : 6.37" is a tax line, never
 * the total paid.
 */
export function mendTaxName(lines: string[]): string[] {
  if (!lines.some((line) => /\bGST\b/.test(line))) return lines;
  return lines.map((line) => line.replace(/(?<![\p{L}\d])[36]ST(?![\p{L}\d])/gu, 'GST'));
}

/**
 * A currency mark OCR damaged beside an amount is read as the mark the document uses: on a
 * receipt that prints "RM 9.00" twice, "RN 2.50", "RH 60.30" and "=RkM 2.83" are ringgit too. A
 * token is mended when it starts with the mark's letter, is one edit away from it and stands
 * directly before a number; the mark must stand before an amount at least twice in the document,
 * or once where its damaged readings stand before two amounts more.
 */
export function mendCurrencyMarks(lines: string[]): string[] {
  const { pattern } = currencySymbols();
  const counts = new Map<string, number>();
  const before = new RegExp(`${pattern.source}\\s*(?=[-\\d])`, 'gu');
  for (const line of lines) {
    for (const m of line.matchAll(before)) if (/^\p{L}{2,}$/u.test(m[1]!)) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
  }
  const damagedOf = (mark: string | undefined) => (token: string) =>
    mark !== undefined && token !== mark && token[0]!.toLowerCase() === mark[0]!.toLowerCase() && editDistance(token.toUpperCase(), mark.toUpperCase()) === 1;
  // (a mark and the specks OCR put between it and its amount: "RN = 88.17", "Ri =: 86. 00")
  const token = /(^|[\s=])(\p{L}{1,3})(?=\s*[=:]{0,2}\s*\d)/gu;
  const damagedCount = (mark: string) => lines.reduce((n, line) => n + [...line.matchAll(token)].filter((m) => damagedOf(mark)(m[2]!)).length, 0);
  // printed twice, or once where its damaged readings stand before two amounts more ("RN 88.17")
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const mark = ranked.find(([m, n]) => n >= 2 || damagedCount(m) >= 2)?.[0];
  const damaged = damagedOf(mark);
  const specks = mark ? new RegExp(`(^|[\\s=])(${mark})\\s*[=:]{1,2}\\s*(?=\\d)`, 'gu') : undefined;
  const mended = lines.map((line) => {
    const read = line.replace(token, (all, lead: string, t: string) => (damaged(t) ? lead + mark : all));
    return specks ? read.replace(specks, '$1$2 ') : read;
  });
  // a mark set apart from the one amount of a labelled line ("Total   RM   86.00") is the
  // amount's: one cell, not two (a table's currency column keeps its cells). After the repair,
  // so that a mended mark ("Ri" read for "RM") joins its amount as a clean one does.
  const apart = new RegExp(`^(\\s*\\p{L}[^\\d]*?\\s)${pattern.source}\\s{2,}(?=-?[\\d.,]+\\s*$)`, 'u');
  // the same mark in brackets, set apart from the label before it ("TOTAL   (RM)   45.60"), is the label's
  const bracketed = new RegExp(`^(\\s*\\p{L}[^\\d()]*?)\\s{2,}(\\(\\s*(?:${pattern.source.replace(/\\\.\?$/, '')}|[A-Z]{3})\\s*\\))(?=\\s{2,}-?[\\d.,]+\\s*$)`, 'u');
  return mended.map((line) => line.replace(apart, (all, label: string, m: string) => `${label}${m} `).replace(bracketed, (all, label: string, m: string) => `${label} ${m}`));
}

/**
 * An amount at the end of a labelled line that OCR split at its decimal point ("Total  RM 86. 00")
 * is joined again: a receipt's small print often leaves a gap after the point.
 */
export function mendSplitDecimal(line: string): string {
  return /\p{L}/u.test(line) ? line.replace(/(\d)([.,]) (\d{2})(\s*)$/, '$1$2$3$4') : line;
}

/**
 * Dot leaders between a label and its amount ("TOTAL..........45.60", "Subtotal ____ 43.02") are
 * blanked, column positions kept, so that the label and the amount are two cells as on a line
 * that sets them apart with spaces. A table of contents' leaders before a page number stay.
 */
export function openLeaders(line: string): string {
  // (an amount with cents after them: a table of contents' leaders end in a page number)
  return line.replace(/([\p{L}):]\s*)([.·…_]{3,})(?=\s*[^\s\d.·…_]{0,3}\s?-?\d[\d.,']*[.,]\d{2}(?!\d))/gu, (_, label: string, dots: string) => label + ' '.repeat(dots.length));
}

/**
 * A number's label that OCR joined to its number ("Nr.471102", "N°2024-17") is set apart from it
 * by a space, as the text layer prints it, so that it is a label again. Not "No.", which begins
 * addresses ("No.53, JALAN BESAR").
 */
export function spaceAfterNumberMark(line: string): string {
  return line.replace(/(?<![\p{L}\d])(Nr|NR|nr|N°|n°|Nº|nº)(\.?)(?=\d)/gu, '$1$2 ');
}

