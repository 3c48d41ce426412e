// The `extraction` job type (docs/product/jobs.md): every chunk of each file's active
// chunking run (or the chunks named by a single-chunk re-extraction) through the provider:
// text chunks with the text prompt, table chunks with the table prompt (row batches, row-count
// check), the example as a few-shot pair, answers validated against the output schema (one
// re-ask with the errors, then stored as failed). Durable steps:
//   plan            the chunk list (fixed once: a resumed job processes the same chunks)
//   chunk:<id>      one chunk: extract, then store its result (superseding the chunk's previous
//                   one) in the step's fenced transaction. A reclaimed job skips finished chunks,
//                   so no result is stored twice (also guarded by unique (job_id, chunk_id)).
// Progress events carry what the extraction monitor shows: total chunks, processed / total,
// successful, failed, tokens used, text / table chunks, processing time.
import { and, eq, inArray } from 'drizzle-orm';
import { chunks } from '../../db/schema';
import { HttpError, validationError } from '../../lib/errors';
import { JobError, type JobContext, type JobEventInput, type JobHandler, type JobOutcome } from '../../jobs/types';
import { getProvider, type JSONSchema, type LlmProvider } from '../../llm';
import { extractChunk, hasRequired } from '../../processing/extraction';
import { activeRun, runChunks } from '../chunk-runs/service';
import { estimateSnapshot } from '../job-estimates/service';
import { extractionChunkOf } from './chunk-input';
import { documentCache, provenanceOfExtraction } from './provenance';
import { asJobError, provenanceInPool } from '../../pool/steps';
import { checksSummaryOfJob } from '../review/record';
import type { Provenance } from '../../processing/provenance';
import { datasetFileIds, ownFileRef, storeResult } from './service';
import { checkFileRequired, type RequiredCheck } from './required';

import { buildExtractionConfig, trimmedOrNull, type ExtractionConfig } from './config';
import { extractionRetryConfig } from './retry';

export { buildExtractionConfig, type ExtractionConfig } from './config';

interface PlanFile {
  file_id: string;
  filename: string;
  run_id: string | null;
  chunks: { id: string; type: string }[];
}

interface ChunkOut {
  status: 'completed' | 'failed';
  chunk_type: string;
  tokens: number;
  error: string | null;
  file_id: string;
  chunk_id: string;
  extracted_data?: unknown;
  provider: string;
  model: string;
  offline: boolean;
  /** ms the provenance of this result took (computed in the step's run; bench/review reads it from the chunk's event) */
  provenance_ms?: number;
  /** 'setup': it failed because the user's prompt or schema cannot be used */
  failure_cause?: 'setup';
}

const ms = (from: number) => Math.round((performance.now() - from) * 100) / 100;

interface ChunkCounts {
  processed: number;
  ok: number;
  failed: number;
  tokens: number;
  text: number;
  table: number;
}

/**
 * The counters of an extraction event, first in its details. The planned, per-chunk and
 * completion events share them so that the extraction monitor reads each the same way;
 * `details` is what that one event adds.
 */
function progressOf(counts: ChunkCounts, total: number, details: Record<string, unknown>): Required<Pick<JobEventInput, 'current_value' | 'total_value' | 'units' | 'details'>> {
  return {
    current_value: counts.processed,
    total_value: total,
    units: 'chunks',
    details: {
      total_chunks: total,
      chunks_processed: counts.processed,
      successful_extractions: counts.ok,
      failed_extractions: counts.failed,
      tokens_used: counts.tokens,
      text_chunks: counts.text,
      table_chunks: counts.table,
      ...details,
    },
  };
}

function providerFor(c: ExtractionConfig): LlmProvider {
  try {
    return getProvider(c.provider ?? undefined, c.model ? { model: c.model } : {});
  } catch (e) {
    throw new JobError(`The language-model provider is not usable: ${(e as Error).message}`, { code: 'PROVIDER_CONFIG' });
  }
}

