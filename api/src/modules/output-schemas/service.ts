// Output schemas (docs/product/prompts-and-schemas.md): reusable JSON schemas for structured language-model output.
// field_count is stored with the definition; usage_count = prompts and examples that refer to
// the schema (counted live) + jobs that used it (recordOutputSchemaUse, called by the engine).
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { OutputSchema, OutputSchemaSort, OutputSchemaStatistics, SortOrder } from '@quarry/shared/schemas';
import { deleteOwnRow, updateOwnRow } from '../../lib/own-rows';
import type { Db, DbOrTx } from '../../db';
import { examples, outputSchemas, prompts, type OutputSchemaRow } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { containsPattern, namedItemSortKeys, orderWithTies } from '../../lib/list-query';
import { readPage } from '../../lib/paging';
import { isoStrict } from '../../lib/time';
import { checkDefinition, fieldTypesOf } from './definition';

// correlated subqueries written out: drizzle may render the outer column unqualified
const usageSql = sql<number>`(${outputSchemas.jobUseCount} + ${sql.raw(
  '(select count(*) from "prompts" p where p."output_schema_id" = "output_schemas"."id")' +
    ' + (select count(*) from "examples" e where e."output_schema_id" = "output_schemas"."id")',
)})::int`;

type RowWithUsage = { row: OutputSchemaRow; usage: number };

export function toOutputSchema({ row, usage }: RowWithUsage): OutputSchema {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    schema_definition: row.schemaDefinition,
    field_count: row.fieldCount,
    usage_count: Number(usage),
    created_at: isoStrict(row.createdAt),
    updated_at: isoStrict(row.updatedAt),
  };
}

/** A 422 listing every problem of a definition (loc: body, schema_definition, <path>). */
export function assertDefinition(def: unknown, field = 'schema_definition'): number {
  const check = checkDefinition(def);
  if (!check.valid) {
    throw new HttpError(
      422,
      check.errors.map((e) => ({ loc: ['body', field, e.path], msg: `${e.path}: ${e.message}`, type: 'schema_error' })),
    );
  }
  return check.fieldCount;
}

async function select(db: DbOrTx, where: SQL | undefined) {
  return db.select({ row: outputSchemas, usage: usageSql }).from(outputSchemas).where(where);
}

/** The caller's output schema, or 404. */
export async function getOwnOutputSchema(db: DbOrTx, userId: string, id: string): Promise<RowWithUsage> {
  const [found] = await select(db, and(eq(outputSchemas.id, id), eq(outputSchemas.userId, userId)));
  if (!found) throw notFound('Output schema not found');
  return found;
}

const schemaSortKey: Record<OutputSchemaSort, SQL> = { ...namedItemSortKeys(outputSchemas), usage_count: usageSql };

/**
 * The list answer: one page of the caller's schemas and how many match (total_count), read
 * together (lib/paging.ts readPage).
 */
export async function listOutputSchemas(
  db: Db,
  userId: string,
  q: { offset: number; limit: number; search?: string | undefined; sort: OutputSchemaSort; order: SortOrder },
) {
  const conditions: SQL[] = [eq(outputSchemas.userId, userId)];
  if (q.search) {
    const like = containsPattern(q.search);
    conditions.push(sql`(${outputSchemas.name} ilike ${like} or coalesce(${outputSchemas.description}, '') ilike ${like})`);
  }
  const where = and(...conditions);
  const order = orderWithTies(q.order, schemaSortKey[q.sort], outputSchemas.id);
  const { rows, total } = await readPage(db, outputSchemas, { row: outputSchemas, usage: usageSql }, where, order, q);
  return { schemas: rows.map(toOutputSchema), total_count: total };
}

export async function createOutputSchema(
  db: Db,
  userId: string,
  input: { name: string; description?: string | null | undefined; schema_definition: Record<string, unknown> },
): Promise<OutputSchema> {
  const fieldCount = assertDefinition(input.schema_definition);
  const [row] = await db
    .insert(outputSchemas)
    .values({ userId, name: input.name, description: input.description || null, schemaDefinition: input.schema_definition, fieldCount })
    .returning();
  return toOutputSchema({ row: row!, usage: 0 });
}

