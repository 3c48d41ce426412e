// Deterministic table detection on OCR lines.
//
// A table is a run of consecutive, non-blank "row" lines of one shape:
//   pipe  – cells separated by "|" (2+ cells; a row needs 2+ bars or a leading/trailing bar),
//           e.g. Markdown tables; all rows the same cell count
//           ("|---|---|" separator rows allowed anywhere, never counted as rows)
//   gap   – cells separated by a tab or by 2+ spaces, 3+ cells, all rows the same cell count
//           (a ruler line "-----" directly under the first row is allowed)
//   tail  – single-spaced rows ending in the same number k >= 2 of numeric tokens, the last one
//           money-like (12.50, $12, 15%), e.g. "Widget A 2 10.00 20.00" as OCR of a scan gives;
//           this shape needs a header line directly above (see below)
// Header: the run's first row when all its cells are non-numeric and (another row has a numeric
// cell, or a ruler follows it, or every cell is a short capitalised label); for pipe tables the
// row above a "|---|" separator. When the run has no header row, the line directly above the run
// is taken as header if it has no numeric tokens, no ':' and no end punctuation, and at least as
// many words as the run has columns. Rulers directly above or below the header row belong to the
// header part.
// Description: one short title line just above the table (at most one blank line between):
// a caption ("Table 3: …", "Figure 2 – …", "Schedule A."), or a short line (<= 60 characters,
// <= 8 words) without end punctuation, numbers or "key: value", that follows a blank line, the
// document start or another short line, or ends with ":" or is all capitals or a "#" heading.
// Body: every remaining row, one body part per line (so body part count = row count).
// A table needs at least one body row, and a table without header at least two rows (three for
// a gap table without any numeric cell).
// Lines over MAX_ROW_LENGTH (400) characters are never rows. Blank lines, rows with a different cell count, "Subtotal   45.00"-like 2-cell lines and prose
// end a table. Known limits: rows wrapped onto several lines, tables with blank lines between rows,
// empty cells in gap tables (the cell count changes), headers with numeric cells ("2022  2023"),
// 2-column whitespace tables (read as key-value lines) and tail rows whose last value is not
// money-like are not detected as (part of) tables.
import { bodyRowCount, type ChunkingDocument } from './document';
import type { TablePart, TableStructure } from './types';

export type RowMode = 'pipe' | 'gap' | 'tail';

export interface DetectedTable extends TableStructure {
  mode: RowMode;
  columns: number;
  bodyRows: number;
}

interface Shape {
  blank: boolean;
  ruler: boolean;
  pipe: { cells: string[]; separator: boolean } | null;
  gap: string[] | null;
  tail: string[] | null;
}

// ------------------------------------------------------------------ cell classification

const CURRENCY = String.raw`(?:[$€£¥₹]|usd|eur|gbp|chf|jpy|cad|aud)`;
const CURRENCY_PREFIX = new RegExp(`^${CURRENCY}\\s?`, 'i');
const CURRENCY_SUFFIX = new RegExp(`\\s?${CURRENCY}$`, 'i');
const CURRENCY_ONLY = new RegExp(`^${CURRENCY}$`, 'i');

function stripNumberDecorations(s: string): { core: string; money: boolean } {
  let x = s.trim();
  let money = false;
  x = x.replace(/^\((.*)\)$/, '$1');
  x = x.replace(/^[-+−]/, '');
  if (CURRENCY_PREFIX.test(x)) {
    money = true;
    x = x.replace(CURRENCY_PREFIX, '');
  }
  if (CURRENCY_SUFFIX.test(x)) {
    money = true;
    x = x.replace(CURRENCY_SUFFIX, '');
  }
  x = x.replace(/^[-+−]/, '');
  if (x.endsWith('%')) {
    money = true;
    x = x.slice(0, -1);
  }
  return { core: x, money };
}

