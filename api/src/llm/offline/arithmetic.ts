// Arithmetic of a document: line items add up to the subtotal, subtotal + tax = total, an
// opening balance + the transactions = the closing balance, quantity × price = amount. Used two
// ways:
//  - to FIND amounts no label named: an amount line ("Merchandise   1,234.50") whose value is
//    the sum of the rows is the subtotal; the one that is subtotal + tax is the total; two
//    balance lines that differ by the sum of the transactions are the opening and closing
//    balances. The field roles come from the schema's own names and descriptions.
//  - to SAY when the document does not add up: warnings, never silent corrections of what the
//    document prints.
import type { ScalarField, SchemaModel, TableField } from './fields';
import type { FoundField } from './result';
import { contentWords, isNegatedLabel, normalizeLabel, stem } from './labels';
import { balanceRows } from './row-repair';
import { numericRole } from './structure';
import { isSeparatorLine, splitCells } from './table';
import { digitSkeleton, editDistance, valueDigits, writtenDecimals } from './ocr-numbers';
import { cashLessChange, labelledAmount, tenderedTotal } from './tendered';
import { parseAmount } from './values';

type TotalRole = 'subtotal' | 'tax' | 'total' | 'opening' | 'closing';

const ROLE_WORDS: [TotalRole, string[]][] = [
  ['opening', ['opening', 'start', 'beginning', 'previous']],
  ['closing', ['closing', 'end', 'final', 'new']],
  ['subtotal', ['subtotal', 'net', 'before', 'excluding', 'excl', 'without']],
  ['tax', ['tax', 'vat', 'gst']],
  ['total', ['total', 'payable', 'due', 'pay', 'paid', 'gross', 'grand']],
];

/** what a top-level number field holds, from its name (then its description) */
export function totalRole(field: ScalarField): TotalRole | null {
  if (field.type !== 'number' && field.type !== 'integer') return null;
  for (const text of [field.path.join(' '), field.description ?? '']) {
    const words = new Set(contentWords(text));
    for (const [role, list] of ROLE_WORDS) if (list.some((w) => words.has(stem(w)))) return role;
  }
  return null;
}

/** the 1-based line the field of a role was read from, undefined when it was not read */
const foundLine = (found: FoundField[], byRole: Map<TotalRole, ScalarField>, role: TotalRole): number | undefined => {
  const f = byRole.get(role);
  return f && found.find((x) => x.path === f.path.join('.'))?.line;
};

const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.011, Math.abs(b) * 0.0005);
const money = (n: number) => n.toFixed(2);

interface AmountLine {
  line: number;
  value: number;
}

/** lines outside the tables holding a label and exactly one amount at the end ("Net   1.234,50 EUR") */
/**
 * The tax on a line whose label a scan damaged past reading ("-oanel. VAT. 25%   26,54"): the only
 * line no field was read from holding a rate and an amount that is that rate of the subtotal (tax
 * on top) or of the total (tax included: total × rate / (100 + rate)).
 */
function taxByRate(lines: string[], consumed: Set<number>, found: FoundField[], base: number | undefined, total: number | undefined): AmountLine | undefined {
  const taken = new Set(found.map((f) => f.line - 1));
  const hits = amountLines(lines, consumed).filter(({ line, value }) => {
    const rate = /(\d{1,2}(?:[.,]\d{1,2})?)\s?%/.exec(lines[line]!);
    if (taken.has(line) || !rate || value <= 0) return false;
    const r = Number(rate[1]!.replace(',', '.'));
    const onTop = base !== undefined && near(value, Math.round(base * r) / 100);
    const included = total !== undefined && near(value, Math.round((total * r * 100) / (100 + r)) / 100);
    return r > 0 && (onTop || included);
  });
  return hits.length === 1 ? hits[0] : undefined;
}

/** a tax's name in the languages read here */
const TAX_WORD = /\b(?:tax|vat|gst|mwst|ust|umsatzsteuer|mehrwertsteuer|tva|btw|iva|podatek)\b/i;

/**
 * Tax at several rates ("zzgl. 7% MwSt.  3,50" / "zzgl. 19% MwSt.  9,50"): where the subtotal and
 * the total were read and the tax read (one rate's, or none) does not make up the difference, the
 * tax lines between them that add up to total − subtotal give the tax, which is that difference.
 * Two lines at least, each ending in its amount; nothing else is taken for a tax.
 */
