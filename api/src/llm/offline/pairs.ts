// Label–value pairs of the text matched to the schema's scalar fields: "Label: value", a label
// cell and the value cell right of it, a row of labels with the values on the row below, a label
// alone with its value on the next line, single-spaced "Label value". Each reading is a scored
// candidate; the extractor takes the best ones, each cell at most once.
import { totalRole } from './arithmetic';
import type { FoundField } from './result';
import { conventions, parseFieldValue, type ScalarField } from './fields';
import { LEGAL_FORM_ALONE } from './legal-forms';
import { IDENTIFIER_WORDS, TAX_BASE, contentWords, isFieldLabel, isNegatedLabel, keywordScore, matchLabel, normalizeLabel, stem } from './labels';
import { BENEFICIARY, DESCRIPTION, LINE_SUM, QUANTITY, UNIT_PRICE } from './vocabulary';
import { identifierShaped } from './identifiers';
import { isSeparatorLine, splitCells, type Cell } from './table';
import { currencySymbols, findDates, parseAmount } from './values';

export interface Candidate {
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

export const LABEL_THRESHOLD = 0.6;

const LINE_SUMS = new Set(LINE_SUM.map(normalizeLabel));
const NET_TOTALS = new Set(['net total', 'nett total', 'net amount', 'nett amount'].map(normalizeLabel));
/** a tax's line with its amount ("GST @ 6% :  1.20", "Total GST   0.12") */
const TAX_LINE = /\b(?:gst|vat|sst|tax)\b[^\n]*\d[.,]\d{2}\s*$/i;

export function collectCandidates(lines: string[], fields: ScalarField[], skipLines: Set<number>): Candidate[] {
  const out: Candidate[] = [];
  const identifierFields = fields.filter((f) => f.type === 'string' && !f.format && IDENTIFIER_WORDS.has(contentWords(f.name).slice(-1)[0] ?? ''));
  // a document that writes its amounts with cents: an amount without a decimal mark is one whose mark OCR lost ("Total 3100")
  const withCents = lines.filter((l) => /\d[.,]\d{2}(?!\d)/.test(l)).length >= 3;
  const isLabel = (text: string) => isFieldLabel(text, fields);
  const summaryLines = taxSummaryLines(lines);
  const noSubtotal = !fields.some((f) => totalRole(f) === 'subtotal');
  const firstTax = lines.findIndex((l) => TAX_LINE.test(l));
  const taxAbove = (line: number) => firstTax !== -1 && firstTax < line;
  // "Description   Qty   Price   Amount 04": the amount column's name over the rows, no total
  const headerLines = new Set(lines.flatMap((l, li) => (splitCells(l).filter((c) => ITEM_COLUMNS.has(normalizeLabel(c.text))).length >= 2 ? [li] : [])));
  const inPartyBlock = partyBlockLines(lines, fields);
  const consider = (key: string, value: string, line: number, consumes: string[], weight: number, via: Candidate['via'], summary = false) => {
    // a summary table's row weighs less than a label with one amount
    summary ||= summaryLines.has(line);
    if (summary) weight = 0.8;
    // the base a tax is charged on, named in its label ("19 % MwSt. auf 473,00", "VAT 20% on
    // 1,250.00"), is no part of its name
    key = key.replace(TAX_BASE, '');
    // a cell holding a long number is a value, not a label ("Voucher ref 19-220044")
    // (a number in brackets is the label's own code: "Handelsrechnung (380) Nr.")
    if (!/[a-z]/i.test(key) || key.length > 60 || /\d{3,}/.test(key.replace(/\([^)]*\)/g, ''))) return;
    // "Invoice Number    Invoice Date": the cell right of a label is another label, not its value
    if (isLabel(value)) return;
    // "Nr. 471102 vom 15.11.2024", "Fattura n. 293/2024 del 04/05/2024": the number, then the date it was issued on
    const dated = DATED.exec(value.trim());
    const datedDates = dated ? findDates(dated[2]!, { dayFirst: conventions.dayFirst }) : [];
    if (dated && /\d/.test(dated[1]!) && datedDates.length === 1 && datedDates[0]!.index === 0 && datedDates[0]!.length >= dated[2]!.trim().length - 1) {
      const before = out.length;
      consider(key, dated[1]!, line, consumes, weight, via);
      const own = ownDateField(fields);
      if (own && out.slice(before).some((c) => identifierFields.includes(c.field))) {
        out.push({ field: own, score: 0.8 * weight, line, consumes: consumes.map((id) => `${id}:dated`), value: datedDates[0]!.iso, via, label: key.trim() });
      }
      return;
    }
    // "incl. GST 9%" names the VAT amount (included in the prices)
    const included = /^(?:incl\.?|including)\s+(.+)$/i.exec(key.trim());
    if (included) consider(included[1]!, value, line, consumes, weight * 0.95, via);
    // a rate in a label is not part of its name ("VAT 20%", "GST @ 10%")
    const name = key.replace(/\s*@?\s*\d+(?:[.,]\d+)?\s*%/g, ' ').trim() || key;
    for (const field of fields) {
      // a bare "Nummer:" inside a party's block ("Verkäufer" / "Nummer: 549910") is that party's number
      if (inPartyBlock.has(line) && identifierFields.includes(field) && contentWords(key).every((w) => IDENTIFIER_WORDS.has(w))) continue;
      // a summary row's first amount is a base (the tax beside it), never the amount paid
      if (summary && totalRole(field) === 'total') continue;
      // "Total (Excluding GST)": the total without the tax is never the amount paid
      if (totalRole(field) === 'total' && isNegatedLabel(name)) continue;
      let score = Math.max(matchLabel(name, field.labels), keywordScore(name, field.keywords));
      // "TOTAL RM", "Betrag EUR", "Grand Total Inclusive GST": an amount's label names its field
      // without the currency it is in too, and the total's without the tax it includes
      if (field.type === 'number' && score < LABEL_THRESHOLD) {
        const bare = amountLabelCore(name, totalRole(field) === 'total');
        if (bare && bare !== name) score = Math.max(score, 0.95 * Math.max(matchLabel(bare, field.labels), keywordScore(bare, field.keywords)));
      }
      // "Voucher ref 19-2200": a label that says "identifier" names the schema's only identifier field
      let byIdentifierRule = false;
      if (score < LABEL_THRESHOLD && identifierFields.length === 1 && identifierFields[0] === field && contentWords(key).some((w) => IDENTIFIER_WORDS.has(w)) && contentWords(key).length <= 3) {
        score = 0.7;
        byIdentifierRule = true;
      }
      // "Customer order", "Client PO #" beside an identifier: the label's one word that only this identifier field uses names it
      if (score < LABEL_THRESHOLD && identifierFields.length > 1 && identifierFields.includes(field) && ownsLabel(field, key, identifierFields, fields) && identifierShaped(value)) score = 0.65;
      // the amount paid after rounding ("Total rounded", "Rounded total") over the total before it
      if (field.type === 'number' && /round/i.test(key) && field.labels.some((l) => l.phrase === 'total')) score *= 1.15;
      // the sum of the item lines gives way to a total without tax printed beside it
      if (field.type === 'number' && LINE_SUMS.has(normalizeLabel(name))) score *= 0.9;
      // "Net Total (MYR) : 21.20" under the tax ("GST @ 6% : 1.20"): a receipt's total net of its
      // discounts, not an invoice's total before tax (which stands above the tax), for a schema
      // that asks for no subtotal
      if (totalRole(field) === 'total' && NET_TOTALS.has(normalizeLabel(name)) && noSubtotal && taxAbove(line)) score = Math.max(score, 0.9);
      score *= weight;
      if (score < LABEL_THRESHOLD) continue;
      // (and a total, subtotal or tax of fewer digits: "AMOUNT  74" in a tax summary's heading), nor
      // is one with three digits after its only mark ("9.685" for 9.65): a digit OCR added
      const noMark = totalRole(field) ? /^\D*\d+\D*$/ : /^\D*\d{3,}\D*$/;
      if (field.type === 'number' && withCents && (noMark.test(value.trim()) || /^\D*\d{1,3}[.,]\d{3}\D*$/.test(value.trim())) && !/%/.test(value)) continue;
      if (field.type === 'number' && headerLines.has(Number(consumes[0]!.split(':')[0]))) continue;
      if (!plausible(field, value)) continue;
      // "TOTAL   7-00", "Total Rounded   538 00": among amounts with cents, a dash or a space
      // between the units and two digits is the decimal mark OCR misread
      const mended = field.type === 'number' && withCents ? value.replace(/^(\s*[^\d\s-]{0,3}\s?\d{1,3})[- ](\d{2})\s*$/, '$1.$2') : value;
      const parsed = parseFieldValue(field, mended);
      if (parsed === undefined) continue;
      out.push({ field, score, line, consumes, value: parsed, via, label: key.trim(), byIdentifierRule });
    }
  };

