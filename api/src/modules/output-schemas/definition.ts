// Output schema definitions: a real JSON Schema check (ajv's meta-schema, then compilation)
// plus the product's rules (docs/product/prompts-and-schemas.md):
//   - the root is an object with at least one field in `properties`;
//   - every field has one type: string, number, boolean, array or object;
//   - string formats: email, date, uri, uuid;
//   - nesting only inside objects (`properties`) and arrays (`items`, one schema); no $ref,
//     anyOf/oneOf/allOf, conditionals or schema-valued additionalProperties;
//   - keywords must fit their type (format/pattern on strings, items on arrays, ...);
//   - `required` lists fields that exist.
// Every problem is reported with its path (`properties.items.items.properties.qty.type`).
// validateData() checks a JSON value against a stored schema and reports every error.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { HttpError } from '../../lib/errors';
import { createAjv, linearRegExp } from '../../lib/json-schema';
import { SCHEMA_FIELD_TYPES, SCHEMA_STRING_FORMATS, type DataError, type PathError } from '@quarry/shared/schemas';

// patterns run in linear time (re2js): see lib/json-schema.ts
const ajv = createAjv();

const MAX_DEPTH = 10;
const MAX_FIELDS = 1000;

const COMMON = new Set(['type', 'description', 'title', 'default', 'examples', 'enum', 'const', '$comment']);
const BY_TYPE: Record<string, Set<string>> = {
  string: new Set(['format', 'minLength', 'maxLength', 'pattern']),
  number: new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']),
  boolean: new Set(),
  array: new Set(['items', 'minItems', 'maxItems', 'uniqueItems']),
  object: new Set(['properties', 'required', 'additionalProperties', 'minProperties', 'maxProperties']),
};
const ROOT_ONLY = new Set(['$schema', '$id']);
const NESTING = new Set([
  '$ref',
  '$defs',
  'definitions',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'patternProperties',
  'dependencies',
  'dependentSchemas',
  'dependentRequired',
  'prefixItems',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
]);
const KEYWORD_HOME: Record<string, string> = {};
for (const [type, keys] of Object.entries(BY_TYPE)) for (const k of keys) KEYWORD_HOME[k] = type;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `properties.a.items` from path parts; names that are not plain identifiers are quoted. */
const joinPath = (parts: (string | number)[]): string =>
  parts.length === 0
    ? '(root)'
    : parts
        .map((p, i) => (typeof p === 'number' ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? (i === 0 ? p : `.${p}`) : `[${JSON.stringify(p)}]`))
        .join('');

export interface DefinitionCheck {
  valid: boolean;
  errors: PathError[];
  fieldCount: number;
}

/** Top-level fields of a definition (0 when it has none). */
export const fieldCountOf = (def: unknown): number =>
  isPlainObject(def) && isPlainObject(def.properties) ? Object.keys(def.properties).length : 0;

/** Counts every field, nested ones included, by type (statistics). */
export function fieldTypesOf(def: unknown, into: Record<string, number> = {}, depth = 0): Record<string, number> {
  if (!isPlainObject(def) || depth > MAX_DEPTH) return into;
  if (isPlainObject(def.properties)) {
    for (const field of Object.values(def.properties)) {
      if (!isPlainObject(field)) continue;
      const t = typeof field.type === 'string' ? field.type : 'unknown';
      into[t] = (into[t] ?? 0) + 1;
      fieldTypesOf(field, into, depth + 1);
    }
  }
  if (isPlainObject(def.items)) fieldTypesOf(def.items, into, depth + 1);
  return into;
}

