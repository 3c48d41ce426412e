// Chunking (docs/product/jobs.md): POST chunking/test, GET chunking/jobs/{id},
// GET chunking/{id}/chunks, GET chunking/jobs?limit (default 5), GET chunking/strategies,
// GET chunking/health. Chunking jobs are jobs of type `chunking` (see handler.ts).
import {
  ChunkingHealthResponseSchema,
  ChunkingJobDetailSchema,
  ChunkingJobListQuerySchema,
  ChunkingJobListResponseSchema,
  ChunkingStrategiesResponseSchema,
  ChunkingTestResponseSchema,
  ChunkingTestSchema,
  ChunksResponseSchema,
  ErrorResponseSchema,
  type ChunkingJob,
  type ChunkingProcessingConfig,
  type ChunkingResultsSummary,
} from '@quarry/shared/schemas';
import type { JobRow } from '../../db/schema';
import { byIdRoute, errorResponses, tagRoutes } from '../../lib/openapi';
import { toJobView, type JobExtras } from '../../jobs/answers';
import { getJob, jobsPage, monitorFields, queueCounts } from '../../jobs/reads';
import { createJob } from '../../jobs/store';
import {
  CHUNKING_STRATEGIES,
  DEFAULT_MAX_CHUNK_SIZE,
  DEFAULT_STRATEGY,
  DEFAULT_WINDOW_SIZE,
  MAX_WINDOW_SIZE,
  MIN_WINDOW_SIZE,
  STRATEGY_DESCRIPTIONS,
} from '../../processing/chunking';
import type { App } from '../../types';
import { runChunks, runOfJob, toChunk } from '../chunk-runs/service';
import { resolveChunkingModel } from './handler';

export function toChunkingJob(row: JobRow, extras: Partial<JobExtras>): ChunkingJob {
  const c = row.config;
  const config: ChunkingProcessingConfig = {
    chunking_strategy: (c.chunking_strategy as ChunkingProcessingConfig['chunking_strategy']) ?? DEFAULT_STRATEGY,
    model: typeof c.model === 'string' ? c.model : 'deterministic',
    window_size: typeof c.window_size === 'number' ? c.window_size : null,
    max_chunk_size: typeof c.max_chunk_size === 'number' ? c.max_chunk_size : DEFAULT_MAX_CHUNK_SIZE,
    overlap_size: typeof c.overlap_size === 'number' ? c.overlap_size : 0,
    ...(c.requested_window_size !== undefined ? { requested_window_size: c.requested_window_size } : {}),
    ocr_result_id: String(c.ocr_result_id),
  };
  const s = row.resultsSummary as ChunkingResultsSummary | null;
  return {
    ...toJobView(row, extras),
    job_type: 'chunking',
    processing_config: config,
    results_summary: s && typeof s.run_id === 'string' ? s : null,
  };
}

