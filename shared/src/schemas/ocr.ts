// OCR: OCR jobs, results, statistics and numbered lines.
import { z } from 'zod';
import { PaginationQuerySchema, TimestampSchema, UuidSchema, pagedListResponse, optionalDescription } from './common';
import { JobMonitorFieldsSchema } from './job-monitor';
import { JobEventSchema, JobStatusSchema, JobViewBaseSchema } from './jobs';

/** `POST ocr/jobs` */
export const OcrJobCreateSchema = z.strictObject({
  file_id: UuidSchema,
  name: z.string().trim().min(1).max(255, { error: 'Job name is too long (at most 255 characters)' }).nullish(),
  description: optionalDescription(2000),
});
export type OcrJobCreate = z.input<typeof OcrJobCreateSchema>;

/** An OCR job's results_summary (ocr_text only on the single-job answer) */
export const OcrResultsSummarySchema = z.object({
  ocr_text: z.string().optional(),
  ocr_text_length: z.number().int(),
  text_length: z.number().int(),
  processing_time_seconds: z.number(),
  processing_time: z.number(),
  page_count: z.number().int(),
  line_count: z.number().int(),
  engine: z.string().nullable(),
  result_id: UuidSchema,
  file_id: UuidSchema.nullable(),
  filename: z.string().nullable(),
});
export type OcrResultsSummary = z.infer<typeof OcrResultsSummarySchema>;

export const OcrJobSchema = JobViewBaseSchema.extend({
  job_type: z.literal('ocr'),
  results_summary: OcrResultsSummarySchema.nullable(),
  attempts: z.number().int(),
});
export type OcrJob = z.infer<typeof OcrJobSchema>;

/** `GET ocr/jobs/{id}`: the job, its newest events and what its monitor counts from the server (see job-monitor.ts) */
export const OcrJobDetailSchema = OcrJobSchema.extend({ events: z.array(JobEventSchema), ...JobMonitorFieldsSchema.shape });
export type OcrJobDetail = z.infer<typeof OcrJobDetailSchema>;

/** `GET ocr/jobs` */
export const OcrJobListQuerySchema = PaginationQuerySchema.extend({
  status_filter: JobStatusSchema.optional(),
});
export type OcrJobListQuery = z.input<typeof OcrJobListQuerySchema>;

export const OcrJobListResponseSchema = pagedListResponse('jobs', OcrJobSchema);
export type OcrJobListResponse = z.infer<typeof OcrJobListResponseSchema>;

/** `GET ocr/results/{id}` (id: an OCR job's id or a file's id) — an OCR result */
export const OcrResultSchema = z.object({
  success: z.boolean(),
  processing_time: z.number().nullable(),
  error: z.string().nullable(),
  ocr_markdown: z.string().nullable(),
  ocr_text: z.string().nullable(),
  job_id: UuidSchema.nullable(),
  file_id: UuidSchema.nullable(),
  result_id: UuidSchema.nullable(),
  status: JobStatusSchema.nullable(),
  text_length: z.number().int(),
  page_count: z.number().int(),
  engine: z.string().nullable(),
  created_at: TimestampSchema.nullable(),
});
export type OcrResult = z.infer<typeof OcrResultSchema>;

/** `GET ocr/statistics` (the caller's OCR jobs and results) */
export const OcrStatisticsSchema = z.object({
  total_jobs: z.number().int(),
  pending_jobs: z.number().int(),
  queued_jobs: z.number().int(),
  running_jobs: z.number().int(),
  completed_jobs: z.number().int(),
  failed_jobs: z.number().int(),
  cancelled_jobs: z.number().int(),
  success_rate: z.number().nullable(),
  files_with_ocr: z.number().int(),
  total_pages_processed: z.number().int(),
  total_characters_extracted: z.number().int(),
  average_processing_time_seconds: z.number().nullable(),
});
export type OcrStatistics = z.infer<typeof OcrStatisticsSchema>;

/** `PUT ocr/jobs/{id}/complete`: optionally with text recognised elsewhere (pages split by a form feed) */
export const OcrCompleteSchema = z
  .strictObject({
    ocr_text: z.string().max(20_000_000).optional(),
    ocr_markdown: z.string().max(20_000_000).optional(),
    processing_time: z.number().min(0).optional(),
  })
  .nullish();

/** `PUT ocr/jobs/{id}/fail` */
export const OcrFailSchema = z
  .strictObject({
    error_message: z.string().trim().min(1).max(4000).optional(),
    error: z.string().trim().min(1).max(4000).optional(),
  })
  .nullish();

export const OcrLineSchema = z.object({ number: z.number().int(), text: z.string(), page: z.number().int() });
export type OcrLineItem = z.infer<typeof OcrLineSchema>;

/** `GET files/{id}/ocr/lines`: the file's current OCR, lines numbered from 1 across pages */
export const OcrLinesResponseSchema = z.object({
  file_id: UuidSchema,
  result_id: UuidSchema,
  page_count: z.number().int(),
  total_lines: z.number().int(),
  lines: z.array(OcrLineSchema),
});
export type OcrLinesResponse = z.infer<typeof OcrLinesResponseSchema>;
