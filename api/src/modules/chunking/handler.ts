// The `chunking` job type: one durable step.
//   chunk    number the lines of the OCR result named at creation, run the chunking library
//            (progress per window / stage), then store the chunking run and its chunks as the
//            file's active run, in the step's fenced transaction. A worker that dies mid-way
//            stores nothing; a resumed job whose run was stored does not chunk again.
import { and, eq } from 'drizzle-orm';
import { files, ocrResults } from '../../db/schema';
import { HttpError, notFound, pgCode, validationError } from '../../lib/errors';
import { JobError, type JobHandler, type JobOutcome } from '../../jobs/types';
import { chunkingModelFor, getProvider } from '../../llm';
import {
  ChunkingInputError,
  chunkDocument,
  normalizeMaxChunkSize,
  normalizeOverlapSize,
  normalizeStrategy,
  normalizeWindowSize,
  type ChunkingModel,
  type ChunkingProgressEvent,
  type ChunkingResult,
  type ChunkingStrategy,
} from '../../processing/chunking';
import { isPoolFailure, PoolTaskError } from '../../pool';
import { makeActive, lockFile, stageRun } from '../chunk-runs/service';
import { currentOcrResult, numberLines } from '../ocr/service';

export const OCR_REQUIRED = 'OCR must be run first';

/** The segmentation model chunking uses here (null = the deterministic analyser) and its label. */
export function resolveChunkingModel(): { model: ChunkingModel | null; label: string; provider: string; note: string | null } {
  try {
    const provider = getProvider();
    const model = chunkingModelFor(provider);
    return { model, label: model ? model.name : 'deterministic', provider: provider.name, note: null };
  } catch (err) {
    // a misconfigured provider must not stop chunking: the deterministic analyser does the job
    return { model: null, label: 'deterministic', provider: 'offline', note: err instanceof Error ? err.message : String(err) };
  }
}

export interface ChunkStepOutput {
  run_id: string;
  total_chunks: number;
  text_chunks: number;
  table_chunks: number;
  tables_found: number;
  success_rate: number;
  processing_time: number;
  windows_total: number;
  failures: number;
  model: string;
}

const pick = (c: Record<string, unknown>, ...keys: string[]): unknown => {
  for (const k of keys) if (c[k] !== undefined && c[k] !== null && c[k] !== '') return c[k];
  return undefined;
};

