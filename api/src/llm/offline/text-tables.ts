// Line-item tables in running text: a header line naming the item properties and the body rows
// below it, or receipt item lines without a header ("2 x Latte   9.00"); and tables given by a
// chunk's own structure (a table batch).
import { conventions, type SchemaModel, type TableField } from './fields';
import type { FoundField } from './result';
import { consistentRows, detectLayoutTable, layoutRows, mapLayoutColumns } from './structure';
import { isTableEndLabel, matchLabel } from './labels';
import { cleanMarkdown } from './normalise';
import { nextNonEmpty } from './pairs';
import { buildRow, headerCells, isHeaderLike, isSeparatorLine, mapHeader, parseItemLine, parseRow, sourceCells, splitCells, type HeaderMap } from './table';
import { repairNumber } from './ocr-numbers';
import { isContinued, readItemBlocks } from './item-blocks';
import { repairRows, type RowRepair } from './row-repair';
import { findDates, parseAmount } from './values';

export function bestHeader(headerLines: string[], table: TableField): HeaderMap | null {
  let best: HeaderMap | null = null;
  for (const line of headerLines) {
    const map = mapHeader(headerCells(cleanMarkdown(line), table), table);
    if (!best || map.matched > best.matched) best = map;
  }
  return best;
}

export function pickTableForHeader(model: SchemaModel, headerLines: string[]): { table: TableField } | null {
  if (model.tables.length === 0) return null;
  let best = model.tables[0]!;
  let bestScore = -1;
  for (const table of model.tables) {
    const score = bestHeader(headerLines, table)?.matched ?? 0;
    if (score > bestScore) {
      best = table;
      bestScore = score;
    }
  }
  return { table: best };
}

export function readTableFromText(
  lines: string[],
  table: TableField,
  model: SchemaModel,
  consumed: Set<number>,
): { rows: Record<string, unknown>[]; line: number; via: 'table' | 'item-lines' } | null {
  // 1. a header line naming at least two item properties
  for (let i = 0; i < lines.length; i++) {
    if (consumed.has(i)) continue;
    const cells = headerCells(lines[i]!, table);
    if (cells.length < 2) continue;
    const header = mapHeader(cells, table, 0.7);
    if (!isHeaderLike(header)) continue;
    const rowTexts = readBody(lines, i + 1, header, model, consumed);
    consumed.add(i);
    const rows = rowTexts.map((r) => parseRow(r, header, table)).filter((r) => Object.values(r).some((v) => v !== null));
    return { rows, line: i, via: 'table' };
  }
  // 2. receipt item lines without a header: the first run of "text ... amount" lines
  let start = -1;
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (consumed.has(i) || !line.trim()) {
      if (rows.length) break;
      continue;
    }
    if (isSeparatorLine(line)) {
      if (rows.length) break;
      continue;
    }
    const row = isLabelledScalar(line, model) ? null : parseItemLine(line, table) ?? (rows.length ? damagedItemLine(line, table) : null);
    if (row) {
      if (start === -1) start = i;
      rows.push(row);
      consumed.add(i);
    } else if (rows.length) break;
  }
  return rows.length ? { rows, line: start, via: 'item-lines' } : null;
}

/**
 * Inside a run of item lines, "Croissant      F-15": an item whose amount a scan damaged. It is
 * kept as a row with the amount as read (row-repair.ts reads it again by what the rows must add
 * up to) rather than ending the run, which would lose the items after it.
 */
function damagedItemLine(line: string, table: TableField): Record<string, unknown> | null {
  const cells = splitCells(line);
  if (cells.length !== 2) return null;
  const [text, amount] = [cells[0]!.text, cells[1]!.text];
  if (!/[a-z]{2}/i.test(text) || isTableEndLabel(text) || !/\d/.test(amount) || amount.length > 10 || parseAmount(amount) !== undefined) return null;
  const sample = parseItemLine(`${text}  0.00`, table);
  if (!sample) return null;
  const amountCol = table.columns.find((c) => (c.type === 'number' || c.type === 'integer') && sample[c.name] === 0);
  if (!amountCol) return null;
  const read = new Map(sourceCells(sample) ?? []);
  read.set(amountCol, amount);
  return buildRow(read, table);
}

