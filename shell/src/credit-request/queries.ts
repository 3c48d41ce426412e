// The credit request form's call (POST /credit-requests/) and my earlier requests
// (GET /credit-requests/my-requests), each answer checked against the shared schema. The list
// key carries the user id so one user never sees another's cache.
import { api, useCurrentUser, useRefreshingMutation } from '@quarry/shared';
import { CreditRequestListResponseSchema, CreditRequestSchema, type CreditRequestCreate } from '@quarry/shared/schemas';
import { useQuery } from '@tanstack/react-query';

export const creditRequestKeys = {
  mine: (userId: string | undefined) => ['users', userId ?? 'anonymous', 'credit-requests'] as const,
};

export function useMyCreditRequests() {
  const userId = useCurrentUser()?.id;
  return useQuery({
    queryKey: creditRequestKeys.mine(userId),
    queryFn: ({ signal }) => api.get('credit-requests/my-requests', { signal, schema: CreditRequestListResponseSchema }),
    enabled: Boolean(userId),
  });
}

export function useSubmitCreditRequest() {
  return useRefreshingMutation((body: CreditRequestCreate) => api.post('credit-requests/', body, { schema: CreditRequestSchema }), creditRequestKeys.mine, 'success');
}
