// The crumbs naming what this area's pages show. Each reads the query its page reads (same
// key, same call, same schema), so a page that has loaded its job or file pays nothing for
// its crumb; only the evaluation page, which never loads its dataset, asks for the name.
import { api, datasetKeys, jobKeys, namedCrumb } from '@quarry/shared';
import {
  ChunkingJobDetailSchema,
  DatasetSchema,
  JobDetailSchema,
  OcrJobDetailSchema,
  PipelineJobSchema,
} from '@quarry/shared/schemas';
import { queryOptions } from '@tanstack/react-query';
import { fileQueryOptions } from './fileQueries';

const enc = encodeURIComponent;

/** `/files/:fileId`: the file's name (the file page's own query). */
export const fileCrumb = namedCrumb({
  placeholder: 'File',
  query: (p, userId) => fileQueryOptions(userId, p.fileId ?? ''),
  name: (file) => file.filename,
});

/** `/jobs/:jobId` and the extraction monitor: `GET jobs/{id}` under the key both pages read. */
export const jobCrumb = namedCrumb({
  placeholder: 'Job',
  query: (p, userId) =>
    queryOptions({
      queryKey: [...jobKeys.detail(userId, p.jobId ?? ''), 'job'] as const,
      queryFn: ({ signal }) => api.get(`jobs/${enc(p.jobId ?? '')}`, { signal, schema: JobDetailSchema }),
      enabled: Boolean(userId && p.jobId),
    }),
  name: (job) => job.name,
});

export const ocrJobCrumb = namedCrumb({
  placeholder: 'OCR Job Monitor',
  query: (p, userId) =>
    queryOptions({
      queryKey: [...jobKeys.detail(userId, p.jobId ?? ''), 'ocr'] as const,
      queryFn: ({ signal }) => api.get(`ocr/jobs/${enc(p.jobId ?? '')}`, { signal, schema: OcrJobDetailSchema }),
      enabled: Boolean(userId && p.jobId),
    }),
  name: (job) => job.name,
});

export const chunkingJobCrumb = namedCrumb({
  placeholder: 'Chunking Job',
  query: (p, userId) =>
    queryOptions({
      queryKey: [...jobKeys.detail(userId, p.jobId ?? ''), 'chunking'] as const,
      queryFn: ({ signal }) => api.get(`chunking/jobs/${enc(p.jobId ?? '')}`, { signal, schema: ChunkingJobDetailSchema }),
      enabled: Boolean(userId && p.jobId),
    }),
  name: (job) => job.name,
});

export const pipelineJobCrumb = namedCrumb({
  placeholder: 'Pipeline Job Monitor',
  query: (p, userId) =>
    queryOptions({
      queryKey: [...jobKeys.detail(userId, p.jobId ?? ''), 'pipeline'] as const,
      queryFn: ({ signal }) => api.get(`jobs/pipeline/${enc(p.jobId ?? '')}`, { signal, schema: PipelineJobSchema }),
      enabled: Boolean(userId && p.jobId),
    }),
  name: (job) => job.name,
});

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
