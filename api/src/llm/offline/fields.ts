// The schema seen by the offline extractor: scalar fields (top level and one level of nested
// objects) and table fields (arrays of objects, whose item properties are the columns).
import { formatOf, isNullable, itemsOf, primaryType, propertiesOf, unwrapNullable, type SimpleType } from '../json-schema';
import type { JSONSchema } from '../types';
import { IDENTIFIER_WORDS, contentWords, labelsFor, type Label } from './labels';
import { compactDate, findDates, parseAmount, parseBoolean, parseCurrency, parseDateTime, parseEmail, parseInteger, parseUrl, parseUuid } from './values';

export interface ScalarField {
  /** path from the root object: ['invoice_number'] or ['vendor', 'name'] */
  path: string[];
  name: string;
  schema: JSONSchema;
  type: SimpleType;
  format?: string;
  enumValues?: unknown[];
  labels: Label[];
  nullable: boolean;
  description?: string;
  /** stemmed words of the name and description, weighted by how few other fields use them (see keywordScore) */
  keywords: Map<string, number>;
}

export interface TableField {
  /** [] when the root itself is an array of objects */
  path: string[];
  name: string;
  columns: ScalarField[];
  nullable: boolean;
}

export interface NestedObjectField {
  name: string;
  nullable: boolean;
  children: ScalarField[];
}

export interface SchemaModel {
  root: JSONSchema;
  scalars: ScalarField[];
  tables: TableField[];
  objects: NestedObjectField[];
  /** root is an array of objects: the answer is the rows themselves */
  rootIsTable: boolean;
}

const SCALARS: SimpleType[] = ['string', 'number', 'integer', 'boolean'];

function scalarField(path: string[], schema: JSONSchema, root: JSONSchema, parentName?: string): ScalarField | null {
  const type = primaryType(schema, root);
  if (!SCALARS.includes(type)) return null;
  const s = unwrapNullable(schema, root);
  const name = path[path.length - 1]!;
  const description = typeof s.description === 'string' ? s.description : undefined;
  return {
    path,
    name,
    schema: s,
    type,
    format: formatOf(s, root),
    enumValues: Array.isArray(s.enum) ? s.enum.filter((e) => e !== null) : undefined,
    labels: labelsFor(name, description, parentName),
    nullable: isNullable(schema, root),
    description,
    keywords: new Map(),
  };
}

function tableField(path: string[], schema: JSONSchema, root: JSONSchema): TableField | null {
  if (primaryType(schema, root) !== 'array') return null;
  const items = itemsOf(schema, root);
  if (!items || primaryType(items, root) !== 'object') return null;
  const columns: ScalarField[] = [];
  for (const [key, prop] of Object.entries(propertiesOf(items, root))) {
    const f = scalarField([key], prop, root);
    if (f) columns.push(f);
  }
  if (columns.length === 0) return null;
  return { path, name: path[path.length - 1] ?? 'rows', columns, nullable: isNullable(schema, root) };
}

/**
 * Keywords of a group of sibling fields: each stemmed word of a field's name and description,
 * weighted by inverse field frequency, so "invoice" (in every field of an invoice schema) weighs
 * little and "order" (only in the purchase-order field) weighs much.
 */
function weighKeywords(fields: ScalarField[]): void {
  const words = fields.map((f) => new Set(contentWords(`${f.path.join(' ')} ${f.description ?? ''}`)));
  const df = new Map<string, number>();
  for (const set of words) for (const w of set) df.set(w, (df.get(w) ?? 0) + 1);
  fields.forEach((f, i) => {
    for (const w of words[i]!) f.keywords.set(w, Math.log((fields.length + 1) / df.get(w)!) / Math.log(fields.length + 1));
  });
}

export function buildSchemaModel(schema: JSONSchema): SchemaModel {
  const model = buildSchemaModelInner(schema);
  weighKeywords(model.scalars);
  for (const t of model.tables) weighKeywords(t.columns);
  return model;
}

