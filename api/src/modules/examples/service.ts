// Examples (docs/product/prompts-and-schemas.md): input/output pairs shown to the model with a prompt.
// validate checks the output: it must be JSON and, when a schema applies (the example's own
// output schema, else the prompt's output schema, else the prompt's schema_definition), match
// it. is_validated records the last outcome and is cleared when the texts or schema change.
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Example, ExampleValidateResponse, PathError } from '@quarry/shared/schemas';
import { deleteOwnRow, getOwnRow, updateOwnRow } from '../../lib/own-rows';
import { readPage } from '../../lib/paging';
import type { Db, DbOrTx } from '../../db';
import { examples, outputSchemas, prompts, type ExampleRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { iso, isoStrict } from '../../lib/time';
import { validateData } from '../output-schemas/definition';

export function toExample(row: ExampleRow): Example {
  return {
    id: row.id,
    prompt_id: row.promptId,
    output_schema_id: row.outputSchemaId,
    name: row.name,
    input_text: row.inputText,
    output_text: row.outputText,
    is_validated: row.isValidated,
    validation_errors: row.validationErrors ?? null,
    validated_at: iso(row.validatedAt),
    created_at: isoStrict(row.createdAt),
    updated_at: isoStrict(row.updatedAt),
  };
}

async function ownPrompt(db: DbOrTx, userId: string, id: string) {
  const [p] = await db.select().from(prompts).where(and(eq(prompts.id, id), eq(prompts.userId, userId)));
  if (!p) throw notFound('Prompt not found');
  return p;
}

async function ownSchema(db: DbOrTx, userId: string, id: string) {
  const [s] = await db.select().from(outputSchemas).where(and(eq(outputSchemas.id, id), eq(outputSchemas.userId, userId)));
  if (!s) throw notFound('Output schema not found');
  return s;
}

export async function getOwnExample(db: DbOrTx, userId: string, id: string): Promise<ExampleRow> {
  return getOwnRow(db, examples, userId, id, 'Example not found');
}

/** A page of examples, newest first, as the list answers show it. */
async function page(db: Db, where: SQL | undefined, offset: number, limit: number) {
  const { rows, total } = await readPage(db, examples, { row: examples }, where, [desc(examples.createdAt), desc(examples.id)], { offset, limit });
  return { examples: rows.map((r) => toExample(r.row)), total_count: total };
}

export async function listExamples(db: Db, userId: string, q: { offset: number; limit: number; prompt_id?: string | undefined }) {
  const conditions: SQL[] = [eq(examples.userId, userId)];
  if (q.prompt_id) conditions.push(eq(examples.promptId, q.prompt_id));
  return page(db, and(...conditions), q.offset, q.limit);
}

export async function examplesByPrompt(db: Db, userId: string, promptId: string, q: { offset: number; limit: number }) {
  await ownPrompt(db, userId, promptId);
  return page(db, and(eq(examples.userId, userId), eq(examples.promptId, promptId)), q.offset, q.limit);
}

/** Examples that use the schema: their own reference, or (without one) their prompt's. */
export async function examplesBySchema(db: Db, userId: string, schemaId: string, q: { offset: number; limit: number }) {
  await ownSchema(db, userId, schemaId);
  const where = and(
    eq(examples.userId, userId),
    or(
      eq(examples.outputSchemaId, schemaId),
      and(
        isNull(examples.outputSchemaId),
        sql`${examples.promptId} in (select ${prompts.id} from ${prompts} where ${prompts.outputSchemaId} = ${schemaId})`,
      ),
    ),
  );
  return page(db, where, q.offset, q.limit);
}

export async function createExample(
  db: Db,
  userId: string,
  input: { prompt_id: string; name?: string | null | undefined; input_text: string; output_text: string; output_schema_id?: string | null | undefined },
): Promise<Example> {
  await ownPrompt(db, userId, input.prompt_id);
  if (input.output_schema_id) await ownSchema(db, userId, input.output_schema_id);
  let name = input.name;
  if (!name) {
    const [agg] = await db.select({ n: sql<number>`count(*)::int` }).from(examples).where(eq(examples.promptId, input.prompt_id));
    name = `Example ${(agg?.n ?? 0) + 1}`;
  }
  const [row] = await db
    .insert(examples)
    .values({
      userId,
      promptId: input.prompt_id,
      outputSchemaId: input.output_schema_id ?? null,
      name,
      inputText: input.input_text,
      outputText: input.output_text,
    })
    .returning();
  return toExample(row!);
}

export async function updateExample(
  db: Db,
  userId: string,
  id: string,
  patch: { name?: string | undefined; input_text?: string | undefined; output_text?: string | undefined; output_schema_id?: string | null | undefined },
): Promise<Example> {
  const current = await getOwnExample(db, userId, id);
  const set: Partial<typeof examples.$inferInsert> = { updatedAt: new Date() };
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.input_text !== undefined) set.inputText = patch.input_text;
  if (patch.output_text !== undefined) set.outputText = patch.output_text;
  if (patch.output_schema_id !== undefined) {
    if (patch.output_schema_id) await ownSchema(db, userId, patch.output_schema_id);
    set.outputSchemaId = patch.output_schema_id ?? null;
  }
  const changed =
    (patch.input_text !== undefined && patch.input_text !== current.inputText) ||
    (patch.output_text !== undefined && patch.output_text !== current.outputText) ||
    (patch.output_schema_id !== undefined && (patch.output_schema_id ?? null) !== current.outputSchemaId);
  if (changed) {
    set.isValidated = false;
    set.validationErrors = null;
    set.validatedAt = null;
  }
  return toExample(await updateOwnRow(db, examples, userId, id, set, 'Example not found'));
}

