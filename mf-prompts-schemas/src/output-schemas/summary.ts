// How a schema reads in the list: its top-level fields counted and the first few named, so a
// person recognises it without reading JSON ("6 fields: invoice_number, date, total, …").
import type { SchemaDefinition } from '@quarry/shared/schemas';

/** chosen: three names fit a table cell and a phone's card line */
export const SUMMARY_NAMES = 3;

export function fieldNamesOf(definition: SchemaDefinition): string[] {
  const properties = definition.properties;
  return properties && typeof properties === 'object' && !Array.isArray(properties) ? Object.keys(properties) : [];
}

export function schemaSummary(definition: SchemaDefinition, fieldCount: number): string {
  const names = fieldNamesOf(definition);
  const count = Math.max(fieldCount, names.length);
  if (count === 0) return 'No fields';
  const head = `${count.toLocaleString('en-US')} ${count === 1 ? 'field' : 'fields'}`;
  if (names.length === 0) return head;
  const shown = names.slice(0, SUMMARY_NAMES).join(', ');
  return `${head}: ${shown}${names.length > SUMMARY_NAMES ? ', …' : ''}`;
}
