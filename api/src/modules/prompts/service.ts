// Prompts (docs/product/prompts-and-schemas.md): Jinja-style templates of type table or text. `variables` is
// derived from the template on every write (the extraction engine's parser), and the variables
// a type does not provide are reported ('Invalid variable - not available for this
// prompt type'); a template that does not parse is refused.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Prompt, PromptKind, PromptSort, PromptStatistics, PromptValidateResponse, SortOrder } from '@quarry/shared/schemas';
import { PROMPT_ALLOWED_VARIABLES, PROMPT_MESSAGES } from '@quarry/shared/schemas';
import { deleteOwnRow, updateOwnRow } from '../../lib/own-rows';
import type { Db, DbOrTx } from '../../db';
import { examples, outputSchemas, prompts, type PromptRow } from '../../db/schema';
import { notFound, validationError } from '../../lib/errors';
import { containsPattern, namedItemSortKeys, orderWithTies } from '../../lib/list-query';
import { readPage } from '../../lib/paging';
import { isoStrict } from '../../lib/time';
import { extractTemplateVariables, validateTemplateVariables } from '../../processing/extraction/template';
import { assertDefinition } from '../output-schemas/service';

// a correlated subquery written out: drizzle may render the outer column unqualified
const exampleCountSql = sql<number>`${sql.raw('(select count(*) from "examples" e where e."prompt_id" = "prompts"."id")::int')}`;

type RowWithCount = { row: PromptRow; exampleCount: number };

export const invalidVariablesOf = (variables: string[], type: PromptKind): string[] =>
  variables.filter((v) => !PROMPT_ALLOWED_VARIABLES[type].includes(v));

export function toPrompt({ row, exampleCount }: RowWithCount): Prompt {
  const type = row.type as PromptKind;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type,
    template: row.template,
    schema_definition: row.schemaDefinition ?? null,
    output_schema_id: row.outputSchemaId,
    variables: row.variables,
    invalid_variables: invalidVariablesOf(row.variables, type),
    example_count: Number(exampleCount),
    created_at: isoStrict(row.createdAt),
    updated_at: isoStrict(row.updatedAt),
  };
}

/** The per-type variable rules, as POST /prompts/validate answers them. */
export function validatePrompt(template: string, type: PromptKind): PromptValidateResponse {
  const allowed = [...PROMPT_ALLOWED_VARIABLES[type]];
  if (template.trim() === '') {
    return { valid: false, variables: [], allowed_variables: allowed, invalid_variables: [], errors: [PROMPT_MESSAGES.templateRequired] };
  }
  const v = validateTemplateVariables(template, type);
  return {
    valid: v.valid && !v.syntaxError,
    variables: v.variables,
    allowed_variables: allowed,
    invalid_variables: v.invalid.map((i) => ({ name: i.name, message: i.message })),
    errors: v.syntaxError ? [`Template syntax error: ${v.syntaxError}`] : [],
  };
}

function variablesOrThrow(template: string): string[] {
  try {
    return extractTemplateVariables(template);
  } catch (e) {
    throw validationError(['body', 'template'], `Template syntax error: ${(e as Error).message}`);
  }
}

async function assertOwnSchema(db: DbOrTx, userId: string, id: string | null | undefined): Promise<void> {
  if (!id) return;
  const [row] = await db.select({ id: outputSchemas.id }).from(outputSchemas).where(and(eq(outputSchemas.id, id), eq(outputSchemas.userId, userId)));
  if (!row) throw notFound('Output schema not found');
}

/** The caller's prompt, or 404. */
export async function getOwnPrompt(db: DbOrTx, userId: string, id: string): Promise<RowWithCount> {
  const [found] = await db
    .select({ row: prompts, exampleCount: exampleCountSql })
    .from(prompts)
    .where(and(eq(prompts.id, id), eq(prompts.userId, userId)));
  if (!found) throw notFound('Prompt not found');
  return found;
}

const promptSortKey: Record<PromptSort, SQL> = namedItemSortKeys(prompts);

/**
 * The list answer: one page of the caller's prompts and how many match (total_count), read
 * together (lib/paging.ts readPage).
 */
