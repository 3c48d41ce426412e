import { z } from 'zod';
import { ALLOWED_UPLOAD_EXTENSIONS, UPLOAD_MAX_FILES_PER_BATCH } from '../constants';
import { TimestampSchema, UuidSchema } from './common';
import { FileTypeSchema } from './files';

export const UPLOAD_MESSAGES = {
  filenameRequired: 'File name is required',
  filenameTooLong: 'File name is too long (at most 255 characters)',
  filenameSeparator: 'File name must not contain path separators (/ or \\)',
  filenameControl: 'File name must not contain control characters',
  filenameDots: 'File name must not be "." or ".."',
  emptyFile: 'File is empty (0 bytes)',
  noFiles: 'Choose at least one file to upload',
  tooManyFiles: `At most ${UPLOAD_MAX_FILES_PER_BATCH} files per batch`,
  preflightFailed: 'Preflight check failed',
} as const;

export const ALLOWED_UPLOAD_TYPES = ALLOWED_UPLOAD_EXTENSIONS;

/** A file name as the user's computer knows it: no directories, no control characters. */
export const UploadFilenameSchema = z
  .string({ error: UPLOAD_MESSAGES.filenameRequired })
  .trim()
  .min(1, { error: UPLOAD_MESSAGES.filenameRequired })
  .max(255, { error: UPLOAD_MESSAGES.filenameTooLong })
  .refine((s) => !/[/\\]/.test(s), { error: UPLOAD_MESSAGES.filenameSeparator })
  // eslint-disable-next-line no-control-regex
  .refine((s) => !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(s), { error: UPLOAD_MESSAGES.filenameControl })
  .refine((s) => s !== '.' && s !== '..', { error: UPLOAD_MESSAGES.filenameDots });

/** One file of `POST uploads/prepare-upload`. */
export const PrepareUploadFileSchema = z
  .strictObject({
    filename: UploadFilenameSchema,
    size: z.number({ error: 'size must be a whole number of bytes' }).int({ error: 'size must be a whole number of bytes' }).min(0).max(Number.MAX_SAFE_INTEGER),
    mime_type: z.string().trim().toLowerCase().max(255).default(''),
    /** accepted for compatibility; the server computes its own estimate */
    estimated_pages: z.number().int().min(0).max(1_000_000).nullish(),
  })
  .superRefine((f, ctx) => {
    if (f.size === 0) ctx.addIssue({ code: 'custom', path: ['size'], message: `${UPLOAD_MESSAGES.emptyFile}: ${f.filename}` });
  });
export type PrepareUploadFile = z.input<typeof PrepareUploadFileSchema>;

export const PrepareUploadBodySchema = z.strictObject({
  files: z
    .array(PrepareUploadFileSchema, { error: UPLOAD_MESSAGES.noFiles })
    .min(1, { error: UPLOAD_MESSAGES.noFiles })
    .max(UPLOAD_MAX_FILES_PER_BATCH, { error: UPLOAD_MESSAGES.tooManyFiles }),
});
export type PrepareUploadBody = z.input<typeof PrepareUploadBodySchema>;

/** Quota state shown on the upload screen. Maxima are null when the resource type does not exist (no limit). */
export const QuotaInfoSchema = z.object({
  current_file_count: z.number().int(),
  max_file_count: z.number().int().nullable(),
  current_page_count: z.number().int(),
  max_page_count: z.number().int().nullable(),
  current_storage_bytes: z.number().int(),
  max_storage_bytes: z.number().int().nullable(),
  /** what this batch asks for */
  requested_file_count: z.number().int(),
  requested_page_count: z.number().int(),
  requested_storage_bytes: z.number().int(),
});
export type QuotaInfo = z.infer<typeof QuotaInfoSchema>;

export const PreparedUploadSchema = z.object({
  upload_id: UuidSchema,
  filename: z.string(),
  size: z.number().int(),
  file_type: FileTypeSchema,
  mime_type: z.string(),
  estimated_pages: z.number().int(),
  /** PUT the raw bytes here, with the headers below; HTTP 200 means stored */
  signed_url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expires_at: TimestampSchema,
});
export type PreparedUpload = z.infer<typeof PreparedUploadSchema>;

export const PrepareUploadResponseSchema = z.object({
  success: z.literal(true),
  error_message: z.null(),
  upload_session_id: UuidSchema,
  expires_at: TimestampSchema,
  uploads: z.array(PreparedUploadSchema),
  quota_info: QuotaInfoSchema,
});
export type PrepareUploadResponse = z.infer<typeof PrepareUploadResponseSchema>;

/** A refused preflight (400 unsupported/mismatched types, 403 quota, 413 too large): `detail` = `error_message`. */
export const PrepareUploadErrorSchema = z.object({
  detail: z.string(),
  success: z.literal(false),
  error_message: z.string(),
  quota_info: QuotaInfoSchema.nullable(),
});
export type PrepareUploadError = z.infer<typeof PrepareUploadErrorSchema>;

/** `POST uploads/complete` */
export const CompleteUploadBodySchema = z.strictObject({
  upload_session_id: UuidSchema,
  completed_uploads: z
    .array(UuidSchema, { error: 'completed_uploads must list the upload ids that were sent' })
    .min(1, { error: 'completed_uploads must list at least one upload id' })
    .max(UPLOAD_MAX_FILES_PER_BATCH),
});
export type CompleteUploadBody = z.input<typeof CompleteUploadBodySchema>;

export const UploadResultSchema = z.object({
  upload_id: UuidSchema,
  /** the stored file (same id); null when no file was stored */
  file_id: UuidSchema.nullable(),
  filename: z.string(),
  file_size: z.number().int().nullable(),
  actual_pages: z.number().int().nullable(),
  /** null: stored, but the checker could not run now; files/cleanup-orphaned checks it later */
  is_valid: z.boolean().nullable(),
  error_message: z.string().nullable(),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;

export const CompleteUploadResponseSchema = z.object({
  /** true when every listed upload arrived and was stored (validity is per result) */
  success: z.boolean(),
  upload_session_id: UuidSchema,
  /** true when this session had already been completed: the stored results are answered again */
  already_completed: z.boolean(),
  message: z.string(),
  results: z.array(UploadResultSchema),
});
export type CompleteUploadResponse = z.infer<typeof CompleteUploadResponseSchema>;

/** `PUT` to a local signed upload URL answers this (HTTP 200). */
export const BlobPutResponseSchema = z.object({
  upload_id: UuidSchema,
  size: z.number().int(),
  sha256: z.string(),
});
export type BlobPutResponse = z.infer<typeof BlobPutResponseSchema>;

/** Upload events on the user's socket. */
export const UPLOAD_EVENTS = ['upload_started', 'upload_complete', 'upload_failed', 'validation_passed', 'validation_failed'] as const;
export type UploadEvent = (typeof UPLOAD_EVENTS)[number];