export async function deleteExample(db: Db, userId: string, id: string): Promise<void> {
  await deleteOwnRow(db, examples, userId, id, 'Example not found');
}

export async function validateExample(db: Db, userId: string, id: string): Promise<ExampleValidateResponse> {
  const ex = await getOwnExample(db, userId, id);
  const prompt = await ownPrompt(db, userId, ex.promptId);
  let definition: Record<string, unknown> | null = null;
  let source: ExampleValidateResponse['schema_source'] = null;
  if (ex.outputSchemaId) {
    definition = (await ownSchema(db, userId, ex.outputSchemaId)).schemaDefinition;
    source = 'example_output_schema';
  } else if (prompt.outputSchemaId) {
    const [s] = await db.select().from(outputSchemas).where(and(eq(outputSchemas.id, prompt.outputSchemaId), eq(outputSchemas.userId, userId)));
    if (s) {
      definition = s.schemaDefinition;
      source = 'prompt_output_schema';
    }
  }
  if (!definition && prompt.schemaDefinition) {
    definition = prompt.schemaDefinition;
    source = 'prompt_schema_definition';
  }
  const errors: PathError[] = [];
  if (ex.inputText.trim() === '') errors.push({ path: 'input_text', message: 'Input text is required' });
  let parsed: unknown;
  let parsedOk = false;
  try {
    parsed = JSON.parse(ex.outputText);
    parsedOk = true;
  } catch (e) {
    errors.push({ path: 'output_text', message: `is not valid JSON: ${(e as Error).message}` });
  }
  if (parsedOk && definition) {
    const result = validateData(definition, parsed);
    for (const err of result.errors) errors.push({ path: `output_text.${err.path}`.replace('.(root)', ''), message: err.message });
  }
  const valid = errors.length === 0;
  const [row] = await db
    .update(examples)
    .set({ isValidated: valid, validationErrors: valid ? null : errors, validatedAt: new Date(), updatedAt: new Date() })
    .where(eq(examples.id, id))
    .returning();
  if (!row) throw notFound('Example not found');
  return { valid, errors, schema_source: source, example: toExample(row) };
}
