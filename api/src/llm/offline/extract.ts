// The offline extractor: a deterministic, schema-guided reader of OCR-like text.
//  - key-value lines ("Invoice Number: INV-001", "Date  2024-03-01", "Total: $1,234.56",
//    several pairs on one line, a label whose value is on the next line) matched to schema
//    properties by name, synonyms and description;
//  - tables mapped onto array-of-object properties by their header (or receipt item lines);
//  - values converted by type and format (ISO dates, amounts, e-mails, booleans, enums).
// Honest by construction: a property it cannot find is omitted (null when the schema allows
// null); nothing is made up. `found` says where every value came from.
import type { JSONSchema, LlmSourceDocument } from '../types';
import { buildSchemaModel, conventions, parseFieldValue, type ScalarField, type SchemaModel, type TableField } from './fields';
import { IDENTIFIER_WORDS, contentWords, isTableEndLabel, keywordScore, matchLabel, nameWords, normalizeLabel, stem, TITLE_WORDS } from './labels';
import { checkArithmetic } from './arithmetic';
import { consistentRows, detectLayoutTable, layoutRows, mapLayoutColumns } from './structure';
import {
  headerCells,
  isSeparatorLine,
  isHeaderLike,
  mapHeader,
  parseItemLine,
  parseRow,
  splitCells,
  type HeaderMap,
} from './table';
import { findDates, findEmails, parseAmount, parseCurrency } from './values';