/**
 * The document-level `required` check of one file, once its chunks are in (a durable step: a
 * resumed job does not check twice). A failed check is a result about the document, not a
 * failure of the job: it is stored with the file's results and announced; the job goes on.
 */
async function requiredStep(ctx: JobContext, f: PlanFile, schema: JSONSchema | null, total: number, counts: ChunkCounts, elapsed: () => number): Promise<RequiredCheck | null> {
  if (!schema || !hasRequired(schema) || !f.run_id) return null;
  const name = `required:${f.file_id}`;
  const fresh = !ctx.finishedSteps.has(name);
  const runId = f.run_id;
  const check = await ctx.step<null, RequiredCheck | null>(name, {
    run: async () => null,
    commit: (tx) => checkFileRequired(tx, { userId: ctx.job.userId, fileId: f.file_id, runId, jobId: ctx.job.id, schema }),
  });
  if (fresh && check) {
    await ctx.event({
      phase: 'extraction',
      sub_phase: check.status === 'failed' ? 'file_check_failed' : 'file_check_passed',
      message: check.status === 'failed' ? `${f.filename}: ${check.message}` : `${f.filename}: every required field was found`,
      progress_percentage: (counts.processed / total) * 100,
      ...progressOf(counts, total, {
        processing_time: elapsed(),
        file_id: f.file_id,
        file_name: f.filename,
        check: 'required',
        check_status: check.status,
        missing_fields: check.missing.map((m) => m.field),
      }),
    });
  }
  return check;
}

interface Plan {
  files: PlanFile[];
  missing: string[];
}

/** The chunks this job works on, fixed once: a resumed job processes the same chunks. */
function planChunks(ctx: JobContext, c: ExtractionConfig): Promise<Plan> {
  const { job, services } = ctx;
  return ctx.step<Plan>('plan', async () => {
    const out: PlanFile[] = [];
    const missing: string[] = [];
    for (const f of c.files) {
      if (c.chunk_ids && c.chunk_ids.length > 0) {
        const rows = await services.db
          .select({ id: chunks.id, type: chunks.chunkType, runId: chunks.runId, index: chunks.chunkIndex })
          .from(chunks)
          .where(and(eq(chunks.fileId, f.id), eq(chunks.userId, job.userId), inArray(chunks.id, c.chunk_ids)));
        if (rows.length === 0) missing.push(f.filename);
        else out.push({ file_id: f.id, filename: f.filename, run_id: rows[0]!.runId, chunks: rows.sort((a, b) => a.index - b.index).map((r) => ({ id: r.id, type: r.type })) });
        continue;
      }
      const run = await activeRun(services.db, job.userId, f.id);
      if (!run) {
        missing.push(f.filename);
        continue;
      }
      const rows = await runChunks(services.db, run.id);
      out.push({ file_id: f.id, filename: f.filename, run_id: run.id, chunks: rows.map((r) => ({ id: r.id, type: r.chunkType })) });
    }
    return { files: out, missing };
  });
}

function nothingToExtract(plan: Plan, c: ExtractionConfig): JobError {
  return new JobError(
    plan.missing.length > 0
      ? `Nothing to extract: ${plan.missing.map((m) => `"${m}"`).join(', ')} ${c.chunk_ids ? 'no longer has the chunk' : 'has no active chunking run (deleted since the job was created?)'}`
      : 'Nothing to extract: the chunking runs have no chunks',
    { code: 'NO_CHUNKS' },
  );
}

async function announcePlan(ctx: JobContext, c: ExtractionConfig, plan: Plan, provider: LlmProvider, total: number, counts: ChunkCounts): Promise<void> {
  const textTotal = plan.files.reduce((n, f) => n + f.chunks.filter((x) => x.type !== 'table').length, 0);
  await ctx.event({
    phase: 'extraction',
    sub_phase: 'planned',
    message: `Extracting ${total} chunks (${textTotal} text, ${total - textTotal} table) from ${plan.files.length} file(s) with ${provider.name}${provider.name === 'offline' ? ' (offline extractor, no language model)' : ` (${c.model ?? provider.model})`}`,
    progress_percentage: 0,
    ...progressOf(counts, total, {
      provider: provider.name,
      model: c.model ?? provider.model,
      offline: provider.name === 'offline',
      ...(plan.missing.length ? { skipped_files: plan.missing } : {}),
    }),
  });
}

