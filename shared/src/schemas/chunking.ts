// Chunking: chunking jobs, chunks with table
// structure, chunking runs (versions) of a file and the chunk editor's update payload.
import { z } from 'zod';
import { MAX_PAGE_SIZE, RECENT_CHUNKING_JOBS_LIMIT } from '../constants';
import { timestamps, TimestampSchema, UuidSchema } from './common';
import { JobMonitorFieldsSchema } from './job-monitor';
import { JobEventSchema, JobStatusSchema, JobViewBaseSchema } from './jobs';

export const CHUNKING_STRATEGY_NAMES = ['llm_analysis', 'character_based', 'paragraph_based', 'page_based'] as const;
export const ChunkingStrategySchema = z.enum(CHUNKING_STRATEGY_NAMES, {
  error: `Unknown chunking strategy; expected one of ${CHUNKING_STRATEGY_NAMES.join(', ')}`,
});
export type ChunkingStrategyName = z.infer<typeof ChunkingStrategySchema>;

/** Window size 100-500, default 250; anything else falls back to 250 */
export const WINDOW_SIZE = { min: 100, max: 500, default: 250 } as const;
export const OCR_REQUIRED_MESSAGE = 'OCR must be run first';

/** `POST chunking/test` */
export const ChunkingTestSchema = z.strictObject({
  file_id: UuidSchema,
  strategy: ChunkingStrategySchema.nullish(),
  /** llm_analysis only; a number (or digit string) 100-500, anything else means 250 */
  window_size: z.union([z.number(), z.string().max(32)]).nullish(),
  /** characters, 100-100000 (default 2000) */
  max_chunk_size: z.union([z.number(), z.string().max(32)]).nullish(),
  /** character_based only */
  overlap_size: z.union([z.number(), z.string().max(32)]).nullish(),
  name: z.string().trim().min(1).max(255).nullish(),
  description: z.string().trim().max(2000).nullish(),
});
export type ChunkingTest = z.input<typeof ChunkingTestSchema>;

export const ChunkingProcessingConfigSchema = z.object({
  chunking_strategy: ChunkingStrategySchema,
  /** the segmentation model (provider:model), or 'deterministic' when no model is configured */
  model: z.string(),
  /** null unless llm_analysis */
  window_size: z.number().int().nullable(),
  max_chunk_size: z.number().int(),
  overlap_size: z.number().int(),
  /** what the request asked for, when it was replaced by the default */
  requested_window_size: z.unknown().optional(),
  ocr_result_id: UuidSchema,
});
export type ChunkingProcessingConfig = z.infer<typeof ChunkingProcessingConfigSchema>;

export const ChunkingTestResponseSchema = z.object({
  job_id: UuidSchema,
  message: z.string(),
  status: JobStatusSchema,
  processing_config: ChunkingProcessingConfigSchema,
});

export const ChunkingResultsSummarySchema = z.object({
  total_chunks: z.number().int(),
  text_chunks: z.number().int(),
  table_chunks: z.number().int(),
  tables_found: z.number().int(),
  /** fraction 0-1 */
  success_rate: z.number(),
  /** seconds */
  processing_time: z.number(),
  windows_total: z.number().int(),
  failures: z.number().int(),
  model: z.string(),
  run_id: UuidSchema,
});
export type ChunkingResultsSummary = z.infer<typeof ChunkingResultsSummarySchema>;

export const ChunkingJobSchema = JobViewBaseSchema.extend({
  job_type: z.literal('chunking'),
  processing_config: ChunkingProcessingConfigSchema,
  results_summary: ChunkingResultsSummarySchema.nullable(),
});
export type ChunkingJob = z.infer<typeof ChunkingJobSchema>;

/** `GET chunking/jobs/{id}`: the job, its newest events and what its monitor counts from the server (see job-monitor.ts) */
export const ChunkingJobDetailSchema = ChunkingJobSchema.extend({ events: z.array(JobEventSchema), ...JobMonitorFieldsSchema.shape });
export type ChunkingJobDetail = z.infer<typeof ChunkingJobDetailSchema>;

/** `GET chunking/jobs?limit` */
export const ChunkingJobListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(RECENT_CHUNKING_JOBS_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  status: JobStatusSchema.optional(),
});
export const ChunkingJobListResponseSchema = z.object({ jobs: z.array(ChunkingJobSchema), total_count: z.number().int() });

export const TablePartSchema = z.object({
  role: z.enum(['description', 'header', 'body']),
  start: z.number().int(),
  end: z.number().int(),
});
export const TableStructureSchema = z.object({ start: z.number().int(), end: z.number().int(), parts: z.array(TablePartSchema) });
export type TableStructureEntry = z.infer<typeof TableStructureSchema>;

