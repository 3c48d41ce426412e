// OCR jobs: list, one job, create + start.
import { api, jobKeys, useRefreshingMutation } from '@quarry/shared';
import { OcrJobListResponseSchema, OcrJobSchema } from '@quarry/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { ocrJobQuery } from '../common/jobDetailQueries';
import { useLiveRecentJobs } from '../common/live';
import { useUserId } from '../common/queries';
import { isActiveJob, pollInterval } from '../common/status';

export const RECENT_OCR_JOBS = 10;
export const OCR_NAME_TRUNCATE = 40;

export const ocrKeys = {
  list: (userId: string | undefined) => jobKeys.list(userId, { type: 'ocr', limit: RECENT_OCR_JOBS }),
};

export function useRecentOcrJobs() {
  return useLiveRecentJobs('ocr', ocrKeys.list, (signal) => api.get('ocr/jobs', { query: { limit: RECENT_OCR_JOBS, offset: 0 }, signal, schema: OcrJobListResponseSchema }));
}

export function useOcrJob(id: string, connected: boolean) {
  return useQuery({ ...ocrJobQuery(useUserId(), id), refetchInterval: (q) => pollInterval(isActiveJob('ocr', q.state.data?.status), connected) });
}

/** Create the OCR job, then start it. */
export function useStartOcr() {
  return useRefreshingMutation(
    async ({ fileId, name }: { fileId: string; name: string }) => {
      const job = await api.post('ocr/jobs', { file_id: fileId, name }, { schema: OcrJobSchema });
      await api.post(`ocr/jobs/${encodeURIComponent(job.id)}/start`);
      return job;
    },
    jobKeys.lists,
    'settled',
  );
}
