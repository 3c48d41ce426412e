// The field builder's model of an output schema
// and its two-way mapping to JSON Schema. The builder shows name, type, description, required,
// string format, array items and nested properties. Everything else a pasted JSON Schema
// carries (enum, minimum, pattern, $defs, a type the builder has no word for, ...) is KEPT:
// keywords beside a field in `extra`, a whole property the builder cannot show as a `raw`
// field. So schema -> builder -> schema loses nothing, and `keptKeywords` says what was kept.
import { SCHEMA_FIELD_TYPES, SCHEMA_STRING_FORMATS, type SchemaFieldType } from '@quarry/shared/schemas';

export type StringFormat = (typeof SCHEMA_STRING_FORMATS)[number];
export type JsonObject = Record<string, unknown>;

export interface FieldNode {
  /** stable identity for React lists */
  key: string;
  name: string;
  type: SchemaFieldType;
  description: string;
  required: boolean;
  format: StringFormat | '';
  /** arrays: the item shape (its name and required are unused) */
  items: FieldNode | null;
  /** objects: the nested fields */
  properties: FieldNode[];
  /** keywords the builder does not show, kept as they were */
  extra: JsonObject;
  /** set when the builder cannot show this property at all: its definition, kept as is */
  raw: JsonObject | null;
  /** names in `required` of this object that match no property (kept) */
  orphanRequired: string[];
}

export interface SchemaModel {
  fields: FieldNode[];
  /** root keywords besides type, properties and required ($schema, title, additionalProperties, $defs...) */
  rootExtra: JsonObject;
  orphanRequired: string[];
}

let seq = 0;
export const newKey = (): string => `f${++seq}`;

export function newField(partial: Partial<FieldNode> = {}): FieldNode {
  return { key: newKey(), name: '', type: 'string', description: '', required: false, format: '', items: null, properties: [], extra: {}, raw: null, orphanRequired: [], ...partial };
}

export const emptyModel = (): SchemaModel => ({ fields: [], rootExtra: {}, orphanRequired: [] });

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const isFieldType = (v: unknown): v is SchemaFieldType => typeof v === 'string' && (SCHEMA_FIELD_TYPES as readonly string[]).includes(v);
const isFormat = (v: unknown): v is StringFormat => typeof v === 'string' && (SCHEMA_STRING_FORMATS as readonly string[]).includes(v);

// ------------------------------------------------------------------ edits

/** Changing the type: to array defaults items to string; leaving array clears items; leaving object clears its fields. */
export function withType(field: FieldNode, type: SchemaFieldType): FieldNode {
  if (type === field.type) return field;
  return {
    ...field,
    type,
    format: type === 'string' ? field.format : '',
    items: type === 'array' ? newField({ type: 'string' }) : null,
    properties: type === 'object' ? field.properties : [],
  };
}

/** Nesting is only allowed into object or array fields. */
export const canNest = (field: FieldNode): boolean => field.raw === null && (field.type === 'object' || field.type === 'array');

/** Adds an empty nested field: into an object's properties, or into an array's item object (items become an object). */
export function withNestedField(field: FieldNode): FieldNode {
  if (!canNest(field)) throw new Error(`Nesting is only allowed into object or array fields ("${field.name || 'unnamed'}" is ${field.type})`);
  if (field.type === 'object') return { ...field, properties: [...field.properties, newField()] };
  const items = field.items && field.items.type === 'object' ? field.items : withType(field.items ?? newField(), 'object');
  return { ...field, items: { ...items, properties: [...items.properties, newField()] } };
}

/** The nested fields shown under a field: an object's properties, or an array's item-object properties. */
export function childrenOf(field: FieldNode): FieldNode[] {
  if (field.type === 'object') return field.properties;
  if (field.type === 'array' && field.items?.type === 'object') return field.items.properties;
  return [];
}

export function withChildren(field: FieldNode, children: FieldNode[]): FieldNode {
  if (field.type === 'object') return { ...field, properties: children };
  if (field.type === 'array' && field.items) return { ...field, items: { ...field.items, properties: children } };
  return field;
}

// ------------------------------------------------------------------ builder -> JSON Schema

function fieldSchema(f: FieldNode): JsonObject {
  if (f.raw) return f.raw;
  const out: JsonObject = { type: f.type };
  if (f.description.trim()) out.description = f.description;
  if (f.type === 'string' && f.format) out.format = f.format;
  if (f.type === 'array') out.items = f.items ? fieldSchema(f.items) : { type: 'string' };
  if (f.type === 'object') Object.assign(out, objectBody(f.properties, f.orphanRequired));
  return { ...out, ...f.extra };
}

