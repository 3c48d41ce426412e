// The feedback widget's one call: POST /feedback/, its answer checked
// against the shared schema.
import { api } from '@quarry/shared';
import { FeedbackSchema, type FeedbackCreate } from '@quarry/shared/schemas';
import { useMutation } from '@tanstack/react-query';

export function useSubmitFeedback() {
  return useMutation({
    mutationFn: (body: FeedbackCreate) => api.post('feedback/', body, { schema: FeedbackSchema }),
  });
}
