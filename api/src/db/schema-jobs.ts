// Tables of the processing engine: the job queue (jobs, their events, finished steps,
// dependencies) and what OCR and chunking produce (OCR results per file, chunking runs
// and their chunks). Re-exported by ./schema (import them from there).
//
// Queue columns (see api/src/jobs/README.md):
//   status            user-facing: pending -> queued -> running -> completed | failed | cancelled
//   run_after         a queued job is not claimed before this (retry back-off)
//   lease_*           a running job is held by one worker until lease_expires_at; the worker
//                     renews it (heartbeat). An expired lease = the worker died: the job is
//                     claimable again and resumes after its last finished step (job_steps).
//                     lease_token fences every write of the holder (a stale worker writes nothing).
//   waiting           a running job parked until its children finish (no worker holds it;
//                     lease_expires_at is its next re-check, set to now() when a child ends)
import type { UnsureLine } from '../lib/unsure-words';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, primaryId, timestamps, ts } from './columns';
import { owner } from './schema-users';
import { files } from './schema-documents';


export const JOB_STATUSES = ['pending', 'queued', 'running', 'completed', 'failed', 'cancelled'] as const;

export const jobs = pgTable(
  'jobs',
  {
    id: primaryId(),
    userId: owner(),
    /** ocr | chunking | extraction | full_pipeline | ... (a registered handler's type) */
    jobType: text('job_type').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status').notNull().default('pending'),
    /** the direct parent (pipeline stage jobs); null for top-level jobs */
    parentId: uuid('parent_id').references((): AnyPgColumn => jobs.id, { onDelete: 'cascade' }),
    /** the top-level job of a tree (= id for a top-level job) */
    rootId: uuid('root_id'),
    /**
     * The file / dataset the job works on. No foreign key on purpose: deleting a file must not
     * touch (lock) job rows a worker holds, and a job keeps naming what it worked on.
     */
    fileId: uuid('file_id'),
    datasetId: uuid('dataset_id'),
    /** processing_config: what the handler's prepare() normalised */
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    progressPercentage: doublePrecision('progress_percentage').notNull().default(0),
    resultsSummary: jsonb('results_summary').$type<Record<string, unknown>>(),
    errorMessage: text('error_message'),
    errorDetails: jsonb('error_details').$type<Record<string, unknown>>(),
    /** credits taken from the balance when the job was created */
    creditCost: integer('credit_cost').notNull().default(0),
    /** counts against weekly_jobs */
    billed: boolean('billed').notNull().default(false),
    priority: integer('priority').notNull().default(0),
    /** claims so far (a reclaim after a lost lease is a new attempt) */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: ts('run_after').notNull().defaultNow(),
    leaseOwner: text('lease_owner'),
    leaseToken: uuid('lease_token'),
    leaseExpiresAt: ts('lease_expires_at'),
    heartbeatAt: ts('heartbeat_at'),
    waiting: boolean('waiting').notNull().default(false),
    cancelRequestedAt: ts('cancel_requested_at'),
    queuedAt: ts('queued_at'),
    startedAt: ts('started_at'),
    completedAt: ts('completed_at'),
    ...timestamps(),
  },
  (t) => [
    index('jobs_user_idx').on(t.userId, t.createdAt),
    index('jobs_user_type_idx').on(t.userId, t.jobType, t.createdAt),
    index('jobs_parent_idx').on(t.parentId),
    index('jobs_root_idx').on(t.rootId),
    index('jobs_file_idx').on(t.fileId),
    // the two ways a job becomes claimable
    index('jobs_queued_idx').on(t.priority.desc(), t.runAfter).where(sql`${t.status} = 'queued'`),
    index('jobs_lease_idx').on(t.leaseExpiresAt).where(sql`${t.status} = 'running'`),
    check('jobs_status_check', sql`${t.status} in ('pending','queued','running','completed','failed','cancelled')`),
    check('jobs_progress_check', sql`${t.progressPercentage} >= 0 and ${t.progressPercentage} <= 100`),
  ],
);

