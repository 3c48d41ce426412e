// Extraction: the checks a job creation makes up front (prompts, schema, example, files), the
// snapshot of them stored on the job, and the versioned per-chunk results.
//
// Results are versioned per chunk: the row with superseded_at null is the chunk's current
// result; a later extraction of the chunk (whole-file job or single-chunk re-extraction) marks
// the previous one superseded in the same transaction that stores the new one. History:
// GET files/{id}/extraction-results?include_history=true (every version of every chunk) or
// GET files/{id}/chunks/{chunkId}/extraction-results (one chunk's versions, newest first).
import type { ExtractionResult } from '@quarry/shared/schemas';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db';
import { datasetFiles, datasets, examples, extractionResults, files, outputSchemas, prompts, type ExtractionResultRow } from '../../db/schema';
import { HttpError, notFound, validationError } from '../../lib/errors';
import { iso, isoStrict } from '../../lib/time';
import { checkSchemaDefinition, validateTemplateVariables, type PromptType } from '../../processing/extraction';
import { activeRun } from '../chunk-runs/service';
import { getOwnFile } from '../files/service';
import { currentOcrResult } from '../ocr/service';
import { withProvenance } from './provenance';

export interface PromptSnapshot {
  id: string;
  name: string;
  type: PromptType;
  template: string;
}

/** What an extraction job runs with (stored in its config: a later edit does not change a running job). */
export interface ExtractionSetup {
  prompt: PromptSnapshot;
  table_prompt: PromptSnapshot | null;
  schema: Record<string, unknown> | null;
  output_schema_id: string | null;
  example: { id: string; name: string; input_text: string; output_text: string } | null;
}

const label = (t: string) => (t === 'table' ? 'a table prompt' : 'a text prompt');

async function loadPrompt(tx: DbOrTx, userId: string, id: string, field: string): Promise<PromptSnapshot & { outputSchemaId: string | null; schemaDefinition: Record<string, unknown> | null }> {
  const [p] = await tx.select().from(prompts).where(and(eq(prompts.id, id), eq(prompts.userId, userId)));
  if (!p) throw notFound(field === 'table_prompt_id' ? 'Table prompt not found' : 'Prompt not found');
  const type = p.type as PromptType;
  const v = validateTemplateVariables(p.template, type);
  if (v.syntaxError) throw validationError(['body', field], `Prompt "${p.name}" has a template syntax error: ${v.syntaxError}`);
  if (!v.valid) {
    throw validationError(
      ['body', field],
      `Prompt "${p.name}" uses variables not available for ${label(type)}: ${v.invalid.map((i) => i.name).join(', ')} (Invalid variable - not available for this prompt type)`,
    );
  }
  if (p.template.trim() === '') throw validationError(['body', field], `Prompt "${p.name}" has an empty template`);
  return { id: p.id, name: p.name, type, template: p.template, outputSchemaId: p.outputSchemaId, schemaDefinition: p.schemaDefinition ?? null };
}

