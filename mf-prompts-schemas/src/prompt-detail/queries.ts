import { api } from '@quarry/shared';
import { ExampleListResponseSchema, ExampleSchema, PromptSchema, type ExampleUpdate, type PromptUpdate } from '@quarry/shared/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { promptKeys, schemaKeys } from '../common/keys';
import { useUserId } from '../common/queries';

export const promptQueryOptions = (userId: string | undefined, id: string) =>
  queryOptions({
    queryKey: promptKeys.detail(userId, id),
    queryFn: ({ signal }) => api.get(`prompts/${encodeURIComponent(id)}`, { signal, schema: PromptSchema }),
    enabled: Boolean(userId),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });

export const usePrompt = (id: string) => useQuery(promptQueryOptions(useUserId(), id));

export const useExamples = (promptId: string) => {
  const userId = useUserId();
  return useQuery({
    queryKey: promptKeys.examples(userId, promptId),
    queryFn: ({ signal }) => api.get('examples/', { signal, schema: ExampleListResponseSchema, query: { prompt_id: promptId, offset: 0, limit: 100 } }),
    enabled: Boolean(userId),
  });
};

export function useUpdatePrompt(id: string) {
  const userId = useUserId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: PromptUpdate) => api.put(`prompts/${encodeURIComponent(id)}`, patch, { schema: PromptSchema }),
    onSuccess: (prompt) => {
      client.setQueryData(promptKeys.detail(userId, id), prompt);
      void client.invalidateQueries({ queryKey: promptKeys.lists(userId) });
      void client.invalidateQueries({ queryKey: schemaKeys.all(userId) });
    },
  });
}

export function useExampleMutations(promptId: string) {
  const userId = useUserId();
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: promptKeys.examples(userId, promptId) });
    void client.invalidateQueries({ queryKey: promptKeys.detail(userId, promptId), exact: true });
  };
  return {
    create: useMutation({
      mutationFn: (body: { input_text: string; output_text: string; name?: string }) => api.post('examples/', { prompt_id: promptId, ...body }, { schema: ExampleSchema }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, patch }: { id: string; patch: ExampleUpdate }) => api.put(`examples/${encodeURIComponent(id)}`, patch, { schema: ExampleSchema }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete(`examples/${encodeURIComponent(id)}`),
      onSuccess: refresh,
    }),
  };
}
