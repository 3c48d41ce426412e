// Tables of the document side: upload sessions and uploads, files, datasets, output schemas,
// prompts and examples. Re-exported by ./schema (import them from there, never from here:
// this file refers back to `users` in ./schema).
//
// Bytes and rows: a `files` row is inserted only once its bytes are in storage (upload
// complete), and deleted before its bytes are; `uploads` rows track blobs that are on their
// way in. Anything in storage that neither references is an orphan (files/cleanup-orphaned).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { belongsTo, primaryId, timestamps, ts } from './columns';
import { owner } from './schema-users';


/** One prepare-upload call. open -> completing -> completed. */
export const uploadSessions = pgTable(
  'upload_sessions',
  {
    id: primaryId(),
    userId: owner(),
    status: text('status').notNull().default('open'),
    fileCount: integer('file_count').notNull(),
    expiresAt: ts('expires_at').notNull(),
    completedAt: ts('completed_at'),
    ...timestamps(),
  },
  (t) => [
    index('upload_sessions_user_idx').on(t.userId, t.createdAt),
    check('upload_sessions_status_check', sql`${t.status} in ('open','completing','completed')`),
  ],
);

/**
 * One announced file of a session. Its id is also the id of the file it becomes.
 * pending -> uploading -> uploaded (local PUT done) -> completed | failed; pending/uploaded -> expired.
 * The reservation (file count, estimated pages, bytes) counts against the quotas while the
 * upload is pending/uploading/uploaded and not expired.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: primaryId(),
    sessionId: belongsTo('session_id', () => uploadSessions.id),
    userId: owner(),
    filename: text('filename').notNull(),
    /** pdf | jpeg | png | gif | bmp | tiff */
    fileType: text('file_type').notNull(),
    /** canonical MIME type of file_type */
    mimeType: text('mime_type').notNull(),
    /** the Content-Type the client must send with the PUT (what it announced) */
    contentType: text('content_type').notNull(),
    declaredSize: bigint('declared_size', { mode: 'number' }).notNull(),
    estimatedPages: integer('estimated_pages').notNull(),
    storageKey: text('storage_key').notNull(),
    status: text('status').notNull().default('pending'),
    bytesReceived: bigint('bytes_received', { mode: 'number' }),
    sha256: text('sha256'),
    /** result snapshot (the file row may be deleted later) */
    isValid: boolean('is_valid'),
    actualPages: integer('actual_pages'),
    errorMessage: text('error_message'),
    expiresAt: ts('expires_at').notNull(),
    uploadedAt: ts('uploaded_at'),
    completedAt: ts('completed_at'),
    ...timestamps(),
  },
  (t) => [
    index('uploads_session_idx').on(t.sessionId),
    index('uploads_user_status_idx').on(t.userId, t.status),
    uniqueIndex('uploads_storage_key_key').on(t.storageKey),
    check(
      'uploads_status_check',
      sql`${t.status} in ('pending','uploading','uploaded','completed','failed','expired')`,
    ),
    check('uploads_size_check', sql`${t.declaredSize} > 0`),
  ],
);

/** A stored document. is_valid: null = not checked yet, true/false after validation. */
export const files = pgTable(
  'files',
  {
    id: primaryId(),
    userId: owner(),
    uploadSessionId: uuid('upload_session_id').references(() => uploadSessions.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    fileType: text('file_type').notNull(),
    mimeType: text('mime_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256'),
    estimatedPages: integer('estimated_pages').notNull(),
    actualPages: integer('actual_pages'),
    /**
     * non-whitespace characters a page of the PDF's text layer holds (mean of the pages
     * validation read: the first and last); null when not a PDF or not validated. What the job
     * estimate uses before the file is OCRed
     */
    textCharsPerPage: real('text_chars_per_page'),
    isValid: boolean('is_valid'),
    errorMessage: text('error_message'),
    validatedAt: ts('validated_at'),
    ...timestamps(),
  },
  (t) => [
    index('files_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('files_storage_key_key').on(t.storageKey),
    check('files_size_check', sql`${t.fileSize} > 0`),
  ],
);

export const datasets = pgTable(
  'datasets',
  {
    id: primaryId(),
    userId: owner(),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status').notNull().default('active'),
    archivedAt: ts('archived_at'),
    deletedAt: ts('deleted_at'),
    ...timestamps(),
  },
  (t) => [
    index('datasets_user_idx').on(t.userId, t.createdAt),
    check('datasets_status_check', sql`${t.status} in ('active','archived','deleted')`),
  ],
);

export const datasetFiles = pgTable(
  'dataset_files',
  {
    datasetId: belongsTo('dataset_id', () => datasets.id),
    fileId: belongsTo('file_id', () => files.id),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.fileId] }), index('dataset_files_file_idx').on(t.fileId)],
);

export const outputSchemas = pgTable(
  'output_schemas',
  {
    id: primaryId(),
    userId: owner(),
    name: text('name').notNull(),
    description: text('description'),
    /** json, not jsonb: the order of the fields is part of the schema (the UI and the prompt show it) */
    schemaDefinition: json('schema_definition').$type<Record<string, unknown>>().notNull(),
    fieldCount: integer('field_count').notNull().default(0),
    /** uses by jobs (the engine calls recordOutputSchemaUse); references by prompts/examples are counted live */
    jobUseCount: integer('job_use_count').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('output_schemas_user_idx').on(t.userId, t.updatedAt)],
);

export const prompts = pgTable(
  'prompts',
  {
    id: primaryId(),
    userId: owner(),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type').notNull(),
    template: text('template').notNull(),
    /** json keeps the field order (see output_schemas) */
    schemaDefinition: json('schema_definition').$type<Record<string, unknown>>(),
    outputSchemaId: uuid('output_schema_id').references(() => outputSchemas.id, { onDelete: 'set null' }),
    /** top-level variables of the template, in order of first use */
    variables: jsonb('variables').$type<string[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [
    index('prompts_user_idx').on(t.userId, t.createdAt),
    index('prompts_output_schema_idx').on(t.outputSchemaId),
    check('prompts_type_check', sql`${t.type} in ('table','text')`),
  ],
);

export const examples = pgTable(
  'examples',
  {
    id: primaryId(),
    userId: owner(),
    promptId: belongsTo('prompt_id', () => prompts.id),
    outputSchemaId: uuid('output_schema_id').references(() => outputSchemas.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    inputText: text('input_text').notNull(),
    outputText: text('output_text').notNull(),
    isValidated: boolean('is_validated').notNull().default(false),
    validationErrors: jsonb('validation_errors').$type<{ path: string; message: string }[]>(),
    validatedAt: ts('validated_at'),
    ...timestamps(),
  },
  (t) => [
    index('examples_prompt_idx').on(t.promptId, t.createdAt),
    index('examples_user_idx').on(t.userId, t.createdAt),
    index('examples_output_schema_idx').on(t.outputSchemaId),
  ],
);

export type UploadSessionRow = typeof uploadSessions.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export type DatasetRow = typeof datasets.$inferSelect;
export type OutputSchemaRow = typeof outputSchemas.$inferSelect;
export type PromptRow = typeof prompts.$inferSelect;
export type ExampleRow = typeof examples.$inferSelect;
