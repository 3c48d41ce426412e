// Account data: both cached for 5 minutes without
// refetching on window focus. Keys carry the user id so one user never sees another's cache.
import { api, CACHED_FIVE_MINUTES, userKeys } from '@quarry/shared';
import { EmailPreferencesSchema } from '@quarry/shared/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const accountKeys = {
  resourceLimits: userKeys.resourceLimits,
  emailPreferences: (userId: string | undefined) => ['users', userId ?? 'anonymous', 'preferences', 'email'] as const,
};

// Shared with the credit request form, so it lives in lib/ (features never import each other).
export { useResourceLimits } from '../lib/resourceLimits';

export function useEmailPreferences(userId: string | undefined) {
  return useQuery({
    queryKey: accountKeys.emailPreferences(userId),
    queryFn: ({ signal }) => api.get('users/preferences/email', { signal, schema: EmailPreferencesSchema }),
    enabled: Boolean(userId),
    ...CACHED_FIVE_MINUTES,
  });
}

export function useUpdateEmailPreferences(userId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (notifications_enabled: boolean) =>
      api.post('users/preferences/email', { notifications_enabled }, { schema: EmailPreferencesSchema }),
    onSuccess: (data) => client.setQueryData(accountKeys.emailPreferences(userId), data),
  });
}
