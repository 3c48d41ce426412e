// One job as its page reads it, by the call that page makes: the monitors poll these, and the
// crumbs name the job from the very same cache entry (same key, same call, same schema), so a
// page that has loaded its job pays nothing for its crumb.
import { api, jobKeys, type Parser } from '@quarry/shared';
import { ChunkingJobDetailSchema, JobDetailSchema, OcrJobDetailSchema, PipelineJobSchema } from '@quarry/shared/schemas';
import { queryOptions } from '@tanstack/react-query';

/** The query options of `GET {path}{id}` under the job's key and `kind`, idle until a user and an id exist. */
function jobDetailQuery<T>(kind: string, path: string, schema: Parser<T>) {
  return (userId: string | undefined, id: string) =>
    queryOptions({
      queryKey: [...jobKeys.detail(userId, id), kind] as const,
      queryFn: ({ signal }) => api.get(`${path}${encodeURIComponent(id)}`, { signal, schema }),
      enabled: Boolean(userId && id),
    });
}

/** `GET jobs/{id}`: the job page and the extraction monitor. */
export const jobQuery = jobDetailQuery('job', 'jobs/', JobDetailSchema);
export const ocrJobQuery = jobDetailQuery('ocr', 'ocr/jobs/', OcrJobDetailSchema);
export const chunkingJobQuery = jobDetailQuery('chunking', 'chunking/jobs/', ChunkingJobDetailSchema);
export const pipelineJobQuery = jobDetailQuery('pipeline', 'jobs/pipeline/', PipelineJobSchema);
