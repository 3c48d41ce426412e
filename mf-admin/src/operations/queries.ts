// The operations view: GET /admin/operations polled while the page is open,
// POST /admin/jobs/{id}/retry.
import { api, queryKeys, useCurrentUser, useRefreshingMutation } from '@quarry/shared';
import { AdminJobRetryResponseSchema, OperationsOverviewSchema } from '@quarry/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * Other users' job events never reach an administrator's socket (it is per user), so the
 * view polls; 3 s keeps heartbeats (every lease/3 = 10 s by default) and queue ages current.
 */
export const OPERATIONS_POLL_MS = 3000;

const keys = queryKeys('admin', 'operations');
export const operationsKeys = {
  all: keys.all,
  overview: (userId: string | undefined) => keys.of(userId, 'overview'),
};

export const operationsQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: operationsKeys.overview(userId),
    queryFn: ({ signal }) => api.get('admin/operations', { signal, schema: OperationsOverviewSchema }),
    refetchInterval: OPERATIONS_POLL_MS,
  });

export function useOperations() {
  return useQuery(operationsQueryOptions(useCurrentUser()?.id));
}

export function useRetryJob() {
  return useRefreshingMutation((jobId: string) => api.post(`admin/jobs/${encodeURIComponent(jobId)}/retry`, undefined, { schema: AdminJobRetryResponseSchema }), operationsKeys.all, 'settled');
}
