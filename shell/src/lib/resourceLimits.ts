// The user's resource limits and usage: shown by the account page and read by the credit
// request form, so it lives in the frame rather than in either feature (features never
// import each other). Cached for 5 minutes without refetching on window focus; the key
// carries the user id so one user never sees another's cache.
import { api, CACHED_FIVE_MINUTES, userKeys } from '@quarry/shared';
import { ResourceLimitsResponseSchema } from '@quarry/shared/schemas';
import { useQuery } from '@tanstack/react-query';

export function useResourceLimits(userId: string | undefined) {
  return useQuery({
    queryKey: userKeys.resourceLimits(userId),
    queryFn: ({ signal }) => api.get('users/me/resource-limits', { signal, schema: ResourceLimitsResponseSchema }),
    enabled: Boolean(userId),
    ...CACHED_FIVE_MINUTES,
  });
}