export default async function chunkingRoutes(app: App) {
  tagRoutes(app, 'chunking');
  const db = app.database.db;
  const rt = app.jobs;

  app.post(
    '/chunking/test',
    {
      schema: {
        summary: 'Chunk a file (its current OCR) and queue the job at once',
        description:
          "strategy: llm_analysis (default), character_based, paragraph_based, page_based. window_size applies to llm_analysis only: 100-500, anything else means 250. " +
          "400 'OCR must be run first' when the file has no OCR result. Counts against weekly_jobs (429 / 402 as POST /jobs/).",
        body: ChunkingTestSchema,
        response: { 201: ChunkingTestResponseSchema, 402: ErrorResponseSchema, ...errorResponses(400, 404, 422, 429) },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const strategy = b.strategy ?? DEFAULT_STRATEGY;
      const row = await createJob(
        rt,
        req.user.id,
        {
          job_type: 'chunking',
          file_id: b.file_id,
          name: b.name ?? null,
          description: b.description ?? null,
          processing_config: {
            chunking_strategy: strategy,
            ...(strategy === 'llm_analysis' && b.window_size !== undefined && b.window_size !== null ? { window_size: b.window_size } : {}),
            ...(b.max_chunk_size !== undefined && b.max_chunk_size !== null ? { max_chunk_size: b.max_chunk_size } : {}),
            ...(b.overlap_size !== undefined && b.overlap_size !== null ? { overlap_size: b.overlap_size } : {}),
          },
        },
        { start: true },
      );
      const job = toChunkingJob(row, {});
      const ws = job.processing_config.window_size;
      return reply.code(201).send({
        job_id: row.id,
        status: job.status,
        processing_config: job.processing_config,
        message:
          `Chunking job queued (${strategy}${ws !== null ? `, window size ${ws}` : ''})` +
          (job.processing_config.requested_window_size !== undefined ? `; window size ${String(job.processing_config.requested_window_size)} is outside ${MIN_WINDOW_SIZE}-${MAX_WINDOW_SIZE}, ${DEFAULT_WINDOW_SIZE} is used` : ''),
      });
    },
  );

  app.get(
    '/chunking/jobs',
    {
      schema: {
        summary: "The caller's recent chunking jobs (limit, default 5)",
        querystring: ChunkingJobListQuerySchema,
        response: { 200: ChunkingJobListResponseSchema, ...errorResponses(422) },
      },
    },
    async (req) => {
      const { offset, limit, status } = req.query;
      return jobsPage(db, req.user.id, { offset, limit, jobType: 'chunking', status }, toChunkingJob);
    },
  );

  app.get(
    '/chunking/jobs/:id',
    byIdRoute(ChunkingJobDetailSchema, {
      summary: 'A chunking job: processing_config, what its monitor shows (the newest events, event_count, actual figures), results_summary (success_rate is a fraction)',
    }),
    async (req) => {
      const { row, extras } = await getJob(db, req.user.id, req.params.id, 'chunking');
      return { ...toChunkingJob(row, extras), ...(await monitorFields(db, row)) };
    },
  );

  app.get(
    '/chunking/:id/chunks',
    byIdRoute(ChunksResponseSchema, { summary: 'The chunks a chunking job produced (empty until it completes)' }),
    async (req) => {
      const { row } = await getJob(db, req.user.id, req.params.id, 'chunking');
      const run = await runOfJob(db, row.id);
      if (!run) return { total_chunks: 0, chunks: [], run_id: null, file_id: row.fileId };
      const list = await runChunks(db, run.id);
      return { total_chunks: list.length, chunks: list.map(toChunk), run_id: run.id, file_id: run.fileId };
    },
  );

  app.get(
    '/chunking/strategies',
    {
      schema: { summary: 'The chunking strategies and their options', response: { 200: ChunkingStrategiesResponseSchema } },
    },
    async () => ({
      strategies: STRATEGY_DESCRIPTIONS.map((s) => ({ ...s })),
      default_strategy: DEFAULT_STRATEGY,
      window_size: { min: MIN_WINDOW_SIZE, max: MAX_WINDOW_SIZE, default: DEFAULT_WINDOW_SIZE },
      max_chunk_size: { min: 100, max: 100_000, default: DEFAULT_MAX_CHUNK_SIZE },
    }),
  );

  app.get(
    '/chunking/health',
    {
      schema: { summary: 'Whether chunking can run here: model, workers, queue', response: { 200: ChunkingHealthResponseSchema } },
    },
    async () => {
      const model = resolveChunkingModel();
      const counts = await queueCounts(db, 'chunking');
      const workers = rt.pool?.concurrency ?? 0;
      const messages = [
        model.model ? `llm_analysis uses ${model.label}` : 'llm_analysis uses the deterministic line-structure analyser (no language model configured)',
        workers > 0 ? `${workers} job slots in this API process` : 'no workers in this API process (QUARRY_WORKERS=0): jobs run on worker processes',
      ];
      if (model.note) messages.push(`provider configuration: ${model.note}`);
      return {
        status: model.note ? ('degraded' as const) : ('healthy' as const),
        provider: model.provider,
        model: model.label,
        deterministic: model.model === null,
        strategies: [...CHUNKING_STRATEGIES],
        in_process_workers: workers,
        queued_jobs: counts.queued,
        running_jobs: counts.running,
        message: messages.join('; '),
      };
    },
  );
}
