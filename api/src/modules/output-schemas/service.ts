// Output schemas (spec 2 §3, §7): reusable JSON schemas for structured language-model output.
// field_count is stored with the definition; usage_count = prompts and examples that refer to
// the schema (counted live) + jobs that used it (recordOutputSchemaUse, called by the engine).
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { OutputSchema, OutputSchemaStatistics } from '@quarry/shared/schemas';
import type { Db, DbOrTx } from '../../db';
import { outputSchemas, type OutputSchemaRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { isoStrict } from '../../lib/time';
import { escapeLike } from '../files/service';
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

export async function listOutputSchemas(
  db: Db,
  userId: string,
  q: { offset: number; limit: number; search?: string | undefined; sort: 'updated' | 'created' | 'name' | 'usage' },
) {
  const conditions: SQL[] = [eq(outputSchemas.userId, userId)];
  if (q.search) {
    const like = `%${escapeLike(q.search)}%`;
    conditions.push(sql`(${outputSchemas.name} ilike ${like} or coalesce(${outputSchemas.description}, '') ilike ${like})`);
  }
  const where = and(...conditions);
  const order =
    q.sort === 'name'
      ? [asc(sql`lower(${outputSchemas.name})`), asc(outputSchemas.id)]
      : q.sort === 'created'
        ? [desc(outputSchemas.createdAt), desc(outputSchemas.id)]
        : q.sort === 'usage'
          ? [desc(usageSql), desc(outputSchemas.updatedAt), desc(outputSchemas.id)]
          : [desc(outputSchemas.updatedAt), desc(outputSchemas.id)];
  const [agg] = await db.select({ n: sql<number>`count(*)::int` }).from(outputSchemas).where(where);
  const rows = await db
    .select({ row: outputSchemas, usage: usageSql })
    .from(outputSchemas)
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
  return { schemas: rows.map(toOutputSchema), total: agg?.n ?? 0 };
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
  const [row] = await db
    .update(outputSchemas)
    .set(set)
    .where(and(eq(outputSchemas.id, id), eq(outputSchemas.userId, userId)))
    .returning();
  if (!row) throw notFound('Output schema not found');
  return toOutputSchema(await getOwnOutputSchema(db, userId, row.id));
}

/** Deletes a schema; prompts and examples that used it keep working without it (reference cleared). */
export async function deleteOutputSchema(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(outputSchemas)
    .where(and(eq(outputSchemas.id, id), eq(outputSchemas.userId, userId)))
    .returning({ id: outputSchemas.id });
  if (deleted.length === 0) throw notFound('Output schema not found');
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


