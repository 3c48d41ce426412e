import { z } from 'zod';
import { FILE_LIST_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { listResponse, sortQuery, timestamps, TimestampSchema, UuidSchema } from './common';

/** `?flag=true|false|1|0` (z.coerce.boolean would read "false" as true). */
export const queryBoolean = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'Must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1' || v === 'yes'));

/** The kinds of document Quarry stores (the types an upload accepts; jpg = jpeg). */
export const FILE_TYPES = ['pdf', 'jpeg', 'png', 'gif', 'bmp', 'tiff'] as const;
export const FileTypeSchema = z.enum(FILE_TYPES);
export type FileType = z.infer<typeof FileTypeSchema>;

/** A stored file. is_valid null = not checked yet (pending). */
export const FileSchema = z.object({
  id: UuidSchema,
  filename: z.string(),
  file_size: z.number().int(),
  mime_type: z.string(),
  file_type: FileTypeSchema,
  estimated_pages: z.number().int(),
  actual_pages: z.number().int().nullable(),
  /** pages this file counts for: actual_pages when valid, estimated_pages while pending, 0 when invalid */
  page_count: z.number().int(),
  is_valid: z.boolean().nullable(),
  error_message: z.string().nullable(),
  upload_session_id: UuidSchema.nullable(),
  sha256: z.string().nullable(),
  ...timestamps,
  validated_at: TimestampSchema.nullable(),
  /** when the file was marked Reviewed, null when it is not; served by the files list and dataset files */
  reviewed_at: TimestampSchema.nullable().optional(),
});
export type FileInfo = z.infer<typeof FileSchema>;

/** Columns the file list sorts by (`?sort=`); ties are broken by id. */
export const FILE_SORT_COLUMNS = ['created_at', 'filename', 'file_size', 'page_count'] as const;
export type FileSortColumn = (typeof FILE_SORT_COLUMNS)[number];
export const FileSortQuerySchema = sortQuery(FILE_SORT_COLUMNS, { sort: 'created_at', order: 'desc' });

/** `GET files/my-files` */
export const FileListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(FILE_LIST_PAGE_SIZE),
  /** include files that failed validation (is_valid false); pending files are always listed */
  include_failed: queryBoolean(false),
  /** filename contains (case-insensitive) */
  search: z.string().trim().max(255).optional(),
  ...FileSortQuerySchema.shape,
});
export type FileListQuery = z.input<typeof FileListQuerySchema>;

