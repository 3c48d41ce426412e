import { z } from 'zod';
import { listResponse, optionalDescription, PaginationQuerySchema, sortQuery, timestamps, TimestampSchema, trimmedString, UuidSchema } from './common';
import { FileSchema, queryBoolean } from './files';
import { EvaluationOverallSchema, EvaluationRunSchema, EXPORT_FORMATS } from './review-export';

export const DATASET_STATUSES = ['active', 'archived', 'deleted'] as const;
export const DatasetStatusSchema = z.enum(DATASET_STATUSES);
export type DatasetStatus = z.infer<typeof DatasetStatusSchema>;

export const DATASET_MESSAGES = {
  nameRequired: 'Dataset name is required',
  filesRequired: 'Please select at least one file for the dataset',
  selectFiles: 'Please select files to add or remove',
} as const;

const fileIds = (message: string) =>
  z
    .array(UuidSchema, { error: message })
    .min(1, { error: message })
    .max(1000, { error: 'At most 1000 files at a time' });

/** A dataset. file_count and total_pages are computed from its files on every read. */
export const DatasetSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  description: z.string().nullable(),
  status: DatasetStatusSchema,
  file_count: z.number().int(),
  /** sum of the files' page_count */
  total_pages: z.number().int(),
  total_size: z.number().int(),
  /** member files marked Reviewed (docs/review-api.md); optional for older servers */
  reviewed_count: z.number().int().optional(),
  ...timestamps,
  archived_at: TimestampSchema.nullable(),
  deleted_at: TimestampSchema.nullable(),
  files: z.array(FileSchema),
});
export type Dataset = z.infer<typeof DatasetSchema>;

const nameField = trimmedString({ required: DATASET_MESSAGES.nameRequired, max: 200, maxMessage: 'Dataset name is too long (at most 200 characters)' });
const descriptionField = optionalDescription(2000);

/** `POST /datasets/` */
export const DatasetCreateSchema = z.strictObject({
  name: nameField,
  description: descriptionField,
  file_ids: fileIds(DATASET_MESSAGES.filesRequired),
});
export type DatasetCreate = z.input<typeof DatasetCreateSchema>;

/** `PUT /datasets/{id}` */
export const DatasetUpdateSchema = z
  .strictObject({
    name: nameField.optional(),
    description: descriptionField,
  })
  .refine((v) => v.name !== undefined || v.description !== undefined, { error: 'Nothing to update: send name and/or description' });
export type DatasetUpdate = z.input<typeof DatasetUpdateSchema>;

/** `POST` / `DELETE /datasets/{id}/files` */
export const DatasetFilesBodySchema = z.strictObject({ file_ids: fileIds(DATASET_MESSAGES.selectFiles) });
export type DatasetFilesBody = z.input<typeof DatasetFilesBodySchema>;

/** Columns the dataset list sorts by (`?sort=`); ties are broken by id. */
export const DATASET_SORT_COLUMNS = ['created_at', 'name', 'file_count'] as const;
export type DatasetSortColumn = (typeof DATASET_SORT_COLUMNS)[number];
export const DatasetSortQuerySchema = sortQuery(DATASET_SORT_COLUMNS, { sort: 'created_at', order: 'desc' });

export const DatasetListQuerySchema = PaginationQuerySchema.extend({
  ...DatasetSortQuerySchema.shape,
  /** one status; without it active and archived datasets are listed */
  status: DatasetStatusSchema.optional(),
  /** name or description contains (case-insensitive) */
  search: z.string().trim().max(200).optional(),
  /** false: leave out the file lists (counts stay) */
  include_files: queryBoolean(true),
});
export type DatasetListQuery = z.input<typeof DatasetListQuerySchema>;

export const DatasetListResponseSchema = listResponse('datasets', DatasetSchema);
export type DatasetListResponse = z.infer<typeof DatasetListResponseSchema>;

/** Answer of `POST`/`DELETE /datasets/{id}/files`: the dataset plus what changed. */
export const DatasetFilesResponseSchema = DatasetSchema.extend({
  added_file_ids: z.array(UuidSchema),
  removed_file_ids: z.array(UuidSchema),
  /** ids sent that needed no change (already in / not in the dataset) */
  unchanged_file_ids: z.array(UuidSchema),
});
export type DatasetFilesResponse = z.infer<typeof DatasetFilesResponseSchema>;

/** A job that ran on a dataset, as its page lists it. */
export const DatasetJobSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  job_type: z.string(),
  status: z.string(),
  progress_percentage: z.number(),
  created_at: TimestampSchema,
  completed_at: TimestampSchema.nullable(),
});
export type DatasetJob = z.infer<typeof DatasetJobSchema>;

/** A download of the dataset's reviewed records (`GET datasets/{id}/export?format=`). */
export const DatasetExportLinkSchema = z.object({
  format: z.enum(EXPORT_FORMATS),
  label: z.string(),
  /** API path, relative to /api/v1 */
  path: z.string(),
});
export type DatasetExportLink = z.infer<typeof DatasetExportLinkSchema>;

/** The newest completed extraction run measured against the reviewed files (`GET datasets/{id}/evaluation` has the details). */
export const DatasetEvaluationSummarySchema = z.object({
  reviewed_files: z.number().int(),
  total_files: z.number().int(),
  run: EvaluationRunSchema.nullable(),
  overall: EvaluationOverallSchema.nullable(),
  /** why figures are missing (no reviewed files, no run), else null */
  message: z.string().nullable(),
});
export type DatasetEvaluationSummary = z.infer<typeof DatasetEvaluationSummarySchema>;

/** `GET /datasets/{id}`: the dataset with its files, its newest jobs, its exports and its evaluation summary. */
export const DatasetDetailSchema = DatasetSchema.extend({
  /** newest first, at most DATASET_DETAIL_JOBS (top-level jobs only) */
  jobs: z.array(DatasetJobSchema),
  /** all top-level jobs on the dataset */
  jobs_total: z.number().int(),
  exports: z.array(DatasetExportLinkSchema),
  evaluation: DatasetEvaluationSummarySchema,
});
export type DatasetDetail = z.infer<typeof DatasetDetailSchema>;
export const DATASET_DETAIL_JOBS = 20;
