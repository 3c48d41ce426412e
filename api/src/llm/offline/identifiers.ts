// An identifier whose label the extractor does not know ("Bon 40417", "Slip: 7731-22"): when the
// schema has exactly one identifier field (its name ends in number / id / reference / code) and
// no label found it, a label–value pair that no field claimed, whose value has the shape of an
// identifier (digits, perhaps letters and dashes; not a date, a time, an amount with decimals or
// a phone number), names it — provided the document holds exactly one such pair. Two or more
// (a store number, a till number and a receipt number) and nothing says which: none. Numbers of
// the letterhead (a registration) and pairs whose label names another field's thing ("Store no"
// when the schema's merchant is a store) are not the document's; a pair found only because its
// label says "code" or "ref" (pairs.ts) counts as one more such pair.
import { parseFieldValue, type ScalarField, type SchemaModel } from './fields';
import { IDENTIFIER_WORDS, contentWords, matchLabel, normalizeLabel } from './labels';
import type { FoundField } from './result';
import { isSeparatorLine, splitCells } from './table';
import { findDates } from './values';

/** one token of letters, digits, dashes, slashes or dots holding at least three digits */
const ID_SHAPE = /^[#№]?\s?[A-Z]{0,4}[-/]?\d[\dA-Z/.-]*$/i;
/** contact numbers are identifiers of something else */
const CONTACT = new Set(['phone', 'fax', 'mobile', 'bic', 'swift', 'vat', 'tax']);

export function identifierShaped(value: string): boolean {
  const v = value.trim();
  if (!ID_SHAPE.test(v) || (v.match(/\d/g) ?? []).length < 3) return false;
  if (findDates(v).length || /\d{1,2}:\d{2}/.test(v)) return false;
  // 12.50 / 1.234,56 are amounts
  return !/^\d{1,3}(?:[.,]\d{3})*[.,]\d{2}$/.test(v);
}

export function identifierFields(model: SchemaModel): ScalarField[] {
  return model.scalars.filter((f) => f.type === 'string' && !f.format && !f.enumValues && IDENTIFIER_WORDS.has(contentWords(f.name).slice(-1)[0] ?? ''));
}

/** what pairs.ts found for the identifier field only because its label says "number" / "ref" / "code" */
export interface IdentifierWordPick {
  field: ScalarField;
  line: number;
  label: string;
}

/**
 * A label whose other words belong to another field names that field's thing ("Store no 0042" on
 * a schema whose merchant is a "Store or merchant name", "Customer ID"): not the document's number.
 */
function identifiesAnotherField(label: string, field: ScalarField, model: SchemaModel): boolean {
  const words = contentWords(label).filter((w) => !IDENTIFIER_WORDS.has(w) && !field.keywords.has(w));
  return words.some((w) => model.scalars.some((f) => f !== field && (f.keywords.get(w) ?? 0) > 0.2));
}

/**
 * The letterhead: the first run of lines when a blank line ends it within six lines. Numbers in
 * it (a company or tax registration, a branch number) identify the issuer, not the document.
 */
function letterheadLines(lines: string[]): Set<number> {
  const out = new Set<number>();
  let i = 0;
  while (i < lines.length && !lines[i]!.trim()) i++;
  for (; i < lines.length && lines[i]!.trim() && !isSeparatorLine(lines[i]!); i++) out.add(i);
  return out.size <= 6 && i < lines.length ? out : new Set();
}

export function unlabelledIdentifier(lines: string[], model: SchemaModel, values: Map<ScalarField, unknown>, skip: Set<number>, found: FoundField[], byWord?: IdentifierWordPick): void {
  const ids = identifierFields(model);
  if (ids.length !== 1) return;
  const field = ids[0]!;
  // a value found by its label's name stays; one found only by an identifier word ("Auth code") is weighed with the pairs below
  if (values.has(field) && byWord?.field !== field) return;
  const path = field.path.join('.');
  const picked = byWord?.field === field ? { line: byWord.line, value: String(values.get(field)), label: byWord.label } : undefined;
  if (picked) {
    values.delete(field);
    found.splice(found.findIndex((f) => f.path === path), 1);
  }
  const letterhead = letterheadLines(lines);
  // a line may hold a found value and the identifier ("#30917   14/03/2024"): values already given are skipped, not lines
  const known = new Set([...values.values()].map((v) => String(v).toLowerCase()));
  const claimedBy = (label: string) => model.scalars.some((f) => f !== field && matchLabel(label, f.labels) >= 0.6);
  const pairs: { line: number; value: string; label: string }[] = [];
  const admissible = (line: number, label: string) => !letterhead.has(line) && !identifiesAnotherField(label, field, model);
  if (picked && admissible(picked.line, picked.label)) pairs.push(picked);
  lines.forEach((text, li) => {
    if (skip.has(li) || !text.trim() || isSeparatorLine(text)) return;
    // "RECEIPT  #  3391": a number sign standing apart belongs to the value after it
    // (and a speck a scan left after the value, "Slip 30917 ;", is no part of it)
    const cells = splitCells(text.replace(/(^|\s)([#№])\s+(?=[A-Z]{0,4}\d)/gi, '$1$2').replace(/(\d)\s?[;|,'`~_-]{1,2}(?=\s|$)/g, '$1'));
    cells.forEach((cell, ci) => {
      // "Label: value", "Label value" (a single-spaced last token) or a label cell and the value cell right of it
      // ("Bong:. 0417-30917": a speck after the colon is no part of the value)
      const m = /^([A-Za-z][A-Za-z .'/-]{0,30}?)\s*(?::[.,;'`]?\s*|\s)([#№]?\s?\S+)$/.exec(cell.text);
      const next = cells[ci + 1];
      const beside = /^[A-Za-z][A-Za-z .'/-]{0,30}:?$/.test(cell.text) && next ? [cell.text.replace(/:$/, ''), next.text] : null;
      // "#4471": a number sign is a label of its own
      const sign = /^[#№]\s?(\S+)$/.exec(cell.text);
      const pair = m ? [m[1]!, m[2]!] : beside ?? (sign ? ['number', sign[1]!] : null);
      if (!pair) return;
      const [label, raw] = pair as [string, string];
      const value = raw.replace(/^[#№]\s?/, '');
      const words = normalizeLabel(label).split(' ');
      if (!/[a-z]{2,}/i.test(label) || words.some((w) => CONTACT.has(w)) || claimedBy(label) || !identifierShaped(raw)) return;
      if (known.has(value.toLowerCase()) || !admissible(li, label)) return;
      pairs.push({ line: li, value, label: label.trim() });
    });
  });
  const distinct = new Set(pairs.map((p) => p.value));
  if (distinct.size !== 1) return;
  const pair = pairs[0]!;
  values.set(field, parseFieldValue(field, pair.value) ?? pair.value);
  found.push({ path, line: pair.line + 1, via: pair === picked ? 'label' : 'unlabelled-identifier', label: pair.label });
}
