// Tables in OCR-like text: cells are separated by two or more spaces, tabs or pipes. A
// header line is recognised by its cells naming the item properties of an array-of-object
// field (qty/quantity, unit price/price/rate, amount/total/line total, description/item ...);
// body rows are mapped onto the header's columns by cell count, then by position, then by
// type (trailing numbers to numeric columns). Receipts without a header ("2 x Latte  9.00")
// are read by a line pattern.
import type { ScalarField, TableField } from './fields';
import { parseFieldValue } from './fields';
import { matchLabel, normalizeLabel, isTableEndLabel } from './labels';
import { parseAmount } from './values';

export interface Cell {
  text: string;
  start: number;
  end: number;
}

export function splitCells(line: string): Cell[] {
  const cells: Cell[] = [];
  const pipes = (line.match(/\|/g) ?? []).length;
  if (pipes >= 2 || line.includes('\t')) {
    const sep = pipes >= 2 ? '|' : '\t';
    let start = 0;
    for (const part of line.split(sep)) {
      const lead = part.length - part.trimStart().length;
      const text = part.trim();
      if (text) cells.push({ text, start: start + lead, end: start + lead + text.length });
      start += part.length + 1;
    }
    return cells;
  }
  for (const m of line.matchAll(/\S+(?: \S+)*/g)) {
    cells.push({ text: m[0], start: m.index ?? 0, end: (m.index ?? 0) + m[0].length });
  }
  return cells;
}

/**
 * Header cells of a line. A single-spaced header ("Description Qty Unit Price Total", as OCR of
 * a scan gives) is split into the longest word runs that name item properties.
 */
export function headerCells(line: string, table: TableField): Cell[] {
  const cells = splitCells(line);
  if (cells.length >= 2) return cells;
  const words = [...line.matchAll(/\S+/g)].map((m) => ({ text: m[0], start: m.index ?? 0, end: (m.index ?? 0) + m[0].length }));
  if (words.length < 2 || words.length > 16) return cells;
  const out: Cell[] = [];
  let i = 0;
  while (i < words.length) {
    let taken = 1;
    for (let n = Math.min(3, words.length - i); n >= 1; n--) {
      const phrase = words.slice(i, i + n).map((w) => w.text).join(' ');
      if (table.columns.some((c) => matchLabel(phrase, c.labels) >= 0.7)) {
        taken = n;
        break;
      }
    }
    const run = words.slice(i, i + taken);
    out.push({ text: run.map((w) => w.text).join(' '), start: run[0]!.start, end: run[run.length - 1]!.end });
    i += taken;
  }
  return out;
}

export const isSeparatorLine = (line: string): boolean => /^[\s\-=_|+:*.~]{3,}$/.test(line) && /[-=_~*]{3,}/.test(line);

export interface HeaderMap {
  cells: Cell[];
  /** per header cell: the column (item property) it names, or null */
  columns: (ScalarField | null)[];
  matched: number;
}

/** Maps header cells to item properties (each property at most once, best label match first). */
export function mapHeader(cells: Cell[], table: TableField, threshold = 0.6): HeaderMap {
  const candidates: { cell: number; col: ScalarField; score: number }[] = [];
  cells.forEach((cell, i) => {
    for (const col of table.columns) {
      const score = matchLabel(cell.text, col.labels);
      if (score >= threshold) candidates.push({ cell: i, col, score });
    }
  });
  candidates.sort((a, b) => b.score - a.score || a.cell - b.cell);
  const columns: (ScalarField | null)[] = cells.map(() => null);
  const used = new Set<ScalarField>();
  for (const c of candidates) {
    if (columns[c.cell] || used.has(c.col)) continue;
    columns[c.cell] = c.col;
    used.add(c.col);
  }
  return { cells, columns, matched: used.size };
}

export function isHeaderLike(map: HeaderMap): boolean {
  return map.matched >= 2 && map.matched * 2 >= map.cells.length;
}

const numericCol = (c: ScalarField | null) => !!c && (c.type === 'number' || c.type === 'integer');
const isDescriptionCol = (c: ScalarField) => ['description', 'item', 'product', 'service', 'name', 'detail', 'article', 'particular'].some((w) => normalizeLabel(c.name).split(' ').includes(w));

/** Splits a row's first line into cells and assigns them to header columns. */
export function assignRowCells(rowLine: string, header: HeaderMap): Map<ScalarField, string> {
  const out = new Map<ScalarField, string>();
  const put = (col: ScalarField | null | undefined, text: string) => {
    if (!col || !text.trim()) return;
    out.set(col, out.has(col) ? `${out.get(col)} ${text}` : text);
  };
  const cells = splitCells(rowLine);
  if (cells.length === header.cells.length) {
    cells.forEach((cell, i) => put(header.columns[i], cell.text));
    return out;
  }
  const piped = (rowLine.match(/\|/g) ?? []).length >= 2 || rowLine.includes('\t');
  if (cells.length >= 2 && !piped) {
    // by position: each cell goes to the header column whose span it overlaps most
    const spans = header.cells.map((h, i) => {
      const prev = header.cells[i - 1];
      const next = header.cells[i + 1];
      return {
        from: prev ? Math.floor((prev.end + h.start) / 2) : -Infinity,
        to: next ? Math.ceil((h.end + next.start) / 2) : Infinity,
      };
    });
    const assigned: number[] = cells.map((cell) => {
      let best = -1;
      let bestOverlap = 0;
      spans.forEach((span, i) => {
        const overlap = Math.min(cell.end, span.to) - Math.max(cell.start, span.from);
        if (overlap > bestOverlap) {
          bestOverlap = overlap;
          best = i;
        }
      });
      return best;
    });
    // a consistent assignment: increasing, and numeric cells land on numeric columns
    const consistent = assigned.every((a, i) => a >= 0 && (i === 0 || a >= assigned[i - 1]!)) &&
      cells.every((cell, i) => !numericCol(header.columns[assigned[i]!] ?? null) || parseAmount(cell.text) !== undefined);
    if (consistent) {
      cells.forEach((cell, i) => put(header.columns[assigned[i]!], cell.text));
      return out;
    }
  }
  // by type: trailing numeric tokens fill the numeric columns from the right, the rest is text
  const tokens = rowLine.replace(/\|/g, ' ').trim().split(/\s+/);
  const cols = header.columns;
  let ci = cols.length - 1;
  while (ci >= 0 && tokens.length > 0) {
    const col = cols[ci];
    if (!col) {
      ci--;
      continue;
    }
    if (!numericCol(col)) break;
    const token = tokens[tokens.length - 1]!;
    if (parseAmount(token) === undefined) break;
    put(col, tokens.pop()!);
    ci--;
  }
  const textCols = cols.filter((c): c is ScalarField => !!c && !numericCol(c) && !out.has(c));
  const target = textCols.find(isDescriptionCol) ?? textCols[0];
  if (target && tokens.length) put(target, tokens.join(' '));
  return out;
}

