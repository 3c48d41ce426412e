import { api } from '@quarry/shared';
import { PromptListResponseSchema, type PromptKind } from '@quarry/shared/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { promptKeys } from '../common/keys';
import { LIST_LIMIT, useUserId } from '../common/queries';

export interface PromptFilters {
  search?: string;
  type?: PromptKind;
}

export const promptListQueryOptions = (userId: string | undefined, filters: PromptFilters) =>
  queryOptions({
    queryKey: promptKeys.list(userId, filters),
    queryFn: ({ signal }) =>
      api.get('/prompts/', { signal, schema: PromptListResponseSchema, query: { offset: 0, limit: LIST_LIMIT, search: filters.search || undefined, type: filters.type } }),
    enabled: Boolean(userId),
  });

export const usePromptList = (filters: PromptFilters) => useQuery(promptListQueryOptions(useUserId(), filters));

export function useDeletePrompt() {
  const userId = useUserId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/prompts/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: promptKeys.all(userId) }),
  });
}