/** OCR markdown: "**Invoice #:** 12", "# Vendor", "__Total__" -> plain text */
export function cleanMarkdown(line: string): string {
  return line
    .replace(/^\s{0,3}#{1,6}\s+/, '')
    .replace(/^\s{0,3}>\s?/, '')
    .replace(/(\*\*|__)(.*?)\1/g, '$2')
    .replace(/\*\*|__/g, '');
}

export interface FoundField {
  path: string;
  /** 1-based line of the source text */
  line: number;
  /** how it was found: a label, a table, or a fallback rule */
  via: 'label' | 'next-line' | 'table' | 'layout-table' | 'item-lines' | 'first-line' | 'only-date' | 'later-date' | 'only-email' | 'currency-mark' | 'enum-mention' | 'arithmetic';
  label?: string;
}

export interface OfflineExtraction {
  data: unknown;
  found: FoundField[];
  /** schema paths with no value in the text */
  missing: string[];
  /** rows found per table path ('' for a root array) */
  rows: Record<string, number>;
  /** what does not add up (quantity × price ≠ amount, rows ≠ subtotal, subtotal + tax ≠ total) */
  warnings: string[];
}

export interface OfflineOptions {
  /** positional rules (vendor from the first line, the only date / e-mail) — on for whole source text, off when only a prompt is available */
  positional?: boolean;
}

interface Candidate {
  /** found only because the label says "identifier" and the schema has one identifier field */
  byIdentifierRule?: boolean;
  field: ScalarField;
  score: number;
  line: number;
  /** cell ids consumed ("line:cell") */
  consumes: string[];
  value: unknown;
  via: FoundField['via'];
  label: string;
}

const LABEL_THRESHOLD = 0.6;

export function extractOffline(source: LlmSourceDocument | string, schema: JSONSchema, options: OfflineOptions = {}): OfflineExtraction {
  const doc: LlmSourceDocument = typeof source === 'string' ? { text: source } : source;
  const all = doc.table ? [...doc.table.description, ...doc.table.header, ...doc.table.rows] : [doc.text];
  conventions.dayFirst = dayFirstDocument(all.join('\n'));
  try {
    return extractWith(doc, schema, options);
  } finally {
    conventions.dayFirst = false;
  }
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

function extractWith(doc: LlmSourceDocument, schema: JSONSchema, options: OfflineOptions): OfflineExtraction {
  const model = buildSchemaModel(schema);
  const positional = options.positional ?? true;
  const found: FoundField[] = [];
  const rows: Record<string, number> = {};
  const tableData = new Map<TableField, Record<string, unknown>[]>();
  const values = new Map<ScalarField, unknown>();

  let lines: string[];
  const consumedLines = new Set<number>();
  const tableLines = new Set<number>();
  const clean = (list: string[]) => list.map(cleanMarkdown);
  if (doc.table) {
    // a table batch: rows come from the chunk's structure, scalars only from its description lines
    const table = pickTableForHeader(model, doc.table.header);
    if (table) {
      const header = bestHeader(doc.table.header, table.table);
      const out: Record<string, unknown>[] = [];
      for (const row of doc.table.rows) {
        const parsed = header && header.matched >= 1 ? parseRow(row, header, table.table) : parseItemLine(row.replace(/\n/g, ' '), table.table);
        if (parsed && Object.values(parsed).some((v) => v !== null)) out.push(parsed);
      }
      tableData.set(table.table, out);
      rows[table.table.path.join('.')] = out.length;
      found.push({ path: table.table.path.join('.') || '(root)', line: 1, via: 'table' });
    }
    lines = clean(doc.table.description);
  } else {
    lines = clean(doc.text.split(/\r?\n/));
    for (const table of model.tables) {
      // two readings: by a header the schema names, and by the document's column layout; the one
      // with more rows that add up (quantity × price = amount) wins
      const byHeaderConsumed = new Set(consumedLines);
      const byHeader = readTableFromText(lines, table, model, byHeaderConsumed);
      const layout = detectLayoutTable(lines, consumedLines);
      const layoutMap = layout ? mapLayoutColumns(layout, table) : null;
      const byLayout = layout && layoutMap && layoutMap.filter(Boolean).length >= 2 ? layoutRows(layout, table, layoutMap) : null;
      // rows, rows that add up, then (a small tie-break) cells read
      const quality = (r: Record<string, unknown>[] | null | undefined) =>
        r ? r.length + 2 * consistentRows(r, table) + 0.001 * r.reduce((n, row) => n + Object.values(row).filter((v) => v !== null && v !== undefined).length, 0) : -1;
      // a headerless reading of "text ... amount" lines gives way to a layout reading as good
      const layoutWins = byLayout && byLayout.length >= 2 && (quality(byLayout) > quality(byHeader?.rows) || (byHeader?.via === 'item-lines' && quality(byLayout) >= quality(byHeader.rows) - 0.5));
      if (byLayout && layoutWins) {
        tableData.set(table, byLayout);
        rows[table.path.join('.')] = byLayout.length;
        layout!.lines.forEach((i) => {
          consumedLines.add(i);
          tableLines.add(i);
        });
        found.push({ path: table.path.join('.') || '(root)', line: (layout!.header ?? layout!.rows[0]!.line) + 1, via: 'layout-table' });
      } else if (byHeader) {
        byHeaderConsumed.forEach((i) => {
          if (!consumedLines.has(i)) tableLines.add(i);
          consumedLines.add(i);
        });
        tableData.set(table, byHeader.rows);
        rows[table.path.join('.')] = byHeader.rows.length;
        found.push({ path: table.path.join('.') || '(root)', line: byHeader.line + 1, via: byHeader.via });
      }
    }
  }

  // key-value pairs -> scalar fields, best matches first
  const candidates = collectCandidates(lines, model.scalars, consumedLines);
  candidates.sort((a, b) => b.score - a.score || a.line - b.line);
  const usedCells = new Set<string>();
  for (const c of candidates) {
    if (values.has(c.field) || c.consumes.some((id) => usedCells.has(id))) continue;
    values.set(c.field, c.value);
    c.consumes.forEach((id) => usedCells.add(id));
    consumedLines.add(c.line);
    found.push({ path: c.field.path.join('.'), line: c.line + 1, via: c.via, label: c.label });
  }

  if (positional && !doc.table) {
    applyPositionalRules(lines, model, values, consumedLines, usedCells, found, tableLines);
    laterDates(lines, model, values, tableLines, found);
  }
  const warnings = checkArithmetic({ model, values, tableData, lines, consumed: tableLines, found, fill: positional && !doc.table });

  return { ...assemble(model, values, tableData, found, rows), warnings };
}

// ------------------------------------------------------------------ dates by elimination

/** date fields that name a later date than the document's own (due, delivery, deadline, expiry, end) */
const LATER_WORDS = ['due', 'delivery', 'deadline', 'expiry', 'expiration', 'until', 'end', 'requested', 'required'].map(stem);

/**
 * A labelled date nobody claimed goes to the only date field still empty whose name says it is
 * a later date (due, delivery), when it is later than the date already found: "Remit before
 * 14 May 2024" is the due date of an invoice issued on 14 April; a date before the issue date
 * (a delivery or supply date) never is.
 */
function laterDates(lines: string[], model: SchemaModel, values: Map<ScalarField, unknown>, consumed: Set<number>, found: FoundField[]): void {
  const dateFields = model.scalars.filter((f) => f.format === 'date');
  const empty = dateFields.filter((f) => !values.has(f) && contentWords(f.name).some((w) => LATER_WORDS.includes(w)));
  const anchors = dateFields.filter((f) => values.has(f)).map((f) => String(values.get(f)));
  if (empty.length !== 1 || anchors.length === 0) return;
  const anchor = anchors.sort()[0]!;
  const used = new Set(anchors);
  for (let i = 0; i < lines.length; i++) {
    if (consumed.has(i) || !/[a-z]{2,}/i.test(lines[i]!)) continue;
    for (const d of findDates(lines[i]!, { dayFirst: conventions.dayFirst })) {
      if (d.iso > anchor && !used.has(d.iso)) {
        values.set(empty[0]!, d.iso);
        found.push({ path: empty[0]!.path.join('.'), line: i + 1, via: 'later-date' });
        return;
      }
    }
  }
}

// ------------------------------------------------------------------ key-value pairs

function collectCandidates(lines: string[], fields: ScalarField[], skipLines: Set<number>): Candidate[] {
  const out: Candidate[] = [];
  const identifierFields = fields.filter((f) => f.type === 'string' && !f.format && IDENTIFIER_WORDS.has(contentWords(f.name).slice(-1)[0] ?? ''));
  const isLabel = (text: string) => fields.some((f) => matchLabel(text.replace(/[:\s]+$/, ''), f.labels) >= 0.85);
  const consider = (key: string, value: string, line: number, consumes: string[], weight: number, via: Candidate['via']) => {
    // a cell holding a long number is a value, not a label ("Voucher ref 19-220044")
    if (!/[a-z]/i.test(key) || key.length > 60 || /\d{3,}/.test(key)) return;
    // "Invoice Number    Invoice Date": the cell right of a label is another label, not its value
    if (isLabel(value)) return;
    // "incl. GST 9%" names the VAT amount (included in the prices)
    const included = /^(?:incl\.?|including)\s+(.+)$/i.exec(key.trim());
    if (included) consider(included[1]!, value, line, consumes, weight * 0.95, via);
    // a rate in a label is not part of its name ("VAT 20%", "GST @ 10%")
    const name = key.replace(/\s*@?\s*\d+(?:[.,]\d+)?\s*%/g, ' ').trim() || key;
    for (const field of fields) {
      let score = Math.max(matchLabel(name, field.labels), keywordScore(name, field.keywords));
      // "Voucher ref 19-2200": a label that says "identifier" names the schema's only identifier field
      let byIdentifierRule = false;
      if (score < LABEL_THRESHOLD && identifierFields.length === 1 && identifierFields[0] === field && contentWords(key).some((w) => IDENTIFIER_WORDS.has(w)) && contentWords(key).length <= 3) {
        score = 0.7;
        byIdentifierRule = true;
      }
      score *= weight;
      if (score < LABEL_THRESHOLD) continue;
      if (!plausible(field, value)) continue;
      const parsed = parseFieldValue(field, value);
      if (parsed === undefined) continue;
      out.push({ field, score, line, consumes, value: parsed, via, label: key.trim(), byIdentifierRule });
    }
  };

  lines.forEach((line, li) => {
    if (skipLines.has(li) || !line.trim() || isSeparatorLine(line)) return;
    const cells = splitCells(line);
    // a row of labels with the values on the row below, column by column
    // (most cells name fields: an OCR-damaged label among them must not become a value)
    const labelCells = cells.filter((c) => !c.text.includes(':') && isLabel(c.text)).length;
    if (cells.length >= 2 && !cells.some((c) => c.text.includes(':')) && (labelCells >= Math.max(2, Math.ceil((cells.length * 2) / 3)) || isLabelRow(lines, li))) {
      const below = nextNonEmpty(lines, li);
      if (below !== -1) {
        const belowCells = splitCells(lines[below]!);
        cells.forEach((cell, ci) => {
          const aligned = belowCells.find((b) => b.start < cell.end + 2 && b.end > cell.start - 2);
          if (aligned) consider(cell.text, aligned.text, below, [`${li}:${ci}`, `${below}:${belowCells.indexOf(aligned)}`], 0.95, 'next-line');
        });
      }
      return;
    }
    // a label alone on its line, its value the line below ("Charged to" / "Lakeside Clinic")
    if (cells.length === 1 && !/[\d:]/.test(cells[0]!.text) && cells[0]!.text.split(' ').length <= 4) {
      const below = nextNonEmpty(lines, li);
      const belowCells = below === -1 ? [] : splitCells(lines[below]!);
      if (belowCells.length >= 1 && !belowCells[0]!.text.includes(':')) consider(cells[0]!.text, belowCells[0]!.text, below, [`${li}:0`, `${below}:0`], 1, 'next-line');
    }
    cells.forEach((cell, ci) => {
      const id = `${li}:${ci}`;
      const colon = /^([^:]{1,60}?)\s*[:：]\s*(.*)$/.exec(cell.text);
      if (colon && !/\d$/.test(colon[1]!)) {
        const [, key, value] = colon as unknown as [string, string, string];
        if (value.trim()) {
          consider(key, value, li, [id], 1, 'label');
          // "Invoice No: INV-1 Date: 2024-03-01" with single spaces: cut the value before the next "Label:"
          const next = /^(.*?\S)\s+([A-Z][A-Za-z .#]{1,30}?)\s*:\s*(\S.*)$/.exec(value);
          if (next) {
            consider(key, next[1]!, li, [id], 0.95, 'label');
            consider(next[2]!, next[3]!, li, [`${id}b`], 0.95, 'label');
          }
        } else {
          // "Bill To:" with the value in the next cell, or below in the same column
          const right = cells[ci + 1];
          if (right && !right.text.includes(':')) consider(key, right.text, li, [id, `${li}:${ci + 1}`], 0.95, 'label');
          const below = nextNonEmpty(lines, li);
          if (below !== -1) {
            const belowCells = splitCells(lines[below]!);
            const aligned = belowCells.find((b) => b.start < cell.end + 2 && b.end > cell.start - 2) ?? (cells.length === 1 ? belowCells[0] : undefined);
            if (aligned && !aligned.text.includes(':')) {
              consider(key, aligned.text, below, [id, `${below}:${belowCells.indexOf(aligned)}`], 0.9, 'next-line');
            }
          }
        }
        return;
      }
      // "Date  2024-03-01": a label cell followed by a value cell
      const right = cells[ci + 1];
      if (right && !right.text.includes(':')) consider(cell.text, right.text, li, [id, `${li}:${ci + 1}`], 0.95, 'label');
      // "Invoice No. INV-001" / "TOTAL $12.00" with single spaces: try the first 1-5 words as the label
      const words = cell.text.split(' ');
      for (let k = 1; k < Math.min(6, words.length); k++) {
        consider(words.slice(0, k).join(' '), words.slice(k).join(' '), li, [id], 0.9, 'label');
      }
    });
  });
  // several identifiers and nothing says which one the schema means ("Firm nr 5550", "Voucher ref 19-22"): none
  const ruled = new Set(out.filter((c) => c.byIdentifierRule).map((c) => String(c.value)));
  return ruled.size > 1 ? out.filter((c) => !c.byIdentifierRule) : out;
}

const NAME_WORDS = ['name', 'holder', 'vendor', 'seller', 'buyer', 'customer', 'supplier', 'merchant', 'company', 'payee', 'client'].map(stem);

/** identifiers hold a digit; names hold words, not a number or a date */
function plausible(field: ScalarField, value: string): boolean {
  if (field.type !== 'string' || field.format || field.enumValues) return true;
  const words = contentWords(field.name);
  if (IDENTIFIER_WORDS.has(words[words.length - 1] ?? '')) return /\d/.test(value);
  if (words.some((w) => NAME_WORDS.includes(w))) return /[a-z]{2,}/i.test(value) && parseAmount(value) === undefined && findDates(value).length === 0;
  return true;
}

function nextNonEmpty(lines: string[], from: number): number {
  for (let i = from + 1; i < lines.length && i <= from + 2; i++) if (lines[i]!.trim() && !isSeparatorLine(lines[i]!)) return i;
  return -1;
}

/**
 * A row of labels with the values on the row below: text-only cells (no digits, no colon), and
 * below them as many cells, aligned, at least half of them with a digit.
 */
function isLabelRow(lines: string[], li: number): boolean {
  const cells = splitCells(lines[li]!);
  if (cells.length < 2 || cells.some((c) => /[\d:]/.test(c.text) || c.text.split(' ').length > 4)) return false;
  const below = nextNonEmpty(lines, li);
  if (below === -1 || below !== li + 1) return false;
  const values = splitCells(lines[below]!);
  if (values.length !== cells.length) return false;
  const aligned = values.every((v, i) => Math.abs(v.start - cells[i]!.start) <= 2);
  return aligned && values.filter((v) => /\d/.test(v.text)).length * 2 >= values.length;
}

// ------------------------------------------------------------------ tables

function bestHeader(headerLines: string[], table: TableField): HeaderMap | null {
  let best: HeaderMap | null = null;
  for (const line of headerLines) {
    const map = mapHeader(headerCells(cleanMarkdown(line), table), table);
    if (!best || map.matched > best.matched) best = map;
  }
  return best;
}

function pickTableForHeader(model: SchemaModel, headerLines: string[]): { table: TableField } | null {
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

function readTableFromText(
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
    const row = isLabelledScalar(line, model) ? null : parseItemLine(line, table);
    if (row) {
      if (start === -1) start = i;
      rows.push(row);
      consumed.add(i);
    } else if (rows.length) break;
  }
  return rows.length ? { rows, line: start, via: 'item-lines' } : null;
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
function isLabelledScalar(line: string, model: SchemaModel): boolean {
  const first = splitCells(line)[0]?.text ?? '';
  const key = first.split(':')[0]!.replace(/[$€£]?\s*-?[\d.,]+\s*$/, '').trim();
  if (!key) return false;
  return model.scalars.some((f) => f.path.length === 1 && matchLabel(key, f.labels) >= 0.85);
}

// ------------------------------------------------------------------ positional rules

const VENDOR_WORDS = new Set(['vendor', 'merchant', 'store', 'seller', 'supplier', 'company', 'shop', 'business', 'issuer']);

function applyPositionalRules(
  lines: string[],
  model: SchemaModel,
  values: Map<ScalarField, unknown>,
  consumedLines: Set<number>,
  usedCells: Set<string>,
  found: FoundField[],
  tableLines: Set<number>,
): void {
  const text = lines.join('\n');
  const missing = model.scalars.filter((f) => !values.has(f));

  // vendor / store name: the first text line of the document when nothing labels it
  const vendor = missing.find((f) => {
    const words = nameWords(f.path.join(' '));
    const isVendor = words.some((w) => VENDOR_WORDS.has(w));
    const isName = f.path.length === 1 ? words.length <= 2 || words.includes('name') : nameWords(f.name).includes('name');
    return isVendor && isName && f.type === 'string' && !f.format;
  });
  // only for documents that look like invoices/receipts: at least two other values were found by label or table
  const evidence = found.reduce((n, f) => n + (f.via === 'layout-table' ? 2 : f.via === 'label' || f.via === 'table' || f.via === 'item-lines' ? 1 : 0), 0);
  if (vendor && evidence >= 2) {
    let seen = 0;
    for (let i = 0; i < lines.length && seen < 3; i++) {
      const line = lines[i]!.trim();
      if (!line || isSeparatorLine(line)) continue;
      seen++;
      if (consumedLines.has(i)) continue;
      // the first cell that reads like a name (a title such as "TAX INVOICE" may stand left of it)
      const first = splitCells(lines[i]!)
        .map((c) => c.text)
        .find(
          (cell) =>
            !(
              cell.includes(':') ||
              TITLE_WORDS.has(normalizeLabel(cell)) ||
              /\d{3,}|@|www\.|https?:|[.!?]$/.test(cell) ||
              cell.length > 60 ||
              cell.split(' ').length > 6 ||
              !/^[A-Z0-9&"'(]/.test(cell) ||
              !/[a-z]/i.test(cell) ||
              findDates(cell).length > 0
            ),
        );
      if (!first) continue;
      values.set(vendor, first);
      consumedLines.add(i);
      found.push({ path: vendor.path.join('.'), line: i + 1, via: 'first-line' });
      break;
    }
  }

  // the only date-like field left, when the text holds dates nobody labelled
  const dateFields = missing.filter((f) => f.format === 'date' && !values.has(f));
  if (dateFields.length >= 1) {
    const target = dateFields.find((f) => !nameWords(f.name).some((w) => ['due', 'expiry', 'expiration', 'delivery', 'ship', 'birth', 'start', 'end'].includes(w)));
    if (target && model.scalars.filter((f) => f.format === 'date' && values.has(f)).length === 0) {
      for (let i = 0; i < lines.length; i++) {
        // a date in a line a value was taken from still counts (a row of values under a row of labels), one in a table does not
        if (tableLines.has(i)) continue;
        const d = findDates(lines[i]!, { dayFirst: conventions.dayFirst })[0];
        if (d) {
          values.set(target, d.iso);
          found.push({ path: target.path.join('.'), line: i + 1, via: 'only-date' });
          break;
        }
      }
    }
  }

  // one e-mail field, one e-mail in the text
  const emailFields = model.scalars.filter((f) => f.format === 'email');
  const emails = [...new Set(findEmails(text))];
  if (emailFields.length === 1 && !values.has(emailFields[0]!) && emails.length === 1) {
    values.set(emailFields[0]!, emails[0]);
    const line = lines.findIndex((l) => l.includes(emails[0]!));
    found.push({ path: emailFields[0]!.path.join('.'), line: line + 1, via: 'only-email' });
  }

  // an enum field: the only one of its values written as a word anywhere outside the tables ("Paid in cash")
  for (const field of missing.filter((f) => f.enumValues?.length && !values.has(f))) {
    const mentioned = field.enumValues!.filter((v) => typeof v === 'string' && v.length >= 3 && lines.some((l, i) => !consumedLines.has(i) && new RegExp(`\\b${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(l)));
    if (mentioned.length === 1) {
      values.set(field, mentioned[0]);
      const line = lines.findIndex((l) => new RegExp(`\\b${String(mentioned[0])}\\b`, 'i').test(l));
      found.push({ path: field.path.join('.'), line: line + 1, via: 'enum-mention' });
    }
  }

  // currency: an ISO code or an unambiguous symbol written next to the amounts
  const currency = missing.find((f) => /(^|_)currency(_code)?$/i.test(f.name) && f.type === 'string' && !values.has(f));
  if (currency) {
    const codes = new Set<string>();
    for (const line of lines) {
      const c = parseCurrency(line);
      if (c && /\d/.test(line)) codes.add(c);
    }
    // "All amounts in NOK": a code on a line of its own when no amount carries one
    if (codes.size === 0) {
      for (const line of lines) {
        const c = parseCurrency(line);
        if (c && /^[A-Z]{3}$/.test(c) && new RegExp(`\\b${c}\\b`).test(line)) codes.add(c);
      }
    }
    if (codes.size === 1) {
      const [code] = [...codes];
      const value = parseFieldValue(currency, code!);
      if (value !== undefined) {
        values.set(currency, value);
        found.push({ path: currency.path.join('.'), line: lines.findIndex((l) => parseCurrency(l) === code) + 1, via: 'currency-mark' });
      }
    }
  }
}

// ------------------------------------------------------------------ output

function assemble(
  model: SchemaModel,
  values: Map<ScalarField, unknown>,
  tableData: Map<TableField, Record<string, unknown>[]>,
  found: FoundField[],
  rows: Record<string, number>,
): Omit<OfflineExtraction, 'warnings'> {
  const missing: string[] = [];
  if (model.rootIsTable) {
    const table = model.tables[0]!;
    const data = tableData.get(table);
    if (!data) missing.push('(root)');
    return { data: data ?? [], found, missing, rows };
  }
  const out: Record<string, unknown> = {};
  const objectNames = new Set(model.objects.map((o) => o.name));
  const tableByName = new Map(model.tables.map((t) => [t.name, t]));
  const scalarByName = new Map(model.scalars.filter((f) => f.path.length === 1).map((f) => [f.name, f]));
  const props = (model.root.properties ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(props)) {
    if (objectNames.has(key)) {
      const obj = model.objects.find((o) => o.name === key)!;
      const child: Record<string, unknown> = {};
      let any = false;
      for (const f of obj.children) {
        if (values.has(f)) {
          child[f.name] = values.get(f);
          any = true;
        } else {
          missing.push(f.path.join('.'));
          if (f.nullable) child[f.name] = null;
        }
      }
      if (any) out[key] = child;
      else if (obj.nullable) out[key] = null;
      continue;
    }
    const table = tableByName.get(key);
    if (table) {
      const data = tableData.get(table);
      if (data) out[key] = data;
      else {
        missing.push(key);
        if (table.nullable) out[key] = null;
      }
      continue;
    }
    const field = scalarByName.get(key);
    if (!field) {
      // arrays of scalars, deeper objects: not read offline
      missing.push(key);
      continue;
    }
    if (values.has(field)) out[key] = values.get(field);
    else {
      missing.push(key);
      if (field.nullable) out[key] = null;
    }
  }
  return { data: out, found, missing, rows };
}
