// Admin resource types.
import { api, queryKeys, useCurrentUser, useRefreshingMutation } from '@quarry/shared';
import {
  ResourceTypeListResponseSchema,
  ResourceTypeSchema,
  SeedResourcesResponseSchema,
  type ResourceTypeUpdate,
} from '@quarry/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';

const keys = queryKeys('admin', 'resource-types');
export const resourceKeys = {
  all: keys.all,
  list: (userId: string | undefined) => keys.of(userId, 'list'),
};

export const resourceTypesQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: resourceKeys.list(userId),
    queryFn: ({ signal }) => api.get('admin/resource-types', { signal, schema: ResourceTypeListResponseSchema }),
  });

export function useResourceTypes() {
  const userId = useCurrentUser()?.id;
  return useQuery(resourceTypesQueryOptions(userId));
}

export function useSeedResources() {
  return useRefreshingMutation(
    (overwriteExisting: boolean) =>
      api.post('admin/seed-resources', { overwrite_existing: overwriteExisting, resource_types: null }, { schema: SeedResourcesResponseSchema }),
    resourceKeys.all,
    'success',
  );
}

export function useUpdateResourceType() {
  return useRefreshingMutation(
    ({ id, patch }: { id: string; patch: ResourceTypeUpdate }) => api.put(`admin/resource-types/${encodeURIComponent(id)}`, patch, { schema: ResourceTypeSchema }),
    resourceKeys.all,
    'success',
  );
}

export function useDeleteResourceType() {
  return useRefreshingMutation(
    // 204 No Content: nothing to parse
    (id: string) => api.delete(`admin/resource-types/${encodeURIComponent(id)}`),
    resourceKeys.all,
    'success',
  );
}
