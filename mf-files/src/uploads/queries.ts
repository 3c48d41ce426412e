// The quota card's data (/uploads): `users/me/resource-limits`, under the shared
// key the shell's credits card uses too, so an upload's invalidation refreshes both.
import { api, CACHED_FIVE_MINUTES, useCurrentUser, userKeys } from '@quarry/shared';
import { ResourceLimitsResponseSchema, type ResourceLimitsResponse } from '@quarry/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const resourceLimitsQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: userKeys.resourceLimits(userId),
    queryFn: ({ signal }) => api.get('users/me/resource-limits', { signal, schema: ResourceLimitsResponseSchema }),
    enabled: Boolean(userId),
    ...CACHED_FIVE_MINUTES,
  });

export function useResourceLimits() {
  return useQuery(resourceLimitsQueryOptions(useCurrentUser()?.id));
}

export interface QuotaLine {
  used: number;
  max: number | null;
}

/** Files and pages used against their maxima (max null: no limit configured). */
export function quotaFrom(data: ResourceLimitsResponse): { files: QuotaLine; pages: QuotaLine } {
  const line = (name: string): QuotaLine => {
    const entry = data.resource_limits.find((e) => e.name === name);
    return { used: entry?.current_usage ?? 0, max: entry?.limit ?? null };
  };
  return { files: line('max_file_count'), pages: line('max_pages') };
}
