// Rules by position and elimination, for whole documents only: the vendor on the first lines, the
// only date, the only e-mail, an enum value mentioned once, the currency written by the amounts,
// and a later labelled date nobody claimed as the due or delivery date.
import { totalRole } from './arithmetic';
import { conventions, parseFieldValue, type ScalarField, type SchemaModel } from './fields';
import { contentWords, nameWords, stem } from './labels';
import { footerCompany, letterheadName, nameCell } from './letterhead';
import { claimedLabel, issuerField, readsLikeName, sharesWord } from './parties';
import type { FoundField } from './result';
import { isSeparatorLine, splitCells } from './table';
import { findDates, findEmails, parseCurrency } from './values';


/** date fields that name a later date than the document's own (due, delivery, deadline, expiry, end) */
const LATER_WORDS = ['due', 'delivery', 'deadline', 'expiry', 'expiration', 'until', 'end', 'requested', 'required'].map(stem);

/**
 * A labelled date nobody claimed goes to the only date field still empty whose name says it is
 * a later date (due, delivery), when it is later than the date already found: "Remit before
 * 14 May 2024" is the due date of an invoice issued on 14 April; a date before the issue date
 * (a delivery or supply date) never is.
 */
export function laterDates(lines: string[], model: SchemaModel, values: Map<ScalarField, unknown>, consumed: Set<number>, found: FoundField[]): void {
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


/** words before a date that say it is another date than the document's own: an order's, a delivery's, a due date, a period's */
const OTHER_DATE = /(?:liefer|leistung|f[äa]llig|zahlbar|due\b|deliver|ship|livraison|[ée]ch[ée]ance|p[ée]riode|zeitraum|period)/i;
/** ... or an order's */
const ORDER_DATE = /(?:bestell|auftrag|order|commande)/i;
/** the date field these words are read for: an invoice's (or a credit note's) date of issue */
const ISSUED_WORDS = /\b(?:invoice|credit note|rechnung|facture|gutschrift|avoir)\b/i;
/** ... unless they name the document's own too ("Liefer- und Rechnungsdatum") */
const OWN_DATE = /(?:rechnung|invoice|factur|beleg|gutschrift|avoir)/i;
/** a line that may be a place and a date (a cheap test before the dates are looked for) */
const PLACE_LINE = /^\s*\p{Lu}[\p{L}.'-]+(?: \p{Lu}[\p{L}.'-]+)?,\s*(?:(?:den|le|il|el)\s+)?\d/u;
/** a place before a letter's date, alone on its line ("Musterstadt, ", "München, den ", "Bad Homburg, ") */
const PLACE_DATE = /^\s*\p{Lu}[\p{L}.'-]+(?: \p{Lu}[\p{L}.'-]+)?,\s*(?:(?:den|le|il|el)\s+)?$/u;

function isNameField(f: ScalarField): boolean {
  const words = nameWords(f.path.join(' '));
  return f.path.length === 1 ? words.length <= 2 || words.includes('name') : nameWords(f.name).includes('name');
}

