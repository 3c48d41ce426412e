// Normalising the text before it is read: OCR markdown stripped, and the document's reading
// conventions (day-first numeric dates) decided from the document as a whole.

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
  return line.replace(/(^|\s{2}|^\s)([:;'‘’`",.°©®~=_-]{1,2})(?=\s{2}|\s?$)/g, (_, before: string, speck: string) => before + ' '.repeat(speck.length));
}