function taxOfSeveralRates(lines: string[], found: FoundField[], byRole: Map<TotalRole, ScalarField>, get: (role: TotalRole) => number | undefined): AmountLine | undefined {
  const [s, t, tx] = [get('subtotal'), get('total'), get('tax')];
  if (s === undefined || t === undefined || t <= s || (tx !== undefined && near(s + tx, t))) return undefined;
  const lineOf = (role: TotalRole) => foundLine(found, byRole, role);
  const [from, to] = [lineOf('subtotal'), lineOf('total')];
  if (from === undefined || to === undefined || to <= from) return undefined;
  const taxes: AmountLine[] = [];
  // (found lines are 1-based: the lines strictly between the subtotal's and the total's)
  for (let i = from; i < to - 1; i++) {
    const amount = /(-?\d{1,3}(?:[.,\s]?\d{3})*[.,]\d{2})\s*(?:[A-Z]{3}|[€$£])?\s*$/.exec(lines[i]!);
    if (!amount || !TAX_WORD.test(lines[i]!)) continue;
    const value = parseAmount(amount[1]!);
    if (value !== undefined && value > 0) taxes.push({ line: i, value });
  }
  const due = Math.round((t - s) * 100) / 100;
  if (taxes.length < 2 || !near(taxes.reduce((a, x) => a + x.value, 0), due)) return undefined;
  return { line: taxes[0]!.line, value: due };
}

/**
 * A "total" the tax is added to further down ("Summe  473,00" / "zzgl. 19% MwSt.  89,87" /
 * "Rechnungsbetrag  562,87"; "Summe" names a total as often as a sum before tax): where no
 * subtotal was read and an amount line after the tax's line is the total read plus the tax, the
 * total read is the subtotal and that line the total.
 */
function totalAfterTax(lines: string[], consumed: Set<number>, found: FoundField[], byRole: Map<TotalRole, ScalarField>, get: (role: TotalRole) => number | undefined): AmountLine | undefined {
  const [s, t, tx] = [get('subtotal'), get('total'), get('tax')];
  if (s !== undefined || t === undefined || tx === undefined || tx <= 0 || !byRole.has('subtotal')) return undefined;
  const lineOf = (role: TotalRole) => foundLine(found, byRole, role);
  const [totalLine, taxLine] = [lineOf('total'), lineOf('tax')];
  if (totalLine === undefined || taxLine === undefined || taxLine <= totalLine) return undefined;
  return amountLines(lines, consumed).find((x) => x.line + 1 > taxLine && near(x.value, t + tx));
}

/** a line's label without its rate ("MwSt. 19 %" -> "mwst"), and the rate */
const rateLabel = (line: string) => {
  const rate = /(\d{1,2}(?:[.,]\d{1,2})?)\s?%/.exec(line);
  const label = line.replace(/-?\d[\d.,\s]*[.,]\d{2}\s*(?:[A-Z]{3}|[€$£])?\s*$/, '').replace(/\d{1,2}(?:[.,]\d{1,2})?\s?%/, ' ');
  return rate ? { key: normalizeLabel(label), rate: rate[1]! } : undefined;
};

/**
 * Amounts given once per tax rate ("Warenwert 7 %  50,00" / "Warenwert 19 %  100,00", "MwSt. 7 %
 * 3,50" / "MwSt. 19 %  19,00"): lines whose labels differ by their rate alone. Where the subtotal
 * and the tax were each read from one such line and the groups' sums make the total, the sums are
 * the subtotal and the tax.
 */
function amountsPerRate(lines: string[], consumed: Set<number>, found: FoundField[], byRole: Map<TotalRole, ScalarField>, get: (role: TotalRole) => number | undefined): { subtotal: AmountLine; tax: AmountLine } | undefined {
  const [s, t, tx] = [get('subtotal'), get('total'), get('tax')];
  if (s === undefined || t === undefined || tx === undefined || near(s + tx, t)) return undefined;
  const groups = new Map<string, { lines: number[]; sum: number; rates: Set<string> }>();
  for (const { line, value } of amountLines(lines, consumed)) {
    const r = rateLabel(lines[line]!);
    if (!r || !r.key) continue;
    const g = groups.get(r.key) ?? groups.set(r.key, { lines: [], sum: 0, rates: new Set() }).get(r.key)!;
    g.lines.push(line);
    g.sum = Math.round((g.sum + value) * 100) / 100;
    g.rates.add(r.rate);
  }
  const lineOf = (role: TotalRole) => (foundLine(found, byRole, role) ?? 0) - 1;
  const groupOf = (line: number) => [...groups.values()].find((g) => g.rates.size >= 2 && g.rates.size === g.lines.length && g.lines.includes(line));
  const [sub, tax] = [groupOf(lineOf('subtotal')), groupOf(lineOf('tax'))];
  if (!sub || !tax || sub === tax || !near(sub.sum + tax.sum, t)) return undefined;
  return { subtotal: { line: sub.lines[0]!, value: sub.sum }, tax: { line: tax.lines[0]!, value: tax.sum } };
}

