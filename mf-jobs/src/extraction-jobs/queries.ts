// Extraction jobs: one job (no retry on error), create (the recent ones: useRecentJobsOfType).
import { api, jobKeys, useRefreshingMutation } from '@quarry/shared';
import { JobSchema } from '@quarry/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { jobQuery } from '../common/jobDetailQueries';
import { useUserId } from '../common/queries';
import { isActiveJob, pollInterval } from '../common/status';

/** GET jobs/{id}; the extraction monitor does not retry a failed fetch. */
export function useExtractionJob(id: string, connected: boolean) {
  return useQuery({ ...jobQuery(useUserId(), id), retry: false, refetchInterval: (q) => pollInterval(isActiveJob('extraction', q.state.data?.status), connected) });
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
