import { api, LIST_PAGE_SIZE, useRefreshingMutation } from '@quarry/shared';
import { PromptListResponseSchema, type PromptKind, type PromptSort, type SortOrder } from '@quarry/shared/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { promptKeys } from '../common/keys';
import { useUserId } from '../common/queries';

export interface PromptFilters {
  search?: string;
  type?: PromptKind;
  sort: PromptSort;
  order: SortOrder;
  offset: number;
}

/** One page of GET /prompts/, sorted and searched by the server; the page before stays up while the next loads. */
export const promptListQueryOptions = (userId: string | undefined, filters: PromptFilters) =>
  queryOptions({
    queryKey: promptKeys.list(userId, filters),
    queryFn: ({ signal }) =>
      api.get('prompts/', {
        signal,
        schema: PromptListResponseSchema,
        query: { offset: filters.offset, limit: LIST_PAGE_SIZE, search: filters.search || undefined, type: filters.type, sort: filters.sort, order: filters.order },
      }),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
  });

export const usePromptList = (filters: PromptFilters) => useQuery(promptListQueryOptions(useUserId(), filters));

export function useDeletePrompt() {
  return useRefreshingMutation((id: string) => api.delete(`prompts/${encodeURIComponent(id)}`), promptKeys.all, 'success');
}