/**
 * A total a scan misread ("132570" for 132,70) that neither the rows nor rows + tax confirm, on a
 * document whose tax line prints its rate: tax × (100 + rate) / rate is the total the tax was taken
 * from (to within the tax's rounding), and the only amount in that span one digit away from the
 * printed reading is the total.
 */
function totalFromIncludedTax(
  lines: string[],
  found: FoundField[],
  byRole: Map<TotalRole, ScalarField>,
  get: (role: TotalRole) => number | undefined,
  sum: number | null,
): AmountLine | undefined {
  const [t, tx, s] = [get('total'), get('tax'), get('subtotal')];
  const lineOf = (role: TotalRole) => foundLine(found, byRole, role);
  const [totalLine, taxLine] = [lineOf('total'), lineOf('tax')];
  if (t === undefined || tx === undefined || tx <= 0 || totalLine === undefined || taxLine === undefined) return undefined;
  if ((sum !== null && (near(t, sum) || near(sum + tx, t))) || (s !== undefined && near(s + tx, t))) return undefined;
  const rate = /(\d{1,2}(?:[.,]\d{1,2})?)\s?%/.exec(lines[taxLine - 1]!);
  const r = rate ? Number(rate[1]!.replace(',', '.')) : 0;
  if (!(r > 0)) return undefined;
  const printed = digitSkeleton(splitCells(lines[totalLine - 1]!).pop()?.text ?? '');
  const factor = (100 + r) / r;
  const [lo, hi] = [Math.ceil((tx - 0.005) * factor * 100), Math.floor((tx + 0.005) * factor * 100)];
  const readings: number[] = [];
  for (let cents = lo; cents <= hi && hi - lo < 50; cents++) if (editDistance(printed, String(cents)) <= 1) readings.push(cents / 100);
  return readings.length === 1 && !near(readings[0]!, t) ? { line: totalLine - 1, value: readings[0]! } : undefined;
}

/** the label part of an amount line, normalised ("Sub Total  :  RM 68.87" -> "subtotal rm") */
const labelOf = (line: string) => normalizeLabel(line.replace(/[-+]?\d[\d.,]*\s*%?/g, ' '));
/** the words of an amount line's label */
const labelWords = (lines: string[], c: AmountLine) => new Set(labelOf(lines[c.line]!).split(' '));

/**
 * The amounts at the ends of lines from..to (not table rows), also where a line is one cell with its
 * label ("TOTAL AMTecesas RM 60.31")
 */
function lineEndAmounts(lines: string[], consumed: Set<number>, from: number, to: number): AmountLine[] {
  return lines.slice(from, to).flatMap((l, k) => {
    const a = consumed.has(from + k) ? undefined : labelledAmount(l, from + k);
    return a ? [{ line: from + k, value: a.value }] : [];
  });
}

/**
 * A total whose own line a scan damaged past reading ("TOZAY,   RM 73.00"), on a document whose
 * schema asks for no subtotal or tax: the subtotal and the tax it prints on labelled lines ("Sub
 * Total : 68.87", "GST/TAX 6% : 4.13") add up to an amount printed below them, the first such line
 * being the total (a cash line repeating it comes later). Only for an empty total.
 */
function totalFromPrintedParts(lines: string[], consumed: Set<number>): AmountLine | undefined {
  const candidates = amountLines(lines, consumed);
  const parts = printedParts(candidates, lines);
  // a tax of 0.00 leaves the subtotal as the total: only a rounding printed with it says which line that is
  if (!parts || (parts.tax.value === 0 && !parts.rounding)) return undefined;
  // to the cent, with a rounding printed between them ("Rounding : -0.02"): a misread cash amount
  // a few cents off is not the total
  const due = Math.round((parts.subtotal.value + parts.tax.value + (parts.rounding?.value ?? 0)) * 100);
  return candidates.find((c) => c.line > parts.tax.line && !labelWords(lines, c).has('rounding') && Math.round(c.value * 100) === due);
}

