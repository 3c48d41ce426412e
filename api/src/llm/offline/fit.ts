// Every value the offline extractor answers must fit its field; a field it is unsure of stays
// empty and is listed as not found. A wrong value is worse than an empty one: it goes straight
// into the record and the export, and nothing there says it was a guess.
//   identifiers   look like identifiers: a digit (or a short upper-case code), no sentence, at
//                 most a few space-separated parts
//   dates         parse as dates (a field the schema calls a date, with or without its format)
//   numbers       are numbers (parsed by type already; anything else goes)
//   names         are names, not addresses, sentences, e-mail or web addresses, nor a lower-case
//                 word; a label written before the name ("From Maple Leaf Printing", "Seller
//                 Nordlicht Software AB") and an address written after it are taken off
//   guesses       values only a fallback found (the only date of the text, a currency sign, an enum
//                 word in prose, the first line, a name's shape, an unlabelled identifier) stand
//                 only beside evidence that the text is the schema's kind of document: a value a
//                 label, a table column or the arithmetic gave. A letter's date is not an invoice
//                 date; a manual's comparison table is no receipt.
// Applied to the header fields once every rule has had its say, before the arithmetic reads them.
import type { ScalarField, SchemaModel } from './fields';
import { IDENTIFIER_WORDS, contentWords, nameWords, normalizeLabel } from './labels';
import { LEGAL_FORM_ALONE } from './legal-forms';
import { mendLegalForm } from './letterhead';
import { NAME_WORDS } from './pairs';
import type { FoundField } from './result';
import { findDates } from './values';
import { TITLES } from './vocabulary';

export interface Unfit {
  path: string;
  value: unknown;
  reason: string;
}

const isIdentifierField = (f: ScalarField) => f.type === 'string' && !f.format && !f.enumValues && IDENTIFIER_WORDS.has(contentWords(f.name).slice(-1)[0] ?? '');
const isNameField = (f: ScalarField) =>
  f.type === 'string' && !f.format && !f.enumValues && !isIdentifierField(f) && contentWords(f.path.join(' ')).some((w) => NAME_WORDS.includes(w));
const isDateField = (f: ScalarField) => f.format === 'date' || (f.type === 'string' && !f.format && !f.enumValues && nameWords(f.name).includes('date'));

/** words that join the words of a name ("Bank of the West", "Müller und Söhne") */
const JOINERS = new Set(['of', 'the', 'and', 'for', 'de', 'la', 'le', 'du', 'des', 'von', 'van', 'der', 'den', 'und', 'et', 'y', 'da', 'di', '&']);
/** a run of lower-case prose words: "describes the library", "thank you for your order" */
const proseWords = (value: string) => value.split(/\s+/).filter((t) => /^[a-zäöüßàâçéèêëîïôûùüÿñ]{2,}[,;:]?$/.test(t) && !JOINERS.has(t.replace(/[,;:]$/, '')));

