// Admin credit requests: list (status_filter, limit 100),
// stats, review.
import { api, queryKeys, useCurrentUser, useRefreshingMutation, useSignedInQuery } from '@quarry/shared';
import { ADMIN_CREDIT_REQUEST_LIMIT } from '@quarry/shared/constants';
import {
  AdminCreditRequestListResponseSchema,
  AdminCreditRequestSchema,
  CreditRequestStatsSchema,
  type CreditRequestStatus,
} from '@quarry/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';

export type StatusFilter = 'all' | CreditRequestStatus;

const keys = queryKeys('admin', 'credit-requests');
export const creditRequestKeys = {
  all: keys.all,
  list: (userId: string | undefined, status: StatusFilter) => keys.of(userId, 'list', status),
  stats: (userId: string | undefined) => keys.of(userId, 'stats'),
};

export const creditRequestsQueryOptions = (userId: string | undefined, status: StatusFilter) =>
  queryOptions({
    queryKey: creditRequestKeys.list(userId, status),
    queryFn: ({ signal }) =>
      api.get('admin/credit-requests/', {
        signal,
        query: { status_filter: status === 'all' ? undefined : status, limit: ADMIN_CREDIT_REQUEST_LIMIT },
        schema: AdminCreditRequestListResponseSchema,
      }),
  });

export function useCreditRequests(status: StatusFilter) {
  return useQuery(creditRequestsQueryOptions(useCurrentUser()?.id, status));
}

export function useCreditRequestStats() {
  return useSignedInQuery(creditRequestKeys.stats, (signal) => api.get('admin/credit-requests/stats', { signal, schema: CreditRequestStatsSchema }));
}

export interface ReviewInput {
  id: string;
  status: 'approved' | 'rejected';
  admin_notes: string;
}

export function useReviewCreditRequest() {
  return useRefreshingMutation(
    ({ id, status, admin_notes }: ReviewInput) =>
      api.put(
        `admin/credit-requests/${encodeURIComponent(id)}/review`,
        { status, admin_notes: admin_notes.trim() === '' ? null : admin_notes.trim() },
        { schema: AdminCreditRequestSchema },
      ),
    creditRequestKeys.all,
    // also after a failure: "already reviewed" means the list is out of date
    'settled',
  );
}
