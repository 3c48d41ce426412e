// The file detail page's own calls: the file's OCR result, its chunking runs and a
// run's chunks, activating / deleting a run, the extraction results (current and previous
// versions) and re-running OCR. Keys hang under `fileKeys.detail(userId, fileId)`.
import { api, fileKeys, jobKeys, useRefreshingMutation } from '@quarry/shared';
import {
  ACTIVE_JOB_STATUSES,
  ChunkingRunSchema,
  ChunkingRunsResponseSchema,
  ChunksResponseSchema,
  ExtractionResultListSchema,
  FileDownloadUrlResponseSchema,
  OcrJobSchema,
  OcrResultSchema,
} from '@quarry/shared/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fileToolKeys, useUserId } from '../common/fileQueries';

type UserId = string | null | undefined;

export const OCR_POLL_MS = 2000;
const isActive = (status: string | null) => status !== null && (ACTIVE_JOB_STATUSES as readonly string[]).includes(status);
const enc = encodeURIComponent;

export const fileDetailKeys = {
  ocrResult: (userId: UserId, fileId: string) => [...fileKeys.detail(userId, fileId), 'ocr-result'] as const,
  runs: (userId: UserId, fileId: string) => [...fileToolKeys.chunks(userId, fileId), 'runs'] as const,
  runChunks: (userId: UserId, fileId: string, runId: string) => [...fileToolKeys.chunks(userId, fileId), 'run', runId] as const,
  /** under the chunks: a chunk edit or another active run changes what the results belong to */
  extractionResults: (userId: UserId, fileId: string) => [...fileToolKeys.chunks(userId, fileId), 'extraction-results'] as const,
  content: (userId: UserId, fileId: string) => [...fileKeys.detail(userId, fileId), 'content'] as const,
};

export const ocrResultQueryOptions = (userId: UserId, fileId: string) =>
  queryOptions({
    queryKey: fileDetailKeys.ocrResult(userId, fileId),
    // `ocr/results/{id}` answers a file id with the file's current OCR (or why there is none)
    queryFn: ({ signal }) => api.get(`ocr/results/${enc(fileId)}`, { signal, schema: OcrResultSchema }),
    // while an OCR job of the file is under way, look again until it has ended
    refetchInterval: (q) => (q.state.data && !q.state.data.success && isActive(q.state.data.status) ? OCR_POLL_MS : false),
  });

export const runsQueryOptions = (userId: UserId, fileId: string) =>
  queryOptions({
    queryKey: fileDetailKeys.runs(userId, fileId),
    queryFn: ({ signal }) => api.get(`files/${enc(fileId)}/chunking_runs`, { signal, schema: ChunkingRunsResponseSchema }),
  });

export const runChunksQueryOptions = (userId: UserId, fileId: string, runId: string) =>
  queryOptions({
    queryKey: fileDetailKeys.runChunks(userId, fileId, runId),
    queryFn: ({ signal }) => api.get(`files/${enc(fileId)}/chunking_runs/${enc(runId)}/chunks`, { signal, schema: ChunksResponseSchema }),
  });

/** Current results of the active run plus the versions they replaced (is_current false). */
export const extractionResultsQueryOptions = (userId: UserId, fileId: string) =>
  queryOptions({
    queryKey: fileDetailKeys.extractionResults(userId, fileId),
    queryFn: ({ signal }) =>
      api.get(`files/${enc(fileId)}/extraction-results`, { signal, query: { include_history: true }, schema: ExtractionResultListSchema }),
  });

export function useOcrResult(fileId: string) {
  return useQuery(ocrResultQueryOptions(useUserId(), fileId));
}

export function useRuns(fileId: string) {
  return useQuery(runsQueryOptions(useUserId(), fileId));
}

export function useRunChunks(fileId: string, runId: string | null) {
  const userId = useUserId();
  return useQuery({ ...runChunksQueryOptions(userId, fileId, runId ?? ''), enabled: Boolean(runId) });
}

export function useExtractionResults(fileId: string) {
  return useQuery(extractionResultsQueryOptions(useUserId(), fileId));
}

/** Current results of one chunking version (another than the active one: its results stay when it is not active). */
export function useRunExtractionResults(fileId: string, runId: string | null) {
  const userId = useUserId();
  return useQuery({
    queryKey: [...fileDetailKeys.extractionResults(userId, fileId), 'run', runId ?? ''] as const,
    queryFn: ({ signal }) => api.get(`files/${enc(fileId)}/extraction-results`, { signal, query: { include_history: true, run_id: runId! }, schema: ExtractionResultListSchema }),
    enabled: Boolean(runId),
  });
}

/** The file's bytes for the page view: a signed inline URL, read as a Blob through the client. */
export function useFileContent(fileId: string, enabled: boolean) {
  const userId = useUserId();
  return useQuery({
    queryKey: fileDetailKeys.content(userId, fileId),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => {
      const { url } = await api.get(`files/${enc(fileId)}/download-url`, {
        signal,
        query: { disposition: 'inline' },
        schema: FileDownloadUrlResponseSchema,
      });
      return api.get<Blob>(url, { signal, responseType: 'blob' });
    },
  });
}

export function useActivateRun(fileId: string) {
  return useRefreshingMutation((runId: string) => api.post(`files/${enc(fileId)}/chunking_runs/${enc(runId)}/activate`, undefined, { schema: ChunkingRunSchema }), (userId) => fileToolKeys.chunks(userId, fileId), 'success');
}

export function useDeleteRun(fileId: string) {
  const userId = useUserId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (runId: string) => api.delete<void>(`files/${enc(fileId)}/chunking_runs/${enc(runId)}`),
    onSuccess: (_v, runId) => {
      client.removeQueries({ queryKey: fileDetailKeys.runChunks(userId, fileId, runId) });
      return client.invalidateQueries({ queryKey: fileDetailKeys.runs(userId, fileId) });
    },
  });
}

/** Re-runs OCR on the file (a failed OCR): POST ocr/jobs, then start it. */
export function useRerunOcr(fileId: string) {
  const userId = useUserId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const job = await api.post('ocr/jobs', { file_id: fileId }, { schema: OcrJobSchema });
      return api.post(`ocr/jobs/${enc(job.id)}/start`, undefined, { schema: OcrJobSchema });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: jobKeys.all(userId) });
      return client.invalidateQueries({ queryKey: fileDetailKeys.ocrResult(userId, fileId) });
    },
  });
}
