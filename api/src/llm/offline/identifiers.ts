// An identifier whose label the extractor does not know ("Bon 40417", "Slip: 7731-22"): when the
// schema has exactly one identifier field (its name ends in number / id / reference / code) and
// no label found it, a label–value pair that no field claimed, whose value has the shape of an
// identifier (digits, perhaps letters and dashes; not a date, a time, an amount with decimals or
// a phone number), names it — provided the document holds exactly one such pair. Two or more
// (a store number, a till number and a receipt number) and nothing says which: none.
import type { ScalarField, SchemaModel } from './fields';
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

export function unlabelledIdentifier(lines: string[], model: SchemaModel, values: Map<ScalarField, unknown>, skip: Set<number>, found: FoundField[]): void {
  const ids = identifierFields(model);
  if (ids.length !== 1 || values.has(ids[0]!)) return;
  const field = ids[0]!;
  const taken = new Set(found.map((f) => f.line - 1));
  const claimedBy = (label: string) => model.scalars.some((f) => f !== field && matchLabel(label, f.labels) >= 0.6);
  const pairs: { line: number; value: string; label: string }[] = [];
  lines.forEach((text, li) => {
    if (skip.has(li) || taken.has(li) || !text.trim() || isSeparatorLine(text)) return;
    const cells = splitCells(text);
    cells.forEach((cell, ci) => {
      // "Label: value", "Label value" (a single-spaced last token) or a label cell and the value cell right of it
      const m = /^([A-Za-z][A-Za-z .'/-]{0,30}?)\s*(?::\s*|\s)([#№]?\s?\S+)$/.exec(cell.text);
      const next = cells[ci + 1];
      const beside = /^[A-Za-z][A-Za-z .'/-]{0,30}:?$/.test(cell.text) && next ? [cell.text.replace(/:$/, ''), next.text] : null;
      // "#4471": a number sign is a label of its own
      const sign = /^[#№]\s?(\S+)$/.exec(cell.text);
      const pair = m ? [m[1]!, m[2]!] : beside ?? (sign ? ['number', sign[1]!] : null);
      if (!pair) return;
      const [label, value] = pair as [string, string];
      const words = normalizeLabel(label).split(' ');
      if (!/[a-z]{2,}/i.test(label) || words.some((w) => CONTACT.has(w)) || claimedBy(label) || !identifierShaped(value)) return;
      pairs.push({ line: li, value: value.replace(/^[#№]\s?/, ''), label: label.trim() });
    });
  });
  const distinct = new Set(pairs.map((p) => p.value));
  if (distinct.size !== 1) return;
  const pair = pairs[0]!;
  values.set(field, pair.value);
  found.push({ path: field.path.join('.'), line: pair.line + 1, via: 'unlabelled-identifier', label: pair.label });
}