  lines.forEach((line, li) => {
    if (skipLines.has(li) || !line.trim() || isSeparatorLine(line)) return;
    const cells = splitCells(line);
    // (a line of a scan's bars and nothing else has no cell: "|      |     |")
    if (!cells.length) return;
    // a row of labels with the values on the row below, column by column
    // (most cells name fields: an OCR-damaged label among them must not become a value)
    const labelCells = cells.filter((c) => !c.text.includes(':') && isLabel(c.text)).length;
    if (cells.length >= 2 && !cells.some((c) => c.text.includes(':')) && (labelCells >= Math.max(2, Math.ceil((cells.length * 2) / 3)) || isLabelRow(lines, li))) {
      let below = valuesBelow(lines, li, cells.filter((c) => isLabel(c.text)));
      // a breakdown under the labels, one row per tax rate ("7 %  50,00  3,50" / "19 %  100,00
      // 19,00"): its sum row holds the document's amounts, and without one no row does (rows of
      // other values under a row of labels, a statement's transactions, are no breakdown)
      const rows = below === -1 ? [] : valueRows(lines, below, cells);
      const firstCell = (r: number) => splitCells(lines[r]!)[0]?.text ?? '';
      const rates = rows.filter((r) => /^\d{1,2}(?:[.,]\d{1,2})?\s?%$/.test(firstCell(r)));
      if (rates.length > 1 && rows.every((r) => rates.includes(r) || SUM_ROW.test(firstCell(r)))) below = rows.find((r) => SUM_ROW.test(firstCell(r))) ?? -1;
      if (below !== -1) {
        const belowCells = splitCells(lines[below]!);
        cells.forEach((cell, ci) => {
          const aligned = belowCells.find((b) => b.start < cell.end + 2 && b.end > cell.start - 2);
          if (aligned) consider(cell.text, aligned.text, below, [`${li}:${ci}`, `${below}:${belowCells.indexOf(aligned)}`], 0.95, 'next-line');
        });
      }
      return;
    }
    // a row of labels over a row of values OCR read single-spaced, one cell ("Date  Time Num  OPT" /
    // "18/03/18 15 17 06051 02"): only the first label is sure of its value, the first word below it
    if (cells.length >= 2 && isLabel(cells[0]!.text) && cells.every((c) => !/[\d:]/.test(c.text) && c.text.split(' ').length <= 4)) {
      const below = nextNonEmpty(lines, li);
      const belowCells = below === li + 1 ? splitCells(lines[below]!) : [];
      const first = belowCells.length === 1 && Math.abs(belowCells[0]!.start - cells[0]!.start) <= 2 ? belowCells[0]!.text.split(' ')[0] : undefined;
      if (first && /\d/.test(first)) consider(cells[0]!.text, first, below, [`${li}:0`, `${below}:0`], 0.9, 'next-line');
    }
    // "Recapt No. © CS1802/27714 Date. 12/02/2018": a date after a label inside a cell, without a
    // colon or a gap (the last one to three words before the date name it; a colon's label and
    // value are read above)
    for (const cell of cells.filter((c) => !c.text.includes(':'))) {
      for (const d of findDates(cell.text, { dayFirst: conventions.dayFirst })) {
        const words = cell.text.slice(0, d.index).replace(/[.:]\s*$/, '').trim().split(/\s+/);
        if (d.index === 0 || !/\p{L}[.:]?\s*$/u.test(cell.text.slice(0, d.index))) continue;
        for (let k = 1; k <= Math.min(3, words.length - 1); k++) {
          consider(words.slice(-k).join(' '), cell.text.slice(d.index, d.index + d.length), li, [`${li}:${cells.indexOf(cell)}:d${d.index}`], 0.9, 'label');
        }
      }
    }
    // a party's block under its label ("Verkäufer" / "Nummer: 549910" / "Name: Lieferant GmbH"): its name line
    if (cells.length === 1) {
      const party = partyOfLabel(cells[0]!.text, fields);
      if (party) partyBlock(lines, li, party, out);
    }
    // "Bénéficiaire      MOYEN DE PAIEMENT : VIREMENT" / "NOM : LE FOURNISSEUR      COMPTE :": the
    // bank details' holder heads the block in its column
    else if (BENEFICIARIES.has(normalizeLabel(cells[0]!.text.replace(/[:：\s]+$/, '')))) {
      const at = cells[0]!.start;
      const seller = partyOfLabel('Seller', fields);
      if (seller) partyBlock(columnOf(lines, (c) => Math.abs(c.start - at) <= 2), li, seller, out, BANK_HOLDER_WEIGHT);
    } else {
      // "SELLER TRADE NAME      Adresse du Client": a party's label heads the column it stands in,
      // from its left edge to the next label's (the block under it may be aligned to the right);
      // the column is cut out only under a cell that is a party's label
      cells.forEach((cell, ci) => {
        const party = /[\d:]/.test(cell.text) ? undefined : partyOfLabel(cell.text, fields);
        if (!party) return;
        const from = ci === 0 ? 0 : cell.start - 2;
        const to = cells[ci + 1]?.start ?? Infinity;
        partyBlock(columnOf(lines, (c) => c.start >= from && c.start < to), li, party, out, 0.9);
      });
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
          // "VAT: 19 %     10.156,88" (a colon OCR put in "VAT 19 %"): the rate belongs to the label, the amount is the next cell
          const right = cells[ci + 1];
          if (/^\d{1,2}(?:[.,]\d+)?\s*%$/.test(value.trim()) && right && !right.text.includes(':')) consider(key, right.text, li, [id, `${li}:${ci + 1}`], 0.95, 'label');
          // "Invoice No: INV-1 Date: 2024-03-01" with single spaces: cut the value before the next "Label:"
          const next = /^(.*?\S)\s+([A-Z][A-Za-z .#]{1,30}?)\s*:\s*(\S.*)$/.exec(value);
          if (next) {
            consider(key, next[1]!, li, [id], 0.95, 'label');
            consider(next[2]!, next[3]!, li, [`${id}b`], 0.95, 'label');
          }
        } else {
          // "Bill To:" with the value in the next cell, or below in the same column
          const right = cells[ci + 1];
          if (right && !right.text.includes(':')) {
            consider(key, right.text, li, [id, `${li}:${ci + 1}`], 0.95, 'label', summaryRow(cells, ci));
          }
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
      // "Date  2024-03-01": a label cell followed by a value cell (a time's colon is no label's: "25/12/2018 8:13 PM")
      const right = cells[ci + 1];
      if (right && !right.text.replace(TIME, '').includes(':')) {
        consider(cell.text, right.text, li, [id, `${li}:${ci + 1}`], 0.95, 'label', summaryRow(cells, ci));
        // "Umsatzsteuer 19 %   473,00   89,87": a rate in the label, its base, then the tax, which
        // is the rate of the base
        const after = cells[ci + 2];
        if (after && taxOfBase(cell.text, right.text, after.text)) consider(cell.text, after.text, li, [id, `${li}:${ci + 2}`], 0.95, 'label');
      }
      // "Invoice No. INV-001" / "TOTAL $12.00" with single spaces: try the first 1-5 words as the label
      // (not a line of words alone above its value: "ACCOUNT OWNER" / "ORLA BRENNAN" is a label, not "Account: Owner")
      const words = cell.text.split(' ');
      const below = cells.length === 1 && !/\d/.test(cell.text) ? nextNonEmpty(lines, li) : -1;
      const labelAbove = below !== -1 && splitCells(lines[below]!).length === 1 && !lines[below]!.includes(':');
      for (let k = 1; k < Math.min(6, words.length) && !labelAbove; k++) {
        consider(words.slice(0, k).join(' '), words.slice(k).join(' '), li, [id], 0.9, 'label');
      }
      // "USt. 19 % auf 473,00 € = 89,87 €": the words before a cell's last amount, the base they name left out
      const last = /^(.*?\S)\s*=\s*(-?[€$£]?\s?\d[\d.,' ]*[.,]\d{2}\s*(?:€|[A-Z]{3})?)$/.exec(cell.text);
      if (last) consider(last[1]!, last[2]!, li, [id], 0.9, 'label');
    });
  });
  preferRoundedTotal(out);
  // several identifiers and nothing says which one the schema means ("Firm nr 5550", "Voucher ref 19-22"): none
  const ruled = new Set(out.filter((c) => c.byIdentifierRule).map((c) => String(c.value)));
  return ruled.size > 1 ? out.filter((c) => !c.byIdentifierRule) : out;
}

/**
 * "Total: 102,39" / "0.01" / "Total 102.40": a total printed again a few cents apart further down
 * is the first one rounded to what can be paid in cash, the amount paid. It takes the score of the
 * best total above it.
 */
function preferRoundedTotal(out: Candidate[]): void {
  const totals = out.filter((c) => totalRole(c.field) === 'total' && typeof c.value === 'number');
  for (const c of totals) {
    const above = totals.filter((o) => o.field === c.field && o.line < c.line && o.score >= c.score);
    const rounded = above.filter((o) => Math.abs((o.value as number) - (c.value as number)) <= 0.05 + 1e-9 && o.value !== c.value);
    if (rounded.length) c.score = Math.max(...above.map((o) => o.score)) + 0.001;
  }
}

/**
 * A label that shares a distinctive word (few fields use it) with this identifier field and no word
 * with the schema's other identifier fields ("Customer order" and a "buyer's purchase order number"),
 * nor with a field holding another kind of value (a date, an amount: "Order date").
 */
function ownsLabel(field: ScalarField, label: string, identifiers: ScalarField[], fields: ScalarField[]): boolean {
  const words = contentWords(label).filter((w) => !IDENTIFIER_WORDS.has(w));
  if (!words.some((w) => (field.keywords.get(w) ?? 0) > 0.5)) return false;
  const otherKind = fields.filter((f) => f.type !== 'string' || f.format);
  return ![...identifiers, ...otherKind].some((other) => other !== field && words.some((w) => other.keywords.has(w) && !field.keywords.has(w)));
}

const TIME = /\b\d{1,2}:\d{2}(?::\d{2})?\b/g;

/**
 * A label whose value cell is followed by another amount ("Total :   89.50   5.37" under a tax
 * summary's "Amount  Tax"): a row of a summary table, weaker than a label with one amount, and
 * never the amount paid (its first amount is the base the tax beside it was taken on).
 */
function summaryRow(cells: { text: string }[], ci: number): boolean {
  const amount = (t: string | undefined) => t !== undefined && /\d[.,]\d{2}\b/.test(t);
  // also with a rate between ("Umsatzsteuer (S)   240,00   7   16,80": a tax breakdown's base, rate, tax)
  return amount(cells[ci + 1]?.text) && cells.slice(ci + 2).some((c) => amount(c.text));
}

/** a label's rate, and an amount that is that rate of the amount before it ("19 %", 473,00, 89,87) */
function taxOfBase(label: string, base: string, tax: string): boolean {
  const rate = /(\d{1,2}(?:[.,]\d{1,2})?)\s?%/.exec(label);
  const [b, t] = [parseAmount(base), parseAmount(tax)];
  if (!rate || b === undefined || t === undefined || t <= 0) return false;
  return Math.abs((b * Number(rate[1]!.replace(',', '.'))) / 100 - t) <= 0.011;
}

const BENEFICIARIES = new Set(BENEFICIARY.map(normalizeLabel));
/** the bank details' holder is the issuer, whatever a line that reads as a seller's label says */
const BANK_HOLDER_WEIGHT = 1.1;

/** the names of a line-item table's columns other than its amount */
const ITEM_COLUMNS = new Set(['description', 'item', 'qty', 'quantity', 'price', 'unit price', 'disc', 'product', ...QUANTITY, ...UNIT_PRICE, ...DESCRIPTION].map(normalizeLabel));

/** how many lines under a tax summary's heading are its rows */
const SUMMARY_ROWS = 5;

/**
 * The rows under a tax summary's heading ("GST Summary   Amount (RM)   Tax (RM)", "VAT summary")
 * that hold two numbers: "Total : 2.00  012" is the base and the tax, even where OCR lost the
 * tax's decimal mark.
 */
function taxSummaryLines(lines: string[]): Set<number> {
  const out = new Set<number>();
  lines.forEach((line, li) => {
    // (also "GST suMMeRY": OCR takes an "a" for an "e")
    if (!/(?:gst|tax|vat|mwst|ust|tva|iva|btw)\s*summ[ae]ry|summary\s+of\s+(?:gst|tax|vat)/i.test(line)) return;
    for (let k = li + 1, rows = 0; k < lines.length && rows < SUMMARY_ROWS; k++) {
      if (!lines[k]!.trim()) continue;
      rows++;
      // a base and its tax; "TOTAL PAID : 27.55" printed under the summary is the amount paid, a
      // bare "Total: 60.00" the summary's own total also where OCR lost its tax ("360),")
      if ((lines[k]!.match(/\d[\d.,]*/g) ?? []).length >= 2 || normalizeLabel(lines[k]!.replace(/[-\d.,:|)(]+/g, ' ')) === 'total') out.add(k);
    }
  });
  return out;
}

/** "<number> vom|von|du|del|de|van|of|dated <date>" */
const DATED = /^(\S+)\s+(?:vom|von|du|del|de|dd\.?|z\s+dnia|van|of|dated)\s+(\S.*)$/i;

/** date fields that are not the document's own date */
const OTHER_DATES = new Set(['due', 'delivery', 'deadline', 'expiry', 'expiration', 'requested', 'required', 'birth', 'start', 'end', 'period']);
function ownDateField(fields: ScalarField[]): ScalarField | undefined {
  return fields.find((f) => f.format === 'date' && f.path.length === 1 && !contentWords(f.name).some((w) => OTHER_DATES.has(w)));
}

/** a label of a party's name inside its block: "Name:", "Nom :", "Naam:", "Firma:", "Nazwa:" */
const NAME_LINE = /^(?:name|nom|naam|nombre|nome|nazwa|firma|raz[oó]n social|ragione sociale|company)\s*[:：]\s*(\S.*)$/i;

/** the cells of a column, line by line ('' where a line has none), and where each stands in its line */
interface Column {
  texts: string[];
  index: number[];
}

function columnOf(lines: string[], inColumn: (c: Cell) => boolean): Column {
  const column: Column = { texts: [], index: [] };
  for (const l of lines) {
    const cells = splitCells(l);
    const at = cells.findIndex(inColumn);
    column.texts.push(at === -1 ? '' : cells[at]!.text);
    column.index.push(at === -1 ? 0 : at);
  }
  return column;
}

interface PartyLabel {
  f: ScalarField;
  score: number;
  label: string;
}

/** the one party name field a label names ("Verkäufer", "Sprzedawca:", "Adresse du Client"), if any */
function partyOfLabel(text: string, fields: ScalarField[]): PartyLabel | undefined {
  const label = text.replace(/[:：\s]+$/, '');
  if (!label || /\d/.test(label) || label.split(' ').length > 3) return undefined;
  const parties = fields.filter((f) => f.type === 'string' && !f.format && !f.enumValues && contentWords(f.name).some((w) => NAME_WORDS.includes(w)) && !IDENTIFIER_WORDS.has(contentWords(f.name).slice(-1)[0] ?? ''));
  const matched = parties.map((f) => ({ f, score: matchLabel(label, f.labels), label })).filter((m) => m.score >= 0.85);
  return matched.length === 1 ? matched[0] : undefined;
}

/** the lines of the blocks under a party's label alone on its line ("Verkäufer" / "Nummer: 549910" / "Name: …"), up to an empty line */
function partyBlockLines(lines: string[], fields: ScalarField[]): Set<number> {
  const out = new Set<number>();
  lines.forEach((line, li) => {
    const cells = splitCells(line);
    if (cells.length === 1 && partyOfLabel(cells[0]!.text, fields)) for (const i of blockUnder(lines, li)) out.add(i);
  });
  return out;
}

/** the lines of the block under a label's line (one empty line may stand between them), up to an empty line, at most 9 */
function blockUnder(lines: string[], li: number): number[] {
  const out: number[] = [];
  const start = lines[li + 1]?.trim() ? li + 1 : li + 2;
  for (let i = start; i < lines.length && i <= li + 9 && lines[i]!.trim(); i++) out.push(i);
  return out;
}

/**
 * A line holding only a party's label ("Verkäufer", "Sprzedawca:", "Seller") heads that party's
 * block: the block's "Name: …" line, else its first line that reads as a name (lines with a colon,
 * numbers and addresses are skipped), up to the first empty line, is the party's name. Given a
 * column (a label that stands beside others), the block is read in that column only.
 */
function partyBlock(source: string[] | Column, li: number, { f, score, label }: PartyLabel, out: Candidate[], weight = 0.97): void {
  const lines = Array.isArray(source) ? source : source.texts;
  const cellId = (k: number) => `${k}:${Array.isArray(source) ? 0 : source.index[k]}`;
  let name: { value: string; line: number } | undefined;
  for (const i of blockUnder(lines, li)) {
    const flat = lines[i]!.trim().replace(/\s{2,}/g, ' ');
    const named = NAME_LINE.exec(flat);
    if (named) {
      name = { value: named[1]!.trim(), line: i };
      break;
    }
    if (flat.includes(':')) continue;
    const cells = splitCells(lines[i]!);
    if (cells.length !== 1) break;
    const cell = cells[0]!.text;
    if (!name && !/\d{3,}/.test(cell) && /^\p{Lu}/u.test(cell) && /\p{L}{2}/u.test(cell)) name = { value: cell, line: i };
  }
  if (!name || !plausible(f, name.value)) return;
  const value = parseFieldValue(f, name.value);
  if (value !== undefined) out.push({ field: f, score: weight * score, line: name.line, consumes: [cellId(li), cellId(name.line)], value, via: 'next-line', label });
}

export const NAME_WORDS = ['name', 'holder', 'vendor', 'seller', 'buyer', 'customer', 'supplier', 'merchant', 'company', 'payee', 'client'].map(stem);

/** identifiers hold a digit; names hold words, not a number or a date */
function plausible(field: ScalarField, value: string): boolean {
  if (field.type !== 'string' || field.format || field.enumValues) return true;
  const words = contentWords(field.name);
  if (IDENTIFIER_WORDS.has(words[words.length - 1] ?? '')) return /\d/.test(value);
  // "Company reg 09876543", "Store no 0042": a number, or a word saying "number" before digits, is no part of a name
  if (words.some((w) => NAME_WORDS.includes(w))) {
    const numbered = /\d{5,}/.test(value) || /^(?:no|nr|id|number|ref)\b\.?\s*#?\d/i.test(value);
    // (nor is a legal form alone: "Lieferant GmbH" is a company, not "Lieferant: GmbH")
    return /[a-z]{2,}/i.test(value) && !numbered && !LEGAL_FORM_ALONE.test(value.trim()) && parseAmount(value) === undefined && findDates(value).length === 0;
  }
  return true;
}

export function nextNonEmpty(lines: string[], from: number): number {
  for (let i = from + 1; i < lines.length && i <= from + 2; i++) if (lines[i]!.trim() && !isSeparatorLine(lines[i]!)) return i;
  return -1;
}

const alignedUnder = (cell: Cell, below: Cell[]) => below.find((b) => b.start < cell.end + 2 && b.end > cell.start - 2);

/**
 * The line of a label row's values: the next line, or — when nothing on it stands under the labels
 * (a paragraph of terms runs beside them: "Late payment ... the base   TOTAL NET   TOTAL VAT") — the
 * first of the three lines after it with a number under every label.
 */
/** the first cell of a breakdown's sum row */
const SUM_ROW = /^(?:summe|gesamt|total|totaal|totale|somme|suma|razem|sum|totals?)\b/i;

/** the rows of values from `first` on, one under the other, each with as many cells as the labels and digits in half of them */
function valueRows(lines: string[], first: number, labels: Cell[]): number[] {
  const out: number[] = [];
  for (let i = first; i < lines.length && lines[i]!.trim(); i++) {
    const cells = splitCells(lines[i]!);
    if (Math.abs(cells.length - labels.length) > 1 || cells.filter((c) => /\d/.test(c.text)).length * 2 < cells.length) break;
    out.push(i);
  }
  return out;
}

function valuesBelow(lines: string[], li: number, labels: Cell[]): number {
  const below = nextNonEmpty(lines, li);
  if (below === -1 || labels.length < 2) return below;
  if (labels.some((c) => alignedUnder(c, splitCells(lines[below]!)))) return below;
  for (let i = below + 1, seen = 0; i < lines.length && seen < 3; i++) {
    if (!lines[i]!.trim()) continue;
    seen++;
    const cells = splitCells(lines[i]!);
    if (labels.every((c) => /\d/.test(alignedUnder(c, cells)?.text ?? ''))) return i;
  }
  return below;
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
  if (!aligned || values.filter((v) => /\d/.test(v.text)).length * 2 < values.length) return false;
  // "Name   Orla Brennan" / "IBAN   GB33 ..." / "Date   31/05/2024": a column of labels with their values beside them, not a label row
  const column = (cs: { text: string; start: number }[]) => cs.length === 2 && !/\d/.test(cs[0]!.text) && Math.abs(cs[1]!.start - cells[1]!.start) <= 2;
  const after = nextNonEmpty(lines, below);
  return !(cells.length === 2 && column(values) && after === below + 1 && column(splitCells(lines[after]!)));
}

/** ISO 4217 codes an amount's label may name ("Total EUR", "Amount (USD)") */
const CURRENCY_CODES = new Set(Intl.supportedValuesOf('currency'));
/** "incl. GST", "inclusive of VAT", "after tax", "inkl. MwSt.": the tax a total includes */
const TAX_INCLUDED = /\b(?:incl(?:usive|uding|udes|uded)?|inkl(?:usive)?|after|with|avec|met|con)\b\.?\s*(?:of\s+)?(?:gst|sst|vat|tax(?:es)?|mwst|ust|btw|iva|tva)\b\.?/giu;

/**
 * An amount's label without the currency it names ("TOTAL RM" -> "TOTAL", "Betrag (EUR)" ->
 * "Betrag") and, for the total, without the tax it says it includes ("Grand Total Inclusive GST" ->
 * "Grand Total"); empty when nothing else is left.
 */
export function amountLabelCore(label: string, total: boolean): string {
  const { symbols } = currencySymbols();
  let s = label.replace(/[()[\]]/g, ' ');
  if (total) s = s.replace(TAX_INCLUDED, ' ');
  const words = s.split(/\s+/).filter(Boolean);
  const kept = words.filter((w) => {
    const bare = w.replace(/[.:]+$/, '');
    return !(CURRENCY_CODES.has(bare.toUpperCase()) && bare.length === 3 && bare === bare.toUpperCase()) && !symbols.has(bare) && !symbols.has(bare.toUpperCase());
  });
  return kept.join(' ').trim();
}