interface ChunkWork {
  c: ExtractionConfig;
  provider: LlmProvider;
  schema: JSONSchema | null;
  /** the documents' OCR lines (pages, values found outside their chunk), loaded once per file */
  docs: ReturnType<typeof documentCache>;
}

type ChunkRun = { row: typeof chunks.$inferSelect | null; r: Awaited<ReturnType<typeof extractChunk>> | null; provenance?: Provenance; provenanceMs?: number };

/** Reads the chunk, asks the provider, finds where each value came from. */
async function extractOne(ctx: JobContext, { c, provider, schema, docs }: ChunkWork, chunkId: string): Promise<ChunkRun> {
  const { job, services } = ctx;
  const [row] = await services.db.select().from(chunks).where(eq(chunks.id, chunkId));
  if (!row) return { row: null, r: null };
  const d = await docs(row.fileId);
  const chunk = extractionChunkOf(row, d);
  const request = {
    chunk,
    prompt: c.setup.prompt,
    tablePrompt: c.setup.table_prompt,
    schema,
    example: c.setup.example,
    ...(c.batch_size ? { batchSize: c.batch_size } : {}),
    ...(c.model ? { model: c.model } : {}),
  };
  // the offline extractor only computes: in the processing pool; a model provider waits
  // for its answers here (its client lives on this thread)
  const r =
    provider.name === 'offline' && services.processing
      ? await services.processing.run('extract-offline', request, { signal: ctx.signal, what: 'extracting a chunk' }).catch((e: unknown) => {
          throw ctx.signal.aborted ? ctx.signal.reason : asJobError(e);
        })
      : await extractChunk({ ...request, provider, signal: ctx.signal });
  // provenance from the stored value and the source text: the same for every provider
  const provenanceStarted = performance.now();
  const provenance = services.processing
    ? await provenanceInPool(services.processing, `${job.id}:${row.fileId}`, row, r.extracted_data ?? null, () => d.lines, ctx.signal).catch((e: unknown) => {
        throw ctx.signal.aborted ? ctx.signal.reason : asJobError(e);
      })
    : provenanceOfExtraction(row, r.extracted_data ?? null, d);
  return { row, r, provenance, provenanceMs: ms(provenanceStarted) };
}

/**
 * Stores one chunk's result in the step's fenced transaction, superseding the chunk's previous
 * one; a chunk deleted meanwhile is a failed chunk, not a stored result.
 */
