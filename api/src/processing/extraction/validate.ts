// Output validation with ajv 8 (+ formats): compiled validators are cached per schema text.
// validateOutput() answers readable error lines ("line_items[2].quantity must be number")
// that go into the follow-up message and the stored error. checkSchemaDefinition() tells
// whether an output schema is a usable JSON Schema at all (bad input: a clear 4xx up front).
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from '../../lib/json-schema';
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
