// Extraction jobs: recent jobs, one job (no retry on error), create.
import { api, jobKeys, useRefreshingMutation, useSignedInQuery } from '@quarry/shared';
import { JobDetailSchema, JobListResponseSchema, JobSchema } from '@quarry/shared/schemas';
import { isActiveJob, pollInterval } from '../common/status';

export const RECENT_EXTRACTION_JOBS = 10;

export const extractionKeys = {
  list: (userId: string | undefined) => jobKeys.list(userId, { type: 'extraction', limit: RECENT_EXTRACTION_JOBS }),
  detail: (userId: string | undefined, id: string) => [...jobKeys.detail(userId, id), 'job'] as const,
};

export function useRecentExtractionJobs() {
  return useSignedInQuery(
    extractionKeys.list,
    (signal) => api.get('jobs/', { query: { job_type: 'extraction', limit: RECENT_EXTRACTION_JOBS, offset: 0 }, signal, schema: JobListResponseSchema }),
  );
}

/** GET jobs/{id}; the extraction monitor does not retry a failed fetch. */
export function useExtractionJob(id: string, connected: boolean) {
  return useSignedInQuery(
    (userId) => extractionKeys.detail(userId, id),
    (signal) => api.get(`jobs/${encodeURIComponent(id)}`, { signal, schema: JobDetailSchema }),
    { retry: false, refetchInterval: (q) => pollInterval(isActiveJob('extraction', q.state.data?.status), connected), enabled: Boolean(id) },
  );
}

export interface ExtractionCreate {
  name: string;
  description: string | null;
  prompt_id: string;
  dataset_id?: string;
  file_id?: string;
  examples: string[];
  processing_config?: { provider: string };
}

export function useCreateExtractionJob() {
  return useRefreshingMutation((body: ExtractionCreate) => api.post('jobs/', { job_type: 'extraction', start: true, ...body }, { schema: JobSchema }), jobKeys.lists, 'settled');
}