async function storeOne(tx: Parameters<typeof storeResult>[0], ctx: JobContext, { c, provider }: ChunkWork, f: PlanFile, ch: PlanFile['chunks'][number], { row, r, provenance, provenanceMs }: ChunkRun): Promise<ChunkOut> {
  const { job } = ctx;
  const [still] = row ? await tx.select({ id: chunks.id }).from(chunks).where(eq(chunks.id, row.id)).for('share') : [];
  if (!row || !r || !still) {
    return { status: 'failed', chunk_type: ch.type, tokens: r?.tokens_used ?? 0, error: 'The chunk was deleted before its result could be stored', file_id: f.file_id, chunk_id: ch.id, provider: provider.name, model: provider.model, offline: provider.name === 'offline' };
  }
  await storeResult(tx, {
    userId: job.userId,
    jobId: job.id,
    fileId: row.fileId,
    chunkId: row.id,
    runId: row.runId,
    sequenceNumber: row.chunkIndex,
    chunkType: row.chunkType,
    status: r.status,
    extractedData: r.extracted_data ?? null,
    errorMessage: r.error_message,
    chunkText: row.content,
    provenance: provenance ?? null,
    tokensUsed: r.tokens_used,
    inputTokens: r.usage.input_tokens,
    outputTokens: r.usage.output_tokens,
    provider: r.provider,
    model: r.model,
    offline: r.offline,
    promptId: c.prompt_id,
    tablePromptId: c.table_prompt_id,
    outputSchemaId: c.output_schema_id,
    processingTimeMs: r.processing_time_ms,
    details: {
      ...(c.generation ? { generation: c.generation } : {}),
      mode: r.mode,
      prompt_type: r.prompt_type,
      attempts: r.attempts,
      warnings: r.warnings,
      ...(r.rows_expected !== undefined ? { rows_expected: r.rows_expected, rows_extracted: r.rows_extracted, missing_rows: r.missing_rows ?? [], batches: r.batches } : {}),
    },
  });
  return {
    status: r.status,
    chunk_type: row.chunkType,
    tokens: r.tokens_used,
    error: r.error_message,
    file_id: row.fileId,
    chunk_id: row.id,
    extracted_data: r.extracted_data ?? null,
    provider: r.provider,
    model: r.model,
    offline: r.offline,
    ...(provenanceMs !== undefined ? { provenance_ms: provenanceMs } : {}),
    ...(r.failure_cause ? { failure_cause: r.failure_cause } : {}),
  };
}

function count(counts: ChunkCounts, out: ChunkOut): void {
  counts.processed += 1;
  if (out.status === 'completed') counts.ok += 1;
  else counts.failed += 1;
  counts.tokens += out.tokens;
  if (out.chunk_type === 'table') counts.table += 1;
  else counts.text += 1;
}

async function announceChunk(ctx: JobContext, f: PlanFile, out: ChunkOut, total: number, counts: ChunkCounts, extra: { processing_time: number; step_ms: number }): Promise<void> {
  await ctx.event({
    phase: 'extraction',
    sub_phase: out.status === 'completed' ? 'chunk_completed' : 'chunk_failed',
    message:
      `Chunk ${counts.processed} of ${total} (${out.chunk_type}, ${f.filename}) ${out.status === 'completed' ? 'extracted' : 'failed'}` +
      (out.error ? `: ${out.error}` : '') +
      ` - ${out.tokens} tokens`,
    progress_percentage: (counts.processed / total) * 100,
    ...progressOf(counts, total, {
      processing_time: extra.processing_time,
      file_name: f.filename,
      chunk_id: out.chunk_id,
      provider: out.provider,
      model: out.model,
      offline: out.offline,
      step_ms: extra.step_ms,
      ...(out.provenance_ms !== undefined ? { provenance_ms: out.provenance_ms } : {}),
      ...(out.error ? { error: out.error, error_message: out.error } : {}),
    }),
  });
}

interface FileCheck {
  file_id: string;
  filename: string;
  status: 'passed' | 'failed';
  missing: string[];
  message: string;
}

function summaryOf(c: ExtractionConfig, plan: Plan, provider: LlmProvider, counts: ChunkCounts, outs: ChunkOut[], requiredChecks: FileCheck[], processingTime: number) {
  return {
    total_chunks_processed: counts.processed,
    successful_extractions: counts.ok,
    failed_extractions: counts.failed,
    total_extractions: counts.processed,
    text_chunks_processed: counts.text,
    table_chunks_processed: counts.table,
    total_tokens_used: counts.tokens,
    processing_time: processingTime,
    processing_time_seconds: processingTime,
    success_rate: counts.processed ? Math.round((counts.ok / counts.processed) * 10000) / 10000 : 0,
    provider: outs[0]?.provider ?? provider.name,
    model: outs[0]?.model ?? provider.model,
    offline: outs.some((o) => o.offline),
    files: plan.files.map((f) => ({ file_id: f.file_id, filename: f.filename, run_id: f.run_id, chunks: f.chunks.length })),
    ...(plan.missing.length ? { skipped_files: plan.missing } : {}),
    ...(requiredChecks.length
      ? {
          required_checks: {
            checked_files: requiredChecks.length,
            failed_files: requiredChecks.filter((r) => r.status === 'failed').length,
            files: requiredChecks.filter((r) => r.status === 'failed').slice(0, 100),
          },
        }
      : {}),
    ...(c.ran_with ? { ran_with: c.ran_with } : {}),
    extraction_results: outs.slice(0, 100).map((o) => ({ chunk_id: o.chunk_id, file_id: o.file_id, status: o.status, extracted_data: o.extracted_data ?? null, tokens_used: o.tokens, error_message: o.error })),
  };
}

