// The output schema the results were extracted with, read as hints: its fields and columns in
// the author's order (to show and to order the record), their kinds and descriptions (for the checks).
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { jobs, outputSchemas, prompts, type ExtractionResultRow } from '../../db/schema';
import { formatOf, itemsOf, primaryType, propertiesOf, requiredOf } from '../../llm/json-schema';
import type { JSONSchema } from '../../llm/types';
import type { SchemaHints } from './checks';
import { isRow, type SchemaField } from './model';

export type Hints = SchemaHints & { order: string[]; columnOrder: Record<string, string[]>; schemaFields: SchemaField[] };

function reorder(obj: Record<string, unknown>, order: readonly string[]): Record<string, unknown> {
  if (order.length === 0) return obj;
  const rank = new Map(order.map((k, i) => [k, i]));
  const keys = Object.keys(obj).sort((a, b) => (rank.get(a) ?? order.length) - (rank.get(b) ?? order.length));
  return Object.fromEntries(keys.map((k) => [k, obj[k]]));
}

export function inSchemaOrder(record: Record<string, unknown>, hints: { order: string[]; columnOrder: Record<string, string[]> }): Record<string, unknown> {
  const out = reorder(record, hints.order);
  for (const [k, v] of Object.entries(out)) {
    const cols = hints.columnOrder[k];
    if (Array.isArray(v) && cols) out[k] = v.map((row) => (isRow(row) ? reorder(row, cols) : row));
  }
  return out;
}

/**
 * The output schema the results were extracted with: the schema they name, else the prompt's
 * own definition (both stored as json, so the field order is the author's), else the copy the
 * job kept (jsonb: its key order is the database's, used only when nothing else is left).
 */
async function schemaOf(db: DbOrTx, userId: string, rows: ExtractionResultRow[]): Promise<JSONSchema | null> {
  const schemaId = rows.find((r) => r.outputSchemaId)?.outputSchemaId;
  if (schemaId) {
    const [s] = await db.select({ def: outputSchemas.schemaDefinition }).from(outputSchemas).where(and(eq(outputSchemas.id, schemaId), eq(outputSchemas.userId, userId)));
    if (s) return s.def as JSONSchema;
  }
  const promptId = rows.find((r) => r.promptId)?.promptId;
  if (promptId) {
    const [p] = await db.select({ def: prompts.schemaDefinition }).from(prompts).where(and(eq(prompts.id, promptId), eq(prompts.userId, userId)));
    if (p?.def) return p.def as JSONSchema;
  }
  const jobId = rows[0]?.jobId;
  if (jobId) {
    const [j] = await db.select({ config: jobs.config }).from(jobs).where(and(eq(jobs.id, jobId), eq(jobs.userId, userId)));
    const setup = j?.config.setup;
    const schema = isRow(setup) ? setup.schema : undefined;
    if (isRow(schema)) return schema as JSONSchema;
  }
  return null;
}

function kindOf(prop: JSONSchema, root: JSONSchema): string {
  const t = primaryType(prop, root);
  if (t === 'array') return 'list';
  if (t === 'string' && /^date/.test(formatOf(prop, root) ?? '')) return 'date';
  return t;
}

/** The fields (in order), descriptions and column order of the output schema the results were extracted with. */
export async function schemaHints(db: DbOrTx, userId: string, rows: ExtractionResultRow[]): Promise<Hints> {
  const hints: Hints = { fields: {}, columns: {}, order: [], columnOrder: {}, schemaFields: [] };
  if (rows.length === 0) return hints;
  const root = await schemaOf(db, userId, rows);
  if (!root) return hints;
  const required = new Set(requiredOf(root, root));
  for (const [key, prop] of Object.entries(propertiesOf(root, root))) {
    hints.order.push(key);
    const field: SchemaField = { key, kind: kindOf(prop, root), required: required.has(key) };
    if (primaryType(prop, root) === 'array') {
      const items = itemsOf(prop, root);
      const cols: Record<string, string> = {};
      const props = items ? propertiesOf(items, root) : {};
      for (const [c, p] of Object.entries(props)) if (typeof p.description === 'string') cols[c] = p.description;
      hints.columns[key] = cols;
      hints.columnOrder[key] = Object.keys(props);
      field.columns = Object.entries(props).map(([c, p]) => ({ key: c, kind: kindOf(p, root) }));
    } else if (typeof prop.description === 'string') {
      hints.fields[key] = prop.description;
    }
    hints.schemaFields.push(field);
  }
  return hints;
}