function objectBody(fields: FieldNode[], orphanRequired: string[]): JsonObject {
  const named = fields.filter((f) => f.name.trim() !== ''); // unnamed fields are dropped
  const properties: JsonObject = {};
  for (const f of named) properties[f.name.trim()] = fieldSchema(f);
  const required = [...named.filter((f) => f.required).map((f) => f.name.trim()), ...orphanRequired];
  return required.length ? { properties, required } : { properties };
}

export function modelToSchema(model: SchemaModel): JsonObject {
  return { type: 'object', ...model.rootExtra, ...objectBody(model.fields, model.orphanRequired) };
}

// ------------------------------------------------------------------ JSON Schema -> builder

export class SchemaShapeError extends Error {}

function toField(name: string, def: unknown, required: boolean): FieldNode {
  if (!isObject(def) || !isFieldType(def.type)) {
    // a type list, integer, $ref, anyOf, true/false...: not a builder field; kept whole
    return newField({ name, required, raw: isObject(def) ? def : { const: def }, description: isObject(def) && typeof def.description === 'string' ? def.description : '' });
  }
  // shapes the builder would have to change to show (an array without items, an object without properties): kept whole
  if ((def.type === 'array' && !isObject(def.items)) || (def.type === 'object' && !isObject(def.properties))) {
    return newField({ name, required, raw: def, description: typeof def.description === 'string' ? def.description : '' });
  }
  const { type, description, format, items, properties, required: req, ...rest } = def;
  const extra: JsonObject = { ...rest };
  const field = newField({ name, required, type });
  if (typeof description === 'string') field.description = description;
  else if (description !== undefined) extra.description = description;
  if (format !== undefined) {
    if (type === 'string' && isFormat(format)) field.format = format;
    else extra.format = format;
  }
  if (type === 'array') field.items = toField('', items, false);
  else if (items !== undefined) extra.items = items;
  if (type === 'object') {
    const body = toObjectBody(properties, req);
    field.properties = body.fields;
    field.orphanRequired = body.orphanRequired;
    if (body.keptProperties !== undefined) extra.properties = body.keptProperties;
  } else {
    if (properties !== undefined) extra.properties = properties;
    if (req !== undefined) extra.required = req;
  }
  field.extra = extra;
  return field;
}

function toObjectBody(properties: unknown, required: unknown): { fields: FieldNode[]; orphanRequired: string[]; keptProperties?: unknown } {
  const req = Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : [];
  if (properties === undefined) return { fields: [], orphanRequired: req };
  if (!isObject(properties)) return { fields: [], orphanRequired: req, keptProperties: properties };
  const fields = Object.entries(properties).map(([name, def]) => toField(name, def, req.includes(name)));
  return { fields, orphanRequired: req.filter((r) => !(r in properties)) };
}

/** A JSON Schema object as the builder's model; refuses what is not an object schema at the root. */
export function schemaToModel(schema: unknown): SchemaModel {
  if (!isObject(schema)) throw new SchemaShapeError('The JSON Schema must be a JSON object');
  const { type, properties, required, ...rest } = schema;
  if (type !== undefined && type !== 'object') throw new SchemaShapeError(`The schema's root must be an object ("type": "object"), not ${JSON.stringify(type)}`);
  if (properties !== undefined && !isObject(properties)) throw new SchemaShapeError('"properties" must be a JSON object');
  if (required !== undefined && !Array.isArray(required)) throw new SchemaShapeError('"required" must be a list of field names');
  const body = toObjectBody(properties, required);
  return { fields: body.fields, rootExtra: rest, orphanRequired: body.orphanRequired };
}

/** Where the model keeps keywords the builder does not show (for the notice in the UI). */
export function keptKeywords(model: SchemaModel): string[] {
  const out = Object.keys(model.rootExtra).map((k) => `(root) ${k}`);
  const walk = (fields: FieldNode[], prefix: string) => {
    for (const f of fields) {
      const path = `${prefix}${f.name || '(unnamed)'}`;
      if (f.raw) {
        out.push(`${path} (whole definition)`);
        continue;
      }
      for (const k of Object.keys(f.extra)) out.push(`${path} ${k}`);
      if (f.type === 'object') walk(f.properties, `${path}.`);
      if (f.type === 'array' && f.items) {
        if (f.items.raw) out.push(`${path}[] (item definition)`);
        else {
          for (const k of Object.keys(f.items.extra)) out.push(`${path}[] ${k}`);
          if (f.items.type === 'object') walk(f.items.properties, `${path}[].`);
        }
      }
    }
  };
  walk(model.fields, '');
  return out;
}