/** Body rows after a header: until a blank line, a totals line or a non-row line; multi-line rows are kept together. */
function readBody(lines: string[], from: number, header: HeaderMap, model: SchemaModel, consumed: Set<number>): string[] {
  const rows: string[] = [];
  const numericColumns = header.columns.filter((c) => c && (c.type === 'number' || c.type === 'integer')).length;
  const hasNumericColumns = numericColumns > 0;
  const rowLike = (line: string) => {
    const cells = splitCells(line);
    // three or more cells: a row, even for items like "Shipping and handling  1  5.00  5.00"
    if (cells.length >= 3) return !hasNumericColumns || /\d/.test(line);
    if (cells.length === 2) {
      if (isTableEndLabel(cells[0]!.text) || isLabelledScalar(line, model)) return false;
      return !hasNumericColumns || /\d/.test(line);
    }
    // single-spaced (a scan): trailing numbers; one number after a totals label is a totals line
    if (!hasNumericColumns || !/[a-z]/i.test(line)) return false;
    const tokens = line.trim().split(/\s+/);
    let numbers = 0;
    const strictNumber = (t: string) => /^[-(]?(?:[$€£]|[A-Z]{3})?\d[\d,.]*\)?$/.test(t) && parseAmount(t) !== undefined;
    while (numbers < tokens.length && strictNumber(tokens[tokens.length - 1 - numbers]!)) numbers++;
    // "  sealant, transparent, 300ml" is a wrapped description, not a row
    if (numbers < Math.min(2, numericColumns)) return false;
    if (numbers === 1 && (isTableEndLabel(tokens.slice(0, -1).join(' ')) || isLabelledScalar(line, model))) return false;
    return true;
  };
  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!;
    if (isSeparatorLine(line)) {
      consumed.add(i);
      continue;
    }
    if (!line.trim()) {
      // a blank line inside a table only when a full-width row follows ("Subtotal  90.00" ends it)
      const next = nextNonEmpty(lines, i);
      const fullRow = next !== -1 && rowLike(lines[next]!) && splitCells(lines[next]!).length >= Math.max(3, header.cells.length - 1);
      if (next === i + 1 && fullRow) continue;
      if (rows.length === 0 && next !== -1 && rowLike(lines[next]!)) continue;
      break;
    }
    if (rowLike(line)) {
      rows.push(line);
      consumed.add(i);
      continue;
    }
    // a text-only line between rows continues the previous row (a wrapped description)
    const next = lines[i + 1];
    if (rows.length && splitCells(line).length === 1 && !/[:]/.test(line) && next !== undefined && rowLike(next)) {
      rows[rows.length - 1] += `\n${line}`;
      consumed.add(i);
      continue;
    }
    if (rows.length && splitCells(line).length === 1 && !/[:\d]/.test(line) && (next === undefined || !next.trim() || isTableEndLabel(splitCells(next)[0]?.text ?? ''))) {
      rows[rows.length - 1] += `\n${line}`;
      consumed.add(i);
      continue;
    }
    break;
  }
  return rows;
}

/** a line whose leading label names one of the scalar fields (e.g. "Subtotal 90.00") */
export function isLabelledScalar(line: string, model: SchemaModel): boolean {
  const first = splitCells(line)[0]?.text ?? '';
  const key = first.split(':')[0]!.replace(/[$€£]?\s*-?[\d.,]+\s*$/, '').trim();
  if (!key) return false;
  return model.scalars.some((f) => f.path.length === 1 && matchLabel(key, f.labels) >= 0.85);
}

export interface TablesRead {
  tableData: Map<TableField, Record<string, unknown>[]>;
  rows: Record<string, number>;
  found: FoundField[];
  /** lines the tables occupy (their rows are not label–value pairs nor totals) */
  tableLines: Set<number>;
  /** what the rows' arithmetic read again in a scan (said as warnings) */
  repairs: string[];
}

