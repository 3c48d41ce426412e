// The credit request form's one call (spec 2 §7 "Credits"): POST /credit-requests/, its answer
// checked against the shared schema.
import { api } from '@quarry/shared';
import { CreditRequestSchema, type CreditRequestCreate } from '@quarry/shared/schemas';
import { useMutation } from '@tanstack/react-query';

export function useSubmitCreditRequest() {
  return useMutation({
    mutationFn: (body: CreditRequestCreate) => api.post('/credit-requests/', body, { schema: CreditRequestSchema }),
  });
}
