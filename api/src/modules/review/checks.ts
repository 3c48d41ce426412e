// Completeness and arithmetic checks of a review record (docs/review-api.md, Checks). Pure: computed from
// the record (corrections applied), the table chunks' detected rows and the output schema's
// descriptions, on every read — a correction that fixes a value fixes its check at once.
//
//   row_count    table rows chunking found in the table chunks' table_structure vs the rows of
//                the list those chunks filled
//   line_amount  amount = quantity × price on every row, where a list has the three columns
//   sum_total    the rows' amounts add up to a total (or subtotal) field of the record, alone or
//                with the tax, shipping and discount the record's fields hold or the document
//                prints (VAT 449.59 on an invoice whose schema has no tax field); it fails only
//                when no such reading adds up, and says which readings it tried
//
// Columns and fields are found by meaning: the words of their names (qty, quantity, units, unit
// price, rate, amount, line total, …) and, when the name says nothing, of their schema
// descriptions — never one fixed name.
import { childPath } from '@quarry/shared/review';

/** required: the document lacks a field the output schema requires (stored by the extraction, see extraction/required.ts) */
export type CheckRule = 'required' | 'row_count' | 'line_amount' | 'sum_total';

export interface ReviewCheck {
  id: string;
  rule: CheckRule;
  status: 'passed' | 'failed';
  message: string;
  path?: string;
}

export interface TableSource {
  /** the list of the record the chunk's rows went to; null when its result gave none */
  list: string | null;
  /** body rows chunking found */
  detected: number;
  /** OCR lines of rows the extraction reported as missing */
  missingLines: number[];
  failed: boolean;
}

export interface SchemaHints {
  /** field key -> description */
  fields: Record<string, string>;
  /** list key -> column -> description */
  columns: Record<string, Record<string, string>>;
}

export const NO_HINTS: SchemaHints = { fields: {}, columns: {} };

// ------------------------------------------------------------------ numbers

/** A value read as a number: 1234.5, "1,234.50", "1.234,50", "$ 12.00", "(3.50)" (negative); null when it is none. */
export function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  let s = v.trim().replace(/[\s\u00a0'’]/g, '');
  const negative = /^\(.*\)$/.test(s) || /^-/.test(s) || /-$/.test(s);
  s = s.replace(/^[^\d.,]+|[^\d.,]+$/g, '');
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return null;
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  let normal: string;
  if (lastComma >= 0 && lastDot >= 0) {
    normal = lastComma > lastDot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (lastComma >= 0) {
    const groups = s.split(',');
    normal = groups.length > 2 || groups.at(-1)!.length === 3 ? groups.join('') : groups.join('.');
  } else {
    const groups = s.split('.');
    normal = groups.length > 2 ? groups.join('') : s;
  }
  const n = Number(normal);
  if (!Number.isFinite(n)) return null;
  return negative ? -n : n;
}

const fmt = (n: number) => (Number.isInteger(n) ? n.toLocaleString('en-US') : n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 }));

// ------------------------------------------------------------------ meaning of names

/** Words of a name: "unitPrice" / "unit_price" / "Unit Price" -> ['unit', 'price']. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9äöüéèàçñ]+/)
    .filter(Boolean);
}

const QTY = new Set(['qty', 'quantity', 'quantities', 'units', 'pcs', 'pieces', 'count', 'hours', 'hrs', 'menge', 'anzahl', 'cantidad', 'quantite', 'quantité', 'qte', 'qté', 'stk', 'stück']);
const PRICE = new Set(['price', 'rate', 'each', 'unitprice', 'preis', 'precio', 'prix', 'einzelpreis']);
const AMOUNT = new Set(['amount', 'total', 'subtotal', 'sum', 'extended', 'ext', 'linetotal', 'betrag', 'gesamt', 'importe', 'montant', 'value']);
/** words that make a column something else than the line's amount */
const NOT_LINE = new Set(['tax', 'vat', 'discount', 'rebate', 'shipping', 'freight', 'weight', 'date', 'id', 'number', 'no', 'code', 'percent', 'pct', 'rate_pct']);