/** words that say a "total" line is something else: a count, a tax, a saving, a total without its tax */
const NOT_PAID = new Set(['qty', 'quantity', 'item', 'saving', 'discount', 'subtotal', 'cash', 'change', 'rounding', 'point', 'excl', 'exclusive']);

/** a label that names the amount paid, however damaged the rest ("TOTAL AMTecesas RM", "Grand Total TT"), never a tax alone */
function paidLabel(label: string): boolean {
  const words = label.split(' ').filter(Boolean);
  if (!words.slice(0, 2).includes('total') || isNegatedLabel(label) || words.some((w) => NOT_PAID.has(w))) return false;
  return !words.some((w) => ['tax', 'gst', 'vat', 'sst'].includes(w)) || words.some((w) => /^incl/.test(w));
}

/**
 * The cash tendered less the change, for an empty total that no line prints as it is, where the
 * receipt's other lines vouch for it: a total and the rounding printed under it make it to the cent
 * ("TOTAL AMT 60.31", "ROUNDING ADJ -0.01"); the subtotal and the tax printed above add up to it
 * (with the rounding printed, to the cent; without, to the 5 cents cash is rounded to); or the
 * total's own amount, which a scan damaged ("Grand Total  ge2780", "9.685"), is one digit away from
 * it. A misread cash or change line agrees with none of them.
 */
function paidVouchedFor(lines: string[], consumed: Set<number>): { at: AmountLine; by: string } | undefined {
  const paid = cashLessChange(lines);
  if (!paid) return undefined;
  const cents = (n: number) => Math.round(n * 100);
  const above = lineEndAmounts(lines, consumed, 0, paid.line);
  const at = (line: number) => ({ line, value: paid.value });
  for (const t of above.filter((c) => paidLabel(labelOf(lines[c.line]!)))) {
    const rounding = above.find((c) => c.line > t.line && labelWords(lines, c).has('rounding'));
    if (rounding && rounding.value !== 0 && cents(t.value + rounding.value) === cents(paid.value)) return { at: at(t.line), by: `the total ${money(t.value)} and its rounding ${money(rounding.value)} make it` };
  }
  const parts = printedParts(above, lines);
  if (parts) {
    const due = parts.subtotal.value + parts.tax.value + (parts.rounding?.value ?? 0);
    if (Math.abs(cents(due) - cents(paid.value)) <= (parts.rounding ? 0 : 2)) return { at: at(parts.tax.line), by: `the subtotal ${money(parts.subtotal.value)} and the tax ${money(parts.tax.value)} add up to it` };
  }
  const digits = valueDigits(paid.value, 2);
  const damaged = lines.slice(0, paid.line).flatMap((l, i) => {
    if (consumed.has(i) || !/[a-z]{2,}/i.test(l)) return [];
    const cells = splitCells(l);
    const last = cells[cells.length - 1]!;
    if (cells.length < 2 || !paidLabel(labelOf(l.slice(0, last.start))) || (parseAmount(last.text) !== undefined && writtenDecimals(last.text) === 2)) return [];
    // (the amount is the cell's last word: "TT TTT ge2780" is a rule OCR read as letters, then the amount)
    const skeleton = digitSkeleton(last.text.split(/\s+/).pop()!);
    return skeleton.length >= 3 && editDistance(skeleton, digits) <= 1 ? [{ line: i, text: last.text }] : [];
  });
  return damaged.length === 1 ? { at: at(damaged[0]!.line), by: `the total's own amount, damaged ("${damaged[0]!.text}"), is one digit away` } : undefined;
}

/**
 * A total with a rounding printed under it and nothing read after ("Total (Inclusive of GST):
 * 23.26" / "Rounding Adj: -0.01", the rounded total's own line lost to the scan): the amount paid
 * is the total and its rounding. A rounding printed above the total is in it already.
 */