/** Builds a row object from a (possibly multi-line) row text; continuation lines extend the description. */
export function parseRow(rowText: string, header: HeaderMap, table: TableField): Record<string, unknown> {
  const lines = rowText.split('\n').filter((l) => l.trim());
  const cells = assignRowCells(lines[0] ?? '', header);
  if (lines.length > 1) {
    const descCol = table.columns.find(isDescriptionCol) ?? table.columns.find((c) => c.type === 'string');
    for (const extra of lines.slice(1)) {
      const extraCells = splitCells(extra);
      // a continuation holding several cells is aligned like a row; a single text cell extends the description
      if (extraCells.length > 1) for (const [col, text] of assignRowCells(extra, header)) cells.set(col, cells.has(col) ? `${cells.get(col)} ${text}` : text);
      else if (descCol) cells.set(descCol, cells.has(descCol) ? `${cells.get(descCol)} ${extra.trim()}` : extra.trim());
    }
  }
  return buildRow(cells, table);
}

/** the text each cell of a built row was read from (row-repair.ts reads a scan's numbers again) */
const SOURCE_CELLS = new WeakMap<Record<string, unknown>, Map<ScalarField, string>>();
export const sourceCells = (row: Record<string, unknown>): Map<ScalarField, string> | undefined => SOURCE_CELLS.get(row);

export function buildRow(cells: Map<ScalarField, string>, table: TableField): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  SOURCE_CELLS.set(row, cells);
  for (const col of table.columns) {
    const raw = cells.get(col);
    const value = raw === undefined ? undefined : parseFieldValue(col, raw);
    if (value !== undefined) row[col.name] = value;
    else if (col.nullable) row[col.name] = null;
  }
  return row;
}

const ITEM_LINE =
  /^(?:(?<qty>\d+(?:[.,]\d+)?)\s*(?:x|X|×|@|\*)\s+)?(?<desc>.*?[A-Za-z].*?)\s+(?:(?<qty2>\d+(?:[.,]\d+)?)\s*(?:x|X|×|@)\s*(?<price>[$€£]?\s?\d[\d,]*(?:\.\d{1,2})?)\s+)?(?<amount>-?[$€£]?\s?\d[\d,]*[.,]\d{2})(?:\s+[A-Z]{1,2})?$/;

/** A receipt item line without a header: "2 x Latte   9.00", "Bagel 2 @ 2.25  4.50", "Water   1.50 T". */
export function parseItemLine(line: string, table: TableField): Record<string, unknown> | null {
  const m = ITEM_LINE.exec(line.trim().replace(/\s{2,}/g, '  '));
  if (!m?.groups) return null;
  const desc = m.groups.desc!.trim();
  // totals and payment lines ("TAX 1.38", "VISA **** 1234  18.63") are not items
  if (isTableEndLabel(desc) || /\*{3,}|x{4,}\d/i.test(desc)) return null;
  // before the amount, two more amounts or rates: a tax breakdown ("S  20,00%  250,00  50,00") or
  // totals printed beside a sentence ("... no discount.  250,00  50,00  300,00"), not an item
  // "Deposit :  20,00": a label and its value, not an item
  if (/:$/.test(desc)) return null;
  if (/(?:\s+-?\d[\d.,']*[.,]\d{2}\s?%?){2}$/.test(` ${desc}`)) return null;
  const byGroup = (group: string) =>
    table.columns.find((c) => matchLabel(group, c.labels) >= 0.8 && (group === 'description' ? c.type === 'string' : c.type !== 'string'));
  const cells = new Map<ScalarField, string>();
  const descCol = byGroup('description') ?? table.columns.find((c) => c.type === 'string');
  const qtyCol = byGroup('quantity');
  const priceCol = byGroup('unit price');
  const amountCol = byGroup('amount') ?? byGroup('line total');
  if (descCol) cells.set(descCol, desc);
  const qty = m.groups.qty ?? m.groups.qty2;
  if (qty && qtyCol) cells.set(qtyCol, qty);
  if (m.groups.price && priceCol) cells.set(priceCol, m.groups.price);
  // with no amount column, the trailing amount is the unit price only when no quantity is written
  const amountTarget = amountCol ?? (!m.groups.price && !qty ? priceCol : undefined);
  if (amountTarget) cells.set(amountTarget, m.groups.amount!);
  return cells.size ? buildRow(cells, table) : null;
}