export async function listPrompts(
  db: Db,
  userId: string,
  q: { offset: number; limit: number; type?: PromptKind | undefined; search?: string | undefined; sort: PromptSort; order: SortOrder },
) {
  const conditions: SQL[] = [eq(prompts.userId, userId)];
  if (q.type) conditions.push(eq(prompts.type, q.type));
  if (q.search) {
    const like = containsPattern(q.search);
    conditions.push(
      sql`(${prompts.name} ilike ${like} or coalesce(${prompts.description}, '') ilike ${like} or ${prompts.template} ilike ${like})`,
    );
  }
  const where = and(...conditions);
  const order = orderWithTies(q.order, promptSortKey[q.sort], prompts.id);
  const { rows, total } = await readPage(db, prompts, { row: prompts, exampleCount: exampleCountSql }, where, order, q);
  return { prompts: rows.map(toPrompt), total_count: total };
}

interface PromptInput {
  name: string;
  description?: string | null | undefined;
  type: PromptKind;
  template: string;
  schema_definition?: Record<string, unknown> | null | undefined;
  output_schema_id?: string | null | undefined;
}

export async function createPrompt(db: Db, userId: string, input: PromptInput): Promise<Prompt> {
  const variables = variablesOrThrow(input.template);
  if (input.schema_definition) assertDefinition(input.schema_definition);
  await assertOwnSchema(db, userId, input.output_schema_id);
  const [row] = await db
    .insert(prompts)
    .values({
      userId,
      name: input.name,
      description: input.description || null,
      type: input.type,
      template: input.template,
      schemaDefinition: input.schema_definition ?? null,
      outputSchemaId: input.output_schema_id ?? null,
      variables,
    })
    .returning();
  return toPrompt({ row: row!, exampleCount: 0 });
}

export async function updatePrompt(db: Db, userId: string, id: string, patch: Partial<PromptInput>): Promise<Prompt> {
  await getOwnPrompt(db, userId, id);
  const set: Partial<typeof prompts.$inferInsert> = { updatedAt: new Date() };
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.description !== undefined) set.description = patch.description || null;
  if (patch.type !== undefined) set.type = patch.type;
  if (patch.template !== undefined) {
    set.template = patch.template;
    set.variables = variablesOrThrow(patch.template);
  }
  if (patch.schema_definition !== undefined) {
    if (patch.schema_definition) assertDefinition(patch.schema_definition);
    set.schemaDefinition = patch.schema_definition ?? null;
  }
  if (patch.output_schema_id !== undefined) {
    await assertOwnSchema(db, userId, patch.output_schema_id);
    set.outputSchemaId = patch.output_schema_id ?? null;
  }
  await updateOwnRow(db, prompts, userId, id, set, 'Prompt not found');
  return toPrompt(await getOwnPrompt(db, userId, id));
}

/** Deletes a prompt and its examples. */
export async function deletePrompt(db: Db, userId: string, id: string): Promise<void> {
  await deleteOwnRow(db, prompts, userId, id, 'Prompt not found');
}

export async function promptStatistics(db: Db, userId: string): Promise<PromptStatistics> {
  const rows = await db
    .select({ type: prompts.type, variables: prompts.variables, outputSchemaId: prompts.outputSchemaId, hasDefinition: sql<boolean>`${prompts.schemaDefinition} is not null` })
    .from(prompts)
    .where(eq(prompts.userId, userId));
  const [ex] = await db
    .select({ n: sql<number>`count(*)::int`, validated: sql<number>`count(*) filter (where ${examples.isValidated})::int` })
    .from(examples)
    .where(eq(examples.userId, userId));
  const variableUsage: Record<string, number> = {};
  for (const r of rows) for (const v of r.variables) variableUsage[v] = (variableUsage[v] ?? 0) + 1;
  return {
    total_prompts: rows.length,
    by_type: { table: rows.filter((r) => r.type === 'table').length, text: rows.filter((r) => r.type === 'text').length },
    with_output_schema: rows.filter((r) => r.outputSchemaId).length,
    with_schema_definition: rows.filter((r) => r.hasDefinition).length,
    with_invalid_variables: rows.filter((r) => invalidVariablesOf(r.variables, r.type as PromptKind).length > 0).length,
    total_examples: ex?.n ?? 0,
    validated_examples: ex?.validated ?? 0,
    variable_usage: variableUsage,
  };
}