export async function updateOutputSchema(
  db: Db,
  userId: string,
  id: string,
  patch: { name?: string | undefined; description?: string | null | undefined; schema_definition?: Record<string, unknown> | undefined },
): Promise<OutputSchema> {
  await getOwnOutputSchema(db, userId, id);
  const set: Partial<typeof outputSchemas.$inferInsert> = { updatedAt: new Date() };
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.description !== undefined) set.description = patch.description || null;
  if (patch.schema_definition !== undefined) {
    set.fieldCount = assertDefinition(patch.schema_definition);
    set.schemaDefinition = patch.schema_definition;
  }
  await updateOwnRow(db, outputSchemas, userId, id, set, 'Output schema not found');
  return toOutputSchema(await getOwnOutputSchema(db, userId, id));
}

const quoteList = (names: string[], max = 5) =>
  names.slice(0, max).map((n) => `"${n}"`).join(', ') + (names.length > max ? ` and ${names.length - max} more` : '');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What uses a schema: prompts and examples that refer to it, and jobs that ran with it. */
export async function schemaUsers(db: DbOrTx, userId: string, id: string) {
  const { row } = await getOwnOutputSchema(db, userId, id);
  const promptRows = await db
    .select({ name: prompts.name })
    .from(prompts)
    .where(and(eq(prompts.outputSchemaId, id), eq(prompts.userId, userId)))
    .orderBy(asc(prompts.name));
  const exampleRows = await db
    .select({ name: examples.name, prompt: prompts.name })
    .from(examples)
    .innerJoin(prompts, eq(prompts.id, examples.promptId))
    .where(and(eq(examples.outputSchemaId, id), eq(examples.userId, userId)))
    .orderBy(asc(prompts.name), asc(examples.name));
  return { row, prompts: promptRows.map((p) => p.name), examples: exampleRows.map((e) => `${e.prompt} / ${e.name}`), jobs: row.jobUseCount };
}

/**
 * Deletes a schema. One still in use (prompts, examples, jobs that ran with it) is refused with
 * a 409 naming what uses it, unless `force`: then prompts and examples lose the reference
 * (jobs keep the copy of the schema they ran with).
 */
export async function deleteOutputSchema(db: Db, userId: string, id: string, force = false): Promise<void> {
  if (!force) {
    const users = await schemaUsers(db, userId, id);
    const parts: string[] = [];
    if (users.prompts.length) parts.push(`${plural(users.prompts.length, 'prompt')} (${quoteList(users.prompts)})`);
    if (users.examples.length) parts.push(`${plural(users.examples.length, 'example')} (${quoteList(users.examples)})`);
    if (users.jobs > 0) parts.push(plural(users.jobs, 'extraction job'));
    if (parts.length) {
      throw conflict(
        `Output schema "${users.row.name}" is in use: ${parts.join(', ')}. Remove it from them first, or delete it anyway (force=true): prompts and examples then lose the reference; jobs keep the copy they ran with.`,
      );
    }
  }
  await deleteOwnRow(db, outputSchemas, userId, id, 'Output schema not found');
}

/** For the job engine: a job used this schema (usage_count + 1). */
export async function recordOutputSchemaUse(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(outputSchemas)
    .set({ jobUseCount: sql`${outputSchemas.jobUseCount} + 1` })
    .where(eq(outputSchemas.id, id));
}

export async function outputSchemaStatistics(db: Db, userId: string): Promise<OutputSchemaStatistics> {
  const rows = await db
    .select({ id: outputSchemas.id, name: outputSchemas.name, fields: outputSchemas.fieldCount, def: outputSchemas.schemaDefinition, usage: usageSql })
    .from(outputSchemas)
    .where(eq(outputSchemas.userId, userId));
  const total = rows.length;
  const totalFields = rows.reduce((n, r) => n + r.fields, 0);
  const used = rows.filter((r) => Number(r.usage) > 0);
  const fieldTypes: Record<string, number> = {};
  for (const r of rows) fieldTypesOf(r.def, fieldTypes);
  return {
    total_schemas: total,
    total_fields: totalFields,
    average_fields: total ? Math.round((totalFields / total) * 10) / 10 : 0,
    used_schemas: used.length,
    unused_schemas: total - used.length,
    total_usage: rows.reduce((n, r) => n + Number(r.usage), 0),
    most_used: used
      .sort((a, b) => Number(b.usage) - Number(a.usage) || a.name.localeCompare(b.name))
      .slice(0, 5)
      .map((r) => ({ id: r.id, name: r.name, usage_count: Number(r.usage) })),
    field_types: fieldTypes,
  };
}