export type ColumnRole = 'quantity' | 'price' | 'amount';

function roleOfWords(w: string[]): ColumnRole | null {
  if (w.some((x) => NOT_LINE.has(x))) return null;
  const joined = w.join('');
  const has = (set: Set<string>) => w.some((x) => set.has(x)) || set.has(joined);
  // "unit price", "price each", "unit cost": the price; "total price", "line amount": the amount
  const unitish = w.includes('unit') || w.includes('each') || w.includes('per');
  if (has(PRICE) || (unitish && (w.includes('cost') || w.includes('amount')))) {
    return w.some((x) => x === 'total' || x === 'extended' || x === 'line' || x === 'sum') && !unitish ? 'amount' : 'price';
  }
  if (has(AMOUNT) || (w.includes('cost') && !unitish)) return w.some((x) => QTY.has(x)) ? null : 'amount';
  if (has(QTY)) return 'quantity';
  return null;
}

/** The role of a column, by its name, else by its schema description. */
export function columnRole(name: string, description?: string): ColumnRole | null {
  return roleOfWords(wordsOf(name)) ?? (description ? roleOfDescription(description) : null);
}

function roleOfDescription(d: string): ColumnRole | null {
  const w = wordsOf(d);
  if (w.some((x) => x === 'quantity' || x === 'qty' || x === 'units' || x === 'count')) {
    return w.some((x) => x === 'price' || x === 'amount' || x === 'total') ? null : 'quantity';
  }
  if (w.includes('price') || (w.includes('unit') && w.includes('cost'))) return w.some((x) => x === 'total' || x === 'line' || x === 'extended') ? 'amount' : 'price';
  if (w.some((x) => x === 'amount' || x === 'total')) return 'amount';
  return null;
}

/** The columns of a list playing each role (the first column of a role wins). */
export function rolesOf(columns: readonly string[], hints: Record<string, string> = {}): Partial<Record<ColumnRole, string>> {
  const out: Partial<Record<ColumnRole, string>> = {};
  for (const c of columns) {
    const role = columnRole(c, hints[c]);
    if (role && !out[role]) out[role] = c;
  }
  return out;
}

export type TotalRole = 'subtotal' | 'total' | 'tax' | 'shipping' | 'discount';

/** The role of a scalar field in a sum check. */
export function fieldRole(name: string, description?: string): TotalRole | null {
  const w = wordsOf(name);
  const joined = w.join('');
  if (w.some((x) => QTY.has(x) || x === 'pages' || x === 'items' || x === 'lines' || x === 'rows' || x === 'weight' || x === 'count')) return null;
  if (w.includes('subtotal') || joined.includes('subtotal') || (w.includes('net') && (w.includes('total') || w.includes('amount')))) return 'subtotal';
  if (w.some((x) => x === 'tax' || x === 'vat' || x === 'gst')) return 'tax';
  if (w.some((x) => x === 'shipping' || x === 'freight' || x === 'delivery')) return 'shipping';
  if (w.some((x) => x === 'discount' || x === 'rebate')) return 'discount';
  if (w.includes('total') || joined === 'grandtotal' || (w.includes('amount') && (w.includes('due') || w.includes('total'))) || (w.includes('balance') && w.includes('due')) || w.includes('gesamtbetrag')) return 'total';
  if (description) {
    const d = wordsOf(description);
    if (d.includes('subtotal')) return 'subtotal';
    if (d.includes('total') && !d.some((x) => x === 'tax' || x === 'vat' || QTY.has(x))) return 'total';
  }
  return null;
}

// ------------------------------------------------------------------ the checks

const isRow = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const label = (key: string) => key.replace(/[_-]+/g, ' ').trim();

export interface ChecksInput {
  record: Record<string, unknown>;
  tables: TableSource[];
  hints?: SchemaHints;
  /** the text the record was extracted from (printed tax, shipping and discount lines are read from it) */
  documentText?: string;
}