/** 12, 1,234.50, 1.234,50, (12.00), -3, $12.50, 12.50 EUR, 15% */
export function isNumericToken(s: string): boolean {
  const { core } = stripNumberDecorations(s);
  return /^\d(?:[\d,.'’]*\d)?$/.test(core);
}

/** a number with 1–4 decimals, a currency sign or a percent sign */
export function isMoneyLike(s: string): boolean {
  if (!isNumericToken(s)) return false;
  const { core, money } = stripNumberDecorations(s);
  return money || /[.,]\d{1,4}$/.test(core);
}

export function isDateToken(s: string): boolean {
  return /^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}$/.test(s.trim());
}

/** a cell that holds data rather than a label: a number or a date */
export function isNumericCell(cell: string): boolean {
  return isNumericToken(cell) || isDateToken(cell);
}

function words(s: string): string[] {
  return s.trim().split(/\s+/).filter(Boolean);
}

function looksLikeSentence(cell: string): boolean {
  return words(cell).length >= 3 && /[.!?]["')\]]?$/.test(cell.trim());
}

export function isRuler(text: string): boolean {
  const t = text.trim();
  return /^[\s\-=_+|:.~*]+$/.test(t) && (t.match(/[-=_~]/g)?.length ?? 0) >= 3;
}

// ------------------------------------------------------------------ row shapes

function pipeCells(text: string): { cells: string[]; separator: boolean } | null {
  const t = text.trim();
  const bars = (t.match(/\|/g) ?? []).length;
  if (bars === 0) return null;
  if (bars === 1 && !t.startsWith('|') && !t.endsWith('|')) return null;
  let inner = t;
  if (inner.startsWith('|')) inner = inner.slice(1);
  if (inner.endsWith('|')) inner = inner.slice(0, -1);
  const cells = inner.split('|').map((c) => c.trim());
  if (cells.length < 2) return null;
  const separator = cells.every((c) => /^:?[-=]{3,}:?$/.test(c) || /^[-=+:]{3,}$/.test(c));
  if (!separator && cells.every((c) => c === '')) return null;
  return { cells, separator };
}

/** cells of a line split at tabs / 2+ spaces (null when fewer than 2 or prose) */
export function gapLike(text: string): string[] | null {
  return gapCells(text);
}

function gapCells(text: string): string[] | null {
  const t = text.trim();
  if (t === '') return null;
  const cells = t.split(/(?:\t| {2,}|\u00a0{2,})+/).map((c) => c.trim()).filter((c) => c !== '');
  if (cells.length < 2) return null;
  // sentences separated by two spaces are prose, not columns
  if (cells.filter(looksLikeSentence).length >= 2) return null;
  return cells;
}

function tailCells(text: string): string[] | null {
  const raw = words(text);
  // "$ 12.00" -> "$12.00"
  const tokens: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const tok = raw[i] as string;
    const next = raw[i + 1];
    if (CURRENCY_ONLY.test(tok) && next !== undefined && isNumericToken(next)) {
      tokens.push(tok + next);
      i++;
    } else tokens.push(tok);
  }
  let k = 0;
  while (k < tokens.length && isNumericCell(tokens[tokens.length - 1 - k] as string)) k++;
  if (k < 2) return null;
  const lead = tokens.slice(0, tokens.length - k).join(' ');
  if (!/\p{L}/u.test(lead) || lead.endsWith(':')) return null;
  if (!isMoneyLike(tokens[tokens.length - 1] as string)) return null;
  return [lead, ...tokens.slice(tokens.length - k)];
}

/** longer lines are never table rows (a page of OCR text on one line is prose, whatever its spacing) */
export const MAX_ROW_LENGTH = 400;

function shapeOf(text: string): Shape {
  const blank = text.trim() === '';
  if (!blank && text.length > MAX_ROW_LENGTH) return { blank, ruler: false, pipe: null, gap: null, tail: null };
  const pipe = blank ? null : pipeCells(text);
  const ruler = !blank && !(pipe && !pipe.separator) && isRuler(text);
  return {
    blank,
    ruler,
    pipe,
    gap: blank || ruler ? null : gapCells(text),
    tail: blank || ruler ? null : tailCells(text),
  };
}

// ------------------------------------------------------------------ header / description lines

function isKeyValue(text: string): boolean {
  return /^[^:]{1,40}:\s*\S/.test(text.trim());
}

/** a single-spaced (or any) header line directly above a run of `columns` columns */
function isHeaderAbove(text: string, columns: number): boolean {
  const t = text.trim();
  if (t === '' || t.length > 120 || isRuler(t)) return false;
  if (/[.:;,!?]$/.test(t) || t.includes(':')) return false;
  const ws = words(t.replace(/\|/g, ' '));
  if (ws.some((w) => isNumericCell(w))) return false;
  return ws.length >= columns;
}

const CAPTION = /^(?:table|tab\.|figure|fig\.|exhibit|schedule|appendix|chart)\s*[\w.-]*\s*[:.\-–—]|^(?:table|exhibit|schedule)\s+[\w.-]+$/i;

function isCaption(text: string): boolean {
  const t = text.trim();
  return t.length <= 120 && CAPTION.test(t);
}

function isShortTitle(text: string): boolean {
  const t = text.trim();
  if (t === '' || t.length > 60 || words(t).length > 8) return false;
  if (/[.,;!?]$/.test(t) || isRuler(t)) return false;
  if (isKeyValue(t)) return false;
  if (words(t).some((w) => /\d/.test(w))) return false;
  return true;
}

function isAllCaps(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length >= 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
}

// ------------------------------------------------------------------ detection

function isHeaderRow(cells: string[], others: string[][], rulerFollows: boolean): boolean {
  if (cells.some(isNumericCell) || cells.some((c) => c === '')) return false;
  if (rulerFollows) return true;
  if (others.some((row) => row.some(isNumericCell))) return true;
  return others.length >= 2 && cells.every((c) => /^[\p{Lu}#]/u.test(c) && words(c).length <= 4);
}

/**
 * Finds the tables of a document (whole document, deterministic). Tables never overlap and
 * are returned sorted by start line.
 */
export function detectTables(doc: ChunkingDocument): DetectedTable[] {
  const n = doc.lineCount;
  const shapes: Shape[] = [shapeOf('')];
  for (let i = 1; i <= n; i++) shapes.push(shapeOf(doc.textOf(i)));
  const used = new Array<boolean>(n + 2).fill(false);
  const tables: DetectedTable[] = [];
  const sh = (i: number): Shape => shapes[i] ?? shapes[0]!;

  const finish = (
    mode: RowMode,
    columns: number,
    rows: number[],
    headerRange: [number, number] | null,
    runStart: number,
  ): void => {
    let header = headerRange;
    let body = header ? rows.filter((r) => r > header![1]) : rows;
    if (!header) {
      const above = runStart - 1;
      if (above >= 1 && !used[above] && !sh(above).blank && mode !== 'pipe' && isHeaderAbove(doc.textOf(above), columns)) {
        header = [above, above];
        body = rows;
      }
    }
    if (body.length === 0) return;
    if (!header && body.length < 2) return;
    // header-less, number-less whitespace "tables" of two lines are too often justified prose
    if (!header && mode === 'gap' && body.length < 3 && !body.some((r) => sh(r).gap?.some(isNumericCell))) return;
    if (mode === 'tail' && !header) return;
    let start = header ? Math.min(header[0], runStart) : runStart;
    // a ruler directly above the header is part of the header
    if (header && start - 1 >= 1 && !used[start - 1] && sh(start - 1).ruler) {
      header = [start - 1, header[1]];
      start = start - 1;
    }
    const end = body[body.length - 1] as number;
    const parts: TablePart[] = [];
    const description = findDescription(doc, shapes, used, start);
    if (description !== null) parts.push({ role: 'description', start: description, end: description });
    if (header) parts.push({ role: 'header', start: header[0], end: header[1] });
    for (const r of body) parts.push({ role: 'body', start: r, end: r });
    const tableStart = description ?? start;
    for (let i = tableStart; i <= end; i++) used[i] = true;
    const table: DetectedTable = { start: tableStart, end, parts, mode, columns, bodyRows: 0 };
    table.bodyRows = bodyRowCount(table);
    tables.push(table);
  };

  // pass 1: pipe and gap tables
  for (let i = 1; i <= n; ) {
    const s = sh(i);
    if (used[i]) {
      i++;
      continue;
    }
    if (s.pipe && !s.pipe.separator) {
      const columns = s.pipe.cells.length;
      let j = i;
      while (j + 1 <= n && !used[j + 1]) {
        const p = sh(j + 1).pipe;
        if (p && (p.separator || p.cells.length === columns)) j++;
        else break;
      }
      while (j > i && sh(j).pipe?.separator) j--;
      const rows: number[] = [];
      for (let r = i; r <= j; r++) if (!sh(r).pipe?.separator) rows.push(r);
      let header: [number, number] | null = null;
      if (i + 1 <= j && sh(i + 1).pipe?.separator) header = [i, i + 1];
      else if (isHeaderRow(s.pipe.cells, rows.slice(1).map((r) => sh(r).pipe!.cells), false)) header = [i, i];
      finish('pipe', columns, rows, header, i);
      i = j + 1;
      continue;
    }
    if (s.gap && s.gap.length >= 3) {
      const columns = s.gap.length;
      let j = i;
      let rulerAt = -1;
      while (j + 1 <= n && !used[j + 1]) {
        const next = sh(j + 1);
        if (next.gap && next.gap.length === columns) j++;
        else if (next.ruler && j === i && rulerAt < 0 && sh(j + 2).gap?.length === columns) {
          rulerAt = j + 1;
          j++;
        } else break;
      }
      const rows: number[] = [];
      for (let r = i; r <= j; r++) if (r !== rulerAt) rows.push(r);
      let header: [number, number] | null = null;
      const others = rows.slice(1).map((r) => sh(r).gap!);
      if (rows.length >= 2 && isHeaderRow(s.gap, others, rulerAt > 0)) header = [i, rulerAt > 0 ? rulerAt : i];
      finish('gap', columns, rows, header, i);
      i = j + 1;
      continue;
    }
    i++;
  }

  // pass 2: single-spaced rows with numeric tails (need a header line above)
  for (let i = 1; i <= n; ) {
    const t = used[i] ? null : sh(i).tail;
    if (!t) {
      i++;
      continue;
    }
    const columns = t.length;
    let j = i;
    while (j + 1 <= n && !used[j + 1] && sh(j + 1).tail?.length === columns) j++;
    const rows: number[] = [];
    for (let r = i; r <= j; r++) rows.push(r);
    finish('tail', columns, rows, null, i);
    i = j + 1;
  }

  tables.sort((a, b) => a.start - b.start);
  return tables;
}

function findDescription(doc: ChunkingDocument, shapes: Shape[], used: boolean[], top: number): number | null {
  let c = top - 1;
  if (c < 1) return null;
  if (shapes[c]?.blank) c--;
  if (c < 1 || used[c] || shapes[c]?.blank) return null;
  const text = doc.textOf(c);
  if (isCaption(text)) return c;
  if (!isShortTitle(text)) return null;
  const t = text.trim();
  if (t.endsWith(':') || isAllCaps(t) || t.startsWith('#')) return c;
  const prev = c - 1;
  if (prev < 1 || shapes[prev]?.blank || doc.textOf(prev).trim().length <= 60) return c;
  return null;
}
