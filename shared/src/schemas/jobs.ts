// Jobs: the generic job API, job events and the live
// `job_update` message. OCR and chunking have their own shapes in ./ocr and ./chunking.
import { z } from 'zod';
import { JobMonitorFieldsSchema } from './job-monitor';
import { optionalDescription, pagedListResponse, PaginationQuerySchema, sortQuery, timestamps, TimestampSchema, UuidSchema } from './common';

/** The job types the product knows. A server accepts the ones it has a handler for. */
export const JOB_TYPES = ['full_pipeline', 'ocr', 'extraction', 'chunking'] as const;
export type JobType = (typeof JOB_TYPES)[number];

/**
 * pending (created) -> queued (started, waiting for a worker) -> running (a worker holds it)
 * -> completed | failed | cancelled. A failed job may be started again (it resumes after its
 * last finished step); completed and cancelled are final.
 */
export const JOB_STATUSES = ['pending', 'queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export const JobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatusSchema>;
export const TERMINAL_JOB_STATUSES: readonly JobStatus[] = ['completed', 'failed', 'cancelled'];
export const ACTIVE_JOB_STATUSES: readonly JobStatus[] = ['pending', 'queued', 'running'];

export const JOB_EVENT_TYPES = ['progress', 'error', 'success'] as const;
export const JobEventTypeSchema = z.enum(JOB_EVENT_TYPES);
export type JobEventType = z.infer<typeof JobEventTypeSchema>;

const jsonObject = z.record(z.string(), z.unknown());

/** One stored job event; the live job_update carries the same content. */
export const JobEventSchema = z.object({
  id: z.number().int(),
  job_id: UuidSchema,
  phase: z.string(),
  sub_phase: z.string().nullable(),
  event_type: JobEventTypeSchema,
  message: z.string(),
  timestamp: TimestampSchema,
  progress_percentage: z.number().nullable(),
  current_value: z.number().nullable(),
  total_value: z.number().nullable(),
  /** percent | pages | windows | chunks | ... */
  units: z.string().nullable(),
  details: jsonObject,
  /** job_type, single_file_id, pipeline_root_id (child jobs), parent_job_id, aggregated_from_children */
  context: jsonObject,
  /** the job's status right after this event */
  status: JobStatusSchema,
});
export type JobEvent = z.infer<typeof JobEventSchema>;

/** The data of a live update: the stored event (its id as event_id), with progress also grouped. */
export const JobUpdateDataSchema = z.object({
  event_id: JobEventSchema.shape.id,
  ...JobEventSchema.pick({ phase: true, sub_phase: true, event_type: true, message: true, timestamp: true }).shape,
  progress: z.object({
    percentage: z.number().nullable(),
    current: z.number().nullable(),
    total: z.number().nullable(),
    units: z.string().nullable(),
  }),
  ...JobEventSchema.pick({ progress_percentage: true, current_value: true, total_value: true, units: true, details: true, context: true }).shape,
});

/** What the socket delivers on the `jobs` channel (`event` and `type` are both job_update). */
export const JobUpdateMessageSchema = z.object({
  event: z.literal('job_update'),
  type: z.literal('job_update'),
  job_id: UuidSchema,
  status: JobStatusSchema,
  job_type: z.string(),
  message: z.string(),
  progress_percentage: z.number(),
  timestamp: TimestampSchema,
  data: JobUpdateDataSchema,
});
export type JobUpdate = z.infer<typeof JobUpdateMessageSchema>;

export const JobFileRefSchema = z.object({ id: UuidSchema, filename: z.string() });

/** A job. */
export const JobSchema = z.object({
  id: UuidSchema,
  user_id: UuidSchema,
  name: z.string(),
  description: z.string().nullable(),
  status: JobStatusSchema,
  job_type: z.string(),
  ...timestamps,
  queued_at: TimestampSchema.nullable(),
  started_at: TimestampSchema.nullable(),
  completed_at: TimestampSchema.nullable(),
  progress_percentage: z.number(),
  processing_config: jsonObject,
  results_summary: jsonObject.nullable(),
  error_message: z.string().nullable(),
  /** { message, code?, step?, attempt? } when the job failed */
  error_details: jsonObject.nullable(),
  /** the work time the job reported, else completed_at - started_at */
  processing_time_seconds: z.number().nullable(),
  file_id: UuidSchema.nullable(),
  dataset_id: UuidSchema.nullable(),
  single_file: JobFileRefSchema.nullable(),
  /** the name of the dataset the job ran on (null when it ran on one file, or the dataset is gone) */
  dataset_name: z.string().nullable().optional(),
  parent_job_id: UuidSchema.nullable(),
  root_job_id: UuidSchema,
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  credit_cost: z.number().int(),
  /** the newest event's phase and message (null before the first event); a credits notice after the end (the refund after a failure) is passed over */
  current_phase: z.string().nullable(),
  last_message: z.string().nullable(),
});
export type Job = z.infer<typeof JobSchema>;

/** What every job-type view (OCR, chunking monitors) shows of a job, besides its own fields. */
export const JobViewBaseSchema = JobSchema.pick({
  id: true,
  name: true,
  description: true,
  status: true,
  created_at: true,
  updated_at: true,
  queued_at: true,
  started_at: true,
  completed_at: true,
  progress_percentage: true,
  file_id: true,
  error_message: true,
  error_details: true,
}).extend({ filename: z.string().nullable() });

/** `GET /jobs/{id}`: the job, its newest events and what its monitor counts from the server (see job-monitor.ts) */
export const JobDetailSchema = JobSchema.extend({ events: z.array(JobEventSchema), ...JobMonitorFieldsSchema.shape });
export type JobDetail = z.infer<typeof JobDetailSchema>;

/** The columns `GET /jobs/` sorts by (ties by id, in the same direction). */
export const JOB_SORT_COLUMNS = ['created_at', 'name', 'status', 'job_type'] as const;
export type JobSortColumn = (typeof JOB_SORT_COLUMNS)[number];

/** A day (`2026-11-27`) or a full ISO time; a day means its start in UTC. */
const dateBound = z
  .string()
  .trim()
  .refine((v) => (z.iso.date().safeParse(v).success || z.iso.datetime({ offset: true }).safeParse(v).success) && !Number.isNaN(Date.parse(v)), {
    error: 'Expected a date (YYYY-MM-DD) or an ISO date-time',
  });

/** `GET /jobs/` */
export const JobListQuerySchema = PaginationQuerySchema.extend({
  ...sortQuery(JOB_SORT_COLUMNS, { sort: 'created_at', order: 'desc' }).shape,
  /** part of the job's name, its file's name or its dataset's name (case-insensitive) */
  search: z.string().trim().max(200).optional(),
  /** created at or after this time (a day: from its start, UTC) */
  created_from: dateBound.optional(),
  /** created before the end of this day (a full time: at or before it) */
  created_to: dateBound.optional(),
  job_type: z.string().trim().min(1).max(64).optional(),
  status: JobStatusSchema.optional(),
  /** same as status (the OCR list's name for it) */
  status_filter: JobStatusSchema.optional(),
  /** only top-level jobs (default) or also pipeline stage jobs */
  include_children: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  file_id: UuidSchema.optional(),
});
export type JobListQuery = z.input<typeof JobListQuerySchema>;

export const JobListResponseSchema = pagedListResponse('jobs', JobSchema);
export type JobListResponse = z.infer<typeof JobListResponseSchema>;

const nameField = z.string().trim().min(1, { error: 'Job name must not be empty' }).max(255, { error: 'Job name is too long (at most 255 characters)' });
const descriptionField = optionalDescription(2000);

/**
 * `POST /jobs/`: a job of any type this server has a handler for. Type-specific fields
 * (file_id, dataset_id, prompt_id, examples, processing_config...) are checked by that type's handler.
 */
export const JobCreateSchema = z.strictObject({
  job_type: z.string({ error: 'job_type is required' }).trim().min(1, { error: 'job_type is required' }).max(64),
  name: nameField.optional(),
  description: descriptionField,
  file_id: UuidSchema.nullish(),
  dataset_id: UuidSchema.nullish(),
  prompt_id: UuidSchema.nullish(),
  table_prompt_id: UuidSchema.nullish(),
  output_schema_id: UuidSchema.nullish(),
  examples: z.array(UuidSchema).max(20).nullish(),
  processing_config: jsonObject.nullish(),
  /** jobs (of the caller) that must complete before this one is run */
  depends_on: z.array(UuidSchema).max(50).nullish(),
  /** queue it at once (default false: created pending, POST /jobs/{id}/start queues it) */
  start: z.boolean().optional(),
});
export type JobCreate = z.input<typeof JobCreateSchema>;

/** `PUT /jobs/{id}`: name and description at any time, processing_config while pending. */
export const JobUpdateSchema = z
  .strictObject({
    name: nameField.optional(),
    description: descriptionField,
    processing_config: jsonObject.optional(),
  })
  .refine((v) => v.name !== undefined || v.description !== undefined || v.processing_config !== undefined, {
    error: 'Nothing to update: send name, description and/or processing_config',
  });
export type JobUpdateBody = z.input<typeof JobUpdateSchema>;

/** `POST /jobs/{id}/complete` (body optional) */
export const JobCompleteSchema = z
  .strictObject({
    results_summary: jsonObject.optional(),
    message: z.string().trim().min(1).max(2000).optional(),
  })
  .nullish();

/**
 * How a failed extraction or pipeline is run again: `current` = with the prompt, table prompt,
 * output schema and example as they are now (a new run of every chunk); `original` = as it was
 * (the copy the job kept; it resumes after its last finished step).
 */
export const RETRY_MODES = ['current', 'original'] as const;
export type RetryMode = (typeof RETRY_MODES)[number];

/** `POST /jobs/{id}/start` (body optional; retry_mode only matters for a failed job; default `original`) */
export const JobStartSchema = z
  .strictObject({
    retry_mode: z.enum(RETRY_MODES, { error: 'retry_mode must be "current" or "original"' }).optional(),
  })
  .nullish();
export type JobStartBody = z.input<typeof JobStartSchema>;

/** A prompt or schema as a job ran with it: its name and the version (last update) it had then. */
export const RanWithItemSchema = z.object({
  id: z.string().nullable(),
  name: z.string().nullable(),
  updated_at: z.string().nullable(),
});

/** `processing_config.ran_with` of extraction and pipeline jobs: what the (last) run used. */
export const RanWithSchema = z.object({
  /** created = as the job was created; current / original = the retry choice of the last retry */
  mode: z.enum(['created', ...RETRY_MODES]),
  prompt: RanWithItemSchema.nullable(),
  table_prompt: RanWithItemSchema.nullable(),
  output_schema: RanWithItemSchema.nullable(),
  example: z.object({ id: z.string(), name: z.string() }).nullable(),
  resolved_at: z.string(),
  retried_at: z.string().nullable().optional(),
});
export type RanWith = z.infer<typeof RanWithSchema>;

/** `POST /jobs/{id}/fail` (body optional) */
export const JobFailSchema = z
  .strictObject({
    error_message: z.string().trim().min(1).max(4000).optional(),
    /** alias of error_message */
    error: z.string().trim().min(1).max(4000).optional(),
    error_details: jsonObject.optional(),
  })
  .nullish();

/** `PUT /jobs/{id}/progress`: recorded as a job event and pushed live. */
export const JobProgressSchema = z.strictObject({
  progress_percentage: z.number({ error: 'progress_percentage is required (0-100)' }).min(0).max(100),
  message: z.string().trim().min(1).max(2000).optional(),
  phase: z.string().trim().min(1).max(64).optional(),
  sub_phase: z.string().trim().min(1).max(64).nullish(),
  event_type: JobEventTypeSchema.optional(),
  current_value: z.number().nullish(),
  total_value: z.number().nullish(),
  units: z.string().trim().min(1).max(32).nullish(),
  details: jsonObject.optional(),
});
export type JobProgressBody = z.input<typeof JobProgressSchema>;

/** `GET /jobs/statistics/summary` (the caller's jobs) */
export const JobStatisticsSchema = z.object({
  total_jobs: z.number().int(),
  by_status: z.record(z.string(), z.number().int()),
  by_type: z.record(z.string(), z.number().int()),
  active_jobs: z.number().int(),
  completed_jobs: z.number().int(),
  failed_jobs: z.number().int(),
  cancelled_jobs: z.number().int(),
  /** completed / (completed + failed), null before any finished */
  success_rate: z.number().nullable(),
  average_processing_time_seconds: z.number().nullable(),
  total_processing_time_seconds: z.number(),
  jobs_this_week: z.number().int(),
  /** the weekly_jobs limit (null when the resource type does not exist) */
  weekly_limit: z.number().int().nullable(),
  credits_used_this_week: z.number().int(),
  credit_cost_per_job: z.number().int(),
  credit_balance: z.number().int(),
});
export type JobStatistics = z.infer<typeof JobStatisticsSchema>;

/** A job as other jobs name it (parent, stages, dependencies). */
export const JobRefSchema = JobSchema.pick({
  id: true, name: true, job_type: true, status: true, progress_percentage: true, created_at: true, completed_at: true,
});
export type JobRef = z.infer<typeof JobRefSchema>;

/** `GET /jobs/{id}/dependencies` */
export const JobDependenciesSchema = z.object({
  job_id: UuidSchema,
  parent: JobRefSchema.nullable(),
  root_job_id: UuidSchema,
  /** stage jobs created by this job */
  children: z.array(JobRefSchema),
  /** jobs that must complete before this one runs */
  depends_on: z.array(JobRefSchema),
  /** jobs waiting for this one */
  dependents: z.array(JobRefSchema),
  /** true while a job it depends on has not completed */
  blocked: z.boolean(),
  blocked_by: z.array(UuidSchema),
});
export type JobDependencies = z.infer<typeof JobDependenciesSchema>;