/** The history a job monitor loads; every live job_update is one of these rows. */
export const jobEvents = pgTable(
  'job_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: belongsTo('job_id', () => jobs.id),
    phase: text('phase').notNull(),
    subPhase: text('sub_phase'),
    eventType: text('event_type').notNull().default('progress'),
    message: text('message').notNull(),
    progressPercentage: doublePrecision('progress_percentage'),
    currentValue: doublePrecision('current_value'),
    totalValue: doublePrecision('total_value'),
    units: text('units'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    /** the job's status right after this event */
    status: text('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('job_events_job_idx').on(t.jobId, t.id),
    check('job_events_type_check', sql`${t.eventType} in ('progress','error','success')`),
  ],
);

/** Finished steps: a resumed job skips these and gets their output back. Written in the step's own transaction. */
export const jobSteps = pgTable(
  'job_steps',
  {
    jobId: belongsTo('job_id', () => jobs.id),
    name: text('name').notNull(),
    output: jsonb('output'),
    attempt: integer('attempt').notNull(),
    completedAt: ts('completed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.name] })],
);

/** job_id is not claimed before depends_on_id has completed (and fails when it fails). */
export const jobDependencies = pgTable(
  'job_dependencies',
  {
    jobId: belongsTo('job_id', () => jobs.id),
    dependsOnId: belongsTo('depends_on_id', () => jobs.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.dependsOnId] }),
    index('job_dependencies_depends_on_idx').on(t.dependsOnId),
    check('job_dependencies_not_self', sql`${t.jobId} <> ${t.dependsOnId}`),
  ],
);

export interface StoredOcrPage {
  page_number: number;
  source: 'text_layer' | 'ocr' | 'manual';
  lines: string[];
  confidence?: number;
  /** words OCR read with little confidence, by line (1-based among `lines`); see processing/ocr/layout.ts */
  unsure_words?: UnsureLine[];
}

/**
 * One OCR of a file (by a job, or submitted with PUT ocr/jobs/{id}/complete). The file's
 * current OCR is its newest successful result. One result per job (job_id unique): a
 * resumed job never stores a second one.
 */
export const ocrResults = pgTable(
  'ocr_results',
  {
    id: primaryId(),
    userId: owner(),
    fileId: belongsTo('file_id', () => files.id),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    success: boolean('success').notNull(),
    error: text('error'),
    /** pages with their lines; numbered lines are these lines numbered 1.. across the pages */
    pages: jsonb('pages').$type<StoredOcrPage[]>().notNull().default([]),
    lineCount: integer('line_count').notNull().default(0),
    text: text('text').notNull().default(''),
    markdown: text('markdown').notNull().default(''),
    textLength: integer('text_length').notNull().default(0),
    pageCount: integer('page_count').notNull().default(0),
    engine: text('engine'),
    confidence: doublePrecision('confidence'),
    processingTime: doublePrecision('processing_time').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('ocr_results_file_idx').on(t.fileId, t.createdAt),
    index('ocr_results_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('ocr_results_job_key').on(t.jobId),
  ],
);

/** One chunking of a file. Exactly one active run per file (partial unique index). */
export const chunkingRuns = pgTable(
  'chunking_runs',
  {
    id: primaryId(),
    userId: owner(),
    fileId: belongsTo('file_id', () => files.id),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    /** the OCR the chunks' line numbers refer to */
    ocrResultId: uuid('ocr_result_id').references(() => ocrResults.id, { onDelete: 'set null' }),
    chunkingStrategy: text('chunking_strategy').notNull(),
    maxChunkSize: integer('max_chunk_size').notNull(),
    overlapSize: integer('overlap_size').notNull().default(0),
    windowSize: integer('window_size'),
    model: text('model'),
    chunkCount: integer('chunk_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(false),
    stats: jsonb('stats').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [
    index('chunking_runs_file_idx').on(t.fileId, t.createdAt),
    uniqueIndex('chunking_runs_one_active').on(t.fileId).where(sql`${t.isActive}`),
    uniqueIndex('chunking_runs_job_key').on(t.jobId),
  ],
);

export const chunks = pgTable(
  'chunks',
  {
    id: primaryId(),
    runId: belongsTo('run_id', () => chunkingRuns.id),
    fileId: belongsTo('file_id', () => files.id),
    userId: owner(),
    chunkIndex: integer('chunk_index').notNull(),
    chunkType: text('chunk_type').notNull(),
    content: text('content').notNull(),
    characterCount: integer('character_count').notNull(),
    chunkingStrategy: text('chunking_strategy').notNull(),
    approximateTokenCount: integer('approximate_token_count').notNull(),
    pageNumber: integer('page_number').notNull(),
    startPosition: integer('start_position').notNull(),
    endPosition: integer('end_position').notNull(),
    startLine: integer('start_line').notNull(),
    endLine: integer('end_line').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [
    index('chunks_run_idx').on(t.runId, t.chunkIndex),
    index('chunks_file_idx').on(t.fileId),
    check('chunks_type_check', sql`${t.chunkType} in ('text','table')`),
    check('chunks_lines_check', sql`${t.startLine} >= 1 and ${t.endLine} >= ${t.startLine}`),
  ],
);

/**
 * Worker pools that are or were running (the API's own slots and `npm run worker`
 * processes). Each pool upserts its row on start and beats every few seconds; the admin
 * operations view calls a pool alive while its heartbeat is younger than the job lease.
 * Its running jobs are the jobs whose lease_owner is its name.
 */
export const workers = pgTable(
  'workers',
  {
    name: text('name').primaryKey(),
    hostname: text('hostname').notNull(),
    pid: integer('pid').notNull(),
    concurrency: integer('concurrency').notNull(),
    jobTypes: jsonb('job_types').$type<string[]>().notNull().default([]),
    startedAt: ts('started_at').notNull().defaultNow(),
    lastHeartbeatAt: ts('last_heartbeat_at').notNull().defaultNow(),
    stoppedAt: ts('stopped_at'),
  },
  (t) => [index('workers_heartbeat_idx').on(t.lastHeartbeatAt)],
);

export type JobRow = typeof jobs.$inferSelect;
export type JobEventRow = typeof jobEvents.$inferSelect;
export type OcrResultRow = typeof ocrResults.$inferSelect;
export type ChunkingRunRow = typeof chunkingRuns.$inferSelect;
export type ChunkRow = typeof chunks.$inferSelect;
export type WorkerRow = typeof workers.$inferSelect;
