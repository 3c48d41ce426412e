// The crumbs naming what this area's pages show. Each reads the query its page reads (same
// key, same call, same schema), so a page that has loaded its job or file pays nothing for
// its crumb; only the evaluation page, which never loads its dataset, asks for the name.
import { api, datasetKeys, namedCrumb } from '@quarry/shared';
import { DatasetSchema } from '@quarry/shared/schemas';
import { queryOptions, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { fileQueryOptions } from './fileQueries';
import { chunkingJobQuery, jobQuery, ocrJobQuery, pipelineJobQuery } from './jobDetailQueries';

const enc = encodeURIComponent;

/** `/files/:fileId`: the file's name (the file page's own query). */
export const fileCrumb = namedCrumb({
  placeholder: 'File',
  query: (p, userId) => fileQueryOptions(userId, p.fileId ?? ''),
  name: (file) => file.filename,
});

/** A job's page: the job's name from the page's own query (`jobDetailQueries.ts`). */
const jobNameCrumb = <T extends { name: string }, K extends QueryKey>(placeholder: string, query: (userId: string | undefined, id: string) => UseQueryOptions<T, Error, T, K>) =>
  namedCrumb({ placeholder, query: (p, userId) => query(userId, p.jobId ?? ''), name: (job) => job.name });

/** `/jobs/:jobId` and the extraction monitor: `GET jobs/{id}` under the key both pages read. */
export const jobCrumb = jobNameCrumb('Job', jobQuery);
export const ocrJobCrumb = jobNameCrumb('OCR Job Monitor', ocrJobQuery);
export const chunkingJobCrumb = jobNameCrumb('Chunking Job', chunkingJobQuery);
export const pipelineJobCrumb = jobNameCrumb('Pipeline Job Monitor', pipelineJobQuery);

/** The evaluation of a dataset: the dataset's name (a key of its own: only the name is read). */
export const evaluationDatasetCrumb = namedCrumb({
  placeholder: 'Dataset',
  query: (p, userId) =>
    queryOptions({
      queryKey: [...datasetKeys.detail(userId, p.datasetId ?? ''), 'name'] as const,
      queryFn: ({ signal }) => api.get(`datasets/${enc(p.datasetId ?? '')}`, { signal, schema: DatasetSchema.pick({ id: true, name: true }) }),
      enabled: Boolean(userId && p.datasetId),
    }),
  name: (dataset) => dataset.name,
});
