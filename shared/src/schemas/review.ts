// The review record of a file (docs/review-api.md: provenance in the record, checks, corrections,
// Reviewed). Served by GET files/{id}/record and answered by every review mutation, so the page
// replaces its copy with the answer. Paths are JSON paths of the record: $.vendor,
// $.items[2].price, $["unit price"] (see @quarry/shared/review's pathOf / parsePath).
import { z } from 'zod';
import { TimestampSchema, UuidSchema } from './common';

export const ValueSourceSchema = z.object({
  /** found: in the document; not_in_document: nowhere in it (flag it); corrected: a user's value */
  status: z.enum(['found', 'not_in_document', 'corrected']),
  chunk_id: UuidSchema.nullable(),
  /** 1-based OCR line range (inclusive), numbered across the document; a corrected value keeps the model's */
  start_line: z.number().int().nullable(),
  end_line: z.number().int().nullable(),
  page: z.number().int().nullable(),
  /** exact | case_whitespace | date | number */
  match: z.string().nullable(),
});
export type ValueSource = z.infer<typeof ValueSourceSchema>;

/** required: the document lacks a field the output schema requires */
export const CheckRuleSchema = z.enum(['required', 'row_count', 'line_amount', 'sum_total']);
export type CheckRule = z.infer<typeof CheckRuleSchema>;

export const ReviewCheckSchema = z.object({
  /** stable per rule and place: row_count:items, line_amount:$.items[2], sum_total:$.total */
  id: z.string(),
  rule: CheckRuleSchema,
  status: z.enum(['passed', 'failed']),
  message: z.string(),
  /** the record path the check is about (a list, a cell, a field) */
  path: z.string().optional(),
});
export type ReviewCheck = z.infer<typeof ReviewCheckSchema>;

export const CorrectionTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('field'), key: z.string() }),
  z.object({ kind: z.literal('cell'), list: z.string(), row: z.string(), column: z.string() }),
  z.object({ kind: z.literal('row'), list: z.string(), row: z.string(), after: z.string().nullable().optional() }),
]);
export type CorrectionTarget = z.infer<typeof CorrectionTargetSchema>;

export const CorrectionActionSchema = z.enum(['set', 'add_row', 'delete_row']);
export type CorrectionAction = z.infer<typeof CorrectionActionSchema>;

export const CorrectionEntrySchema = z.object({
  id: UuidSchema,
  action: CorrectionActionSchema,
  /** where it is in the record now (rows may have moved); where it was made when it no longer applies */
  path: z.string(),
  target: CorrectionTargetSchema,
  /** set: the value before; delete_row: the row deleted; add_row: null */
  old_value: z.unknown(),
  /** set: the new value; add_row: the row added; delete_row: null */
  new_value: z.unknown(),
  author_id: UuidSchema.nullable(),
  author_email: z.string().nullable(),
  created_at: TimestampSchema,
  undone_at: TimestampSchema.nullable(),
  /** active: applied; undone; stale: made on an earlier extraction (the file was re-extracted since), not applied */
  status: z.enum(['active', 'undone', 'stale']),
  /** false when it has nothing left to apply to (its row was deleted, or added by an undone correction) */
  applied: z.boolean(),
});
export type CorrectionEntry = z.infer<typeof CorrectionEntrySchema>;

/** A field of the output schema: the record shows a row for every one, in this order, found or not. */
export const SchemaFieldSchema = z.object({
  key: z.string(),
  /** string | number | integer | boolean | date | list | object (how the page formats it) */
  kind: z.string(),
  required: z.boolean(),
  /** a list's columns, in the schema's order */
  columns: z.array(z.object({ key: z.string(), kind: z.string() })).optional(),
});
export type SchemaField = z.infer<typeof SchemaFieldSchema>;

