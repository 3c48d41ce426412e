// Small helpers over JSON Schema used by the provider converters, the offline extractor and
// the schema_descriptions renderer: local $ref resolution, nullability, the effective type.
import type { JSONSchema } from './types';

export type SimpleType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Resolves a local `$ref` ("#/$defs/x", "#/definitions/x", "#") against the root; other refs are left as-is. */
export function deref(schema: JSONSchema, root: JSONSchema, depth = 0): JSONSchema {
  if (!schema.$ref || depth > 32) return schema;
  const ref = schema.$ref;
  if (!ref.startsWith('#')) return schema;
  const path = ref
    .slice(1)
    .split('/')
    .filter(Boolean)
    .map((p) => decodeURIComponent(p.replace(/~1/g, '/').replace(/~0/g, '~')));
  let target: unknown = root;
  for (const part of path) {
    if (!isObject(target)) return schema;
    target = target[part];
  }
  if (!isObject(target)) return schema;
  const { $ref: _ignored, ...siblings } = schema;
  return deref({ ...(target as JSONSchema), ...siblings }, root, depth + 1);
}

/** The non-null variant of `anyOf/oneOf: [X, {type: 'null'}]`, else the schema itself. */
export function unwrapNullable(schema: JSONSchema, root: JSONSchema): JSONSchema {
  const s = deref(schema, root);
  const variants = s.anyOf ?? s.oneOf;
  if (Array.isArray(variants)) {
    const nonNull = variants.filter((v) => !isNullSchema(deref(v, root)));
    if (nonNull.length === 1 && nonNull.length < variants.length) {
      const { anyOf: _a, oneOf: _o, ...rest } = s;
      return { ...rest, ...deref(nonNull[0] as JSONSchema, root) };
    }
  }
  return s;
}

function isNullSchema(s: JSONSchema): boolean {
  return s.type === 'null' || (Array.isArray(s.type) && s.type.length === 1 && s.type[0] === 'null');
}

export function typesOf(schema: JSONSchema, root: JSONSchema): SimpleType[] {
  const s = deref(schema, root);
  const out = new Set<SimpleType>();
  if (typeof s.type === 'string') out.add(s.type as SimpleType);
  else if (Array.isArray(s.type)) for (const t of s.type) out.add(t as SimpleType);
  for (const v of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) for (const t of typesOf(v, root)) out.add(t);
  if (s.nullable === true) out.add('null');
  if (out.size === 0 || (out.size === 1 && out.has('null'))) {
    if (isObject(s.properties)) out.add('object');
    else if (s.items) out.add('array');
    else if (Array.isArray(s.enum) && s.enum.some((e) => typeof e === 'string')) out.add('string');
  }
  return [...out];
}

export function isNullable(schema: JSONSchema, root: JSONSchema): boolean {
  const s = deref(schema, root);
  if (Array.isArray(s.enum) && s.enum.includes(null)) return true;
  return typesOf(s, root).includes('null');
}

/** The main non-null type ('string' when nothing is declared). */
export function primaryType(schema: JSONSchema, root: JSONSchema): SimpleType {
  const types = typesOf(schema, root).filter((t) => t !== 'null');
  for (const preferred of ['object', 'array', 'number', 'integer', 'boolean', 'string'] as const) {
    if (types.length === 1 && types[0] === preferred) return preferred;
  }
  if (types.includes('object')) return 'object';
  if (types.includes('array')) return 'array';
  if (types.includes('number')) return 'number';
  if (types.includes('integer')) return 'integer';
  if (types.includes('string')) return 'string';
  if (types.includes('boolean')) return 'boolean';
  return 'string';
}

export function itemsOf(schema: JSONSchema, root: JSONSchema): JSONSchema | undefined {
  const s = unwrapNullable(schema, root);
  if (Array.isArray(s.items)) return s.items[0];
  return s.items ? deref(s.items, root) : undefined;
}

export function propertiesOf(schema: JSONSchema, root: JSONSchema): Record<string, JSONSchema> {
  const s = unwrapNullable(schema, root);
  return isObject(s.properties) ? (s.properties as Record<string, JSONSchema>) : {};
}

export function requiredOf(schema: JSONSchema, root: JSONSchema): string[] {
  const s = unwrapNullable(schema, root);
  return Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : [];
}

/** The effective string format (date, date-time, email, uri, uuid, ...) of a property. */
export function formatOf(schema: JSONSchema, root: JSONSchema): string | undefined {
  const s = unwrapNullable(schema, root);
  return typeof s.format === 'string' ? s.format : undefined;
}
