// Calls more than one feature of this remote makes: the schema list (the schema pages and the
// prompt pages' schema picker) and one schema. Keys from ./keys, every call with its signal and
// the zod schema of its answer.
import { api, useCurrentUser } from '@quarry/shared';
import { OutputSchemaListResponseSchema, OutputSchemaSchema, type OutputSchemaSort, type SortOrder } from '@quarry/shared/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { schemaKeys } from './keys';

/** Prompts and schemas are listed up to 100 (docs/product/prompts-and-schemas.md) */
export const LIST_LIMIT = 100;

export const useUserId = (): string | undefined => useCurrentUser()?.id;

export interface SchemaListFilters {
  search?: string;
  sort?: OutputSchemaSort;
  order?: SortOrder;
  /** a page of the list screen; without it the first LIST_LIMIT (the pickers) */
  offset?: number;
  limit?: number;
}

export const schemaListQueryOptions = (userId: string | undefined, filters: SchemaListFilters = {}) =>
  queryOptions({
    queryKey: schemaKeys.list(userId, filters),
    queryFn: ({ signal }) =>
      api.get('output-schemas/', {
        signal,
        schema: OutputSchemaListResponseSchema,
        query: { offset: filters.offset ?? 0, limit: filters.limit ?? LIST_LIMIT, search: filters.search || undefined, sort: filters.sort, order: filters.order },
      }),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
  });

export const useSchemaList = (filters: SchemaListFilters = {}) => useQuery(schemaListQueryOptions(useUserId(), filters));

export const schemaQueryOptions = (userId: string | undefined, id: string) =>
  queryOptions({
    queryKey: schemaKeys.detail(userId, id),
    queryFn: ({ signal }) => api.get(`output-schemas/${encodeURIComponent(id)}`, { signal, schema: OutputSchemaSchema }),
    enabled: Boolean(userId),
  });

export const useSchema = (id: string | null | undefined) => {
  const userId = useUserId();
  return useQuery({ ...schemaQueryOptions(userId, id ?? ''), enabled: Boolean(userId && id) });
};
