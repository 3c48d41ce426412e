// Pipeline jobs: one pipeline (no retry on error), create (the recent ones: useRecentJobsOfType);
// the files a link chose, and the dataset a run on chosen files gets.
import { api, datasetKeys, fileKeys, jobKeys, useRefreshingMutation } from '@quarry/shared';
import { DatasetSchema, FileSchema, PipelineJobSchema, type DatasetCreate, type PipelineCreate } from '@quarry/shared/schemas';
import { useQueries, useQuery } from '@tanstack/react-query';
import { pipelineJobQuery } from '../common/jobDetailQueries';
import { useUserId } from '../common/queries';
import { isActiveJob, pollInterval } from '../common/status';

export function usePipelineJob(id: string, connected: boolean) {
  return useQuery({ ...pipelineJobQuery(useUserId(), id), retry: false, refetchInterval: (q) => pollInterval(isActiveJob('pipeline', q.state.data?.status), connected) });
}

export function useCreatePipelineJob() {
  return useRefreshingMutation((body: PipelineCreate) => api.post('jobs/pipeline', body, { schema: PipelineJobSchema }), jobKeys.lists, 'settled');
}

/** The files chosen on the file list (`?files=`), each read by id: their names show in the form. */
export function useChosenFiles(ids: readonly string[]) {
  const userId = useUserId();
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: fileKeys.detail(userId, id),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get(`files/${encodeURIComponent(id)}`, { signal, schema: FileSchema }),
      enabled: Boolean(userId),
      retry: false,
    })),
  });
}

/** A run on chosen files: first a dataset of those files (the unit a pipeline runs over). */
export function useCreateRunDataset() {
  return useRefreshingMutation((body: DatasetCreate) => api.post('datasets/', body, { schema: DatasetSchema }), datasetKeys.lists, 'settled');
}
