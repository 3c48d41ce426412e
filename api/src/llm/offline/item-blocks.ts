// Item rows read by their arithmetic, for tables whose cells run over several lines (the
// visualisations of e-invoices print a reference column of article numbers and GTINs, a
// gross-price line and notes under each item, so no two rows share a column layout and the
// position number may stand lines below its row):
//  - an item line holds a quantity, a unit price and a line amount with quantity × price = amount
//    (the amount the rightmost of them, written with decimals; a tax rate "19%" and a unit
//    "20 Stk" beside the numbers are read as what they are);
//  - its description is the text of the line that is no reference (a "Label:" cell, an article
//    code, a position number, a date), continued by the text lines directly under it — a
//    continuation line may open with a reference cell ("Art-No: AB12   blue"); the first line
//    that holds no more description (an identifier such as a GTIN, a "Label: number" line, a
//    note with a date, a page's footer, a blank line) ends the item.
// Where two or more item lines add up and all have one layout, a line with that layout whose own
// numbers do not add up (an allowance on the line) is an item too.
// Rows without any description are left out (a line of numbers is no item).
import type { ScalarField, TableField } from './fields';
import { isTableEndLabel, isTotalOrTaxLabel } from './labels';
import { numericRole } from './structure';
import { buildRow, isSeparatorLine, splitCells } from './table';
import { findDates, parseAmount, parseCurrency } from './values';

/** "19%", "7 %": a tax rate beside the numbers, not a quantity, price or amount */
const RATE = /^\d{1,2}(?:[.,]\d{1,2})?\s?%$/;
/**
 * "20 Stk", "3 m²", "3 Piece", "20 C62" (a unit's code), "-2 Stk" (a correction): a quantity with its
 * unit ("3 m?", "3 m2": OCR's readings of "m²")
 */
