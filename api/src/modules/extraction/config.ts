// An extraction job's config: the checked request and the copy of its prompts, schema and
// example it runs with (a later edit does not change a running job), plus what the run used by
// name and version (ran_with) so the monitor can say it.
import type { RanWith } from '@quarry/shared/schemas';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db';
import { outputSchemas, prompts } from '../../db/schema';
import { validationError } from '../../lib/errors';
import type { JobRequest } from '../../jobs/types';
import { resolveProviderName } from '../../llm';
import { recordOutputSchemaUse } from '../output-schemas/service';
import { assertChunked, resolveSetup, type ExtractionSetup } from './service';

export interface ExtractionConfig {
  processing_mode: 'single_file' | 'dataset' | 'single_chunk';
  prompt_id: string;
  table_prompt_id: string | null;
  output_schema_id: string | null;
  example_id: string | null;
  files: { id: string; filename: string }[];
  chunk_ids: string[] | null;
  provider: string | null;
  model: string | null;
  batch_size: number | null;
  setup: ExtractionSetup;
  /** the output_schema_id the request named (null: the prompt's schema); a retry with the current schema resolves it again */
  requested_output_schema_id?: string | null;
  /** names and versions of what the (last) run used */
  ran_with?: RanWith;
  /** bumped by each retry with the current prompt and schema: the job's result rows of an earlier generation are replaced */
  generation?: number;
}

/** A processing_config string setting (provider, model), trimmed; null when absent or blank. */
export const trimmedOrNull = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Normalises provider / model / batch size of a processing_config (422 for an unknown provider). */
function llmOptions(pc: Record<string, unknown>): Pick<ExtractionConfig, 'provider' | 'model' | 'batch_size'> {
  const provider = trimmedOrNull(pc.provider);
  if (provider) {
    try {
      resolveProviderName(provider);
    } catch (e) {
      throw validationError(['body', 'processing_config', 'provider'], (e as Error).message);
    }
  }
  const bs = Number(pc.batch_size);
  return { provider, model: trimmedOrNull(pc.model), batch_size: Number.isInteger(bs) && bs >= 1 && bs <= 200 ? bs : null };
}

/** Checks and builds an extraction job's config (POST /jobs/, re-extraction and a pipeline's extraction stage). */
export async function buildExtractionConfig(
  tx: Tx,
  userId: string,
  request: Pick<JobRequest, 'prompt_id' | 'table_prompt_id' | 'output_schema_id' | 'examples' | 'processing_config'>,
  fileList: { id: string; filename: string }[],
  mode: ExtractionConfig['processing_mode'],
  chunkIds: string[] | null = null,
  ranWithMode: RanWith['mode'] = 'created',
): Promise<ExtractionConfig> {
  const setup = await resolveSetup(tx, userId, {
    promptId: request.prompt_id,
    tablePromptId: request.table_prompt_id,
    outputSchemaId: request.output_schema_id,
    exampleIds: request.examples,
  });
  await assertChunked(tx, userId, fileList);
  if (setup.output_schema_id) await recordOutputSchemaUse(tx, setup.output_schema_id);
  return {
    processing_mode: mode,
    prompt_id: setup.prompt.id,
    table_prompt_id: setup.table_prompt?.id ?? null,
    output_schema_id: setup.output_schema_id,
    example_id: setup.example?.id ?? null,
    files: fileList,
    chunk_ids: chunkIds,
    ...llmOptions(request.processing_config ?? {}),
    setup,
    requested_output_schema_id: request.output_schema_id ?? null,
    ran_with: await ranWithOf(tx, userId, setup, ranWithMode),
  };
}


const isoOf = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Names and versions of what a setup uses. */
export async function ranWithOf(db: DbOrTx, userId: string, setup: ExtractionSetup, mode: RanWith['mode'], now = new Date()): Promise<RanWith> {
  const promptIds = [setup.prompt.id, setup.table_prompt?.id].filter((x): x is string => Boolean(x));
  const ps = promptIds.length
    ? await db.select({ id: prompts.id, updatedAt: prompts.updatedAt }).from(prompts).where(and(eq(prompts.userId, userId), inArray(prompts.id, promptIds)))
    : [];
  const updated = (id: string) => isoOf(ps.find((p) => p.id === id)?.updatedAt);
  let outputSchema: RanWith['output_schema'] = null;
  if (setup.output_schema_id) {
    const [s] = await db
      .select({ name: outputSchemas.name, updatedAt: outputSchemas.updatedAt })
      .from(outputSchemas)
      .where(and(eq(outputSchemas.id, setup.output_schema_id), eq(outputSchemas.userId, userId)));
    outputSchema = { id: setup.output_schema_id, name: s?.name ?? null, updated_at: isoOf(s?.updatedAt) };
  } else if (setup.schema) {
    // the prompt's own schema definition: versioned with the prompt
    outputSchema = { id: null, name: `${setup.prompt.name} (the prompt's own schema)`, updated_at: updated(setup.prompt.id) };
  }
  return {
    mode,
    prompt: { id: setup.prompt.id, name: setup.prompt.name, updated_at: updated(setup.prompt.id) },
    table_prompt: setup.table_prompt ? { id: setup.table_prompt.id, name: setup.table_prompt.name, updated_at: updated(setup.table_prompt.id) } : null,
    output_schema: outputSchema,
    example: setup.example ? { id: setup.example.id, name: setup.example.name } : null,
    resolved_at: now.toISOString(),
    retried_at: mode === 'created' ? null : now.toISOString(),
  };
}
