// What an extraction runs with, and how a failed one is run again (docs/product/extraction-rules.md).
//
// A job keeps a copy of its prompt, table prompt, output schema and example (config.setup) so a
// later edit does not change a running job. A failed job is retried one of two ways:
//   current   the prompt and schema as they are now: the setup is resolved again, every step is
//             forgotten (each chunk is extracted again; its result row of this job is replaced)
//   original  as it was: the kept copy; it resumes after its last finished step
// config.ran_with names what the (last) run used — names and versions (last update) — so the
// monitor can say it.
import type { RetryMode } from '@quarry/shared/schemas';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db';
import { jobSteps, type JobRow } from '../../db/schema';
import { HttpError, conflict } from '../../lib/errors';
import { buildExtractionConfig, ranWithOf, type ExtractionConfig } from './config';

/** A 404 of resolving the setup again, said as what happened to the job's prompt or schema (409). */
export function deletedSince(err: unknown, names: { prompt?: string | null; tablePrompt?: string | null; schema?: string | null }): never {
  if (err instanceof HttpError && err.statusCode === 404 && typeof err.detail === 'string') {
    const asItWas = 'Retry it as it was (the job kept a copy), or create a new job with another one.';
    const q = (n: string | null | undefined) => (n ? ` ("${n}")` : '');
    if (err.detail === 'Prompt not found') throw conflict(`The prompt this job used${q(names.prompt)} was deleted, so it cannot be retried with the current prompt and schema. ${asItWas}`);
    if (err.detail === 'Table prompt not found') throw conflict(`The table prompt this job used${q(names.tablePrompt)} was deleted, so it cannot be retried with the current prompt and schema. ${asItWas}`);
    if (err.detail === 'Output schema not found') throw conflict(`The output schema this job used${q(names.schema)} was deleted, so it cannot be retried with the current prompt and schema. ${asItWas}`);
    if (err.detail === 'Example not found') throw conflict(`The training example this job used was deleted, so it cannot be retried with the current prompt and schema. ${asItWas}`);
  }
  throw err;
}

/**
 * The config a failed extraction job runs with after a retry. `current` resolves the setup again
 * (409 when its prompt or schema was deleted) and forgets the job's steps; `original` keeps both.
 */
export async function extractionRetryConfig(tx: Tx, job: JobRow, mode: RetryMode): Promise<Record<string, unknown>> {
  const c = job.config as unknown as ExtractionConfig;
  const now = new Date();
  if (mode === 'original') {
    const ranWith = c.ran_with ?? (await ranWithOf(tx, job.userId, c.setup, 'original', now));
    return { ...job.config, ran_with: { ...ranWith, mode: 'original', retried_at: now.toISOString() } };
  }
  const next = await buildExtractionConfig(
    tx,
    job.userId,
    {
      prompt_id: c.prompt_id,
      table_prompt_id: c.table_prompt_id,
      // the schema the user named; when they named none, the prompt's schema as it is now
      output_schema_id: c.requested_output_schema_id !== undefined ? c.requested_output_schema_id : c.output_schema_id,
      examples: c.example_id ? [c.example_id] : [],
      processing_config: { provider: c.provider, model: c.model, batch_size: c.batch_size },
    },
    c.files,
    c.processing_mode,
    c.chunk_ids,
    'current',
  ).catch((e: unknown) => deletedSince(e, { prompt: c.setup?.prompt?.name, tablePrompt: c.setup?.table_prompt?.name, schema: c.ran_with?.output_schema?.name }));
  await tx.delete(jobSteps).where(eq(jobSteps.jobId, job.id));
  const { estimate } = job.config as { estimate?: unknown };
  return { ...(next as unknown as Record<string, unknown>), ...(estimate ? { estimate } : {}), generation: (c.generation ?? 0) + 1 };
}
