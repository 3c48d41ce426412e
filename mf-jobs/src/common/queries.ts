// Calls every job screen makes: the pickers (files, datasets, prompts, examples), the cost
// estimate, and cancel / retry of a job. Keys are rooted per area and user.
import { api, datasetKeys, fileKeys, jobKeys, queryKeys, useCurrentUser, useSignedInQuery } from '@quarry/shared';
import {
  DatasetListResponseSchema,
  ExampleListResponseSchema,
  FileListResponseSchema,
  JobEstimateSchema,
  JobSchema,
  PromptListResponseSchema,
  type JobEstimate,
  type JobEstimateRequest,
  type RetryMode,
} from '@quarry/shared/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const FILE_PICKER_LIMIT = 100;
export const PROMPT_PICKER_LIMIT = 100;

export const pickerKeys = {
  prompts: (userId: string | undefined) => queryKeys('prompts').list(userId, { limit: PROMPT_PICKER_LIMIT }),
  examples: (userId: string | undefined, promptId: string) => queryKeys('examples').list(userId, { prompt_id: promptId }),
  estimate: (userId: string | undefined, body: JobEstimateRequest) => jobKeys.of(userId, 'estimate', body),
};

export function useUserId(): string | undefined {
  return useCurrentUser()?.id;
}

/** `files/my-files` (up to 100), optionally without failed files and filtered by name. */
export function useMyFiles(opts: { includeFailed?: boolean; search?: string } = {}) {
  const filters = { limit: FILE_PICKER_LIMIT, offset: 0, include_failed: opts.includeFailed ?? true, ...(opts.search ? { search: opts.search } : {}) };
  return useSignedInQuery(
    (userId) => fileKeys.list(userId, filters),
    (signal) => api.get('files/my-files', { query: filters, signal, schema: FileListResponseSchema }),
    { placeholderData: keepPreviousData },
  );
}

export function useDatasets() {
  const filters = { limit: 100, include_files: false };
  return useSignedInQuery((userId) => datasetKeys.list(userId, filters), (signal) => api.get('datasets/', { query: filters, signal, schema: DatasetListResponseSchema }));
}

export function usePrompts() {
  return useSignedInQuery(pickerKeys.prompts, (signal) => api.get('prompts/', { query: { limit: PROMPT_PICKER_LIMIT }, signal, schema: PromptListResponseSchema }));
}

export function useExamples(promptId: string) {
  return useSignedInQuery(
    (userId) => pickerKeys.examples(userId, promptId),
    (signal) => api.get('examples/', { query: { prompt_id: promptId, limit: 100 }, signal, schema: ExampleListResponseSchema }),
    { enabled: Boolean(promptId) },
  );
}

/** `POST jobs/estimate` for the form's current values (null body = not enough chosen yet). */
export function useJobEstimate(body: JobEstimateRequest | null) {
  const userId = useUserId();
  return useQuery<JobEstimate>({
    queryKey: pickerKeys.estimate(userId, body ?? { job_type: 'extraction' }),
    queryFn: ({ signal }) => api.post('jobs/estimate', body, { signal, schema: JobEstimateSchema }),
    enabled: Boolean(userId && body),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  });
}

/**
 * Cancel (POST jobs/{id}/cancel) and retry (POST jobs/{id}/start on a failed job). Retry takes
 * an optional mode: 'current' = with the prompt and schema as they are now, 'original' = as it
 * was (resumes); without one the server runs it as it was.
 */
export function useJobControl(jobId: string) {
  const client = useQueryClient();
  const userId = useUserId();
  const settle = () => client.invalidateQueries({ queryKey: jobKeys.all(userId) });
  const cancel = useMutation({
    mutationFn: () => api.post(`jobs/${encodeURIComponent(jobId)}/cancel`, undefined, { schema: JobSchema }),
    onSettled: settle,
  });
  const retry = useMutation({
    mutationFn: (retryMode?: RetryMode) =>
      api.post(`jobs/${encodeURIComponent(jobId)}/start`, retryMode ? { retry_mode: retryMode } : undefined, { schema: JobSchema }),
    onSettled: settle,
  });
  return { cancel, retry };
}
