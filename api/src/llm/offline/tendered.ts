// On a receipt the total is what the customer paid: the cash tendered less the change given back
// ("CASH 100.00 / CHANGE 19.10" paid 80.90). A scan often damages the total's own label ("TOZAY,",
// "tal Sales (Inclusive of GST)") or a "Total" line holds something else ("Total : 0.00" under
// a tax summary), while the two payment lines stay legible. The difference is taken as the total
// only when the receipt prints it as an amount on another line too, so a misread cash or change
// line never invents one.
import { normalizeLabel } from './labels';
import { isSeparatorLine, splitCells } from './table';
import { parseAmount } from './values';

/** "Cash", "Cash received", "Tendered", and the same in the other languages read here */
const TENDER = ['cash', 'cash received', 'cash tendered', 'tendered', 'amount tendered', 'tunai', 'bar', 'bargeld', 'gegeben', 'especes', 'contant', 'efectivo', 'contanti', 'gotowka'];
/** "Change", "Change due", "Rückgeld", ... */
const CHANGE = ['change', 'change due', 'cash change', 'change amount', 'baki', 'ruckgeld', 'wechselgeld', 'rendu', 'monnaie rendue', 'wisselgeld', 'cambio', 'resto', 'reszta'];

const TENDER_LABELS = new Set(TENDER.map(normalizeLabel));
const CHANGE_LABELS = new Set(CHANGE.map(normalizeLabel));

export interface Labelled {
  line: number;
  label: string;
  value: number;
}

/** a payment label, with at most one stray token after it ("CASH RH" where OCR damaged "RM") */
function paymentLabel(text: string, labels: Set<string>): boolean {
  const words = normalizeLabel(text).split(' ').filter(Boolean);
  return [1, 2, 3].some((n) => words.length - n <= 1 && words.length >= n && labels.has(words.slice(0, n).join(' ')));
}

/** a line of a label and one amount at its end, signed ("CASH   RM 100.00", "Change : 19.10", "CHANGE RM ~~ 2.50") */
export function labelledAmount(text: string, line: number): Labelled | undefined {
  if (!text.trim() || isSeparatorLine(text)) return undefined;
  // (a space OCR put after the decimal mark, "40. 35", is read too, and a currency sign before the
  // amount, "$8.20"; a minus is kept: "-0.01")
  const amount = /(?:^|[\s:=~])[$€£]?(-?\d{1,3}(?:[,.]?\d{3})*[.,] ?\d{2})\s*[|\]]?\s*$/.exec(text);
  const label = /^\s*([\p{L}][\p{L} .'/()-]*?)\s*(?::|\s{2}|\s(?=\p{Lu}{1,3}\b)|$)/u.exec(splitCells(text)[0]?.text ?? '');
  if (!amount) return undefined;
  const value = parseAmount(amount[1]!.replace(' ', ''));
  // (a damaged label still prints the amount: "TOTAL ~~ )/D) s—   55.10")
  return value === undefined ? undefined : { line, label: label?.[1] ?? '', value };
}

export interface TenderedTotal {
  value: number;
  /** the line that prints the total as an amount (1-based line numbers are the caller's) */
  line: number;
}

export interface CashLessChange {
  value: number;
  /** the tender line (0-based) */
  line: number;
}

/** the paid amount and every line's amount it was read among */
function payment(lines: string[]): { paid: CashLessChange; amounts: Labelled[] } | undefined {
  const amounts = lines.map((l, i) => labelledAmount(l, i)).filter((a): a is Labelled => a !== undefined);
  const tender = amounts.find((a) => paymentLabel(a.label, TENDER_LABELS));
  if (!tender) return undefined;
  const change = amounts.find((a) => a.line > tender.line && paymentLabel(a.label, CHANGE_LABELS));
  if (!change) return undefined;
  // (a tender printed as negative, "Cash  -50.00", is the same cash)
  const value = Math.round((Math.abs(tender.value) - Math.abs(change.value)) * 100) / 100;
  return value > 0 ? { paid: { value, line: tender.line }, amounts } : undefined;
}

/** The cash tendered (the first tender line) less the change given back on a line after it. */
export function cashLessChange(lines: string[]): CashLessChange | undefined {
  return payment(lines)?.paid;
}

/** The total paid, from the first tender line and the change line after it, when another line prints it. */
export function tenderedTotal(lines: string[]): TenderedTotal | undefined {
  const read = payment(lines);
  if (!read) return undefined;
  const { paid, amounts } = read;
  const printed = amounts.find((a) => a.line < paid.line && Math.abs(a.value - paid.value) < 0.005);
  return printed ? { value: paid.value, line: printed.line } : undefined;
}