export const FileListResponseSchema = listResponse('files', FileSchema).extend({
  /** document pages of the files matching the filter (sum of page_count) */
  total_pages: z.number().int(),
  /** files matching the filter that are marked Reviewed; optional for older servers */
  reviewed_count: z.number().int().optional(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type FileListResponse = z.infer<typeof FileListResponseSchema>;

/** A dataset as listed next to a file (no file list). */
export const DatasetRefSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  status: z.enum(['active', 'archived', 'deleted']),
  added_at: TimestampSchema,
});
export type DatasetRef = z.infer<typeof DatasetRefSchema>;

/** `GET files/{id}/datasets` */
export const FileDatasetsResponseSchema = z.object({
  file_id: UuidSchema,
  datasets: z.array(DatasetRefSchema),
  total_count: z.number().int(),
});
export type FileDatasetsResponse = z.infer<typeof FileDatasetsResponseSchema>;

/** `DELETE files/{id}?force=true` */
export const FileDeleteQuerySchema = z.object({ force: queryBoolean(false) });
export const FileDeleteResponseSchema = z.object({
  message: z.string(),
  file_id: UuidSchema,
  /** datasets the file was removed from (force=true) */
  removed_from_datasets: z.array(z.object({ id: UuidSchema, name: z.string() })),
});
export type FileDeleteResponse = z.infer<typeof FileDeleteResponseSchema>;

/** `GET files/statistics/summary` */
export const FileStatisticsSchema = z.object({
  total_files: z.number().int(),
  valid_files: z.number().int(),
  invalid_files: z.number().int(),
  pending_files: z.number().int(),
  total_pages: z.number().int(),
  total_size_bytes: z.number().int(),
  total_size_mb: z.number(),
  by_type: z.record(z.string(), z.object({ count: z.number().int(), size_bytes: z.number().int(), pages: z.number().int() })),
  files_in_datasets: z.number().int(),
  /** uploads prepared but not completed yet (they hold quota until they expire) */
  pending_uploads: z.number().int(),
  oldest_file_at: TimestampSchema.nullable(),
  newest_file_at: TimestampSchema.nullable(),
});
export type FileStatistics = z.infer<typeof FileStatisticsSchema>;

/** `POST files/cleanup-orphaned?dry_run=false` (dry_run defaults to true; also accepted in a JSON body) */
export const CleanupQuerySchema = z.object({ dry_run: queryBoolean(true).optional() });
export const CleanupBodySchema = z.strictObject({ dry_run: z.boolean().optional() }).nullish();
export const CleanupResponseSchema = z.object({
  dry_run: z.boolean(),
  /** stored blobs that no file row and no live upload refers to */
  orphaned_blobs: z.array(z.object({ key: z.string(), size: z.number().int(), last_modified: TimestampSchema.nullable() })),
  orphaned_bytes: z.number().int(),
  /** file rows whose bytes are gone (deleted with dry_run=false, removed from their datasets) */
  missing_files: z.array(z.object({ id: UuidSchema, filename: z.string() })),
  /** prepared uploads past their expiry (marked expired, their bytes deleted) */
  expired_uploads: z.array(z.object({ id: UuidSchema, filename: z.string() })),
  /** files never checked (crash during complete) that were validated now */
  revalidated_files: z.array(z.object({ id: UuidSchema, filename: z.string(), is_valid: z.boolean().nullable() })),
  message: z.string(),
});
export type CleanupResponse = z.infer<typeof CleanupResponseSchema>;

/** `GET files/{id}/download-url` */
export const FileDownloadUrlResponseSchema = z.object({
  file_id: UuidSchema,
  url: z.string(),
  expires_at: TimestampSchema,
});
export type FileDownloadUrlResponse = z.infer<typeof FileDownloadUrlResponseSchema>;

/** Signed URL parameters of the local storage driver (`?expires=<unix s>&signature=<hex>`). */
export const SignedQuerySchema = z.object({
  expires: z.coerce.number({ error: 'Missing or invalid expires' }).int().min(0),
  signature: z.string({ error: 'Missing signature' }).regex(/^[0-9a-f]{64}$/, { error: 'Malformed signature' }),
  /** download: `attachment` (default) or `inline` */
  disposition: z.enum(['attachment', 'inline']).optional(),
});
export type SignedQuery = z.infer<typeof SignedQuerySchema>;

/** What `POST files/bulk` can do to many files at once. */
export const FILE_BULK_ACTIONS = ['delete', 'add_to_dataset'] as const;
export type FileBulkAction = (typeof FILE_BULK_ACTIONS)[number];
export const FILE_BULK_MAX = 100;

/** `POST files/bulk` */
export const FileBulkRequestSchema = z
  .strictObject({
    action: z.enum(FILE_BULK_ACTIONS, { error: 'action must be delete or add_to_dataset' }),
    file_ids: z
      .array(UuidSchema, { error: 'Select at least one file' })
      .min(1, { error: 'Select at least one file' })
      .max(FILE_BULK_MAX, { error: `At most ${FILE_BULK_MAX} files at a time` }),
    /** add_to_dataset: the caller's dataset the files go to */
    dataset_id: UuidSchema.optional(),
    /** delete: also delete files that are in datasets (they are removed from them) */
    force: z.boolean().optional(),
  })
  .refine((v) => v.action !== 'add_to_dataset' || v.dataset_id !== undefined, {
    error: 'dataset_id is required to add files to a dataset',
    path: ['dataset_id'],
  });
export type FileBulkRequest = z.input<typeof FileBulkRequestSchema>;

/** A file id the bulk action left alone, and why (not found, in a dataset, invalid, ...). */
export const FileBulkRefusalSchema = z.object({ id: UuidSchema, reason: z.string() });
export type FileBulkRefusal = z.infer<typeof FileBulkRefusalSchema>;

export const FileBulkResponseSchema = z.object({
  action: z.enum(FILE_BULK_ACTIONS),
  /** ids the action was done to, in the order sent */
  done: z.array(UuidSchema),
  /** ids left unchanged, each with the reason; another user's id is "File not found" */
  refused: z.array(FileBulkRefusalSchema),
  message: z.string(),
});
export type FileBulkResponse = z.infer<typeof FileBulkResponseSchema>;
