// Evaluation of an extraction run against the reviewed files:
//   GET datasets/{id}/evaluation[?job_id=]   GET jobs/{id}/evaluation
import { api, jobKeys } from '@quarry/shared';
import { EvaluationSchema } from '@quarry/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useUserId } from '../common/queries';

export type EvaluationTarget = { kind: 'dataset'; datasetId: string; runId?: string | undefined } | { kind: 'run'; jobId: string };

// under jobKeys: a finished extraction (which invalidates the jobs area) changes the figures
export const evaluationKeys = {
  all: (userId: string | undefined) => [...jobKeys.all(userId), 'evaluation'] as const,
  detail: (userId: string | undefined, t: EvaluationTarget) => [...evaluationKeys.all(userId), t] as const,
};

export const evaluationQueryOptions = (userId: string | undefined, t: EvaluationTarget) =>
  queryOptions({
    queryKey: evaluationKeys.detail(userId, t),
    queryFn: ({ signal }) =>
      t.kind === 'dataset'
        ? api.get(`datasets/${encodeURIComponent(t.datasetId)}/evaluation`, { query: { job_id: t.runId }, signal, schema: EvaluationSchema, timeoutMs: 120_000 })
        : api.get(`jobs/${encodeURIComponent(t.jobId)}/evaluation`, { signal, schema: EvaluationSchema, timeoutMs: 120_000 }),
    enabled: Boolean(userId),
    retry: false,
  });

export function useEvaluation(t: EvaluationTarget) {
  return useQuery(evaluationQueryOptions(useUserId(), t));
}