export function runChecks({ record, tables, hints = NO_HINTS, documentText = '' }: ChecksInput): ReviewCheck[] {
  const checks: ReviewCheck[] = [];
  const lists = Object.entries(record).filter((e): e is [string, unknown[]] => Array.isArray(e[1]));
  checks.push(...rowCountChecks(record, tables, lists));
  const lineValues: { list: string; sum: number; n: number; column: string }[] = [];
  for (const [list, rows] of lists) {
    const cols: string[] = [];
    for (const r of rows) if (isRow(r)) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
    const roles = rolesOf(cols, hints.columns[list]);
    checks.push(...lineAmountChecks(list, rows, roles));
    const values = rows.map((r) => (isRow(r) ? lineValue(r, roles) : null)).filter((v): v is number => v !== null);
    if (values.length > 0) lineValues.push({ list, sum: values.reduce((a, b) => a + b, 0), n: values.length, column: roles.amount ?? roles.price ?? 'amount' });
  }
  checks.push(...sumChecks(record, lineValues, hints, documentText));
  return checks;
}

function rowCountChecks(record: Record<string, unknown>, tables: TableSource[], lists: [string, unknown[]][]): ReviewCheck[] {
  if (tables.length === 0) return [];
  const sole = lists.length === 1 ? lists[0]![0] : null;
  const byList = new Map<string | null, TableSource[]>();
  for (const t of tables) {
    const key = t.list ?? sole;
    byList.set(key, [...(byList.get(key) ?? []), t]);
  }
  const out: ReviewCheck[] = [];
  for (const [list, ts] of byList) {
    const detected = ts.reduce((n, t) => n + t.detected, 0);
    const rows = list !== null && Array.isArray(record[list]) ? (record[list] as unknown[]).length : 0;
    const name = list ?? 'table';
    const missing = ts.flatMap((t) => t.missingLines);
    const failedChunks = ts.filter((t) => t.failed).length;
    const passed = rows === detected;
    let message = passed
      ? `${label(name)}: all ${detected} table row${detected === 1 ? '' : 's'} found in the document ${detected === 1 ? 'is' : 'are'} in the record`
      : rows < detected
        ? `${label(name)}: ${detected} table rows found in the document, ${rows} in the record (${detected - rows} missing)`
        : `${label(name)}: ${detected} table rows found in the document, ${rows} in the record (${rows - detected} more)`;
    if (!passed && missing.length) message += `; the extraction found no row for line${missing.length > 1 ? 's' : ''} ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''}`;
    if (!passed && failedChunks) message += `; ${failedChunks} table chunk${failedChunks > 1 ? 's' : ''} failed to extract`;
    out.push({ id: `row_count:${name}`, rule: 'row_count', status: passed ? 'passed' : 'failed', message, ...(list !== null ? { path: childPath('$', list) } : {}) });
  }
  return out;
}

function lineValue(row: Record<string, unknown>, roles: Partial<Record<ColumnRole, string>>): number | null {
  if (roles.amount) return toNumber(row[roles.amount]);
  if (roles.quantity && roles.price) {
    const q = toNumber(row[roles.quantity]);
    const p = toNumber(row[roles.price]);
    return q !== null && p !== null ? q * p : null;
  }
  return roles.price ? toNumber(row[roles.price]) : null;
}