export const ChunkMetadataSchema = z
  .object({
    tables_found: z.number().int(),
    chunking_strategy: z.string(),
    chunk_strategy: z.string(),
    llm_chunk_id: z.string().nullable(),
    llm_status: z.string().nullable(),
    llm_start_line: z.number().int(),
    llm_end_line: z.number().int(),
    table_structure: z.array(TableStructureSchema),
  })
  .catchall(z.unknown());

/** A chunk (metadata is also given as chunk_metadata) */
export const ChunkSchema = z.object({
  id: UuidSchema,
  run_id: UuidSchema,
  file_id: UuidSchema,
  chunk_index: z.number().int(),
  chunk_type: z.enum(['text', 'table']),
  content: z.string(),
  character_count: z.number().int(),
  chunking_strategy: z.string(),
  approximate_token_count: z.number().int(),
  page_number: z.number().int(),
  start_position: z.number().int(),
  end_position: z.number().int(),
  start_line: z.number().int(),
  end_line: z.number().int(),
  metadata: ChunkMetadataSchema,
  chunk_metadata: ChunkMetadataSchema,
  ...timestamps,
});
export type ChunkItem = z.infer<typeof ChunkSchema>;

export const ChunksResponseSchema = z.object({
  total_chunks: z.number().int(),
  chunks: z.array(ChunkSchema),
  run_id: UuidSchema.nullable(),
  file_id: UuidSchema.nullable(),
});
export type ChunksResponse = z.infer<typeof ChunksResponseSchema>;

export const StrategyDescriptionSchema = z.object({
  name: ChunkingStrategySchema,
  label: z.string(),
  description: z.string(),
  is_default: z.boolean(),
  uses_window_size: z.boolean(),
  uses_overlap: z.boolean(),
});

export const ChunkingStrategiesResponseSchema = z.object({
  strategies: z.array(StrategyDescriptionSchema),
  default_strategy: ChunkingStrategySchema,
  window_size: z.object({ min: z.number().int(), max: z.number().int(), default: z.number().int() }),
  max_chunk_size: z.object({ min: z.number().int(), max: z.number().int(), default: z.number().int() }),
});

export const ChunkingHealthResponseSchema = z.object({
  status: z.enum(['healthy', 'degraded']),
  /** the language-model provider chunking would use */
  provider: z.string(),
  model: z.string(),
  /** true when llm_analysis uses the deterministic analyser (no model configured) */
  deterministic: z.boolean(),
  strategies: z.array(ChunkingStrategySchema),
  /** job workers running in this API process (0 when QUARRY_WORKERS=0) */
  in_process_workers: z.number().int(),
  queued_jobs: z.number().int(),
  running_jobs: z.number().int(),
  message: z.string(),
});

/** A chunking run: one version of a file's chunks. */
export const ChunkingRunSchema = z.object({
  chunking_run_id: UuidSchema,
  id: UuidSchema,
  file_id: UuidSchema,
  job_id: UuidSchema.nullable(),
  ocr_result_id: UuidSchema.nullable(),
  is_active: z.boolean(),
  chunk_count: z.number().int(),
  chunking_strategy: z.string(),
  max_chunk_size: z.number().int(),
  overlap_size: z.number().int(),
  window_size: z.number().int().nullable(),
  model: z.string().nullable(),
  created_at: TimestampSchema,
  /** current extraction results made on this version (the list of runs answers it) */
  extraction_result_count: z.number().int().optional(),
});
export type ChunkingRun = z.infer<typeof ChunkingRunSchema>;

export const ChunkingRunsResponseSchema = z.object({
  file_id: UuidSchema,
  runs: z.array(ChunkingRunSchema),
  total_count: z.number().int(),
  active_run_id: UuidSchema.nullable(),
});

export const FileRunParamsSchema = z.object({ id: UuidSchema, runId: UuidSchema });
export const FileChunkParamsSchema = z.object({ id: UuidSchema, chunkId: UuidSchema });

/**
 * `PATCH files/{id}/chunks/{chunkId}` (the chunk editor's update payload). table_structure is one
 * table or a list, in the editor form ({has_description, description_lines, has_header,
 * header_lines, body_rows}) or the stored form ({start, end, parts}); the server checks every bound.
 */
export const ChunkUpdateSchema = z.strictObject({
  start_line: z.number({ error: 'start_line must be a whole number (min 1)' }).int().min(1),
  end_line: z.number({ error: 'end_line must be a whole number (min 1)' }).int().min(1),
  chunk_type: z.enum(['text', 'table'], { error: 'chunk_type must be text or table' }),
  table_structure: z.union([z.record(z.string(), z.unknown()), z.array(z.record(z.string(), z.unknown())).max(200)]).nullish(),
});
export type ChunkUpdate = z.input<typeof ChunkUpdateSchema>;