function buildSchemaModelInner(schema: JSONSchema): SchemaModel {
  const root = schema;
  const model: SchemaModel = { root, scalars: [], tables: [], objects: [], rootIsTable: false };
  const rootType = primaryType(schema, root);
  if (rootType === 'array') {
    const t = tableField([], schema, root);
    if (t) {
      model.tables.push(t);
      model.rootIsTable = true;
    }
    return model;
  }
  for (const [key, prop] of Object.entries(propertiesOf(schema, root))) {
    const type = primaryType(prop, root);
    if (type === 'array') {
      const t = tableField([key], prop, root);
      if (t) model.tables.push(t);
    } else if (type === 'object') {
      const children: ScalarField[] = [];
      for (const [childKey, childProp] of Object.entries(propertiesOf(prop, root))) {
        const f = scalarField([key, childKey], childProp, root, key);
        if (f) children.push(f);
      }
      model.objects.push({ name: key, nullable: isNullable(prop, root), children });
      model.scalars.push(...children);
    } else {
      const f = scalarField([key], prop, root);
      if (f) model.scalars.push(f);
    }
  }
  return model;
}

/**
 * The reading conventions of the document being extracted (set by extractOffline for the
 * duration of one synchronous extraction): day-first numeric dates in documents that write
 * amounts with a decimal comma or print a day-first date somewhere.
 */
export const conventions = { dayFirst: false };

/** Converts raw text to the field's type; undefined when the text does not hold such a value. */
export function parseFieldValue(field: ScalarField, raw: string): unknown {
  // leading separators ("Total: - 12", "# INV-1") go; a minus sign directly before a number stays
  const value = raw.trim().replace(/^(?:[:–—#=\s]|-(?![\d.,]))+/, '').trim();
  if (!value) return undefined;
  if (field.enumValues?.length) return matchEnum(field.enumValues, value);
  const percentField = /(rate|percent|pct|percentage)/i.test(field.name);
  switch (field.type) {
    case 'number':
      // "(8%)" is a rate, not an amount
      if (value.includes('%') && !percentField) return undefined;
      return parseAmount(value);
    case 'integer':
      if (value.includes('%') && !percentField) return undefined;
      return parseInteger(value);
    case 'boolean':
      return parseBoolean(value);
    default:
      break;
  }
  switch (field.format) {
    case 'date': {
      // "01/05/2024 to 31/05/2024": a period's last day for a field the schema says is its end
      const compact = compactDate(value);
      if (compact) return compact;
      const dates = findDates(value, { dayFirst: conventions.dayFirst });
      const end = dates.length === 2 && /\b(?:ends?|ending|closing|last|until|through)\b/i.test(`${field.name.replace(/_/g, ' ')} ${field.description ?? ''}`);
      return (end ? dates[1] : dates[0])?.iso;
    }
    case 'date-time':
      return parseDateTime(value);
    case 'email':
      return parseEmail(value);
    case 'uri':
    case 'url':
      return parseUrl(value);
    case 'uuid':
      return parseUuid(value);
    default:
      break;
  }
  if (isCurrencyField(field)) return parseCurrency(value) ?? (/^[A-Z]{3}$/.test(value) ? value : undefined);
  // "_ Wartungsvertrag Q3": a speck a scan left before the words is no part of them
  let text = value.replace(/\s+/g, ' ').replace(/[,;]$/, '').replace(/^[_|~'‘’`",.;°©]{1,2} (?=\S)/, '');
  // "Trans. ID 30917" read as label "Trans." and value "ID 30917": an identifier word before the identifier is label
  if (IDENTIFIER_WORDS.has(contentWords(field.name).slice(-1)[0] ?? '')) {
    text = text.replace(/^(?:(?:no|nr|id|number|ref|reference)\b\.?\s*)+(?=[A-Z]{0,4}[-/]?\d)/i, '');
    // "3O917": a letter O between digits is a zero a scan misread (no identifier mixes them so)
    text = text.replace(/(?<=\d)[Oo](?=\d)/g, '0');
  }
  if (text.length > 300) return undefined;
  return text;
}

function matchEnum(values: unknown[], raw: string): unknown {
  const norm = (v: unknown) => String(v).toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  const target = norm(raw);
  const exact = values.find((v) => norm(v) === target);
  if (exact !== undefined) return exact;
  // a single enum value written as a whole word inside the text ("Paid by VISA ****1234" -> "visa")
  const inside = values.filter((v) => norm(v) && new RegExp(`\\b${norm(v).replace(/ /g, '\\s+')}\\b`).test(target));
  return inside.length === 1 ? inside[0] : undefined;
}

export const isCurrencyField = (field: ScalarField): boolean => /(^|_)currency(_code)?$/i.test(field.name) && field.type === 'string';