export function checkDefinition(def: unknown): DefinitionCheck {
  const errors: PathError[] = [];
  const add = (parts: (string | number)[], message: string) => errors.push({ path: joinPath(parts), message });
  if (!isPlainObject(def)) {
    add([], 'The schema definition must be a JSON object');
    return { valid: false, errors, fieldCount: 0 };
  }

  // 1. the JSON Schema meta-schema (reported below, where the product rules say nothing more precise)
  const { $schema: _ignored, ...rest } = def;
  const meta: PathError[] = [];
  if (!ajv.validateSchema(rest)) {
    for (const e of ajv.errors ?? []) {
      const parts = e.instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
      meta.push({ path: joinPath(parts), message: `${e.message ?? 'is invalid'} (JSON Schema)` });
    }
  }

  // 2. the product's rules
  let fields = 0;
  const walk = (node: unknown, parts: (string | number)[], depth: number, isRoot: boolean): void => {
    if (!isPlainObject(node)) {
      add(parts, 'must be a JSON object describing a field');
      return;
    }
    if (depth > MAX_DEPTH) {
      add(parts, `is nested too deeply (at most ${MAX_DEPTH} levels)`);
      return;
    }
    const type = node.type;
    if (type === undefined) {
      add([...parts, 'type'], `is required: one of ${SCHEMA_FIELD_TYPES.join(', ')}`);
    } else if (typeof type !== 'string' || !(SCHEMA_FIELD_TYPES as readonly string[]).includes(type)) {
      const shown = JSON.stringify(type);
      add([...parts, 'type'], `${shown} is not allowed: use one of ${SCHEMA_FIELD_TYPES.join(', ')}${type === 'integer' ? ' (integer: use number)' : ''}`);
    }
    if (isRoot && type !== undefined && type !== 'object') add([...parts, 'type'], 'the root of an output schema must be "object"');
    const t = typeof type === 'string' ? type : null;

    for (const key of Object.keys(node)) {
      if (NESTING.has(key)) {
        add([...parts, key], `"${key}" is not supported: nesting is only allowed in object properties and array items`);
      } else if (isRoot && ROOT_ONLY.has(key)) {
        continue;
      } else if (COMMON.has(key)) {
        continue;
      } else if (KEYWORD_HOME[key]) {
        if (t && KEYWORD_HOME[key] !== t) add([...parts, key], `"${key}" only applies to ${KEYWORD_HOME[key]} fields, not ${t}`);
      } else {
        add([...parts, key], `"${key}" is not a supported keyword`);
      }
    }

    if (node.description !== undefined && typeof node.description !== 'string') add([...parts, 'description'], 'must be a string');
    if (t === 'string' && node.format !== undefined) {
      if (typeof node.format !== 'string' || !(SCHEMA_STRING_FORMATS as readonly string[]).includes(node.format)) {
        add([...parts, 'format'], `${JSON.stringify(node.format)} is not allowed: use one of ${SCHEMA_STRING_FORMATS.join(', ')}`);
      }
    }
    if (t === 'string' && typeof node.pattern === 'string') {
      try {
        linearRegExp(node.pattern, 'u');
      } catch (e) {
        add([...parts, 'pattern'], (e as Error).message);
      }
    }
    if (Array.isArray(node.enum)) {
      if (node.enum.length === 0) add([...parts, 'enum'], 'must list at least one value');
      const kinds: Record<string, (v: unknown) => boolean> = {
        string: (v) => typeof v === 'string',
        number: (v) => typeof v === 'number',
        boolean: (v) => typeof v === 'boolean',
      };
      const fits = t ? kinds[t] : undefined;
      if (fits) {
        node.enum.forEach((v, i) => {
          if (!fits(v)) add([...parts, 'enum', i], `${JSON.stringify(v)} is not a ${t}`);
        });
      } else if (t) {
        add([...parts, 'enum'], `enum is only supported on string, number and boolean fields`);
      }
    }
    if (t === 'array') {
      if (node.items === undefined) add([...parts, 'items'], 'is required for an array: the schema of its elements');
      else if (Array.isArray(node.items)) add([...parts, 'items'], 'must be one schema (tuples are not supported)');
      else walk(node.items, [...parts, 'items'], depth + 1, false);
    }
    if (t === 'object') {
      if (node.additionalProperties !== undefined && typeof node.additionalProperties !== 'boolean') {
        add([...parts, 'additionalProperties'], 'must be true or false (schemas are not supported here)');
      }
      const props = node.properties;
      if (!isPlainObject(props) || Object.keys(props).length === 0) {
        add([...parts, 'properties'], isRoot ? 'must name at least one field' : 'an object field needs at least one nested field');
      } else {
        for (const [name, child] of Object.entries(props)) {
          if (name.trim() === '') add([...parts, 'properties', name], 'a field needs a name');
          // eslint-disable-next-line no-control-regex
          else if (/[\u0000-\u001f\u007f]/.test(name)) add([...parts, 'properties', name], 'field names must not contain control characters');
          else if (name.length > 200) add([...parts, 'properties', name], 'field names are at most 200 characters');
          fields += 1;
          if (fields === MAX_FIELDS + 1) add(parts, `has too many fields (at most ${MAX_FIELDS} in a schema)`);
          walk(child, [...parts, 'properties', name], depth + 1, false);
        }
      }
      if (node.required !== undefined) {
        if (!Array.isArray(node.required)) add([...parts, 'required'], 'must be a list of field names');
        else {
          const seen = new Set<string>();
          node.required.forEach((r, i) => {
            if (typeof r !== 'string') add([...parts, 'required', i], 'must be a field name');
            else if (!isPlainObject(props) || !(r in props)) add([...parts, 'required', i], `"${r}" is not a field of this object`);
            else if (seen.has(r)) add([...parts, 'required', i], `"${r}" is listed twice`);
            seen.add(r);
          });
        }
      }
    }
  };
  walk(def, [], 0, true);

  // one meta-schema error per location the product rules did not already explain
  const explained = new Set(errors.map((e) => e.path));
  for (const m of meta) {
    if (explained.has(m.path)) continue;
    explained.add(m.path);
    errors.push(m);
  }

  // 3. it must compile (bad regex patterns and the like)
  if (errors.length === 0) {
    try {
      ajv.compile(rest);
    } catch (e) {
      add([], (e as Error).message);
    }
  }
  // the same problem may come from the meta-schema and from the product rules
  const unique = errors.filter((e, i) => errors.findIndex((x) => x.path === e.path && x.message === e.message) === i);
  return { valid: unique.length === 0, errors: unique, fieldCount: fieldCountOf(def) };
}