function lineAmountChecks(list: string, rows: unknown[], roles: Partial<Record<ColumnRole, string>>): ReviewCheck[] {
  const { quantity, price, amount } = roles;
  if (!quantity || !price || !amount) return [];
  const out: ReviewCheck[] = [];
  let compared = 0;
  rows.forEach((row, i) => {
    if (!isRow(row)) return;
    const q = toNumber(row[quantity]);
    const p = toNumber(row[price]);
    const a = toNumber(row[amount]);
    if (q === null || p === null || a === null) return;
    compared++;
    const expected = q * p;
    // prices are often rounded to cents: allow half a cent per unit
    const tolerance = 0.01 + 0.005 * Math.abs(q) + 1e-9;
    if (Math.abs(expected - a) > tolerance) {
      out.push({
        id: `line_amount:${childPath(childPath('$', list), i)}`,
        rule: 'line_amount',
        status: 'failed',
        message: `${label(list)} row ${i + 1}: ${label(quantity)} ${fmt(q)} × ${label(price)} ${fmt(p)} = ${fmt(Math.round(expected * 100) / 100)}, but ${label(amount)} is ${fmt(a)}`,
        path: childPath(childPath(childPath('$', list), i), amount),
      });
    }
  });
  if (compared > 0 && out.length === 0) {
    out.push({
      id: `line_amount:${childPath('$', list)}`,
      rule: 'line_amount',
      status: 'passed',
      message: `${label(list)}: ${label(amount)} = ${label(quantity)} × ${label(price)} on all ${compared} row${compared === 1 ? '' : 's'}`,
      path: childPath('$', list),
    });
  }
  return out;
}

export type Adjustment = 'tax' | 'shipping' | 'discount';

export interface PrintedLine {
  role: Adjustment;
  /** the line's label as printed ("VAT (20%)") */
  label: string;
  value: number;
}