export const chunkingHandler: JobHandler = {
  type: 'chunking',
  label: 'Chunking',

  async prepare(request, { tx, userId }) {
    if (!request.file_id) throw validationError(['body', 'file_id'], 'file_id is required for a chunking job');
    const [file] = await tx.select().from(files).where(and(eq(files.id, request.file_id), eq(files.userId, userId)));
    if (!file) throw notFound('File not found');
    const c = request.processing_config ?? {};
    let strategy: ChunkingStrategy;
    try {
      strategy = normalizeStrategy(pick(c, 'chunking_strategy', 'strategy'));
    } catch (err) {
      if (err instanceof ChunkingInputError) throw validationError(['body', 'strategy'], err.message);
      throw err;
    }
    const ocr = await currentOcrResult(tx, userId, file.id);
    if (!ocr) {
      throw new HttpError(400, `${OCR_REQUIRED}: the file "${file.filename}" has no OCR result yet. Run an OCR job on it, then chunk it.`);
    }
    const requestedWindow = pick(c, 'window_size', 'chunk_size');
    const windowSize = strategy === 'llm_analysis' ? normalizeWindowSize(requestedWindow) : null;
    const maxChunkSize = normalizeMaxChunkSize(pick(c, 'max_chunk_size'));
    const overlapSize = strategy === 'character_based' ? normalizeOverlapSize(pick(c, 'overlap_size'), maxChunkSize) : 0;
    const { label } = resolveChunkingModel();
    return {
      name: request.name?.trim() || `Chunking: ${file.filename} (${strategy})`,
      description: request.description ?? null,
      fileId: file.id,
      config: {
        chunking_strategy: strategy,
        model: strategy === 'llm_analysis' ? label : 'none',
        window_size: windowSize,
        max_chunk_size: maxChunkSize,
        overlap_size: overlapSize,
        ...(strategy === 'llm_analysis' && requestedWindow !== undefined && requestedWindow !== windowSize ? { requested_window_size: requestedWindow } : {}),
        ocr_result_id: ocr.id,
        file_name: file.filename,
      },
    };
  },

  async run(ctx): Promise<JobOutcome> {
    const { job, services } = ctx;
    const c = job.config;
    const strategy = c.chunking_strategy as ChunkingStrategy;
    let finalEvent: ChunkingProgressEvent | null = null;
    const deleted = () => new JobError(`The file ${String(c.file_name ?? '')} was deleted while it was being chunked; nothing was stored`, { code: 'FILE_DELETED' });
    const out = await ctx.step<{ result: ChunkingResult; seconds: number; model: string; runId: string }, ChunkStepOutput>('chunk', {
      run: async () => {
        const [ocr] = await services.db
          .select({ pages: ocrResults.pages })
          .from(ocrResults)
          .where(and(eq(ocrResults.id, String(c.ocr_result_id)), eq(ocrResults.userId, job.userId)));
        if (!ocr) {
          throw new JobError(`The file ${String(c.file_name ?? '')} or its OCR result was deleted; there is nothing to chunk`, { code: 'FILE_DELETED' });
        }
        const lines = numberLines(ocr.pages);
        if (!lines.some((l) => l.text.trim() !== '')) {
          throw new JobError('The OCR of this file found no text: there is nothing to chunk', { code: 'NO_TEXT' });
        }
        const resolved = strategy === 'llm_analysis' ? resolveChunkingModel() : { model: null, label: 'none', note: null };
        if (resolved.note) {
          await ctx.event({ phase: 'chunking', sub_phase: 'model', message: `No language model available (${resolved.note}); using the deterministic analyser` });
        }
        const started = performance.now();
        let result: ChunkingResult;
        const onProgress = (e: ChunkingProgressEvent) => {
          if (e.sub_phase === 'completed') {
            finalEvent = e; // recorded with the completion, once the run is stored
            return;
          }
          void ctx.event({ ...e, details: { ...e.details } });
        };
        const options = {
          strategy,
          maxChunkSize: Number(c.max_chunk_size),
          overlapSize: Number(c.overlap_size ?? 0),
          ...(c.window_size !== null && c.window_size !== undefined ? { windowSize: Number(c.window_size) } : {}),
        };
        try {
          // Without a language model chunking only computes: in the processing pool. With one it
          // mostly waits for the model's answers, here (the model client lives on this thread).
          result =
            resolved.model || !services.processing
              ? await chunkDocument(lines, { ...options, model: resolved.model, signal: ctx.signal, onProgress })
              : await services.processing.run('chunk', { lines, options }, {
                  signal: ctx.signal,
                  onProgress: (e) => onProgress(e as ChunkingProgressEvent),
                  what: 'chunking the document',
                });
        } catch (err) {
          if (ctx.signal.aborted) throw ctx.signal.reason;
          if (err instanceof ChunkingInputError || (err instanceof PoolTaskError && err.remoteName === 'ChunkingInputError')) {
            throw new JobError(err.message, { code: 'CHUNKING_INPUT', cause: err });
          }
          if (isPoolFailure(err)) throw new JobError(err.message, { code: err.code ?? 'PROCESSING_FAILED', cause: err });
          throw err;
        }
        if (!job.fileId) throw deleted();
        const seconds = Math.round((performance.now() - started) / 10) / 100;
        const model = result.stats.model;
        const s = result.stats;
        const newRun = {
          userId: job.userId,
          fileId: job.fileId,
          jobId: job.id,
          ocrResultId: String(c.ocr_result_id),
          strategy: s.strategy,
          maxChunkSize: s.max_chunk_size,
          overlapSize: s.overlap_size,
          windowSize: s.window_size,
          model,
          stats: { ...s, processing_time: seconds },
        };
        // written before the step's transaction, which only makes it the file's active run
        const staged = await stageRun(services.db, newRun, result.chunks).catch((err: unknown) => {
          throw pgCode(err) === '23503' ? deleted() : err; // the file went meanwhile
        });
        return { result, seconds, model, runId: staged.id };
      },
      commit: async (tx, { result, seconds, model, runId }) => {
        const file = job.fileId ? await lockFile(tx, job.userId, job.fileId, 'share') : null;
        if (!file) throw deleted();
        const s = result.stats;
        const run = await makeActive(tx, file.id, runId);
        return {
          run_id: run.id,
          total_chunks: s.total_chunks,
          text_chunks: s.text_chunks,
          table_chunks: s.table_chunks,
          tables_found: s.tables_found,
          success_rate: s.success_rate,
          processing_time: seconds,
          windows_total: s.windows_total,
          failures: s.failures,
          model,
        };
      },
    });
    const fin = finalEvent as ChunkingProgressEvent | null;
    return {
      summary: { ...out },
      event: {
        phase: 'chunking',
        sub_phase: 'completed',
        message:
          fin?.message ??
          `Chunking completed: ${out.total_chunks} chunks (${out.text_chunks} text, ${out.table_chunks} table)`,
        current_value: out.total_chunks,
        total_value: out.total_chunks,
        units: 'chunks',
        details: {
          ...(fin?.details ?? {}),
          strategy,
          model: out.model,
          total_chunks: out.total_chunks,
          chunks_created: out.total_chunks,
          text_chunks: out.text_chunks,
          table_chunks: out.table_chunks,
          success_rate: out.success_rate,
          failures: out.failures,
          processing_time: out.processing_time,
          run_id: out.run_id,
        },
      },
    };
  },
};