const WITH_UNIT = /^(-?\d{1,6}(?:[.,]\d{1,4})?)\s(\p{L}[\p{L}²³.]{0,9}|\p{Ll}{1,2}[?23]|[A-Z]{1,2}\d{1,2})$/u;
/** an amount written as money: decimals, an optional sign and currency mark */
const MONEY = /^-?(?:[$€£]\s?)?\d{1,3}(?:[.,' ]?\d{3})*[.,]\d{2,4}(?:\s?[$€£])?$/;
const PLAIN = /^-?(?:[$€£]\s?)?\d{1,6}(?:[.,' ]?\d{3})*(?:[.,]\d{1,4})?(?:\s?[$€£])?$/;
/** a reference cell: "Art-Nr-Kunde:", "Art-Nr-Lieferant: AB12", "GLN:4000000000017" (a label, a colon, one token at most) */
const LABEL_REF = /^[#\p{L}][\p{L}\d .#/-]{0,30}\s?:\s?\S*$/u;
/** an article code: one token with a digit ("7710-B", "XY200"), or a bare number */
const CODE = /^(?=\S*\d)\S+$/;

interface NumberCell {
  index: number;
  value: number;
  unit: boolean;
  written: string;
}

const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.011, Math.abs(b) * 0.002);
const isDateCell = (t: string) => {
  const d = findDates(t)[0];
  return !!d && d.length >= t.trim().length - 2;
};

/** the cells of a line, a cell of several numbers ("25,00 20,00%") split into its numbers */
function lineCells(line: string): string[] {
  return splitCells(line).flatMap((c) => {
    const parts = c.text.split(/\s+/);
    return parts.length > 1 && parts.every((p) => PLAIN.test(p) || RATE.test(p)) ? parts : [c.text];
  });
}

function numberOf(cell: string, index: number): NumberCell | null {
  if (RATE.test(cell) || isDateCell(cell)) return null;
  // "9,90 EUR": an amount with its currency's code
  const code = /^(.*\d)\s?([A-Z]{3})$/.exec(cell);
  const text = code && parseCurrency(code[2]!) ? code[1]! : cell;
  const unit = WITH_UNIT.exec(text);
  if (unit) {
    const value = parseAmount(unit[1]!);
    return value === undefined ? null : { index, value, unit: true, written: unit[1]! };
  }
  if (!PLAIN.test(text)) return null;
  const value = parseAmount(text);
  return value === undefined ? null : { index, value, unit: false, written: text };
}

const noDecimals = (n: NumberCell) => !/[.,]\d{1,4}\s?[$€£]?$/.test(n.written);

/** quantity, price and amount of an item line, or null when no two of its numbers give the rightmost */
function anchor(cells: string[]): Anchor | null {
  const numbers = cells.map((c, i) => numberOf(c, i)).filter((n): n is NumberCell => !!n);
  const amount = numbers[numbers.length - 1];
  if (!amount || amount.unit || !MONEY.test(amount.written)) return null;
  // no text after the amount but rates, units and codes ("25,00  20,00%", "412.00")
  if (cells.slice(amount.index + 1).some((c) => /\p{L}{4,}/u.test(c))) return null;
  const before = numbers.slice(0, -1);
  // the pair nearest the amount: a position number or an article number stands further left
  for (let j = before.length - 1; j >= 1; j--) {
    for (let i = j - 1; i >= 0; i--) {
      const [x, y] = [before[i]!, before[j]!];
      if (!near(x.value * y.value, amount.value)) continue;
      // the quantity: the number with a unit, else the one written without decimals, else the whole one, else the smaller
      const qtyFirst =
        x.unit !== y.unit ? x.unit
        : noDecimals(x) !== noDecimals(y) ? noDecimals(x)
        : Number.isInteger(x.value) !== Number.isInteger(y.value) ? Number.isInteger(x.value)
        : x.value <= y.value;
      return qtyFirst ? { quantity: x, price: y, amount } : { quantity: y, price: x, amount };
    }
  }
  return null;
}

type Anchor = { quantity: NumberCell; price: NumberCell; amount: NumberCell };
interface Shape {
  kinds: string;
  quantity: number;
  price: number;
}

/** what a cell of an item line is: a number with a unit, a rate, a number, a unit's word, text */
const kindOf = (c: string): string => {
  if (RATE.test(c)) return 'R';
  const n = numberOf(c, 0);
  if (n) return n.unit ? 'U' : 'N';
  return /^\p{L}{1,5}\.?$/u.test(c) ? 'W' : 'T';
};

/** the cells from the quantity or price to the amount, when every item line that adds up (two at least) has the same */
function learnShape(lines: string[], anchors: (Anchor | null)[]): Shape | null {
  const shapes = new Set<string>();
  let shape: Shape | null = null;
  anchors.forEach((a, i) => {
    if (!a) return;
    const from = Math.min(a.quantity.index, a.price.index);
    const kinds = lineCells(lines[i]!).slice(from, a.amount.index + 1).map(kindOf).join('');
    shape = { kinds, quantity: a.quantity.index - from, price: a.price.index - from };
    shapes.add(JSON.stringify(shape));
  });
  return shapes.size === 1 && anchors.filter(Boolean).length >= 2 ? shape : null;
}

/** an item line by its shape: the same cells before its last amount as the lines that add up */
function shaped(cells: string[], shape: Shape): Anchor | null {
  const last = cells.findLastIndex((c) => numberOf(c, 0) !== null);
  const from = last - shape.kinds.length + 1;
  if (last === -1 || from < 0 || cells.slice(from, last + 1).map(kindOf).join('') !== shape.kinds) return null;
  const amount = numberOf(cells[last]!, last)!;
  if (amount.unit || !MONEY.test(amount.written) || cells.slice(last + 1).some((c) => /\p{L}{4,}/u.test(c))) return null;
  return { quantity: numberOf(cells[from + shape.quantity]!, from + shape.quantity)!, price: numberOf(cells[from + shape.price]!, from + shape.price)!, amount };
}

/** an article's number with its label and no colon ("Art.-Nr. SD-100", "Item no. 4711", "SKU AB12", "EAN 4012345001235") */
const ARTICLE_REF = /^(?:art(?:ikel)?\.?\s*-?\s*(?:nr|no)\.?|item\s*(?:no\.?|#)|sku|ref\.?|réf\.?|ean|gtin|pzn|best\.?\s*-?\s*nr\.?)\s*[:.#]?\s*(?=\S*\d)\S+$/i;

/** a cell that is no description: a reference, a code, a position, a date, a unit, a rate */
function isReference(text: string): boolean {
  return LABEL_REF.test(text) || ARTICLE_REF.test(text) || CODE.test(text) || isDateCell(text) || RATE.test(text) || /^\(?[A-Z]{2,5}\)?$/.test(text);
}

/** the description a line above an item's numbers gives ("1     Superdrachen"): its text cells but references and a position number, '' for none */
function nameAbove(line: string): string {
  if (!line.trim() || isSeparatorLine(line) || findDates(line).length || line.includes(':') || PAGE.test(line.trim())) return '';
  const cells = splitCells(line).map((c) => c.text);
  if (cells.length > 3 || isTableEndLabel(cells[0]!)) return '';
  return cells.filter((c) => !/^\d{1,3}\.?$/.test(c) && !isReference(c) && /\p{L}{2}/u.test(c)).join(' ');
}

/** a page's footer or header ("Seite 1 von 3", "Page 2 / 2", "Strona 1 z 2") */
const PAGE = /^(?:seite|page|pagina|página|strona|blad|pag\.?)\s*\d+\s*(?:von|of|de|di|z|van|\/)\s*\d+$/i;

/** a reference cell under an item: a label or a code with a letter ("Art-No:", "AB12", "Art-No: AB12") */
const isRefCell = (c: string) => (LABEL_REF.test(c) || CODE.test(c)) && /\p{L}/u.test(c);

/** the description a line under an item adds, '' for a reference line, null when the item ends there */
function continuation(line: string): string | null {
  if (!line.trim() || isSeparatorLine(line)) return null;
  const cells = splitCells(line).map((c) => c.text);
  if (findDates(line).length || isTableEndLabel(cells[0]!) || PAGE.test(line.trim())) return null;
  // an identifier opens the line ("4001234500017 (GTIN)"), or a label gives a number ("Gross price: 4,00")
  if (/^\d{5,}/.test(cells[0]!) || /:\s?-?\d/.test(line)) return null;
  if (cells.length === 1) {
    const [c] = cells as [string];
    if (isRefCell(c)) return '';
    return /\p{L}{2}/u.test(c) && !/^\(.*\)$/.test(c) ? c : null;
  }
  // the reference column and the description column side by side ("XY200   large", "Art-No: AB12   blue")
  return cells.length === 2 && isRefCell(cells[0]!) && /\p{L}/u.test(cells[1]!) ? cells[1]! : null;
}

/** rows whose description goes on under their line */
const CONTINUED = new WeakSet<Record<string, unknown>>();
export const isContinued = (row: Record<string, unknown>): boolean => CONTINUED.has(row);

export interface ItemBlocks {
  rows: Record<string, unknown>[];
  lines: number[];
  line: number;
  /** the names were read from the lines above the items' numbers (a layout no column reading sees) */
  namesAbove: boolean;
}

/**
 * Where every item line holds numbers and no description and has a name on the line directly
 * above it, the first line of each item's name: item line -> first line of its name (the lines
 * after the previous item line, or the run of name lines directly above the first). Undefined for
 * any other layout.
 */
function nameAboveLayout(lines: string[], anchors: (Anchor | null)[], skip: Set<number>): Map<number, number> | undefined {
  const items = anchors.flatMap((a, i) => (a ? [i] : []));
  if (!items.length) return undefined;
  const out = new Map<number, number>();
  for (const [n, i] of items.entries()) {
    const cells = lineCells(lines[i]!);
    const a = anchors[i]!;
    const ownText = cells.filter((c, j) => j < a.amount.index && j !== a.quantity.index && j !== a.price.index && !PLAIN.test(c) && !/^\p{L}{1,5}\.?$/u.test(c) && /\p{L}{2}/u.test(c) && !isReference(c));
    if (ownText.length || i === 0 || skip.has(i - 1) || anchors[i - 1] || !nameAbove(lines[i - 1]!)) return undefined;
    let first = i - 1;
    const floor = n === 0 ? -1 : items[n - 1]!;
    while (first - 1 > floor && !skip.has(first - 1) && !anchors[first - 1] && nameAbove(lines[first - 1]!) && n > 0) first--;
    out.set(i, first);
  }
  return out;
}

export function readItemBlocks(lines: string[], table: TableField, skip: Set<number>): ItemBlocks | null {
  const role = (r: string) => table.columns.find((c) => (c.type === 'number' || c.type === 'integer') && numericRole(c) === r);
  const [qCol, pCol, aCol] = [role('quantity'), role('price'), role('amount')];
  const dCol = table.columns.find((c) => c.type === 'string' && !c.format && !c.enumValues && numericRole(c) === 'other');
  if (!qCol || !pCol || !aCol || !dCol) return null;
  const anchors = lines.map((l, i) => (skip.has(i) ? null : anchor(lineCells(l))));
  // a line laid out as every item line that adds up, whose own numbers do not (a line allowance)
  const shape = learnShape(lines, anchors);
  if (shape) lines.forEach((l, i) => (anchors[i] ??= skip.has(i) ? null : shaped(lineCells(l), shape)));
  const found: { line: number; cells: Map<ScalarField, string>; desc: string[]; continued: boolean }[] = [];
  const occupied: number[] = [];
  // an item's name on the line above its numbers, the numbers' line holding no description of its
  // own ("1     Superdrachen" / "Art.-Nr. SD-100    2 Stk    20,00    40,00"): so for every item
  // line, or the names would be read one item off
  const above = nameAboveLayout(lines, anchors, skip);
  for (let i = 0; i < lines.length; i++) {
    const a = anchors[i];
    if (!a) continue;
    const cells = lineCells(lines[i]!);
    // a short word beside the quantity is its unit ("12  pcs  8,50")
    const unit = (j: number) => Math.abs(j - a.quantity.index) === 1 && /^\p{L}{1,5}\.?$/u.test(cells[j]!);
    const text = cells.filter((c, j) => j < a.amount.index && j !== a.quantity.index && j !== a.price.index && !unit(j) && !PLAIN.test(c) && /\p{L}{2}/u.test(c));
    if (text.some((t) => isTotalOrTaxLabel(t) || isTableEndLabel(t))) continue;
    // reference cells give way to the description; words ending in a colon are one ("Fresh water per litre:")
    const described = text.filter((t) => !isReference(t));
    const desc = described.length ? described : text.filter((t) => /^\p{L}+(?:\s\p{L}+)+:$/u.test(t)).slice(-1);
    const own = desc.length;
    occupied.push(i);
    if (above) {
      // the lines since the previous item's numbers name this item; none below it do
      for (let k = above.get(i)!; k < i; k++) {
        const name = nameAbove(lines[k]!);
        occupied.push(k);
        if (name) desc.push(name);
      }
      found.push({ line: i, cells: new Map<ScalarField, string>([[qCol, a.quantity.written], [pCol, a.price.written], [aCol, a.amount.written]]), desc, continued: false });
      continue;
    }
    for (let k = i + 1; k < lines.length && !anchors[k] && !skip.has(k); k++) {
      const more = continuation(lines[k]!);
      if (more === null) break;
      occupied.push(k);
      if (more) desc.push(more);
    }
    const read = new Map<ScalarField, string>([
      [qCol, a.quantity.written],
      [pCol, a.price.written],
      [aCol, a.amount.written],
    ]);
    found.push({ line: i, cells: read, desc, continued: desc.length > own });
  }
  // a position number run into the description ("1 Kite"): every row opens with one, increasing
  const leads = found.map((f) => /^(\d{1,3})\s+(?=\p{L})/u.exec(f.desc[0] ?? '')?.[1]).map(Number);
  const numbered = found.length >= 2 && leads.every((n, k) => Number.isFinite(n) && (k === 0 || n > leads[k - 1]!));
  const rows: Record<string, unknown>[] = [];
  for (const f of found) {
    if (numbered) f.desc[0] = f.desc[0]!.replace(/^\d{1,3}\s+/, '');
    const desc = f.desc.join(' ').trim();
    if (!desc) continue;
    f.cells.set(dCol, desc);
    const row = buildRow(f.cells, table);
    if (f.continued) CONTINUED.add(row);
    rows.push(row);
  }
  return rows.length ? { rows, lines: occupied, line: Math.min(...occupied), namesAbove: above !== undefined } : null;
}