function roundedBelow(lines: string[], consumed: Set<number>, found: FoundField[], total: ScalarField, value: number): AmountLine | undefined {
  const at = found.find((x) => x.path === total.path.join('.'));
  if (!at || at.via === 'arithmetic') return undefined;
  const from = at.line - 1;
  const rounding = lineEndAmounts(lines, consumed, from + 1, from + 4).find((c) => {
    const words = labelWords(lines, c);
    return words.has('rounding') || words.has('round');
  });
  if (!rounding || rounding.value === 0 || Math.abs(rounding.value) >= 0.05) return undefined;
  // a rounded total printed after the rounding was the one to read: it is not taken from here
  if (lines.slice(rounding.line + 1).some((l, k) => paidLabel(labelOf(l)) && labelledAmount(l, rounding.line + 1 + k) !== undefined)) return undefined;
  return { line: rounding.line, value: Math.round((value + rounding.value) * 100) / 100 };
}

/** a receipt's printed subtotal (or total without its tax), the tax under it and a rounding under that */
function printedParts(candidates: AmountLine[], lines: string[]): { subtotal: AmountLine; tax: AmountLine; rounding?: AmountLine } | undefined {
  const words = (c: AmountLine) => labelWords(lines, c);
  // "Sub Total", or a total without the tax ("Total Sales (Excluding GST)")
  const subtotal = candidates.find((c) => words(c).has('subtotal') || (words(c).has('total') && words(c).has('excl')));
  if (!subtotal) return undefined;
  const tax = candidates.find((c) => {
    const w = words(c);
    // the tax alone ("GST 6%", "Total GST"), not a total with or without it
    const others = [...w].filter((x) => x !== 'total' && !/^\d+$/.test(x));
    return c.line > subtotal.line && ['tax', 'gst', 'vat'].some((x) => w.has(x)) && !['subtotal', 'incl', 'excl'].some((x) => w.has(x)) && (!w.has('total') || others.length === 1);
  });
  if (!tax || tax.value < 0) return undefined;
  const rounding = candidates.find((c) => c.line > tax.line && words(c).has('rounding'));
  return { subtotal, tax, ...(rounding ? { rounding } : {}) };
}

function amountLines(lines: string[], consumed: Set<number>): AmountLine[] {
  const out: AmountLine[] = [];
  lines.forEach((l, i) => {
    if (consumed.has(i) || !l.trim() || isSeparatorLine(l)) return;
    const cells = splitCells(l);
    const last = cells[cells.length - 1];
    if (!last || !/[a-z]{2,}/i.test(l)) return;
    const colon = cells.length === 1 ? /:\s*(.+)$/.exec(last.text)?.[1] : undefined;
    const value = parseAmount(colon ?? (cells.length >= 2 ? last.text : ''));
    if (value !== undefined && /[.,]\d{2}\b/.test(last.text)) out.push({ line: i, value });
  });
  return out;
}

export interface ArithmeticInput {
  model: SchemaModel;
  values: Map<ScalarField, unknown>;
  tableData: Map<TableField, Record<string, unknown>[]>;
  lines: string[];
  /** lines of the tables (their rows are not totals) */
  consumed: Set<number>;
  found: FoundField[];
  /** fill empty or inconsistent total fields from the arithmetic (whole documents only) */
  fill: boolean;
}

