// LLM test calls: submit simple / structured, poll each task every 2 s
// until SUCCESS or FAILURE, the history (limit 50, refetched every 10 s), delete.
import { api, toAppError, userKeys, useRefreshingMutation } from '@quarry/shared';
import {
  LLM_TEST_RESULTS_LIMIT,
  LlmTaskResponseSchema,
  LlmTaskStatusSchema,
  LlmTestResultListSchema,
  ModelCallPolicySchema,
  type LlmSimpleRequest,
  type LlmStructuredRequest,
  type LlmTaskStatus,
} from '@quarry/shared/schemas';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { llmTestKeys } from '../common/keys';
import { useUserId } from '../common/queries';

export const POLL_MS = 2000;
export const HISTORY_REFETCH_MS = 10_000;
/** A task still PENDING this long after it was submitted is given up on (the page never hangs). */
export const TASK_DEADLINE_MS = 3 * 60_000;

export const useLlmResults = () => {
  const userId = useUserId();
  return useQuery({
    queryKey: llmTestKeys.results(userId),
    queryFn: ({ signal }) => api.get('test/llm/results', { signal, schema: LlmTestResultListSchema, query: { limit: LLM_TEST_RESULTS_LIMIT } }),
    enabled: Boolean(userId),
    refetchInterval: HISTORY_REFETCH_MS,
  });
};

const policyKey = (userId: string | null | undefined) => [...llmTestKeys.all(userId), 'policy'] as const;

/** What a model call costs the caller, how many a minute, and whether an admin switched them off. */
export const useModelCallPolicy = () => {
  const userId = useUserId();
  return useQuery({
    queryKey: policyKey(userId),
    queryFn: ({ signal }) => api.get('test/llm/policy', { signal, schema: ModelCallPolicySchema }),
    enabled: Boolean(userId),
  });
};

export function useSubmitTest() {
  return useRefreshingMutation(
    (req: { kind: 'simple'; body: LlmSimpleRequest } | { kind: 'structured'; body: LlmStructuredRequest }) =>
      api.post(`test/llm/${req.kind}`, req.body, { schema: LlmTaskResponseSchema }),
    // a call takes credits: the balance beside the limits and in the sidebar changes
    [policyKey, userKeys.resourceLimits],
    'settled',
  );
}

export interface TrackedTask {
  taskId: string;
  submittedAt: number;
}

/** The status of one task: SUCCESS / FAILURE are final; a vanished task or one past its deadline is a FAILURE with the reason. */
export async function taskStatus(taskId: string, submittedAt: number, signal: AbortSignal): Promise<LlmTaskStatus> {
  try {
    const s = await api.get(`test/llm/status/${encodeURIComponent(taskId)}`, { signal, schema: LlmTaskStatusSchema });
    if (s.status === 'PENDING' && Date.now() - submittedAt > TASK_DEADLINE_MS) {
      return { ...s, status: 'FAILURE', traceback: `No answer after ${TASK_DEADLINE_MS / 60_000} minutes: stopped waiting for this task.` };
    }
    return s;
  } catch (e) {
    if (toAppError(e).status === 404) return { task_id: taskId, status: 'FAILURE', result: null, traceback: 'The task no longer exists (it was deleted, or the server lost it).' };
    throw e;
  }
}

export function useTaskStatuses(tasks: TrackedTask[]) {
  const userId = useUserId();
  return useQueries({
    queries: tasks.map((t) => ({
      queryKey: llmTestKeys.task(userId, t.taskId),
      queryFn: ({ signal }: { signal: AbortSignal }) => taskStatus(t.taskId, t.submittedAt, signal),
      refetchInterval: (q: { state: { data?: LlmTaskStatus } }) => (q.state.data && q.state.data.status !== 'PENDING' ? false : POLL_MS),
      retry: 2,
    })),
  });
}

export function useDeleteResult() {
  return useRefreshingMutation((id: string) => api.delete(`test/llm/results/${encodeURIComponent(id)}`), llmTestKeys.results, 'success');
}

export const useRefreshResults = () => {
  const userId = useUserId();
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: llmTestKeys.results(userId) });
};