export function identifierProblem(value: string): string | null {
  const v = value.trim();
  const parts = v.split(/\s+/);
  if (v.length > 40) return 'too long for an identifier';
  // quoted, or with code's brackets: a quotation of an identifier (a manual's example), not this document's
  if (/["“”„«»(){};=<>]/.test(v)) return 'quoted or code, not an identifier';
  if (proseWords(v).length >= 2 || parts.length > 4) return 'a sentence, not an identifier';
  if (/[.!?]$/.test(v) && parts.length > 1) return 'a sentence, not an identifier';
  if (!/\d/.test(v) && !/^[A-Z][A-Z0-9]*(?:[-/.][A-Z0-9]+)*$/.test(v)) return 'no digit and no code';
  return null;
}

// an address: a house number before a street word, a street word before a number, a post code
const STREET = String.raw`(?:street|st\.?|road|rd\.?|avenue|ave\.?|lane|ln\.?|drive|dr\.?|way|boulevard|blvd\.?|place|pl\.?|square|sq\.?|court|ct\.?|close|crescent|terrace|highway|hwy|parkway|str\.?|stra(?:ss|ß)e|weg|gasse|platz|allee|ring|damm|ufer|rue|avenida|via|calle|chemin|quai)`;
const ADDRESS = [
  new RegExp(String.raw`^\d+[a-z]?,?\s+(?:[A-Za-zÀ-ÿ'.-]+\s+){0,4}${STREET}(?:\s|,|$)`, 'i'),
  /[A-Za-zÀ-ÿ-]+(?:stra(?:ss|ß)e|str\.|weg|gasse|platz|allee)\s+\d+/i, // "Hauptstraße 5"
  new RegExp(String.raw`\b${STREET}\s+\d+[a-z]?\b`, 'i'),
  /\b(?:p\.?\s?o\.?\s?box|postfach|suite\s+\d|floor\s+\d|unit\s+\d+)/i,
  /\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/, // a UK post code
  /\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/, // a US state and ZIP
  /(?:^|,\s*)\d{4,5}\s+[A-ZÄÖÜ][a-zäöüß]+/, // "10115 Berlin", "75008 Paris"
];

export function nameProblem(value: string): string | null {
  const v = value.trim();
  if (/@|https?:|www\.|\.(?:com|org|net|de|fr|co\.uk)\b/i.test(v)) return 'an e-mail or web address, not a name';
  if (ADDRESS.some((re) => re.test(v))) return 'an address, not a name';
  if (proseWords(v).length >= 3 || v.split(/\s+/).length > 8) return 'a sentence, not a name';
  if (/[!?]$/.test(v)) return 'a sentence, not a name';
  if (!/[A-Za-zÀ-ÿ]{2,}/.test(v)) return 'no name';
  if (LEGAL_FORM_ALONE.test(v)) return 'a legal form alone, not a name';
  if (!/^[A-Z0-9ÄÖÜÀ-Þ"'(&]/.test(v)) return 'a lower-case word, not a name';
  // a bar, or a capital ending a lower-case word ("JIAWE | HOUSE", "Banh Mi CafE", "PappaR ich"):
  // letters OCR misread, not the name as printed (legal forms that end so are no sign of it)
  if (/\|/.test(v) || /\p{Ll}\p{Lu}(?!\p{L})/u.test(v.replace(/\b(?:g?GmbH|mbH|KGaA|SpA|SrL)\b/g, ''))) return 'a name OCR damaged';
  return null;
}

/** a party label written before the name it labels */
const NAME_LABEL = /^(?:from|seller|vendor|supplier|sold\s+by|issued\s+by|bill(?:ed)?\s+to|invoice\s+to|ship(?:ped)?\s+to|buyer|customer|client|merchant|payee|company)\b\s*[:\-–]?\s+(?=\S)/i;

export function stripNameLabel(value: string): string {
  const m = NAME_LABEL.exec(value);
  if (!m) return value;
  const rest = value.slice(m[0].length).trim();
  // "From" alone, or a label before nothing name-like, leaves the value as it was
  return /^[A-Z0-9ÄÖÜÀ-Þ"'(&]/.test(rest) ? rest : value;
}

/** "Maple Leaf Printing, 22 Elm Street, Boston": the name before an address written after it on the same line */
export function withoutAddress(value: string): string {
  const parts = value.split(/,\s*/);
  for (let i = 1; i < parts.length; i++) {
    const tail = parts.slice(i).join(', ');
    if (ADDRESS.some((re) => re.test(tail))) {
      const head = parts.slice(0, i).join(', ').trim();
      return head && !ADDRESS.some((re) => re.test(head)) ? head : value;
    }
  }
  return value;
}

/** how a value was found when no label, table or sum says so */
const FALLBACKS: ReadonlySet<FoundField['via']> = new Set(['only-date', 'later-date', 'currency-mark', 'enum-mention', 'first-line', 'letterhead', 'footer', 'name-shape', 'address-block', 'unlabelled-identifier', 'only-email']);

/** A dropper of values: takes a field's value and its finding out, and records why in `out`. */
export function dropper(values: Map<ScalarField, unknown>, found: FoundField[], out: Unfit[]) {
  return (field: ScalarField, value: unknown, reason: string) => {
    values.delete(field);
    const path = field.path.join('.');
    const at = found.findIndex((f) => f.path === path);
    if (at >= 0) found.splice(at, 1);
    out.push({ path, value, reason });
  };
}

/**
 * Keeps the header values that fit their fields (names with their label taken off) and removes
 * the others; answers what was removed and why (the caller lists them as not found).
 */
export function fitValues(model: SchemaModel, values: Map<ScalarField, unknown>, found: FoundField[]): Unfit[] {
  const out: Unfit[] = [];
  const drop = dropper(values, found, out);
  for (const field of model.scalars) {
    if (!values.has(field)) continue;
    const value = values.get(field);
    let reason: string | null = null;
    if (field.type === 'number' || field.type === 'integer') {
      if (typeof value !== 'number' || !Number.isFinite(value)) reason = 'not a number';
    } else if (typeof value === 'string') {
      if (isDateField(field)) {
        if (field.format === 'date' ? !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)) : findDates(value).length === 0) reason = 'not a date';
      } else if (isIdentifierField(field)) {
        reason = identifierProblem(value);
      } else if (isNameField(field)) {
        const name = mendLegalForm(withoutAddress(stripNameLabel(value)));
        reason = nameProblem(name);
        if (!reason && name !== value) values.set(field, name);
      }
    }
    if (reason) drop(field, value, reason);
  }
  // a "label" that is a short lower-case word is a word of prose ("… from the factories", "… are Source")
  for (const field of [...values.keys()]) {
    const f = found.find((x) => x.path === field.path.join('.'));
    if (f && (f.via === 'label' || f.via === 'next-line') && f.label !== undefined && /^[a-z]{1,4}$/.test(f.label.trim())) {
      drop(field, values.get(field), `labelled only by the word "${f.label.trim()}"`);
    }
  }
  return out;
}

/**
 * A line that names the text a bill of some kind ("RECEIPT", "TAX INVOICE", "Rechnung", "CASH BILL
 * 1234"): the title a letter or a manual never has on a line of its own, only in its prose. With
 * it, a receipt whose every label OCR damaged keeps its date and its letterhead.
 */
function isKindTitle(line: string): boolean {
  const words = normalizeLabel(line).split(' ').filter((w) => w && !/\d/.test(w) && w !== 'number');
  return words.length > 0 && words.length <= 3 && KIND_TITLES.has(words.join(' '));
}
const KIND_TITLES = new Set(
  ['invoice', 'tax invoice', 'simplified tax invoice', 'full tax invoice', 'receipt', 'official receipt', 'sales receipt', 'cash receipt', 'cash bill', 'bill', 'cash sale', 'cash sales', 'credit note', 'purchase order', ...TITLES].map(normalizeLabel),
);

/**
 * Fallbacks stand only beside a value a label, a table column or the arithmetic gave (table rows
 * alone are no evidence: a manual's comparison table reads as rows). Run after the arithmetic,
 * which may find the one labelled value a damaged receipt has (its total, from cash and change).
 */
export function dropUnsupportedGuesses(model: SchemaModel, values: Map<ScalarField, unknown>, found: FoundField[], lines: readonly string[]): Unfit[] {
  const via = (f: ScalarField) => found.find((x) => x.path === f.path.join('.'))?.via;
  const evidence = [...values.keys()].some((f) => {
    const how = via(f);
    return how !== undefined && !FALLBACKS.has(how);
  });
  if (evidence || lines.some(isKindTitle)) return [];
  const out: Unfit[] = [];
  const drop = dropper(values, found, out);
  for (const field of model.scalars) {
    const how = via(field);
    if (values.has(field) && how && FALLBACKS.has(how)) drop(field, values.get(field), `only a guess (${how}) in a text with no labelled field or table of this schema`);
  }
  return out;
}