export function checkArithmetic({ model, values, tableData, lines, consumed, found, fill }: ArithmeticInput): string[] {
  const warnings: string[] = [];
  let sum: number | null = null;
  const balances = model.scalars.filter((f) => f.path.length === 1).map((f) => [totalRole(f), values.get(f)] as const);
  const opening0 = balances.find(([r, v]) => r === 'opening' && typeof v === 'number')?.[1] as number | undefined;
  const closing0 = balances.find(([r, v]) => r === 'closing' && typeof v === 'number')?.[1] as number | undefined;
  for (const [table, rows] of tableData) {
    if (fill && model.tables.length === 1 && opening0 !== undefined && closing0 !== undefined) {
      const mended = balanceRows(rows, table, opening0, closing0);
      if (mended.length) warnings.push(`${table.path.join('.') || 'rows'}: ${mended.length} damaged amount${mended.length > 1 ? 's' : ''} read again by opening + rows = closing (${mended.map((m) => `row ${m.row} "${m.read}" read as ${m.value}`).join('; ')})`);
    }
    const q = table.columns.find((c) => numericRole(c) === 'quantity');
    const p = table.columns.find((c) => numericRole(c) === 'price');
    const a = table.columns.find((c) => numericRole(c) === 'amount');
    const bad: string[] = [];
    rows.forEach((r, i) => {
      const [qv, pv, av] = [q && r[q.name], p && r[p.name], a && r[a.name]];
      if (typeof qv === 'number' && typeof pv === 'number' && typeof av === 'number' && !near(qv * pv, av)) bad.push(`row ${i + 1}: ${qv} × ${money(pv)} = ${money(qv * pv)}, not ${money(av)}`);
    });
    if (bad.length) warnings.push(`${table.path.join('.') || 'rows'}: ${bad.length} row${bad.length > 1 ? 's do' : ' does'} not add up (${bad.slice(0, 3).join('; ')}${bad.length > 3 ? '; …' : ''})`);
    const amounts = a ? rows.map((r) => r[a.name]).filter((v): v is number => typeof v === 'number') : [];
    if (model.tables.length === 1 && amounts.length && amounts.length === rows.length) sum = Math.round(amounts.reduce((s, v) => s + v, 0) * 100) / 100;
  }

  const byRole = new Map<TotalRole, ScalarField>();
  for (const f of model.scalars) {
    const role = totalRole(f);
    if (role && !byRole.has(role) && f.path.length === 1) byRole.set(role, f);
  }
  const get = (role: TotalRole): number | undefined => {
    const f = byRole.get(role);
    const v = f ? values.get(f) : undefined;
    return typeof v === 'number' ? v : undefined;
  };
  // only empty fields are filled: a value the document labels is kept (and warned about below)
  const set = (role: TotalRole, at: AmountLine, force = false) => {
    const f = byRole.get(role)!;
    if (values.has(f) && !force) return;
    values.set(f, at.value);
    const path = f.path.join('.');
    const i = found.findIndex((x) => x.path === path);
    if (i !== -1) found.splice(i, 1);
    found.push({ path, line: at.line + 1, via: 'arithmetic' });
  };

  if (fill && sum !== null) {
    const candidates = amountLines(lines, consumed);
    const opening = byRole.get('opening');
    const closing = byRole.get('closing');
    if (opening && closing) {
      const o = get('opening');
      const c = get('closing');
      if (o === undefined || c === undefined || !near(o + sum, c)) {
        for (const x of candidates) {
          const y = candidates.find((z) => z.line > x.line && near(x.value + sum!, z.value));
          if (y) {
            set('opening', x);
            set('closing', y);
            break;
          }
        }
      }
    }
    const sub = byRole.get('subtotal');
    const total = byRole.get('total');
    const tax = byRole.get('tax');
    const s0 = get('subtotal');
    const t0 = get('total');
    const tx0 = get('tax');
    const consistent =
      (s0 === undefined || near(s0, sum)) &&
      (t0 === undefined || near(t0, (s0 ?? sum) + (tx0 ?? 0)) || (tx0 !== undefined && near(t0, s0 ?? sum) && !candidates.some((c) => near(c.value, sum! + tx0)))) &&
      (!total || t0 !== undefined);
    if (!consistent) {
      // an amount line that is the rows plus another printed amount: total = rows + tax
      let pair: [AmountLine, AmountLine] | null = null;
      for (const x of candidates) {
        const y = candidates.find((z) => z !== x && z.value > 0 && z.value < x.value && near(sum! + z.value, x.value));
        if (y) pair = [x, y];
      }
      const rowsLine = candidates.filter((x) => near(x.value, sum!));
      if (pair) {
        // a "total" that is only the rows, when the document prints rows + tax as well, was the wrong line
        if (total) set('total', pair[0], t0 !== undefined && near(t0, sum) && !near(t0, pair[0].value));
        if (tax) set('tax', pair[1]);
        if (sub && rowsLine.length) set('subtotal', rowsLine[0]!);
      } else if (rowsLine.length) {
        // no tax on top: the rows are the total (tax included, or none)
        if (total && (t0 === undefined || !near(t0, sum))) set('total', rowsLine[rowsLine.length - 1]!);
        if (sub && s0 !== undefined && !near(s0, sum) && rowsLine.length > 1) set('subtotal', rowsLine[0]!);
      }
    }
  }

  if (fill) misreadTotals(lines, consumed, sum, byRole, get, found, (role, at) => set(role, at, true));
  if (fill) {
    const at = totalFromIncludedTax(lines, found, byRole, get, sum);
    if (at) set('total', at, true);
  }
  if (fill && byRole.has('total')) {
    // a receipt's cash less its change, when another line prints that amount (tendered.ts)
    const paid = tenderedTotal(lines);
    const before = get('total');
    if (paid && (before === undefined || !near(before, paid.value))) {
      set('total', paid, true);
      if (before !== undefined) warnings.push(`total ${money(before)} read again as ${money(paid.value)}: the cash tendered less the change, printed on line ${paid.line + 1}`);
    }
  }
  if (fill && byRole.has('total') && !byRole.has('subtotal') && !byRole.has('tax') && get('total') === undefined) {
    const at = totalFromPrintedParts(lines, consumed);
    if (at) set('total', at);
  }
  if (fill && byRole.has('total') && get('total') !== undefined) {
    const rounded = roundedBelow(lines, consumed, found, byRole.get('total')!, get('total')!);
    if (rounded) {
      warnings.push(`total ${money(get('total')!)} read as ${money(rounded.value)}: the rounding printed under it (${money(rounded.value - get('total')!)}) is part of the amount paid`);
      set('total', rounded, true);
    }
  }
  if (fill && byRole.has('total') && get('total') === undefined) {
    const vouched = paidVouchedFor(lines, consumed);
    if (vouched) {
      set('total', vouched.at);
      warnings.push(`total ${money(vouched.at.value)} is the cash tendered less the change: ${vouched.by}`);
    }
  }
  if (fill && byRole.has('tax') && get('tax') === undefined) {
    const at = taxByRate(lines, consumed, found, get('subtotal') ?? sum ?? undefined, get('total'));
    if (at) set('tax', at);
  }
  if (fill) {
    const after = totalAfterTax(lines, consumed, found, byRole, get);
    if (after) {
      const before = get('total')!;
      set('subtotal', { line: foundLine(found, byRole, 'total')! - 1, value: before });
      set('total', after, true);
      warnings.push(`total ${money(before)} read as the subtotal: the tax is added to it on line ${after.line + 1} (${money(after.value)})`);
    }
    const perRate = amountsPerRate(lines, consumed, found, byRole, get);
    if (perRate) {
      warnings.push(`subtotal and tax read as the sums of their lines per tax rate (${money(perRate.subtotal.value)}, ${money(perRate.tax.value)})`);
      set('subtotal', perRate.subtotal, true);
      set('tax', perRate.tax, true);
    }
  }
  if (fill && byRole.has('tax')) {
    const at = taxOfSeveralRates(lines, found, byRole, get);
    if (at) {
      const before = get('tax');
      set('tax', at, true);
      if (before !== undefined) warnings.push(`tax ${money(before)} read again as ${money(at.value)}: the tax lines between the subtotal and the total add up to it`);
    }
  }

  // what the document says and does not add up
  const s = get('subtotal');
  const t = get('total');
  const tx = get('tax');
  if (sum !== null && s !== undefined && !near(s, sum)) warnings.push(`the line items add up to ${money(sum)}, the subtotal says ${money(s)}`);
  if (s !== undefined && t !== undefined && tx !== undefined && !near(s + tx, t)) warnings.push(`subtotal ${money(s)} + tax ${money(tx)} = ${money(s + tx)}, the total says ${money(t)}`);
  if (sum !== null && s === undefined && t !== undefined && !near(t, sum) && !(tx !== undefined && near(sum + tx, t))) warnings.push(`the line items add up to ${money(sum)}, the total says ${money(t)}`);
  const o = get('opening');
  const c = get('closing');
  if (sum !== null && o !== undefined && c !== undefined && !near(o + sum, c)) warnings.push(`opening balance ${money(o)} + transactions ${money(sum)} = ${money(o + sum)}, the closing balance says ${money(c)}`);
  return warnings;
}