/** Prompts, output schema and example of an extraction, checked (4xx with a clear detail). */
export async function resolveSetup(
  tx: DbOrTx,
  userId: string,
  input: { promptId: string | null | undefined; tablePromptId?: string | null | undefined; outputSchemaId?: string | null | undefined; exampleIds?: string[] | null | undefined },
): Promise<ExtractionSetup> {
  if (!input.promptId) throw validationError(['body', 'prompt_id'], 'prompt_id is required for an extraction job');
  const prompt = await loadPrompt(tx, userId, input.promptId, 'prompt_id');
  let tablePrompt: PromptSnapshot | null = null;
  if (input.tablePromptId) {
    const t = await loadPrompt(tx, userId, input.tablePromptId, 'table_prompt_id');
    if (t.type !== 'table') throw validationError(['body', 'table_prompt_id'], `Prompt "${t.name}" is a ${t.type} prompt; table_prompt_id must name a table prompt`);
    tablePrompt = { id: t.id, name: t.name, type: t.type, template: t.template };
  }
  // the schema: the one named, else the prompt's output schema, else the prompt's own definition
  let schema: Record<string, unknown> | null = null;
  let schemaId: string | null = null;
  let field = 'output_schema_id';
  if (input.outputSchemaId || prompt.outputSchemaId) {
    schemaId = (input.outputSchemaId ?? prompt.outputSchemaId)!;
    const [s] = await tx.select().from(outputSchemas).where(and(eq(outputSchemas.id, schemaId), eq(outputSchemas.userId, userId)));
    if (!s) throw notFound('Output schema not found');
    schema = s.schemaDefinition;
  } else if (prompt.schemaDefinition) {
    schema = prompt.schemaDefinition;
    field = 'prompt_id';
  }
  if (schema) {
    const check = checkSchemaDefinition(schema);
    if (!check.valid) throw validationError(['body', field], `The output schema is not valid JSON Schema: ${check.errors.join('; ')}`);
  }
  const ids = [...new Set(input.exampleIds ?? [])];
  if (ids.length > 1) throw validationError(['body', 'examples'], 'At most one training example can be used');
  let example: ExtractionSetup['example'] = null;
  if (ids.length === 1) {
    const [e] = await tx.select().from(examples).where(and(eq(examples.id, ids[0]!), eq(examples.userId, userId)));
    if (!e) throw notFound('Example not found');
    example = { id: e.id, name: e.name, input_text: e.inputText, output_text: e.outputText };
  }
  return {
    prompt: { id: prompt.id, name: prompt.name, type: prompt.type, template: prompt.template },
    table_prompt: tablePrompt,
    schema,
    output_schema_id: schemaId,
    example,
  };
}

/** The valid files of a dataset (404 for another user's or a deleted dataset; 400 when none is valid). */
export async function datasetFileIds(tx: DbOrTx, userId: string, datasetId: string): Promise<{ id: string; filename: string }[]> {
  const [d] = await tx.select().from(datasets).where(and(eq(datasets.id, datasetId), eq(datasets.userId, userId), ne(datasets.status, 'deleted')));
  if (!d) throw notFound('Dataset not found');
  const rows = await tx
    .select({ id: files.id, filename: files.filename, isValid: files.isValid })
    .from(datasetFiles)
    .innerJoin(files, eq(files.id, datasetFiles.fileId))
    .where(and(eq(datasetFiles.datasetId, datasetId), eq(files.userId, userId)))
    .orderBy(asc(datasetFiles.addedAt), asc(files.filename), asc(files.id));
  const valid = rows.filter((r) => r.isValid !== false);
  if (valid.length === 0) {
    throw new HttpError(400, rows.length === 0 ? `Dataset "${d.name}" has no files` : `Dataset "${d.name}" has no valid files (${rows.length} failed validation)`);
  }
  return valid.map((r) => ({ id: r.id, filename: r.filename }));
}

/** Every file must have OCR and an active chunking run (400 naming the ones that do not). */
export async function assertChunked(tx: DbOrTx, userId: string, list: { id: string; filename: string }[]): Promise<void> {
  const noOcr: string[] = [];
  const noRun: string[] = [];
  for (const f of list) {
    if (!(await currentOcrResult(tx, userId, f.id))) noOcr.push(f.filename);
    else if (!(await activeRun(tx, userId, f.id))) noRun.push(f.filename);
  }
  if (noOcr.length > 0) throw new HttpError(400, `OCR must be run first: no OCR result for ${noOcr.map((n) => `"${n}"`).join(', ')}`);
  if (noRun.length > 0) throw new HttpError(400, `Chunking must be run first: no active chunking run for ${noRun.map((n) => `"${n}"`).join(', ')}`);
}

export async function ownFileRef(tx: DbOrTx, userId: string, fileId: string): Promise<{ id: string; filename: string }> {
  const f = await getOwnFile(tx, userId, fileId);
  if (f.isValid === false) throw validationError(['body', 'file_id'], `File "${f.filename}" failed validation and cannot be processed`);
  return { id: f.id, filename: f.filename };
}

