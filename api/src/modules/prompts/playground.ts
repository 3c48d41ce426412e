// The prompt playground (docs/product/prompts-and-schemas.md): one prompt on one chunk, through the same engine an
// extraction job uses (extractChunk: prompt rendering, few-shot example, structured output,
// one re-ask on an invalid answer), then the answer checked against the prompt's schema with
// the located errors of validate-data. Nothing is written: no job, no extraction result.
import type { PromptPlaygroundResponse } from '@quarry/shared/schemas';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { chunks, examples } from '../../db/schema';
import { notFound, validationError } from '../../lib/errors';
import { defaultProviderName, getProvider, notConfiguredReason, PROVIDER_NAMES, type JSONSchema, type LlmProvider, type ProviderName } from '../../llm';
import { extractChunk } from '../../processing/extraction';
import { getOwnFile } from '../files/service';
import { extractionChunkOf } from '../extraction/chunk-input';
import { documentCache } from '../extraction/provenance';
import { resolveSetup } from '../extraction/service';
import { validateData } from '../output-schemas/definition';
import { getOwnPrompt } from './service';

export interface PlaygroundInput {
  file_id: string;
  chunk_id: string;
  example_id?: string | null | undefined;
  use_example: boolean;
  provider?: string | null | undefined;
  model?: string | null | undefined;
}

function providerOrThrow(name: string | null | undefined, model: string | null | undefined): LlmProvider {
  const requested = name ?? defaultProviderName();
  const reason = PROVIDER_NAMES.includes(requested as ProviderName) ? notConfiguredReason(requested as ProviderName) : null;
  if (reason) throw validationError(['body', 'provider'], reason);
  try {
    return getProvider(requested, model && requested !== 'offline' ? { model } : {});
  } catch (e) {
    // e.g. "gemini: GEMINI_API_KEY is not set": say it in the user's words, with the way out
    throw validationError(
      ['body', 'provider'],
      `The provider "${requested}" is not configured on this server (${(e as Error).message}). Choose another provider, or the offline extractor.`,
    );
  }
}

/**
 * `admit(provider)` runs once every check passed, right before the provider is called: it
 * charges the call (credits/model-calls.ts) or throws to refuse it. A 404 or 422 costs nothing.
 */
export async function runPlayground(
  db: Db,
  userId: string,
  promptId: string,
  input: PlaygroundInput,
  signal?: AbortSignal,
  admit?: (provider: string) => Promise<void>,
): Promise<PromptPlaygroundResponse> {
  await getOwnPrompt(db, userId, promptId);
  await getOwnFile(db, userId, input.file_id);
  const [chunk] = await db
    .select()
    .from(chunks)
    .where(and(eq(chunks.id, input.chunk_id), eq(chunks.fileId, input.file_id), eq(chunks.userId, userId)));
  if (!chunk) throw notFound('Chunk not found');

  let exampleId: string | null = null;
  if (input.use_example) {
    if (input.example_id) {
      const [e] = await db.select({ id: examples.id }).from(examples).where(and(eq(examples.id, input.example_id), eq(examples.userId, userId), eq(examples.promptId, promptId)));
      if (!e) throw notFound('Example not found');
      exampleId = e.id;
    } else {
      const [first] = await db
        .select({ id: examples.id })
        .from(examples)
        .where(and(eq(examples.promptId, promptId), eq(examples.userId, userId)))
        .orderBy(asc(examples.createdAt), asc(examples.id))
        .limit(1);
      exampleId = first?.id ?? null;
    }
  }
  // the same checks (variables allowed for the type, schema valid) and schema choice as a job
  const setup = await resolveSetup(db, userId, { promptId, exampleIds: exampleId ? [exampleId] : [] });
  const provider = providerOrThrow(input.provider, input.model);
  await admit?.(provider.name);
  const extractionChunk = extractionChunkOf(chunk, await documentCache(db, userId)(input.file_id));
  const r = await extractChunk({
    chunk: extractionChunk,
    prompt: setup.prompt,
    tablePrompt: setup.prompt.type === 'table' ? setup.prompt : null,
    schema: (setup.schema ?? null) as JSONSchema | null,
    example: setup.example,
    provider,
    ...(signal ? { signal } : {}),
    ...(input.model && provider.name !== 'offline' ? { model: input.model } : {}),
  });
  const check = setup.schema && r.extracted_data !== null && r.extracted_data !== undefined ? validateData(setup.schema, r.extracted_data) : null;
  return {
    prompt_id: promptId,
    file_id: input.file_id,
    chunk_id: chunk.id,
    chunk_type: chunk.chunkType as 'text' | 'table',
    chunk_text: chunk.content,
    example_id: setup.example?.id ?? null,
    provider: r.provider,
    model: r.model,
    offline: r.offline,
    status: r.status,
    extracted_data: r.extracted_data ?? null,
    error_message: r.error_message,
    validation: {
      schema_source: setup.schema ? (setup.output_schema_id ? 'output_schema' : 'prompt_schema_definition') : null,
      output_schema_id: setup.output_schema_id,
      valid: setup.schema ? (check ? check.valid : false) : null,
      errors: check?.errors ?? [],
    },
    input_tokens: r.usage.input_tokens,
    output_tokens: r.usage.output_tokens,
    total_tokens: r.usage.total_tokens,
    processing_time_ms: r.processing_time_ms,
    attempts: r.attempts,
    warnings: r.warnings,
    stored: false,
  };
}