/** Every chunk failed: the job fails, and is the user's doing only when their prompt or schema could not be used (billing reads failure_cause). */
function allChunksFailed(counts: ChunkCounts, outs: ChunkOut[], summary: ReturnType<typeof summaryOf>): JobError {
  const firstError = outs.find((o) => o.error)?.error ?? 'no chunk could be extracted';
  const userCaused = outs.length > 0 && outs.every((o) => o.failure_cause === 'setup');
  return new JobError(`Extraction failed for all ${counts.processed} chunk(s): ${firstError}`, {
    code: 'ALL_CHUNKS_FAILED',
    details: { results_summary: summary, ...(userCaused ? { failure_cause: 'setup' } : {}) },
  });
}

function completedEvent(counts: ChunkCounts, total: number, requiredChecks: FileCheck[], summary: ReturnType<typeof summaryOf>): JobOutcome['event'] {
  const requiredFailed = requiredChecks.filter((r) => r.status === 'failed').length;
  return {
    phase: 'completed',
    message:
      `Extraction completed: ${counts.ok} of ${counts.processed} chunks extracted${counts.failed ? `, ${counts.failed} failed` : ''} (${counts.tokens} tokens)` +
      (requiredFailed ? `; ${requiredFailed} of ${requiredChecks.length} file(s) lack a required field` : ''),
    ...progressOf(counts, total, {
      processing_time: summary.processing_time,
      success_rate: summary.success_rate,
      offline: summary.offline,
      ...(requiredChecks.length ? { required_checks_failed: requiredFailed, required_checks: requiredChecks.length } : {}),
    }),
  };
}

async function runExtraction(ctx: JobContext): Promise<JobOutcome> {
  const { job, services } = ctx;
  const c = job.config as unknown as ExtractionConfig;
  const started = job.startedAt?.getTime() ?? Date.now();
  const elapsed = () => Math.round((Date.now() - started) / 10) / 100;

  const planFresh = !ctx.finishedSteps.has('plan');
  const plan = await planChunks(ctx, c);
  const total = plan.files.reduce((n, f) => n + f.chunks.length, 0);
  if (total === 0) throw nothingToExtract(plan, c);
  const provider = providerFor(c);
  const counts: ChunkCounts = { processed: 0, ok: 0, failed: 0, tokens: 0, text: 0, table: 0 };
  if (planFresh) await announcePlan(ctx, c, plan, provider, total, counts);

  const work: ChunkWork = { c, provider, schema: (c.setup.schema ?? null) as JSONSchema | null, docs: documentCache(services.db, job.userId) };
  const outs: ChunkOut[] = [];
  const requiredChecks: FileCheck[] = [];
  for (const f of plan.files) {
    for (const ch of f.chunks) {
      const name = `chunk:${ch.id}`;
      const fresh = !ctx.finishedSteps.has(name);
      const stepStarted = performance.now();
      const out = await ctx.step<ChunkRun, ChunkOut>(name, {
        run: () => extractOne(ctx, work, ch.id),
        commit: (tx, run) => storeOne(tx, ctx, work, f, ch, run),
      });
      // the whole step as the job runs it: reading the chunk, the provider, provenance, storing the result
      const stepMs = ms(stepStarted);
      outs.push(out);
      count(counts, out);
      if (fresh) await announceChunk(ctx, f, out, total, counts, { processing_time: elapsed(), step_ms: stepMs });
    }
    const check = await requiredStep(ctx, f, work.schema, total, counts, elapsed);
    if (check) requiredChecks.push({ file_id: f.file_id, filename: f.filename, status: check.status, missing: check.missing.map((m) => m.field), message: check.message });
  }

  const summary = summaryOf(c, plan, provider, counts, outs, requiredChecks, elapsed());
  if (counts.ok === 0) throw allChunksFailed(counts, outs, summary);
  // completeness and arithmetic checks of the files as this job extracted them: the monitors count the failures
  const checksStarted = performance.now();
  Object.assign(summary, { review_checks: await checksSummaryOfJob(services.db, job.userId, plan.files.map((f) => f.file_id), job.id) });
  Object.assign(summary, { checks_ms: ms(checksStarted) });
  return { summary, event: completedEvent(counts, total, requiredChecks, summary) };
}