// ------------------------------------------------------------------ data

const cache = new Map<string, ValidateFunction>();

function compiled(def: Record<string, unknown>): ValidateFunction {
  const { $schema: _ignored, $id: _id, ...rest } = def;
  const key = JSON.stringify(rest);
  let fn = cache.get(key);
  if (!fn) {
    fn = ajv.compile(rest);
    if (cache.size >= 200) cache.delete(cache.keys().next().value as string);
    cache.set(key, fn);
  }
  return fn;
}

const decode = (p: string) => p.replace(/~1/g, '/').replace(/~0/g, '~');
const encode = (p: string) => p.replace(/~/g, '~0').replace(/\//g, '~1');

function describe(e: ErrorObject): { parts: (string | number)[]; message: string; pointer: string } {
  const base = e.instancePath.split('/').slice(1).map(decode);
  const parts: (string | number)[] = base.map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  let pointer = e.instancePath;
  let message = e.message ?? 'is invalid';
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'required') {
    const missing = String(params.missingProperty);
    parts.push(missing);
    pointer += `/${encode(missing)}`;
    message = 'is required';
  } else if (e.keyword === 'additionalProperties') {
    const extra = String(params.additionalProperty);
    parts.push(extra);
    pointer += `/${encode(extra)}`;
    message = 'is not allowed (not a field of the schema)';
  } else if (e.keyword === 'enum') {
    message = `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  } else if (e.keyword === 'format') {
    message = `must be a valid ${String(params.format)}`;
  }
  return { parts, message, pointer: pointer || '' };
}

/** Checks `data` against a stored definition; every error, with its path. */
export function validateData(def: Record<string, unknown>, data: unknown): { valid: boolean; errors: DataError[] } {
  let fn: ValidateFunction;
  try {
    fn = compiled(def);
  } catch (e) {
    // a schema stored before patterns ran in linear time may hold one RE2 refuses: the
    // caller's schema is unusable (4xx), not a server fault
    throw new HttpError(422, `The output schema cannot be used: ${(e as Error).message}`);
  }
  const valid = fn(data) as boolean;
  if (valid) return { valid: true, errors: [] };
  const errors: DataError[] = [];
  for (const e of fn.errors ?? []) {
    const d = describe(e);
    const item = { path: joinPath(d.parts), pointer: d.pointer, message: d.message, keyword: e.keyword };
    if (!errors.some((x) => x.pointer === item.pointer && x.message === item.message)) errors.push(item);
  }
  return { valid: false, errors };
}
