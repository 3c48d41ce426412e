// What a job monitor reads from the server, so that it tells the same story live and after a
// reload: the number of events its log holds, a pipeline's stage jobs, and the actual figures
// beside the estimate. Part of GET /jobs/{id}, GET /jobs/pipeline/{id}, and the OCR and chunking job reads.
import { z } from 'zod';
import { TimestampSchema, UuidSchema } from './common';

export const MonitorChildSchema = z.object({
  id: UuidSchema,
  job_type: z.string(),
  status: z.string(),
  progress_percentage: z.number(),
  /** the last thing the stage job said (its newest event) */
  message: z.string().nullable(),
  updated_at: TimestampSchema,
  file_id: UuidSchema.nullable(),
  filename: z.string().nullable(),
});
export type MonitorChild = z.infer<typeof MonitorChildSchema>;

/** What the job did, counted from what it stored; null where it has no such stage. */
export const JobActualSchema = z.object({
  pages: z.number().int().nullable(),
  chunks: z.number().int().nullable(),
  tokens: z.number().int().nullable(),
  credits: z.number().int().nullable(),
});
export type JobActual = z.infer<typeof JobActualSchema>;

/** The prompts and output schema a job names, by name (null: none named; name null: deleted since). */
export const JobSetupNamesSchema = z.object({
  prompt: z.object({ id: UuidSchema, name: z.string().nullable() }).nullable(),
  table_prompt: z.object({ id: UuidSchema, name: z.string().nullable() }).nullable(),
  output_schema: z.object({ id: UuidSchema, name: z.string().nullable() }).nullable(),
});
export type JobSetupNames = z.infer<typeof JobSetupNamesSchema>;

export const JobMonitorFieldsSchema = z.object({
  /** every event of the job (and of a pipeline's stage jobs); `events` holds the newest of them */
  event_count: z.number().int().optional(),
  /** a pipeline's stage jobs */
  children: z.array(MonitorChildSchema).optional(),
  actual: JobActualSchema.optional(),
  /** the prompts and output schema of an extraction or pipeline, by name */
  setup_names: JobSetupNamesSchema.optional(),
});