/**
 * A total a scan misread ("716.05" for 76.05, "€3:,233:;,73"): when the others say what it must be
 * (subtotal = the rows, tax = total − subtotal, total = subtotal + tax; an empty opening or closing
 * balance from the other and the rows) and exactly one amount line
 * outside the tables is one digit away from that (two for a subtotal the rows and total − tax
 * both give, on the line it was read from), that line holds it: the line the field was read
 * from, or a damaged amount (one that is not a number as written) no other total was read from, or
 * an amount equal to it on a line no field was read from (its label damaged past reading).
 * Only for values that are empty or do not add up; a document whose totals agree is never touched.
 */
function misreadTotals(
  lines: string[],
  consumed: Set<number>,
  sum: number | null,
  byRole: Map<TotalRole, ScalarField>,
  get: (role: TotalRole) => number | undefined,
  found: FoundField[],
  set: (role: TotalRole, at: AmountLine) => void,
): void {
  const lineOf = (role: TotalRole) => (foundLine(found, byRole, role) ?? 0) - 1;
  const taken = new Set(found.map((x) => x.line - 1));
  const [s, tx, t] = [get('subtotal'), get('tax'), get('total')];
  if (s !== undefined && tx !== undefined && t !== undefined && near(s + tx, t) && (sum === null || near(s, sum))) return;
  // each from the values as mended so far: the rows' sum first, then what the subtotal implies
  const base = () => sum ?? get('subtotal');
  const implied: [TotalRole, () => number | undefined][] = [
    ['subtotal', () => sum ?? (t !== undefined && tx !== undefined ? t - tx : undefined)],
    ['tax', () => (base() !== undefined && get('total') !== undefined ? get('total')! - base()! : undefined)],
    ['total', () => (base() !== undefined && get('tax') !== undefined ? base()! + get('tax')! : undefined)],
    // a statement: opening + the rows = closing
    ['opening', () => (sum !== null && get('closing') !== undefined ? get('closing')! - sum : undefined)],
    ['closing', () => (sum !== null && get('opening') !== undefined ? get('opening')! + sum : undefined)],
  ];
  const cells: { line: number; text: string }[] = [];
  lines.forEach((l, i) => {
    if (consumed.has(i) || !/[a-z]{2,}/i.test(l)) return;
    const last = splitCells(l).pop()?.text ?? '';
    // "Tax: 6.88" in one cell: the amount after its label's colon; a colon OCR put inside the
    // amount ("©3233: 73") has no word before it and is part of the amount
    const labelled = /^(.*?):\s*(.+)$/.exec(last);
    const text = labelled && /[a-z]{2}/i.test(labelled[1]!) ? labelled[2]! : last;
    if (/\d/.test(text) && text.length <= 24) cells.push({ line: i, text });
  });
  for (const [role, of] of implied) {
    const value = of();
    const current = get(role);
    if (!byRole.has(role) || value === undefined || value <= 0 || (current !== undefined && near(current, value))) continue;
    // a balance is only filled, never changed: a clean statement that does not balance keeps what it says
    if ((role === 'opening' || role === 'closing') && current !== undefined) continue;
    const digits = valueDigits(Math.round(value * 100) / 100, 2);
    const own = lineOf(role);
    // a subtotal both the rows and total − tax say: the line it was read from may be two digits off
    const twice = role === 'subtotal' && sum !== null && t !== undefined && tx !== undefined && near(sum, t - tx);
    // (an amount printed as it must be, on a line whose label OCR damaged past reading, is that line too)
    const candidates = cells.filter((c) => {
      const oneDigitAway = editDistance(digitSkeleton(c.text), digits) <= 1;
      const twoDigitsAway = twice && editDistance(digitSkeleton(c.text), digits) <= 2;
      if (c.line === own) return oneDigitAway || twoDigitsAway;
      if (taken.has(c.line)) return false;
      // (three digits after the only mark, "618.580" among amounts with cents, is damage too)
      const printed = /^\D*\d{1,3}[.,]\d{3}\D*$/.test(c.text.trim()) ? undefined : parseAmount(c.text);
      return printed === undefined ? oneDigitAway || twoDigitsAway : near(printed, value);
    });
    // of several, the line the field was read from (another damaged amount can be one digit away too)
    const close = candidates.length > 1 ? candidates.filter((c) => c.line === own) : candidates;
    if (close.length !== 1) continue;
    // one reading changed must make every check add up (a clean document that does not add up keeps what it says)
    const v = (r: TotalRole) => (r === role ? value : get(r));
    const [s1, tx1, t1] = [v('subtotal'), v('tax'), v('total')];
    const adds = (sum === null || s1 === undefined || near(s1, sum)) && (s1 === undefined || tx1 === undefined || t1 === undefined || near(s1 + tx1, t1));
    if (adds) set(role, { line: close[0]!.line, value: Math.round(value * 100) / 100 });
  }
}