export const ReviewRecordSchema = z.object({
  file_id: UuidSchema,
  filename: z.string(),
  /** none: never extracted; failed: every chunk failed; partial: some chunks failed; completed */
  extraction: z.enum(['none', 'failed', 'partial', 'completed']),
  /** the extraction job whose results make `original` */
  job_id: UuidSchema.nullable(),
  /** identity of the results `original` is built from; send it with every correction */
  base_version: z.string(),
  /** the model's unified record (never changed by corrections) */
  original: z.record(z.string(), z.unknown()),
  /** the record with the active corrections applied */
  record: z.record(z.string(), z.unknown()),
  /** per path of a value of `record` (fields and table cells); values without a source (null, booleans) are absent */
  sources: z.record(z.string(), ValueSourceSchema),
  checks: z.array(ReviewCheckSchema),
  /** the output schema's fields and columns in the schema's order; empty when the results name no schema */
  fields: z.array(SchemaFieldSchema).default([]),
  reviewed: z.boolean(),
  reviewed_at: TimestampSchema.nullable(),
  /** the record frozen when the file was marked Reviewed (ground truth for evaluation) */
  reviewed_record: z.record(z.string(), z.unknown()).nullable(),
  /** the record changed since it was marked Reviewed: mark it again to update the frozen copy */
  review_outdated: z.boolean(),
  /** active corrections */
  corrections: z.number().int(),
  /** every correction, oldest first */
  history: z.array(CorrectionEntrySchema),
  summary: z.object({
    values: z.number().int(),
    found: z.number().int(),
    not_in_document: z.number().int(),
    corrected: z.number().int(),
    checks_failed: z.number().int(),
    checks_passed: z.number().int(),
  }),
});
export type ReviewRecordResponse = z.infer<typeof ReviewRecordSchema>;

const PATH = z.string({ error: 'path is required' }).min(2, { error: 'path is required' }).max(500, { error: 'path is too long' });
const BASE = z.string({ error: 'base_version is required: send the base_version of the record you corrected' }).min(1).max(64);
/** a value a field or cell takes: text, a number, true/false or empty (null) */
export const CellValueSchema = z.union([z.string().max(10_000, { error: 'A value is at most 10000 characters' }), z.number(), z.boolean(), z.null()], {
  error: 'A value is text, a number, true/false or null',
});

/** `POST files/{id}/corrections` */
export const CorrectionRequestSchema = z.discriminatedUnion(
  'action',
  [
    /** a field ($.vendor) or a table cell ($.items[2].price) takes `value` */
    z.strictObject({ action: z.literal('set'), path: PATH, value: CellValueSchema, base_version: BASE }),
    /** a row added to the list at `path` ($.items), at `index` (0 = first; omitted = last) */
    z.strictObject({
      action: z.literal('add_row'),
      path: PATH,
      index: z.number().int().min(0).max(100_000).optional(),
      value: z.record(z.string().min(1).max(200), CellValueSchema).refine((r) => Object.keys(r).length <= 200, { error: 'At most 200 columns' }).optional(),
      base_version: BASE,
    }),
    /** the row at `path` ($.items[2]) deleted */
    z.strictObject({ action: z.literal('delete_row'), path: PATH, base_version: BASE }),
  ],
  { error: 'action must be set, add_row or delete_row' },
);
export type CorrectionRequest = z.infer<typeof CorrectionRequestSchema>;

/** `POST files/{id}/review`: marks the record the caller looked at (base_version) Reviewed */
export const ReviewMarkRequestSchema = z.strictObject({ base_version: BASE });
export type ReviewMarkRequest = z.infer<typeof ReviewMarkRequestSchema>;

export const FileCorrectionParamsSchema = z.object({ id: UuidSchema, correctionId: UuidSchema });

/** counts of the Reviewed marks, on the files list and on datasets */
export const ReviewCountsSchema = z.object({ reviewed_count: z.number().int() });

/** checks of an extraction job's files, in its results_summary (read by the extraction and pipeline monitors) */
export const ReviewChecksSummarySchema = z.object({
  failed: z.number().int(),
  passed: z.number().int(),
  /** files with at least one failed check (the first 100) */
  files: z.array(z.object({ file_id: UuidSchema, filename: z.string(), failed: z.number().int() })),
});
export type ReviewChecksSummary = z.infer<typeof ReviewChecksSummarySchema>;