// ------------------------------------------------------------------ JSON text

export type JsonParse = { ok: true; value: unknown } | { ok: false; message: string; line: number | null; column: number | null };

/**
 * Where a JSON text stops being JSON (0-based offset), found by a small scanner: the engine's
 * messages carry no position in every browser ("Unexpected token '}', ... is not valid JSON").
 */
export function jsonErrorOffset(text: string): number | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail();
      i++;
    }
  };
  const string = () => {
    i++; // opening quote
    while (i < text.length) {
      const ch = text[i]!;
      if (ch === '"') return void i++;
      if (ch === '\\') {
        i++;
        if (text[i] === 'u') {
          for (let k = 1; k <= 4; k++) {
            if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) {
              i += k;
              fail();
            }
          }
          i += 5;
        } else if ('"\\/bfnrt'.includes(text[i] ?? '')) i++;
        else fail();
      } else if (ch < ' ') fail();
      else i++;
    }
    fail();
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) fail();
    i += m![0].length;
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail();
      }
    }
    if (ch === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail();
      }
    }
    if (ch === '"') return string();
    if (ch === 't') return literal('true');
    if (ch === 'f') return literal('false');
    if (ch === 'n') return literal('null');
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return number();
    fail();
  };
  try {
    value();
    ws();
    return i < text.length ? i : null;
  } catch (at) {
    return typeof at === 'number' ? at : null;
  }
}

/** JSON.parse with the parser's message and the line and column it stopped at. */
export function parseJson(text: string): JsonParse {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    // keep the parser's words, not its echo of the whole text
    const message = (e as Error).message.replace(/, (?:\.\.\.)?"[\s\S]*" is not valid JSON$/, '').replace(/ in JSON at position \d+.*$/, '');
    const offset = jsonErrorOffset(text) ?? text.length;
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    return { ok: false, message, line, column };
  }
}

export const describeJsonError = (p: Extract<JsonParse, { ok: false }>): string =>
  p.line !== null ? `Invalid JSON at line ${p.line}, column ${p.column}: ${p.message}` : `Invalid JSON: ${p.message}`;

export const schemaText = (schema: unknown): string => JSON.stringify(schema, null, 2);

// ------------------------------------------------------------------ infer from a sample

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URI = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function inferValue(value: unknown): JsonObject {
  if (typeof value === 'number') return { type: 'number' };
  if (typeof value === 'boolean') return { type: 'boolean' };
  if (typeof value === 'string') {
    const format = UUID.test(value) ? 'uuid' : DATE.test(value) ? 'date' : EMAIL.test(value) ? 'email' : URI.test(value) ? 'uri' : null;
    return format ? { type: 'string', format } : { type: 'string' };
  }
  if (Array.isArray(value)) {
    const objects = value.filter(isObject);
    if (objects.length && objects.length === value.length) return { type: 'array', items: inferObject(objects) };
    const first = value.find((v) => v !== null);
    return { type: 'array', items: first === undefined ? { type: 'string' } : inferValue(first) };
  }
  if (isObject(value)) return inferObject([value]);
  return { type: 'string' }; // null: the sample does not say; string is the safest guess
}

/** One object schema for several sample objects: every key seen; required = present and not null in all. */
function inferObject(samples: JsonObject[]): JsonObject {
  const names: string[] = [];
  for (const s of samples) for (const k of Object.keys(s)) if (!names.includes(k)) names.push(k);
  const properties: JsonObject = {};
  for (const n of names) {
    const seen = samples.map((s) => s[n]).filter((v) => v !== undefined && v !== null);
    properties[n] = seen.length ? (seen.every(isObject) && seen.length > 1 ? inferObject(seen as JsonObject[]) : inferValue(seen[0])) : { type: 'string' };
  }
  const required = names.filter((n) => samples.every((s) => s[n] !== undefined && s[n] !== null));
  return required.length ? { type: 'object', properties, required } : { type: 'object', properties };
}

/** A schema proposal from a sample JSON object (e.g. one correct extraction). */
export function inferSchema(sample: unknown): JsonObject {
  if (!isObject(sample)) throw new SchemaShapeError('The sample must be a JSON object, like one extraction result: {"field": value, ...}');
  return inferObject([sample]);
}

/** Field count as the API counts it: top-level properties. */
export const topLevelFieldCount = (schema: unknown): number => (isObject(schema) && isObject(schema.properties) ? Object.keys(schema.properties).length : 0);
