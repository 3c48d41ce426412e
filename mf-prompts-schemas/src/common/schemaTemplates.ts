// Starting points for a new output schema, and the live preview: the
// shape of the JSON the model will answer with.
import type { JsonObject } from './schemaModel';

export const SCHEMA_TEMPLATES: { name: string; description: string; schema: JsonObject }[] = [
  {
    name: 'Invoice',
    description: 'Invoice header and line items',
    schema: {
      type: 'object',
      properties: {
        invoice_number: { type: 'string', description: 'The invoice number' },
        invoice_date: { type: 'string', format: 'date', description: 'Date of issue' },
        vendor: { type: 'object', description: 'Who sent the invoice', properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } } },
        line_items: {
          type: 'array',
          description: 'One entry per table row',
          items: { type: 'object', properties: { description: { type: 'string' }, quantity: { type: 'number' }, amount: { type: 'number' } }, required: ['description'] },
        },
        total: { type: 'number', description: 'Total amount due' },
      },
      required: ['invoice_number', 'line_items'],
    },
  },
  {
    name: 'Contact',
    description: 'A person or company and how to reach them',
    schema: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        email: { type: 'string', format: 'email' },
        phone: { type: 'string' },
        website: { type: 'string', format: 'uri' },
      },
      required: ['name'],
    },
  },
  {
    name: 'Table rows',
    description: 'Rows of a table as a list of objects',
    schema: {
      type: 'object',
      properties: { rows: { type: 'array', items: { type: 'object', properties: { label: { type: 'string' }, value: { type: 'number' } } } } },
      required: ['rows'],
    },
  },
];

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A sample answer following the schema: what the model is asked to return. */
export function sampleOf(schema: unknown, depth = 0): unknown {
  if (!isObject(schema) || depth > 8) return null;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const out: JsonObject = {};
      if (isObject(schema.properties)) for (const [k, v] of Object.entries(schema.properties)) out[k] = sampleOf(v, depth + 1);
      return out;
    }
    case 'array':
      return [sampleOf(schema.items, depth + 1)];
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'string':
      return schema.format === 'date' ? '2024-01-31' : schema.format === 'email' ? 'name@example.com' : schema.format === 'uri' ? 'https://example.com' : schema.format === 'uuid' ? '00000000-0000-4000-8000-000000000000' : '…';
    default:
      return null;
  }
}
