// The offline extractor: a deterministic, schema-guided reader of OCR-like text.
//  - key-value lines ("Invoice Number: INV-001", "Date  2024-03-01", "Total: $1,234.56",
//    several pairs on one line, a label whose value is on the next line) matched to schema
//    properties by name, synonyms and description (pairs.ts);
//  - tables mapped onto array-of-object properties by their header or their column layout
//    (text-tables.ts, structure.ts, table.ts);
//  - values converted by type and format (ISO dates, amounts, e-mails, booleans, enums);
//  - positional rules (positional.ts) and the document's arithmetic (arithmetic.ts).
// Honest by construction: a property it cannot find is omitted (null when the schema allows
// null); nothing is made up; a value that does not fit its field (fit.ts) is left out and listed
// as not found. `found` says where every value came from.
import type { JSONSchema, LlmSourceDocument } from '../types';
import { checkArithmetic } from './arithmetic';
import { splitCells } from './table';
import { isAllowanceOrCharge, isTotalOrTaxLabel } from './labels';
import { assemble } from './assemble';
import { buildSchemaModel, conventions, type ScalarField } from './fields';
import { dropUnsupportedGuesses, fitValues, type Unfit } from './fit';
import { dropUnsureValues } from './unsure';
import { cleanMarkdown, dayFirstDocument, mendCurrencyMarks, mendSplitDecimal, mendTaxName, openLeaders, removeSpecks, spaceAfterNumberMark } from './normalise';
import { unlabelledIdentifier, type IdentifierWordPick } from './identifiers';
import { collectCandidates } from './pairs';
import { issuerByDomain, readAddressee } from './parties';
import { applyPositionalRules, laterDates } from './positional';
import type { OfflineExtraction, OfflineOptions } from './result';
import { countriesNamed, currencySymbols, documentContext } from './values';
import { readBatchTable, readTextTables, splitLeadingDates, type TablesRead } from './text-tables';

export type { FoundField, OfflineExtraction, OfflineOptions } from './result';
export { cleanMarkdown, dayFirstDocument } from './normalise';

export function extractOffline(source: LlmSourceDocument | string, schema: JSONSchema, options: OfflineOptions = {}): OfflineExtraction {
  const doc: LlmSourceDocument = typeof source === 'string' ? { text: source } : source;
  const all = doc.table ? [...doc.table.description, ...doc.table.header, ...doc.table.rows] : [doc.text];
  const text = all.join('\n');
  documentContext.countries = countriesNamed(text);
  conventions.dayFirst = dayFirstDocument(text) || dayFirstCountry(text, documentContext.countries);
  try {
    return extractWith(doc, schema, options);
  } finally {
    conventions.dayFirst = false;
    documentContext.countries = new Set();
  }
}

function extractWith(doc: LlmSourceDocument, schema: JSONSchema, options: OfflineOptions): OfflineExtraction {
  const model = buildSchemaModel(schema);
  const positional = options.positional ?? true;
  const tables: TablesRead = { tableData: new Map(), rows: {}, found: [], tableLines: new Set(), repairs: [] };
  const { tableData, rows, found, tableLines } = tables;
  const values = new Map<ScalarField, unknown>();
  const consumedLines = new Set<number>();

  let lines: string[];
  if (doc.table) {
    // a table batch: rows come from the chunk's structure, scalars only from its description lines
    readBatchTable(model, doc.table, tables);
    lines = doc.table.description.map(cleanMarkdown);
  } else {
    // (a line of a scan's bars and nothing else, "|      |     |", has no cell: it is blank)
    lines = mendTaxName(mendCurrencyMarks(doc.text.split(/\r?\n/).map((l) => mendSplitDecimal(removeSpecks(openLeaders(spaceAfterNumberMark(cleanMarkdown(l))))))).map((l) => (l.trim() && !splitCells(l).length ? '' : l)));
    readTextTables(lines, model, consumedLines, tables);
  }
  splitLeadingDates(tableData);
  // totals and tax lines are never rows ("Umsatzsteuer (S)  275,00  7  19,25" of a tax breakdown),
  // nor are the allowances and charges on the whole invoice ("Abschlag Treuerabatt  10,00  -1,00")
  for (const [table, data] of tableData) {
    const names = table.columns.filter((c) => c.type === 'string' && !c.format).map((c) => c.name);
    const kept = data.filter((row) => !names.some((n) => typeof row[n] === 'string' && (isTotalOrTaxLabel(row[n] as string) || isAllowanceOrCharge(row[n] as string))));
    if (kept.length !== data.length) tableData.set(table, kept);
  }

  // key-value pairs -> scalar fields, best matches first
  const candidates = collectCandidates(lines, model.scalars, consumedLines);
  candidates.sort((a, b) => b.score - a.score || a.line - b.line);
  const usedCells = new Set<string>();
  let byWord: IdentifierWordPick | undefined;
  for (const c of candidates) {
    if (values.has(c.field) || c.consumes.some((id) => usedCells.has(id))) continue;
    values.set(c.field, c.value);
    if (c.byIdentifierRule) byWord = { field: c.field, line: c.line, label: c.label };
    c.consumes.forEach((id) => usedCells.add(id));
    consumedLines.add(c.line);
    found.push({ path: c.field.path.join('.'), line: c.line + 1, via: c.via, label: c.label });
  }

  if (positional && !doc.table) {
    applyPositionalRules(lines, model, values, consumedLines, usedCells, found, tableLines);
    laterDates(lines, model, values, tableLines, found);
    readAddressee({ lines, model, values, consumedLines, tableLines, found });
    issuerByDomain(lines.join('\n'), model, values, found);
    unlabelledIdentifier(lines, model, values, tableLines, found, byWord);
  }
  // a value that does not fit its field is left out (listed as not found), before the arithmetic reads it
  const notFound = (u: Unfit) => `not found: ${u.path} (${JSON.stringify(u.value).slice(0, 60)} is ${u.reason})`;
  const unfit = fitValues(model, values, found).map(notFound);
  unfit.push(...dropUnsureValues(values, found, lines, doc.unsure).map(notFound));
  const warnings = checkArithmetic({ model, values, tableData, lines, consumed: tableLines, found, fill: positional && !doc.table });
  unfit.push(...dropUnsupportedGuesses(model, values, found, lines).map(notFound));

  return { ...assemble(model, values, tableData, found, rows), warnings: [...tables.repairs, ...unfit, ...warnings] };
}

/** countries that write a numeric date month first (elsewhere, 09/01/2019 is the 9th of January) */
const MONTH_FIRST = new Set(['US', 'PH', 'CA']);

/**
 * A document from a country that writes dates day first, known by the country it names, by a
 * currency symbol of one country only ("RM" is Malaysia's ringgit; "€" and "$" name no country)
 * or by the GST it charges, and naming no month-first country.
 */
function dayFirstCountry(text: string, countries: Set<string>): boolean {
  const regions = new Set(countries);
  const { symbols, pattern } = currencySymbols();
  for (const m of text.matchAll(pattern)) {
    const codes = symbols.get(m[1]!);
    if (codes?.length === 1 && /\p{L}/u.test(m[1]!)) regions.add(codes[0]!.slice(0, 2));
  }
  if ([...regions].some((r) => MONTH_FIRST.has(r))) return false;
  // a goods and services tax is charged in day-first countries (Australia, New Zealand, Singapore,
  // Malaysia, India) and in Canada, which a Canadian address or postcode names
  return regions.size > 0 || /\bGST\b/.test(text);
}
