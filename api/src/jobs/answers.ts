// The one presenter of a job: toJob (the JobSchema answer of /jobs), toJobRef (a link to a
// job), toJobView (the fields every job-type view shares: the OCR and chunking monitors add
// their own on top). Every module presents jobs through these.
import type { Job, JobRef, JobStatus, JobViewBaseSchema } from '@quarry/shared/schemas';
import type { z } from 'zod';
import type { JobRow } from '../db/schema';
import { iso, isoStrict } from '../lib/time';

export interface JobExtras {
  filename: string | null;
  datasetName: string | null;
  lastPhase: string | null;
  lastMessage: string | null;
}

export function processingSeconds(row: Pick<JobRow, 'resultsSummary' | 'startedAt' | 'completedAt'>): number | null {
  const s = row.resultsSummary ?? {};
  for (const key of ['processing_time_seconds', 'processing_time']) {
    const v = s[key];
    if (typeof v === 'number' && Number.isFinite(v)) return v;
  }
  if (row.startedAt && row.completedAt) return Math.max(0, (row.completedAt.getTime() - row.startedAt.getTime()) / 1000);
  return null;
}

export function toJob(row: JobRow, extras: Partial<JobExtras> = {}): Job {
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    description: row.description,
    status: row.status as JobStatus,
    job_type: row.jobType,
    created_at: isoStrict(row.createdAt),
    updated_at: isoStrict(row.updatedAt),
    queued_at: iso(row.queuedAt),
    started_at: iso(row.startedAt),
    completed_at: iso(row.completedAt),
    progress_percentage: row.progressPercentage,
    processing_config: row.config,
    results_summary: row.resultsSummary,
    error_message: row.errorMessage,
    error_details: row.errorDetails,
    processing_time_seconds: processingSeconds(row),
    file_id: row.fileId,
    dataset_id: row.datasetId,
    single_file: row.fileId && extras.filename ? { id: row.fileId, filename: extras.filename } : null,
    dataset_name: row.datasetId ? (extras.datasetName ?? null) : null,
    parent_job_id: row.parentId,
    root_job_id: row.rootId ?? row.id,
    attempts: row.attempts,
    max_attempts: row.maxAttempts,
    credit_cost: row.creditCost,
    current_phase: extras.lastPhase ?? null,
    last_message: extras.lastMessage ?? null,
  };
}

export const toJobRef = (row: JobRow): JobRef => ({
  id: row.id,
  name: row.name,
  job_type: row.jobType,
  status: row.status as JobStatus,
  progress_percentage: row.progressPercentage,
  created_at: isoStrict(row.createdAt),
  completed_at: iso(row.completedAt),
});

/** JobViewBaseSchema: what the OCR and chunking job views show of any job. A finished job shows 100 %. */
export type JobViewBase = z.infer<typeof JobViewBaseSchema>;

export function toJobView(row: JobRow, extras: Partial<JobExtras> = {}): JobViewBase {
  const job = toJob(row, extras);
  return {
    id: job.id,
    name: job.name,
    description: job.description,
    status: job.status,
    created_at: job.created_at,
    updated_at: job.updated_at,
    queued_at: job.queued_at,
    started_at: job.started_at,
    completed_at: job.completed_at,
    progress_percentage: job.status === 'completed' ? 100 : job.progress_percentage,
    file_id: job.file_id,
    filename: extras.filename ?? ((row.config.file_name as string | undefined) ?? null),
    error_message: job.error_message,
    error_details: job.error_details,
  };
}