/** amounts at the end of the lines outside a table (its printed totals) */
function printedAmounts(lines: string[], table: Set<number>): number[] {
  const out: number[] = [];
  lines.forEach((l, i) => {
    if (table.has(i)) return;
    const last = l.trim().split(/\s{2,}|:\s*/).pop() ?? '';
    const text = repairNumber(last);
    const v = text === undefined ? undefined : parseAmount(text);
    if (v !== undefined) out.push(v);
  });
  return out;
}

function describeRepairs(table: TableField, repairs: RowRepair[] | undefined): string[] {
  if (!repairs?.length) return [];
  const list = repairs.slice(0, 4).map((r) => `row ${r.row} ${r.column} "${r.read}" read as ${r.value}`);
  return [`${table.path.join('.') || 'rows'}: ${repairs.length} damaged number${repairs.length > 1 ? 's' : ''} read again by the rows' arithmetic (${list.join('; ')}${repairs.length > 4 ? '; …' : ''})`];
}

/** A table batch: rows come from the chunk's structure, mapped by its header (or read as item lines). */
export function readBatchTable(model: SchemaModel, table: { header: string[]; rows: string[] }, out: TablesRead): void {
  const picked = pickTableForHeader(model, table.header);
  if (!picked) return;
  const header = bestHeader(table.header, picked.table);
  const rows: Record<string, unknown>[] = [];
  for (const row of table.rows) {
    const parsed = header && header.matched >= 1 ? parseRow(row, header, picked.table) : parseItemLine(row.replace(/\n/g, ' '), picked.table);
    if (parsed && Object.values(parsed).some((v) => v !== null)) rows.push(parsed);
  }
  out.tableData.set(picked.table, rows);
  out.rows[picked.table.path.join('.')] = rows.length;
  out.found.push({ path: picked.table.path.join('.') || '(root)', line: 1, via: 'table' });
}

/**
 * Every table of the schema in running text, two readings each: by a header the schema names,
 * and by the document's column layout; the one with more rows that add up (quantity × price =
 * amount) wins. `consumed` collects the lines the tables take.
 */
export function readTextTables(lines: string[], model: SchemaModel, consumed: Set<number>, out: TablesRead): void {
  for (const table of model.tables) {
    const byHeaderConsumed = new Set(consumed);
    const byHeader = readTableFromText(lines, table, model, byHeaderConsumed);
    const layout = detectLayoutTable(lines, consumed);
    const layoutMap = layout ? mapLayoutColumns(layout, table) : null;
    const byLayout = layout && layoutMap && layoutMap.filter(Boolean).length >= 2 ? layoutRows(layout, table, layoutMap) : null;
    // a scan's damaged numbers read again by the rows' arithmetic, ties settled by the printed totals
    const repairs = new Map<Record<string, unknown>[], RowRepair[]>();
    if (byHeader) repairs.set(byHeader.rows, repairRows(byHeader.rows, table, printedAmounts(lines, byHeaderConsumed)));
    if (byLayout) repairs.set(byLayout, repairRows(byLayout, table, printedAmounts(lines, new Set([...consumed, ...layout!.lines]))));
    // rows, rows that add up, then (a small tie-break) cells read
    const quality = (r: Record<string, unknown>[] | null | undefined) =>
      r ? r.length + 2 * consistentRows(r, table) + 0.001 * r.reduce((n, row) => n + Object.values(row).filter((v) => v !== null && v !== undefined).length, 0) : -1;
    // a headerless reading of "text ... amount" lines gives way to a layout reading as good
    const layoutWins = byLayout && byLayout.length >= 2 && (quality(byLayout) > quality(byHeader?.rows) || (byHeader?.via === 'item-lines' && quality(byLayout) >= quality(byHeader.rows) - 0.5));
    // rows whose cells run over several lines, read by their arithmetic: only where they add up in
    // more rows than either reading above (a clean table keeps its header or layout reading), or the
    // layout's rows with their descriptions read further ("Site visit" + "(day): first appointment")
    const blocks = readItemBlocks(lines, table, consumed);
    const others = Math.max(byHeader ? consistentRows(byHeader.rows, table) : 0, byLayout ? consistentRows(byLayout, table) : 0);
    // (or, as many adding up, their names read from the lines above their numbers)
    const blockRows = blocks ? consistentRows(blocks.rows, table) : 0;
    if (blocks && (blockRows > others || (blocks.namesAbove && blockRows >= others) || (layoutWins && extendsDescriptions(blocks.rows, byLayout, table)))) {
      out.tableData.set(table, blocks.rows);
      out.rows[table.path.join('.')] = blocks.rows.length;
      blocks.lines.forEach((i) => {
        consumed.add(i);
        out.tableLines.add(i);
      });
      out.found.push({ path: table.path.join('.') || '(root)', line: blocks.line + 1, via: 'item-blocks' });
    } else if (byLayout && layoutWins) {
      out.tableData.set(table, byLayout);
      out.repairs.push(...describeRepairs(table, repairs.get(byLayout)));
      out.rows[table.path.join('.')] = byLayout.length;
      layout!.lines.forEach((i) => {
        consumed.add(i);
        out.tableLines.add(i);
      });
      out.found.push({ path: table.path.join('.') || '(root)', line: (layout!.header ?? layout!.rows[0]!.line) + 1, via: 'layout-table' });
    } else if (byHeader) {
      byHeaderConsumed.forEach((i) => {
        if (!consumed.has(i)) out.tableLines.add(i);
        consumed.add(i);
      });
      out.tableData.set(table, byHeader.rows);
      out.repairs.push(...describeRepairs(table, repairs.get(byHeader.rows)));
      out.rows[table.path.join('.')] = byHeader.rows.length;
      out.found.push({ path: table.path.join('.') || '(root)', line: byHeader.line + 1, via: byHeader.via });
    }
  }
}

