// Admin resource types.
import { api, queryKeys, useCurrentUser } from '@quarry/shared';
import {
  ResourceTypeListResponseSchema,
  ResourceTypeSchema,
  SeedResourcesResponseSchema,
  type ResourceTypeUpdate,
} from '@quarry/shared/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

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

function useInvalidate() {
  const client = useQueryClient();
  const userId = useCurrentUser()?.id;
  return () => client.invalidateQueries({ queryKey: resourceKeys.all(userId) });
}

export function useSeedResources() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (overwriteExisting: boolean) =>
      api.post('admin/seed-resources', { overwrite_existing: overwriteExisting, resource_types: null }, { schema: SeedResourcesResponseSchema }),
    onSuccess: invalidate,
  });
}

export function useUpdateResourceType() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: ResourceTypeUpdate }) =>
      api.put(`admin/resource-types/${encodeURIComponent(id)}`, patch, { schema: ResourceTypeSchema }),
    onSuccess: invalidate,
  });
}

export function useDeleteResourceType() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => // 204 No Content: nothing to parse
      api.delete(`admin/resource-types/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}