// ------------------------------------------------------------------ results

export function toExtractionResult(r: ExtractionResultRow): ExtractionResult {
  return {
    id: r.id,
    job_id: r.jobId,
    file_id: r.fileId,
    chunk_id: r.chunkId,
    run_id: r.runId,
    sequence_number: r.sequenceNumber,
    chunk_type: r.chunkType,
    status: r.status as 'completed' | 'failed',
    extracted_data: r.extractedData ?? null,
    error_message: r.errorMessage,
    created_at: isoStrict(r.createdAt),
    chunk_text: r.chunkText,
    tokens_used: r.tokensUsed,
    provider: r.provider,
    model: r.model,
    offline: r.offline,
    processing_time_ms: r.processingTimeMs,
    superseded_at: iso(r.supersededAt),
    is_current: r.supersededAt === null,
    details: r.details,
    ...(r.provenance ? { provenance: r.provenance } : {}),
  };
}

export type NewResult = Omit<typeof extractionResults.$inferInsert, 'id' | 'createdAt' | 'supersededAt'>;

const generationOf = (details: unknown) => Number((details as { generation?: unknown } | null)?.generation ?? 0) || 0;

/**
 * Stores a chunk's new result and supersedes its previous current one (in the step's
 * transaction). Idempotent per (job, chunk) and generation: a job retried with the current
 * prompt and schema (a new generation) replaces its own earlier row of the chunk.
 */
export async function storeResult(tx: Tx, r: NewResult): Promise<ExtractionResultRow> {
  const [existing] = await tx
    .select()
    .from(extractionResults)
    .where(and(eq(extractionResults.jobId, r.jobId), eq(extractionResults.chunkId, r.chunkId)));
  if (existing && generationOf(existing.details) === generationOf(r.details)) return existing;
  await tx
    .update(extractionResults)
    .set({ supersededAt: sql`now()` })
    .where(and(eq(extractionResults.chunkId, r.chunkId), isNull(extractionResults.supersededAt)));
  // the earlier generation's row goes (a new id: the review record sees a new version)
  if (existing) await tx.delete(extractionResults).where(eq(extractionResults.id, existing.id));
  const [row] = await tx.insert(extractionResults).values(r).returning();
  return row!;
}

export async function fileResults(db: DbOrTx, userId: string, fileId: string, q: { include_history: boolean; run_id?: string | undefined }): Promise<ExtractionResult[]> {
  await getOwnFile(db, userId, fileId);
  const runId = q.run_id ?? (await activeRun(db, userId, fileId))?.id ?? null;
  const conditions = [eq(extractionResults.fileId, fileId), eq(extractionResults.userId, userId)];
  if (runId) conditions.push(eq(extractionResults.runId, runId));
  if (!q.include_history) conditions.push(isNull(extractionResults.supersededAt));
  const rows = await db
    .select()
    .from(extractionResults)
    .where(and(...conditions))
    .orderBy(asc(extractionResults.sequenceNumber), desc(extractionResults.createdAt), desc(extractionResults.id));
  return (await withProvenance(db, userId, rows)).map(toExtractionResult);
}

export async function chunkResults(db: DbOrTx, userId: string, fileId: string, chunkId: string): Promise<ExtractionResult[]> {
  await getOwnFile(db, userId, fileId);
  const rows = await db
    .select()
    .from(extractionResults)
    .where(and(eq(extractionResults.fileId, fileId), eq(extractionResults.chunkId, chunkId), eq(extractionResults.userId, userId)))
    .orderBy(desc(extractionResults.createdAt), desc(extractionResults.id));
  return (await withProvenance(db, userId, rows)).map(toExtractionResult);
}

export async function resultsOfJob(db: DbOrTx, jobId: string): Promise<ExtractionResultRow[]> {
  return db.select().from(extractionResults).where(eq(extractionResults.jobId, jobId)).orderBy(asc(extractionResults.fileId), asc(extractionResults.sequenceNumber));
}

export const chunkIdsIn = (ids: string[]) => inArray(extractionResults.chunkId, ids);
