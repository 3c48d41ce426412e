// Pipelines: OCR, chunking and extraction of a file as one job.
import { z } from 'zod';
import { JobMonitorFieldsSchema } from './job-monitor';
import { TimestampSchema, UuidSchema } from './common';
import { JobEventSchema, JobStatusSchema } from './jobs';

export const PIPELINE_STAGES = ['ocr', 'chunking', 'extraction'] as const;
export const PipelineStageSchema = z.enum(PIPELINE_STAGES);
export type PipelineStage = z.infer<typeof PipelineStageSchema>;

/** overall progress per stage */
export const PIPELINE_STAGE_RANGES: Record<PipelineStage, readonly [number, number]> = {
  ocr: [0, 20],
  chunking: [20, 50],
  extraction: [50, 100],
};

export const PIPELINE_CHUNK_SIZE = { min: 100, max: 500, default: 250 } as const;

/** 100-500, default 250; anything else falls back to 250. */
export function normalizePipelineChunkSize(v: unknown): number {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n)) return PIPELINE_CHUNK_SIZE.default;
  const r = Math.round(n);
  return r >= PIPELINE_CHUNK_SIZE.min && r <= PIPELINE_CHUNK_SIZE.max ? r : PIPELINE_CHUNK_SIZE.default;
}

export const PIPELINE_MESSAGES = {
  missingFields: 'Missing required fields: fill in job name, dataset, and select at least one pipeline stage',
  missingPrompt: 'Missing extraction requirements: Extraction stage requires a prompt template',
  stageOrder: 'Pipeline stages must be a subset of ocr, chunking, extraction in that order',
} as const;

export const PipelineCreateSchema = z
  .strictObject({
    name: z.string({ error: PIPELINE_MESSAGES.missingFields }).trim().min(1, { error: PIPELINE_MESSAGES.missingFields }).max(255),
    description: z.string().trim().max(2000).nullish(),
    dataset_id: UuidSchema,
    pipeline_stages: z
      .array(PipelineStageSchema)
      .min(1, { error: PIPELINE_MESSAGES.missingFields })
      .optional()
      .default(['ocr', 'chunking', 'extraction'])
      .refine((s) => new Set(s).size === s.length && s.every((x, i) => i === 0 || PIPELINE_STAGES.indexOf(x) > PIPELINE_STAGES.indexOf(s[i - 1]!)), {
        error: PIPELINE_MESSAGES.stageOrder,
      }),
    prompt_id: UuidSchema.nullish(),
    table_prompt_id: UuidSchema.nullish(),
    output_schema_id: UuidSchema.nullish(),
    examples: z.array(UuidSchema).max(1, { error: 'At most one training example' }).nullish(),
    processing_config: z
      .object({
        chunking_strategy: z.string().trim().max(64).nullish(),
        /** 100-500, default 250; an invalid value falls back to 250 */
        chunk_size: z.unknown().optional(),
      })
      .passthrough()
      .nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.pipeline_stages.includes('extraction') && !v.prompt_id) ctx.addIssue({ code: 'custom', path: ['prompt_id'], message: PIPELINE_MESSAGES.missingPrompt });
  });
export type PipelineCreate = z.input<typeof PipelineCreateSchema>;

export const PipelineStageStateSchema = z.object({
  /** the stage's job (the running one, else the first); null until the stage has started */
  job_id: UuidSchema.nullable(),
  status: z.string(),
  /** 0-100 within the stage */
  progress: z.number(),
  /** every job of the stage (one per file for OCR and chunking) */
  job_ids: z.array(UuidSchema),
  completed: z.number().int(),
  failed: z.number().int(),
  total: z.number().int(),
});

export const PipelineJobSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  description: z.string().nullable(),
  status: JobStatusSchema,
  job_type: z.literal('full_pipeline'),
  dataset_id: UuidSchema.nullable(),
  created_at: TimestampSchema,
  started_at: TimestampSchema.nullable(),
  completed_at: TimestampSchema.nullable(),
  overall_progress: z.number(),
  current_stage: z.string().nullable(),
  pipeline_stages: z.array(PipelineStageSchema),
  stages: z.object({ ocr: PipelineStageStateSchema, chunking: PipelineStageStateSchema, extraction: PipelineStageStateSchema }),
  processing_config: z.record(z.string(), z.unknown()),
  results_summary: z.record(z.string(), z.unknown()).nullable(),
  error_message: z.string().nullable(),
  events: z.array(JobEventSchema),
  ...JobMonitorFieldsSchema.shape,
});
export type PipelineJob = z.infer<typeof PipelineJobSchema>;
