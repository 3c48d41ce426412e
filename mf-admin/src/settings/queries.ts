// Site settings (spec 2 §2 /admin/settings): GET and PUT /admin/settings.
import { api, siteKeys, useCurrentUser } from '@quarry/shared';
import { SiteSettingsSchema, type SiteSettingsUpdate } from '@quarry/shared/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRoot } from '../common/keys';

export const settingsKeys = {
  all: (userId: string | undefined) => adminRoot('settings', userId),
};

export const siteSettingsAdminQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: settingsKeys.all(userId),
    queryFn: ({ signal }) => api.get('/admin/settings', { signal, schema: SiteSettingsSchema }),
  });

export function useSiteSettings() {
  return useQuery(siteSettingsAdminQueryOptions(useCurrentUser()?.id));
}

export function useSaveSiteSettings() {
  const client = useQueryClient();
  const userId = useCurrentUser()?.id;
  return useMutation({
    mutationFn: (body: SiteSettingsUpdate) => api.put('/admin/settings', body, { schema: SiteSettingsSchema }),
    onSuccess: (saved) => {
      client.setQueryData(settingsKeys.all(userId), saved);
      // the shell's brand mark shows the new name at once
      client.setQueryData(siteKeys.publicSettings(), { site_name: saved.site_name });
    },
  });
}