/**
 * The same rows (every number equal) whose descriptions go on where the other reading's stop: each
 * other description begins the block's, and a block description is longer only by the lines under
 * its row.
 */
function extendsDescriptions(blocks: Record<string, unknown>[], other: Record<string, unknown>[], table: TableField): boolean {
  if (blocks.length !== other.length || blocks.length === 0) return false;
  const numeric = table.columns.filter((c) => c.type === 'number' || c.type === 'integer');
  const text = table.columns.find((c) => c.type === 'string' && !c.format && !c.enumValues && blocks.some((r) => typeof r[c.name] === 'string'));
  if (!text) return false;
  const words = (v: unknown) => (typeof v === 'string' ? v.replace(/[:.,;]+$/, '').split(/\s+/).filter(Boolean) : []);
  let longer = false;
  for (const [i, b] of blocks.entries()) {
    const o = other[i]!;
    if (numeric.some((c) => b[c.name] !== o[c.name])) return false;
    const [bw, ow] = [words(b[text.name]), words(o[text.name])];
    if (ow.length === 0 || ow.some((w, k) => bw[k]?.replace(/[:.,;]+$/, '') !== w.replace(/[:.,;]+$/, ''))) return false;
    if (bw.length > ow.length) {
      if (!isContinued(b)) return false;
      longer = true;
    }
  }
  return longer;
}

/**
 * "02/05/2024 Grocer" in the description of a row whose date column is empty: a text layer that
 * set the date and the words one space apart made them one cell. The date goes to the table's only
 * date column, the words stay — only when every such row starts with a date, so a description that
 * merely mentions one ("Refund of 02/05/2024 order") in a table whose dates were read is left alone.
 */
export function splitLeadingDates(tableData: TablesRead['tableData']): void {
  for (const [table, rows] of tableData) {
    const dates = table.columns.filter((c) => c.format === 'date');
    const texts = table.columns.filter((c) => c.type === 'string' && !c.format && !c.enumValues);
    if (dates.length !== 1 || rows.length === 0) continue;
    const date = dates[0]!;
    if (rows.some((r) => r[date.name] !== undefined)) continue;
    const lead = (v: unknown) => {
      if (typeof v !== 'string') return undefined;
      const d = findDates(v, { dayFirst: conventions.dayFirst })[0];
      return d && d.index === 0 && v.length > d.length + 1 ? d : undefined;
    };
    const column = texts.find((c) => rows.every((r) => lead(r[c.name])));
    if (!column) continue;
    for (const r of rows) {
      const d = lead(r[column.name])!;
      r[date.name] = d.iso;
      r[column.name] = (r[column.name] as string).slice(d.length).trim();
    }
  }
}