export const extractionHandler: JobHandler = {
  type: 'extraction',
  label: 'Extraction',

  async prepare(request, { tx, userId }) {
    if (!request.prompt_id || (!request.file_id && !request.dataset_id)) {
      throw validationError([], 'Please fill in all required fields (name, prompt, and dataset/file)');
    }
    if (request.file_id && request.dataset_id) throw validationError(['body', 'dataset_id'], 'Give either dataset_id or file_id, not both');
    const pc = request.processing_config ?? {};
    let fileList: { id: string; filename: string }[];
    let mode: ExtractionConfig['processing_mode'];
    let chunkIds: string[] | null = null;
    if (request.file_id) {
      fileList = [await ownFileRef(tx, userId, request.file_id)];
      mode = 'single_file';
      if (Array.isArray(pc.chunk_ids) && pc.chunk_ids.length > 0) {
        chunkIds = pc.chunk_ids.map(String);
        const found = await tx
          .select({ id: chunks.id })
          .from(chunks)
          .where(and(eq(chunks.fileId, request.file_id), eq(chunks.userId, userId), inArray(chunks.id, chunkIds)))
          .catch(() => []);
        if (found.length !== new Set(chunkIds).size) throw new HttpError(404, 'Chunk not found');
        mode = 'single_chunk';
      }
    } else {
      fileList = await datasetFileIds(tx, userId, request.dataset_id!);
      mode = 'dataset';
    }
    const config = await buildExtractionConfig(tx, userId, request, fileList, mode, chunkIds);
    return {
      name:
        request.name?.trim() ||
        (mode === 'single_chunk' ? `Re-extraction: ${fileList[0]!.filename}` : mode === 'single_file' ? `Extraction: ${fileList[0]!.filename}` : `Extraction: ${fileList.length} files`),
      description: request.description ?? null,
      fileId: request.file_id ?? null,
      datasetId: request.dataset_id ?? null,
      config: config as unknown as Record<string, unknown>,
    };
  },

  async estimate(request, { db, userId }) {
    const pc = request.processing_config ?? {};
    // a re-extraction of chosen chunks has no estimate; prepare refuses the incomplete requests
    if (!request.prompt_id || !request.file_id === !request.dataset_id) return null;
    if (request.file_id && Array.isArray(pc.chunk_ids) && pc.chunk_ids.length > 0) return null;
    return estimateSnapshot(db, userId, {
      job_type: 'extraction',
      ...(request.file_id ? { file_id: request.file_id } : { dataset_id: request.dataset_id! }),
      prompt_id: request.prompt_id,
      table_prompt_id: request.table_prompt_id ?? null,
      output_schema_id: request.output_schema_id ?? null,
      examples: request.examples?.slice(0, 1) ?? null,
      processing_config: { provider: trimmedOrNull(pc.provider), model: trimmedOrNull(pc.model) },
    });
  },

  run: runExtraction,

  retry: (job, { tx, mode }) => extractionRetryConfig(tx, job, mode),
};
