// Chunking jobs: recent jobs, one job, its chunks, create.
import { api, jobKeys, useRefreshingMutation, useSignedInQuery } from '@quarry/shared';
import { RECENT_CHUNKING_JOBS_LIMIT } from '@quarry/shared/constants';
import { ChunkingJobListResponseSchema, ChunksResponseSchema, type ChunkingStrategyName } from '@quarry/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { chunkingJobQuery } from '../common/jobDetailQueries';
import { useLiveRecentJobs } from '../common/live';
import { useUserId } from '../common/queries';
import { isActiveJob, pollInterval } from '../common/status';

/** the recent-jobs call's default */
export const RECENT_CHUNKING_JOBS_SHOWN = RECENT_CHUNKING_JOBS_LIMIT;
export const CHUNKING_NAME_TRUNCATE = 35;

export const chunkingKeys = {
  list: (userId: string | undefined, limit: number) => jobKeys.list(userId, { type: 'chunking', limit }),
  chunks: (userId: string | undefined, id: string) => [...jobKeys.detail(userId, id), 'chunking', 'chunks'] as const,
};

/** `GET chunking/jobs?limit` (the call's default is 5). */
export function useRecentChunkingJobs(limit: number = RECENT_CHUNKING_JOBS_LIMIT) {
  return useLiveRecentJobs('chunking', (userId) => chunkingKeys.list(userId, limit), (signal) => api.get('chunking/jobs', { query: { limit }, signal, schema: ChunkingJobListResponseSchema }));
}

export function useChunkingJob(id: string, connected: boolean) {
  return useQuery({ ...chunkingJobQuery(useUserId(), id), refetchInterval: (q) => pollInterval(isActiveJob('chunking', q.state.data?.status), connected) });
}

/** Completed chunking jobs load their chunks. */
export function useJobChunks(id: string, completed: boolean) {
  return useSignedInQuery(
    (userId) => chunkingKeys.chunks(userId, id),
    (signal) => api.get(`chunking/${encodeURIComponent(id)}/chunks`, { signal, schema: ChunksResponseSchema }),
    { enabled: Boolean(id && completed) },
  );
}

export interface ChunkingRequest {
  file_id: string;
  strategy: Exclude<ChunkingStrategyName, 'paragraph_based'>;
  window_size?: number;
}

export class InvalidChunkingResponse extends Error {}

export function useCreateChunkingJob() {
  return useRefreshingMutation(
    async (body: ChunkingRequest) => {
      const res = await api.post<{ job_id?: unknown }>('chunking/test', body);
      if (!res || typeof res.job_id !== 'string' || !res.job_id) throw new InvalidChunkingResponse('The server did not return a job id.');
      return res.job_id;
    },
    jobKeys.lists,
    'settled',
  );
}
