// Pipeline jobs (spec 3 §2.1, §2.5, §7): recent pipelines, one pipeline (no retry on error), create.
import { api, jobKeys } from '@quarry/shared';
import { JobListResponseSchema, PipelineJobSchema, type PipelineCreate } from '@quarry/shared/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useUserId } from '../common/queries';
import { isActiveJob, pollInterval } from '../common/status';

export const RECENT_PIPELINE_JOBS = 10;

export const pipelineKeys = {
  list: (userId: string | undefined) => jobKeys.list(userId, { type: 'full_pipeline', limit: RECENT_PIPELINE_JOBS }),
  detail: (userId: string | undefined, id: string) => [...jobKeys.detail(userId, id), 'pipeline'] as const,
};

export function useRecentPipelineJobs() {
  const userId = useUserId();
  return useQuery({
    queryKey: pipelineKeys.list(userId),
    queryFn: ({ signal }) => api.get('jobs/', { query: { job_type: 'full_pipeline', limit: RECENT_PIPELINE_JOBS, offset: 0 }, signal, schema: JobListResponseSchema }),
    enabled: Boolean(userId),
  });
}

export function usePipelineJob(id: string, connected: boolean) {
  const userId = useUserId();
  return useQuery({
    queryKey: pipelineKeys.detail(userId, id),
    queryFn: ({ signal }) => api.get(`jobs/pipeline/${encodeURIComponent(id)}`, { signal, schema: PipelineJobSchema }),
    enabled: Boolean(userId && id),
    retry: false,
    refetchInterval: (q) => pollInterval(isActiveJob('pipeline', q.state.data?.status), connected),
  });
}

export function useCreatePipelineJob() {
  const client = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (body: PipelineCreate) => api.post('jobs/pipeline', body, { schema: PipelineJobSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: jobKeys.lists(userId) }),
  });
}
