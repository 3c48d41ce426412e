// Output validation with ajv 8 (+ formats): compiled validators are cached per schema text.
// validateOutput() answers readable error lines ("line_items[2].quantity must be number")
// that go into the follow-up message and the stored error. checkSchemaDefinition() tells
// whether an output schema is a usable JSON Schema at all (bad input: a clear 4xx up front).
//
// `required` is a rule of the document, not of each chunk: a chunk holds part of a document
// (the number on page 1, the total on page 3), so each chunk is validated against
// withoutRequired(schema) (types, enums, formats still checked) and missingRequired() is asked
// of the file's unified record once every chunk is in (docs/product/extraction-rules.md).
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from '../../lib/json-schema';
import { pathOf as jsonPath } from '@quarry/shared/review';
import type { JSONSchema } from '../../llm/types';

// patterns run in linear time (re2js): see lib/json-schema.ts
const ajv = createAjv();

const cache = new Map<string, ValidateFunction>();
const CACHE_LIMIT = 200;

function compile(schema: JSONSchema): ValidateFunction {
  const { $schema: _ignored, $id: _id, ...rest } = schema as Record<string, unknown>;
  const key = JSON.stringify(rest);
  let fn = cache.get(key);
  if (!fn) {
    fn = ajv.compile(rest);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(key, fn);
  }
  return fn;
}

export interface ValidationOutcome {
  valid: boolean;
  errors: string[];
}

export class SchemaDefinitionError extends Error {
  constructor(public readonly errors: string[]) {
    super(`Invalid output schema: ${errors.join('; ')}`);
    this.name = 'SchemaDefinitionError';
  }
}

/** Is this a JSON Schema ajv can compile (and an object schema with properties, as output schemas are)? */
export function checkSchemaDefinition(schema: unknown, options: { requireProperties?: boolean } = {}): ValidationOutcome {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return { valid: false, errors: ['the schema must be a JSON object'] };
  const errors: string[] = [];
  const { $schema: _ignored, ...rest } = schema as Record<string, unknown>;
  if (!ajv.validateSchema(rest)) errors.push(...formatErrors(ajv.errors ?? [], 'schema'));
  else {
    try {
      compile(rest as JSONSchema);
    } catch (e) {
      errors.push((e as Error).message);
    }
  }
  if (options.requireProperties) {
    const s = rest as JSONSchema;
    if (s.type !== undefined && s.type !== 'object') errors.push('schema: the root type must be "object"');
    if (!s.properties || typeof s.properties !== 'object' || Object.keys(s.properties).length === 0) errors.push('schema: "properties" must name at least one field');
    if (s.required !== undefined && (!Array.isArray(s.required) || s.required.some((r) => typeof r !== 'string' || !(r in (s.properties ?? {}))))) {
      errors.push('schema: "required" must list names of properties');
    }
  }
  return { valid: errors.length === 0, errors };
}

export function validateOutput(schema: JSONSchema, data: unknown): ValidationOutcome {
  let fn: ValidateFunction;
  try {
    fn = compile(schema);
  } catch (e) {
    throw new SchemaDefinitionError([(e as Error).message]);
  }
  const valid = fn(data) as boolean;
  return { valid, errors: valid ? [] : formatErrors(fn.errors ?? []) };
}

/** "/line_items/2/quantity" -> "line_items[2].quantity" */
function pathOf(instancePath: string, rootName: string): string {
  if (!instancePath) return rootName;
  return instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}

export function formatErrors(errors: ErrorObject[], rootName = '(root)'): string[] {
  const out: string[] = [];
  for (const e of errors) {
    if (e.keyword === 'if') continue;
    const where = pathOf(e.instancePath, rootName);
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'additionalProperties') message = `must not have the additional property "${(e.params as { additionalProperty: string }).additionalProperty}"`;
    if (e.keyword === 'enum') message = `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    const line = `${where} ${message}`;
    if (!out.includes(line)) out.push(line);
  }
  return out.slice(0, 25);
}

/** Keywords whose value is one subschema / a list of subschemas / a map of subschemas. */
const ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'additionalItems'];
const LIST = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/** The schema with every `required` keyword removed (at every depth); everything else as it was. */
export function withoutRequired(schema: JSONSchema): JSONSchema {
  const strip = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(strip);
    if (!s || typeof s !== 'object') return s;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s as Record<string, unknown>)) {
      if (k === 'required' && Array.isArray(v)) continue;
      if (ONE.includes(k)) out[k] = strip(v);
      else if (LIST.includes(k) && Array.isArray(v)) out[k] = v.map(strip);
      else if (MAP.includes(k) && v && typeof v === 'object' && !Array.isArray(v)) out[k] = Object.fromEntries(Object.entries(v).map(([n, x]) => [n, strip(x)]));
      else out[k] = v;
    }
    return out;
  };
  return strip(schema) as JSONSchema;
}

/** Does the schema require anything (at any depth)? */
export function hasRequired(schema: JSONSchema | null | undefined): boolean {
  return Boolean(schema) && JSON.stringify(withoutRequired(schema!)) !== JSON.stringify(schema);
}

export interface MissingField {
  /** readable: "total", "line_items[2].description" */
  field: string;
  /** the record's JSON path: "$.total", "$.line_items[2].description" */
  path: string;
}

/**
 * The required fields a (unified) record lacks. A field that is present but empty (null, "",
 * an empty list) is missing too: a required value nobody found is not there. Only `required`
 * is judged here; types were checked chunk by chunk.
 */
export function missingRequired(schema: JSONSchema, data: unknown): MissingField[] {
  let fn: ValidateFunction;
  try {
    fn = compile(schema);
  } catch (e) {
    throw new SchemaDefinitionError([(e as Error).message]);
  }
  const out: MissingField[] = [];
  const seen = new Set<string>();
  const add = (parentPath: string, key: string) => {
    const segments: (string | number)[] = parentPath
      .split('/')
      .slice(1)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    segments.push(key);
    const path = jsonPath(segments);
    if (seen.has(path)) return;
    seen.add(path);
    out.push({ field: segments.reduce<string>((acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), ''), path });
  };
  if (!fn(emptiesRemoved(data))) {
    for (const e of fn.errors ?? []) if (e.keyword === 'required') add(e.instancePath, (e.params as { missingProperty: string }).missingProperty);
  }
  return out;
}

/** null, "" and [] taken out of objects (so `required` sees them as absent). */
function emptiesRemoved(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(emptiesRemoved);
  if (!v || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (x === null || x === undefined || (typeof x === 'string' && x.trim() === '') || (Array.isArray(x) && x.length === 0)) continue;
    out[k] = emptiesRemoved(x);
  }
  return out;
}
