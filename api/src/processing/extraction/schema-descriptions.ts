// `schema_descriptions`: the text block that tells the model which fields to produce.
// One line per field, nested fields indented by two spaces:
//
//   - invoice_number (string, required): The invoice number as printed
//   - invoice_date (string, format: date, required): Date of issue
//   - status (string, one of: "paid", "unpaid")
//   - line_items (array of objects, required): One entry per table row
//     - description (string, required): Item text
//     - quantity (number)
//   - tags (array of strings)
//
// The output-schema API's `llm-format` endpoint reuses renderSchemaDescriptions().
import { deref, formatOf, isNullable, itemsOf, primaryType, propertiesOf, requiredOf } from '../../llm/json-schema';
import type { JSONSchema } from '../../llm/types';

export interface SchemaDescriptionOptions {
  /** indentation per nesting level (default two spaces) */
  indent?: string;
  /** maximum nesting depth rendered (default 6) */
  maxDepth?: number;
}

function typeLabel(schema: JSONSchema, root: JSONSchema): string {
  const type = primaryType(schema, root);
  if (type === 'array') {
    const items = itemsOf(schema, root);
    if (!items) return 'array';
    const itemType = primaryType(items, root);
    return `array of ${itemType === 'object' ? 'objects' : `${itemType}s`}`;
  }
  return type;
}

function describeField(name: string, schema: JSONSchema, root: JSONSchema, required: boolean): string {
  const s = deref(schema, root);
  const parts = [typeLabel(s, root)];
  const format = formatOf(s, root);
  if (format) parts.push(`format: ${format}`);
  const values = Array.isArray(s.enum) ? s.enum : s.const !== undefined ? [s.const] : undefined;
  if (values) parts.push(`one of: ${values.map((v) => JSON.stringify(v)).join(', ')}`);
  if (isNullable(s, root)) parts.push('nullable');
  if (required) parts.push('required');
  const description = typeof s.description === 'string' && s.description.trim() ? `: ${s.description.trim().replace(/\s+/g, ' ')}` : '';
  return `- ${name} (${parts.join(', ')})${description}`;
}

/** Renders the fields of an output schema as the `schema_descriptions` prompt variable. */
export function renderSchemaDescriptions(schema: JSONSchema | null | undefined, options: SchemaDescriptionOptions = {}): string {
  if (!schema || typeof schema !== 'object') return '';
  const indent = options.indent ?? '  ';
  const maxDepth = options.maxDepth ?? 6;
  const root = schema;
  const lines: string[] = [];
  const walkObject = (obj: JSONSchema, depth: number) => {
    const required = new Set(requiredOf(obj, root));
    for (const [name, prop] of Object.entries(propertiesOf(obj, root))) {
      lines.push(indent.repeat(depth) + describeField(name, prop, root, required.has(name)));
      if (depth + 1 >= maxDepth) continue;
      const type = primaryType(prop, root);
      if (type === 'object') walkObject(prop, depth + 1);
      else if (type === 'array') {
        const items = itemsOf(prop, root);
        if (items && primaryType(items, root) === 'object') walkObject(items, depth + 1);
      }
    }
  };
  const rootType = primaryType(schema, root);
  if (rootType === 'array') {
    const items = itemsOf(schema, root);
    lines.push(`A JSON array${items && primaryType(items, root) === 'object' ? ' of objects, each with:' : ` of ${items ? primaryType(items, root) : 'value'}s`}`);
    if (items && primaryType(items, root) === 'object') walkObject(items, 1);
  } else {
    walkObject(schema, 0);
  }
  return lines.join('\n');
}
