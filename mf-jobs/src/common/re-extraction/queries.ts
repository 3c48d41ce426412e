// Calls of the single-chunk re-extraction dialog: the prompt list
// (first 100), POST files/{id}/chunks/{chunkId}/extract, and the started job, polled every
// 2 s (first check after 1 s) until it completes or fails.
import { api, jobKeys, queryKeys, type UserId } from '@quarry/shared';
import { PROMPT_LIST_LIMIT } from '@quarry/shared/constants';
import { JobSchema, PromptListResponseSchema, ReExtractResponseSchema, TERMINAL_JOB_STATUSES, type ReExtractRequest } from '@quarry/shared/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fileToolKeys, useUserId } from '../fileQueries';

const enc = encodeURIComponent;

export const REEXTRACT_POLL_MS = 2000;
export const REEXTRACT_FIRST_CHECK_MS = 1000;

export const reExtractKeys = {
  prompts: (userId: UserId) => queryKeys('prompts').list(userId, { limit: PROMPT_LIST_LIMIT }),
};

export function usePrompts(enabled: boolean) {
  const userId = useUserId();
  return useQuery({
    queryKey: reExtractKeys.prompts(userId),
    enabled,
    queryFn: ({ signal }) => api.get('prompts/', { signal, query: { limit: PROMPT_LIST_LIMIT }, schema: PromptListResponseSchema }),
  });
}

export function useReExtract(fileId: string) {
  return useMutation({
    mutationFn: ({ chunkId, body }: { chunkId: string; body: ReExtractRequest }) =>
      api.post(`files/${enc(fileId)}/chunks/${enc(chunkId)}/extract`, body, { schema: ReExtractResponseSchema }),
  });
}

/**
 * The re-extraction job, first checked 1 s after it started, then every 2 s while it runs.
 * When it ends the file's results (and chunks) are reloaded, so the new result shows in place.
 */
export function useReExtractionJob(fileId: string, jobId: string | null) {
  const userId = useUserId();
  const client = useQueryClient();
  const [due, setDue] = useState(false);
  useEffect(() => {
    setDue(false);
    if (!jobId) return undefined;
    const timer = setTimeout(() => setDue(true), REEXTRACT_FIRST_CHECK_MS);
    return () => clearTimeout(timer);
  }, [jobId]);
  const query = useQuery({
    queryKey: jobKeys.detail(userId, jobId ?? ''),
    enabled: Boolean(jobId) && due,
    retry: false,
    queryFn: ({ signal }) => api.get(`jobs/${enc(jobId ?? '')}`, { signal, schema: JobSchema }),
    refetchInterval: (q) => (q.state.data && TERMINAL_JOB_STATUSES.includes(q.state.data.status) ? false : REEXTRACT_POLL_MS),
  });
  const finished = query.data && TERMINAL_JOB_STATUSES.includes(query.data.status) ? query.data.status : null;
  useEffect(() => {
    if (finished) void client.invalidateQueries({ queryKey: fileToolKeys.chunks(userId, fileId) });
  }, [finished, client, userId, fileId]);
  return query;
}
