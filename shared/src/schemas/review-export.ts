// Export of reviewed records and evaluation of an extraction run against them
// (docs/review-export-api.md). The export answers a file (JSON, CSV or XLSX) streamed, not a
// JSON body; the evaluation answers EvaluationSchema.
import { z } from 'zod';
import { TimestampSchema, UuidSchema } from './common';
import { queryBoolean } from './files';

export const EXPORT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** CSV is one table per file: the records (one line per file) or the table rows (one line per row, file name on each). */
export const EXPORT_PARTS = ['records', 'rows'] as const;
export type ExportPart = (typeof EXPORT_PARTS)[number];

export const ExportQuerySchema = z.strictObject({
  format: z.enum(EXPORT_FORMATS, { error: 'format must be json, csv or xlsx' }),
  /** CSV only: which table */
  part: z.enum(EXPORT_PARTS, { error: 'part must be records or rows' }).default('records'),
  /** a "<column> source" column beside every value (JSON: the sources object) */
  provenance: queryBoolean(false),
  /** checks passed / failed and the failed checks' messages (JSON: the checks list) */
  checks: queryBoolean(false),
});
export type ExportQuery = z.infer<typeof ExportQuerySchema>;

export const EvaluationQuerySchema = z.strictObject({
  /** the extraction run to evaluate (default: the latest completed one) */
  job_id: UuidSchema.optional(),
});
export type EvaluationQuery = z.infer<typeof EvaluationQuerySchema>;

const ratio = z.number().min(0).max(1).nullable();

export const EvaluationFieldFiguresSchema = z.object({
  files: z.number().int(),
  correct: z.number().int(),
  false_positives: z.number().int(),
  false_negatives: z.number().int(),
  same: z.number().int(),
  precision: ratio,
  recall: ratio,
  accuracy: ratio,
});
export type EvaluationFieldFigures = z.infer<typeof EvaluationFieldFiguresSchema>;

export const EvaluationTableFiguresSchema = z.object({
  files: z.number().int(),
  reviewed_rows: z.number().int(),
  extracted_rows: z.number().int(),
  recalled_rows: z.number().int(),
  row_recall: ratio,
  row_precision: ratio,
});
export type EvaluationTableFigures = z.infer<typeof EvaluationTableFiguresSchema>;

export const EvaluationOverallSchema = EvaluationFieldFiguresSchema.extend({ row_recall: ratio });
export type EvaluationOverall = z.infer<typeof EvaluationOverallSchema>;

export const EvaluationRunSchema = z.object({
  job_id: UuidSchema,
  name: z.string(),
  created_at: TimestampSchema,
  completed_at: TimestampSchema.nullable(),
  prompt_name: z.string().nullable(),
  provider: z.string().nullable(),
});
export type EvaluationRun = z.infer<typeof EvaluationRunSchema>;

export const EvaluationExampleSchema = z.object({
  file_id: UuidSchema,
  filename: z.string(),
  expected: z.unknown(),
  got: z.unknown(),
  previous: z.unknown(),
});
export type EvaluationExample = z.infer<typeof EvaluationExampleSchema>;

export const EvaluationFieldSchema = z.discriminatedUnion('kind', [
  z.object({ field: z.string(), kind: z.literal('field'), current: EvaluationFieldFiguresSchema, previous: EvaluationFieldFiguresSchema.nullable(), worse: z.boolean(), examples: z.array(EvaluationExampleSchema) }),
  z.object({ field: z.string(), kind: z.literal('table'), current: EvaluationTableFiguresSchema, previous: EvaluationTableFiguresSchema.nullable(), worse: z.boolean(), examples: z.array(EvaluationExampleSchema) }),
]);
export type EvaluationField = z.infer<typeof EvaluationFieldSchema>;

export const EvaluationSchema = z.object({
  scope: z.object({ kind: z.enum(['dataset', 'job']), id: UuidSchema, name: z.string() }),
  /** files in scope, and those marked Reviewed (their frozen reviewed records are the ground truth) */
  total_files: z.number().int(),
  reviewed_files: z.number().int(),
  /** the evaluated run (null: no completed extraction run in scope) and the one before it */
  run: EvaluationRunSchema.nullable(),
  previous_run: EvaluationRunSchema.nullable(),
  /** completed extraction runs in scope, newest first (what `job_id` can pick) */
  runs: z.array(EvaluationRunSchema),
  /** null when there is nothing to evaluate (no reviewed files or no run) */
  overall: EvaluationOverallSchema.nullable(),
  previous_overall: EvaluationOverallSchema.nullable(),
  fields: z.array(EvaluationFieldSchema),
  /** why figures are missing, in words the page shows (no reviewed files, no run) */
  message: z.string().nullable(),
});
export type Evaluation = z.infer<typeof EvaluationSchema>;
