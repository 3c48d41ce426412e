// CSV per RFC 4180 (comma, CRLF, quotes doubled) with formula injection defused: a text cell
// that begins with = + - @ (or a tab / carriage return, which some spreadsheets skip before
// reading a formula) gets a leading apostrophe, so a spreadsheet shows it as text instead of
// running it (OWASP "CSV injection"). Numbers are written as numbers and are never escaped:
// -12.5 is a value, not a formula.
import type { Cell } from './table';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly Cell[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** Written first so spreadsheet programs read the file as UTF-8. */
export const UTF8_BOM = '\ufeff';
