// Cost of a job before it starts: `POST /jobs/estimate` answers what an
// extraction or pipeline job would process and cost for the chosen provider, and whether the
// caller's balance and weekly job limit allow it. Nothing is created and nothing is charged.
import { z } from 'zod';
import { UuidSchema } from './common';
import { PipelineStageSchema } from './pipeline';

export const ESTIMATE_JOB_TYPES = ['extraction', 'full_pipeline'] as const;

export const JobEstimateRequestSchema = z
  .strictObject({
    job_type: z.enum(ESTIMATE_JOB_TYPES, { error: 'job_type must be extraction or full_pipeline' }),
    dataset_id: UuidSchema.nullish(),
    file_id: UuidSchema.nullish(),
    /** full_pipeline on files chosen from the list: the run gets a dataset of exactly these files */
    file_ids: z.array(UuidSchema).min(1).max(1000, { error: 'At most 1000 files at a time' }).nullish(),
    prompt_id: UuidSchema.nullish(),
    table_prompt_id: UuidSchema.nullish(),
    output_schema_id: UuidSchema.nullish(),
    examples: z.array(UuidSchema).max(1, { error: 'At most one training example' }).nullish(),
    /** full_pipeline only (default: all three) */
    pipeline_stages: z.array(PipelineStageSchema).min(1).max(3).nullish(),
    processing_config: z
      .object({
        chunking_strategy: z.string().trim().max(64).nullish(),
        chunk_size: z.unknown().optional(),
        /** gemini | openai | ollama | offline (default: the server's default provider) */
        provider: z.string().trim().max(64).nullish(),
        model: z.string().trim().max(200).nullish(),
      })
      .passthrough()
      .nullish(),
  })
  .superRefine((v, ctx) => {
    const targets = [v.dataset_id, v.file_id, v.file_ids].filter(Boolean).length;
    if (targets === 0) ctx.addIssue({ code: 'custom', path: ['dataset_id'], message: 'Give a dataset_id or a file_id' });
    if (targets > 1) ctx.addIssue({ code: 'custom', path: ['file_id'], message: 'Give one of dataset_id, file_id or file_ids' });
    if (v.job_type === 'full_pipeline' && !v.dataset_id && !v.file_ids)
      ctx.addIssue({ code: 'custom', path: ['dataset_id'], message: 'A pipeline runs over a dataset or chosen files: dataset_id or file_ids is required' });
    if (v.job_type === 'extraction' && v.file_ids) ctx.addIssue({ code: 'custom', path: ['file_ids'], message: 'An extraction runs on one file or a dataset: file_ids is for pipelines' });
  });
export type JobEstimateRequest = z.input<typeof JobEstimateRequestSchema>;

/**
 * What the text an extraction would read was counted from, most exact first: the file's active
 * chunks, its current OCR text, its PDF text layer (read at upload, before OCR), or a full page
 * of text per page (a scan or an image before OCR)
 */
export const ESTIMATE_TEXT_BASES = ['chunks', 'ocr_text', 'text_layer', 'page_default'] as const;
export type EstimateTextBasis = (typeof ESTIMATE_TEXT_BASES)[number];

export const JobEstimateFileSchema = z.object({
  file_id: UuidSchema,
  filename: z.string(),
  pages: z.number().int(),
  /** pages the job would OCR (0 when it has no OCR stage) */
  pages_to_ocr: z.number().int(),
  chunks: z.number().int(),
  /** false: counted from the file's active chunking run; true: estimated from its text or pages */
  chunks_estimated: z.boolean(),
  text_basis: z.enum(ESTIMATE_TEXT_BASES),
});

export const JobEstimateSchema = z.object({
  job_type: z.enum(ESTIMATE_JOB_TYPES),
  files: z.array(JobEstimateFileSchema),
  file_count: z.number().int(),
  pages_to_ocr: z.number().int(),
  chunks: z.number().int(),
  chunks_estimated: z.boolean(),
  /** the roughest basis among the files (see ESTIMATE_TEXT_BASES) */
  text_basis: z.enum(ESTIMATE_TEXT_BASES),
  /** the provider the extraction would use, its model, and whether it is the offline extractor */
  provider: z.string(),
  model: z.string(),
  offline: z.boolean(),
  /** providers this server can use (for the form's choice) */
  available_providers: z.array(z.string()),
  /** tokens the chosen provider would count (the offline extractor reports, and is estimated at, what a model call would use) */
  estimated_tokens: z.number().int(),
  estimated_input_tokens: z.number().int(),
  estimated_output_tokens: z.number().int(),
  /** what a language model would be sent and answer, whatever the provider */
  model_tokens_if_llm: z.number().int(),
  /** credits the job takes from the balance when it is created */
  credits: z.number().int(),
  credit_balance: z.number().int(),
  balance_after: z.number().int(),
  weekly_jobs_used: z.number().int(),
  weekly_jobs_limit: z.number().int().nullable(),
  weekly_resets_at: z.string().nullable(),
  /** true when the balance and the weekly limit allow the job now */
  allowed: z.boolean(),
  /** why not (empty when allowed) */
  reasons: z.array(z.string()),
});
export type JobEstimate = z.infer<typeof JobEstimateSchema>;