/** an amount with cents: 449.59, 1,234.50, 1.234,50 (not a percentage, not a bare count) */
const AMOUNT_RE = /-?\(?[$€£¥]?\s?\d{1,3}(?:[ ,.'’\u00a0]\d{3})*[.,]\d{2}\)?(?![\d%])|-?\(?[$€£¥]?\s?\d+[.,]\d{2}\)?(?![\d%])/g;
const TAX_WORDS = new Set(['tax', 'vat', 'gst', 'hst', 'pst', 'mwst', 'ust', 'iva', 'tva', 'btw', 'moms', 'umsatzsteuer', 'mehrwertsteuer']);
const SHIPPING_WORDS = new Set(['shipping', 'freight', 'delivery', 'postage', 'handling', 'carriage', 'versand', 'porto']);
const DISCOUNT_WORDS = new Set(['discount', 'rebate', 'rabatt', 'skonto', 'remise', 'descuento']);
/** a line that restates the total with the tax in it, or names a tax number rather than an amount */
const NOT_ADJUSTMENT = new Set(['incl', 'including', 'inkl', 'inclusive', 'gross', 'brutto', 'excl', 'excluding', 'exkl', 'before', 'number', 'no', 'id', 'reg', 'registration', 'rate']);

function adjustmentRole(words: string[]): Adjustment | null {
  if (words.some((w) => NOT_ADJUSTMENT.has(w))) return null;
  // "Total" with a tax word is the tax total ("Total VAT"); "Subtotal" / "Total" alone are no adjustment
  if (words.some((w) => TAX_WORDS.has(w))) return 'tax';
  if (words.some((w) => SHIPPING_WORDS.has(w))) return 'shipping';
  if (words.some((w) => DISCOUNT_WORDS.has(w))) return 'discount';
  return null;
}

/** Tax, shipping and discount lines the document prints ("VAT (20%)  449.59"): the label and the line's last amount. */
export function printedAdjustments(text: string): PrintedLine[] {
  const out: PrintedLine[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/[|]/g, ' ').trim();
    if (line.length === 0 || line.length > 120) continue;
    const amounts = [...line.matchAll(AMOUNT_RE)];
    const last = amounts.at(-1);
    if (!last || last.index === undefined) continue;
    const label = line.slice(0, amounts[0]!.index).replace(/[:\s]+$/, '').trim();
    const role = adjustmentRole(wordsOf(label));
    if (!role) continue;
    const value = toNumber(last[0]);
    if (value === null || value === 0) continue;
    // the same printed line twice (a summary repeated on every page) counts once
    if (out.some((o) => o.role === role && o.value === value)) continue;
    out.push({ role, label: label.replace(/\s+/g, ' '), value });
  }
  return out;
}

interface Reading {
  /** in words: "the rows alone", "the rows plus VAT (20%) 449.59 printed in the document" */
  words: string;
  value: number;
}

function signed(role: Adjustment, v: number): number {
  return role === 'discount' ? -Math.abs(v) : v;
}

function plus(parts: { role: Adjustment; label: string; value: number }[], where: string): string {
  return parts.map((p) => `${p.role === 'discount' ? 'minus' : 'plus'} ${p.label} ${fmt(Math.abs(p.value))}`).join(' ') + where;
}

function sumChecks(record: Record<string, unknown>, lines: { list: string; sum: number; n: number; column: string }[], hints: SchemaHints, documentText: string): ReviewCheck[] {
  if (lines.length === 0) return [];
  const fields: Partial<Record<TotalRole, { key: string; value: number }>> = {};
  for (const [key, v] of Object.entries(record)) {
    if (Array.isArray(v)) continue;
    const role = fieldRole(key, hints.fields[key]);
    const value = toNumber(v);
    if (role && value !== null && !fields[role]) fields[role] = { key, value };
  }
  const target = fields.subtotal ?? fields.total;
  if (!target) return [];
  // the list whose rows carry an amount column; the first list otherwise
  const line = lines[0]!;
  const tolerance = 0.01 + 0.005 * line.n;
  const close = (x: number) => Math.abs(x - target.value) <= tolerance;
  const readings: Reading[] = [{ words: 'the rows alone', value: line.sum }];
  if (target === fields.total) {
    // from the record's own tax / shipping / discount fields
    const fromFields = (['tax', 'shipping', 'discount'] as const).flatMap((role) => (fields[role] ? [{ role, label: label(fields[role].key), value: signed(role, fields[role].value) }] : []));
    if (fromFields.length) readings.push({ words: `the rows ${plus(fromFields, '')}`, value: line.sum + fromFields.reduce((a, p) => a + p.value, 0) });
    // from what the document prints: every tax / shipping / discount line, then the first of each kind
    const printed = printedAdjustments(documentText).filter((p) => !fromFields.some((f) => f.role === p.role && Math.abs(Math.abs(f.value) - Math.abs(p.value)) < 0.005));
    if (printed.length) {
      const all = printed.map((p) => ({ ...p, value: signed(p.role, p.value) }));
      const base = fromFields.reduce((a, p) => a + p.value, 0);
      const lead = fromFields.length ? ` ${plus(fromFields, '')}` : '';
      readings.push({ words: `the rows${lead} ${plus(all, ' printed in the document')}`, value: line.sum + base + all.reduce((a, p) => a + p.value, 0) });
      const firsts = (['tax', 'shipping', 'discount'] as const).flatMap((role) => all.filter((p) => p.role === role).slice(0, 1));
      if (firsts.length < all.length) readings.push({ words: `the rows${lead} ${plus(firsts, ' printed in the document')}`, value: line.sum + base + firsts.reduce((a, p) => a + p.value, 0) });
    }
  }
  const what = `the ${label(line.list)} ${label(line.column)}s`;
  const sum = Math.round(line.sum * 100) / 100;
  const hit = readings.find((r) => close(r.value));
  const path = childPath('$', target.key);
  if (hit) {
    const how = hit === readings[0] ? '' : ` ${hit.words.replace(/^the rows /, '')} = ${fmt(Math.round(hit.value * 100) / 100)}`;
    return [{ id: `sum_total:${path}`, rule: 'sum_total', status: 'passed', message: `Sum of ${what} (${fmt(sum)})${how} matches ${label(target.key)} (${fmt(target.value)})`, path }];
  }
  const tried = readings.map((r) => `${r.words} (${fmt(Math.round(r.value * 100) / 100)})`).join('; ');
  const message =
    `Sum of ${what} is ${fmt(sum)}, but ${label(target.key)} is ${fmt(target.value)} (difference ${fmt(Math.round(Math.abs(target.value - line.sum) * 100) / 100)}). ` +
    `Tried: ${tried}`;
  return [{ id: `sum_total:${path}`, rule: 'sum_total', status: 'failed', message, path }];
}
