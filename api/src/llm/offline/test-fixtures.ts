// Schema and document builders for the offline extractor's tests. A field says only its type
// and description, so that a test's schema reads as the fields the test is about; the kiosk
// slip is shared because the identifier tests and the scan tests read the same document.
import type { JSONSchema } from '../types';

export const str = (description?: string): JSONSchema => (description === undefined ? { type: 'string' } : { type: 'string', description });
export const num = (description?: string): JSONSchema => (description === undefined ? { type: 'number' } : { type: 'number', description });
export const date = (description?: string): JSONSchema => (description === undefined ? { type: 'string', format: 'date' } : { type: 'string', format: 'date', description });
export const obj = (properties: Record<string, JSONSchema>): JSONSchema => ({ type: 'object', properties });
/** an array of objects: a table's rows */
export const list = (properties: Record<string, JSONSchema>): JSONSchema => ({ type: 'array', items: obj(properties) });

/** The fields of an object schema (built by `obj`), to build another from. */
export const fieldsOf = (schema: JSONSchema): Record<string, JSONSchema> => schema.properties ?? {};

/** The named fields of an object schema, in the schema's order. */
export const pick = (schema: JSONSchema, ...names: string[]): JSONSchema =>
  obj(Object.fromEntries(Object.entries(fieldsOf(schema)).filter(([name]) => names.includes(name))));

export const SLIP = obj({
  kiosk_name: str('Name of the kiosk'),
  ticket_number: str('Number printed on the ticket'),
  sold_on: date('Day of the sale'),
  total: num('Amount paid'),
});

/** A kiosk's slip with `middle` between its name and the amount paid. */
export const slipText = (...middle: string[]): string => ['HARBOUR KIOSK', '', ...middle, '', 'Amount paid         7.80'].join('\n');
