// The credit request form's call (POST /credit-requests/) and my earlier requests
// (GET /credit-requests/my-requests), each answer checked against the shared schema. The list
// key carries the user id so one user never sees another's cache.
import { api, useRefreshingMutation, useSignedInQuery } from '@quarry/shared';
import { CreditRequestListResponseSchema, CreditRequestSchema, type CreditRequestCreate } from '@quarry/shared/schemas';

export const creditRequestKeys = {
  mine: (userId: string | undefined) => ['users', userId ?? 'anonymous', 'credit-requests'] as const,
};

export function useMyCreditRequests() {
  return useSignedInQuery(creditRequestKeys.mine, (signal) => api.get('credit-requests/my-requests', { signal, schema: CreditRequestListResponseSchema }));
}

export function useSubmitCreditRequest() {
  return useRefreshingMutation((body: CreditRequestCreate) => api.post('credit-requests/', body, { schema: CreditRequestSchema }), creditRequestKeys.mine, 'success');
}