export function applyPositionalRules(
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
  // (the party that made the document: on a purchase order that is the buyer, see parties.ts)
  const issuer = issuerField(model);
  const vendor = issuer && !values.has(issuer) && isNameField(issuer) ? issuer : undefined;
  // only for documents that look like invoices/receipts: at least two other values were found by label or table
  const evidence = found.reduce((n, f) => n + (f.via === 'layout-table' ? 2 : f.via === 'label' || f.via === 'table' || f.via === 'item-lines' ? 1 : 0), 0);
  // the letterhead, found by its shape (a stamp or a note may stand above it): dropped later
  // (dropUnsupportedGuesses) when no label, table or sum gives another value
  const isLabel = (cell: string) => claimedLabel(model, cell);
  const letterhead = vendor ? letterheadName(lines, { stopAt: tableLines.size ? Math.min(...tableLines) : lines.length, isLabel, taken: consumedLines }) : undefined;
  if (vendor && letterhead) {
    values.set(vendor, letterhead.name);
    consumedLines.add(letterhead.line);
    found.push({ path: vendor.path.join('.'), line: letterhead.line + 1, via: 'letterhead' });
  } else if (vendor && evidence >= 2) {
    let seen = 0;
    for (let i = 0; i < lines.length && seen < 3; i++) {
      const line = lines[i]!.trim();
      if (!line || isSeparatorLine(line)) continue;
      seen++;
      if (consumedLines.has(i)) continue;
      // the first cell that reads like a name (a title such as "TAX INVOICE" may stand left of it)
      const first = splitCells(lines[i]!)
        .map((c) => c.text)
        .find((c) => readsLikeName(c) && nameCell(c) !== undefined);
      if (!first) continue;
      values.set(vendor, first);
      consumedLines.add(i);
      found.push({ path: vendor.path.join('.'), line: i + 1, via: 'first-line' });
      break;
    }
  }

  // the company the footer names beside its register and bank details, when the top of the page
  // names another (an addressee's window address with no letterhead above it) or none
  const footer = vendor ? footerCompany(lines) : undefined;
  if (vendor && footer && !consumedLines.has(footer.line) && (values.has(vendor) ? !sharesWord(String(values.get(vendor)), footer.name) : evidence >= 2)) {
    const before = found.findIndex((f) => f.path === vendor.path.join('.'));
    if (before !== -1) found.splice(before, 1);
    values.set(vendor, footer.name);
    consumedLines.add(footer.line);
    found.push({ path: vendor.path.join('.'), line: footer.line + 1, via: 'footer' });
  }

  // the only date-like field left, when the text holds dates nobody labelled
  const dateFields = missing.filter((f) => f.format === 'date' && !values.has(f));
  if (dateFields.length >= 1) {
    const target = dateFields.find((f) => !nameWords(f.name).some((w) => ['due', 'expiry', 'expiration', 'delivery', 'ship', 'birth', 'start', 'end'].includes(w)));
    if (target && model.scalars.filter((f) => f.format === 'date' && values.has(f)).length === 0) {
      // a date in a line a value was taken from still counts (a row of values under a row of labels), one in a table does not
      // (read line by line, and only as far as needed: dates are costly to find on a long document)
      const dateAt = (i: number) => {
        const d = tableLines.has(i) ? undefined : findDates(lines[i]!, { dayFirst: conventions.dayFirst })[0];
        return d ? { i, d, before: lines[i]!.slice(0, d.index) } : undefined;
      };
      // a letter's own date after its place ("Musterstadt, 03.04.2024", "München, den 3. April 2024"),
      // else the first date whose words do not name another one (an order's, a delivery's, a due date)
      // (for an invoice's date of issue only: a statement is dated by its period, a receipt's order
      // is its purchase, and other documents kept the first date before these rules)
      const issued = ISSUED_WORDS.test(`${target.name.replace(/_/g, ' ')} ${target.description ?? ''}`);
      const other = (before: string) => issued && (OTHER_DATE.test(before) || ORDER_DATE.test(before)) && !OWN_DATE.test(before);
      let chosen: ReturnType<typeof dateAt>;
      for (let i = 0; issued && !chosen && i < lines.length; i++) {
        if (!PLACE_LINE.test(lines[i]!)) continue;
        const at = dateAt(i);
        if (at && PLACE_DATE.test(at.before) && !lines[i]!.slice(at.d.index + at.d.length).trim()) chosen = at;
      }
      for (let i = 0; !chosen && i < lines.length; i++) {
        const at = dateAt(i);
        if (at && !other(at.before)) chosen = at;
      }
      if (chosen) {
        values.set(target, chosen.d.iso);
        found.push({ path: target.path.join('.'), line: chosen.i + 1, via: 'only-date' });
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
      continue;
    }
    // "VISA ****7863  $43.20": a masked card number outside the tables shows a card payment
    const cards = field.enumValues!.filter((v) => typeof v === 'string' && /\bcard\b/i.test(v.replace(/[_-]/g, ' ')));
    const masked = lines.findIndex((l, i) => !consumedLines.has(i) && /(?:[*xX•#]{4,}|(?:[*xX•]{4}[\s-]){1,3})\s?\d{4}\b/.test(l));
    if (mentioned.length === 0 && cards.length === 1 && masked !== -1) {
      values.set(field, cards[0]);
      found.push({ path: field.path.join('.'), line: masked + 1, via: 'enum-mention' });
    }
  }

  // currency: an ISO code or an unambiguous symbol written next to the amounts
  const currency = missing.find((f) => /(^|_)currency(_code)?$/i.test(f.name) && f.type === 'string' && !values.has(f));
  if (currency) {
    let codes = new Set<string>();
    // a code the document writes out ("Net total (EUR)") outweighs symbols: OCR makes a "£" of "15"
    const written = new Set<string>();
    for (const line of lines) {
      const c = parseCurrency(line);
      if (c && /\d/.test(line)) codes.add(c);
      if (c && /\d/.test(line) && new RegExp(`\\b${c}\\b`).test(line)) written.add(c);
    }
    if (codes.size > 1 && written.size === 1) codes = written;
    // amounts in two currencies (an invoice in a foreign currency that states its tax in the
    // seller's too): the invoice's is the one its total is written in
    if (codes.size > 1) {
      const total = model.scalars.find((f) => totalRole(f) === 'total' && values.has(f));
      const at = total ? found.find((f) => f.path === total.path.join('.')) : undefined;
      const onTotal = at ? parseCurrency(lines[at.line - 1] ?? '') : undefined;
      if (onTotal && codes.has(onTotal)) codes = new Set([onTotal]);
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

