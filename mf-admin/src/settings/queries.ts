// Site settings (/admin/settings): GET and PUT /admin/settings, and the model-call settings and usage below.
import { api, queryKeys, siteKeys, useCurrentUser, userKeys, useSignedInQuery } from '@quarry/shared';
import {
  CreditSettingsSchema,
  ModelCallSettingsSchema,
  ModelCallUsageSchema,
  SiteSettingsSchema,
  WebhookSettingsSchema,
  type CreditSettingsUpdate,
  type ModelCallSettingsUpdate,
  type SiteSettingsUpdate,
  type WebhookSettings,
} from '@quarry/shared/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const keys = queryKeys('admin', 'settings');
export const settingsKeys = {
  all: keys.all,
};

export const siteSettingsAdminQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: settingsKeys.all(userId),
    queryFn: ({ signal }) => api.get('admin/settings', { signal, schema: SiteSettingsSchema }),
  });

export function useSiteSettings() {
  return useQuery(siteSettingsAdminQueryOptions(useCurrentUser()?.id));
}

export function useSaveSiteSettings() {
  const client = useQueryClient();
  const userId = useCurrentUser()?.id;
  return useMutation({
    mutationFn: (body: SiteSettingsUpdate) => api.put('admin/settings', body, { schema: SiteSettingsSchema }),
    onSuccess: (saved) => {
      client.setQueryData(settingsKeys.all(userId), saved);
      // the shell's brand mark shows the new name at once
      client.setQueryData(siteKeys.publicSettings(), { site_name: saved.site_name });
    },
  });
}

// Model calls from the test pages: GET / PUT /admin/settings/model-calls (who may call, how
// many a minute, what one costs) and GET /admin/model-calls/usage (calls and credits per user).
export const modelCallKeys = {
  settings: (userId: string | undefined) => keys.of(userId, 'model-calls'),
  usage: (userId: string | undefined, days: number) => keys.of(userId, 'model-call-usage', { days }),
};

export function useModelCallSettings() {
  return useSignedInQuery(modelCallKeys.settings, (signal) => api.get('admin/settings/model-calls', { signal, schema: ModelCallSettingsSchema }));
}

export function useSaveModelCallSettings() {
  const client = useQueryClient();
  const userId = useCurrentUser()?.id;
  return useMutation({
    mutationFn: (body: ModelCallSettingsUpdate) => api.put('admin/settings/model-calls', body, { schema: ModelCallSettingsSchema }),
    onSuccess: (saved) => client.setQueryData(modelCallKeys.settings(userId), saved),
  });
}

export function useModelCallUsage(days: number) {
  return useSignedInQuery((userId) => modelCallKeys.usage(userId, days), (signal) => api.get('admin/model-calls/usage', { signal, query: { days }, schema: ModelCallUsageSchema }));
}

// Webhooks: GET / PUT /admin/webhooks/settings (may deliveries go to private network addresses?).
export const webhookSettingsKeys = {
  settings: (userId: string | undefined) => keys.of(userId, 'webhooks'),
};

export function useWebhookSettings() {
  return useSignedInQuery(webhookSettingsKeys.settings, (signal) => api.get('admin/webhooks/settings', { signal, schema: WebhookSettingsSchema }));
}

export function useSaveWebhookSettings() {
  const client = useQueryClient();
  const userId = useCurrentUser()?.id;
  return useMutation({
    mutationFn: (body: WebhookSettings) => api.put('admin/webhooks/settings', body, { schema: WebhookSettingsSchema }),
    onSuccess: (saved) => client.setQueryData(webhookSettingsKeys.settings(userId), saved),
  });
}

// The low-balance threshold: GET / PUT /admin/settings/credits. Saving refreshes every
// cached resource-limits answer (the shell's credits card reads the threshold from it).
export const creditSettingsKeys = {
  settings: (userId: string | undefined) => keys.of(userId, 'credits'),
};

export function useCreditSettings() {
  return useSignedInQuery(creditSettingsKeys.settings, (signal) => api.get('admin/settings/credits', { signal, schema: CreditSettingsSchema }));
}

export function useSaveCreditSettings() {
  const client = useQueryClient();
  const userId = useCurrentUser()?.id;
  return useMutation({
    mutationFn: (body: CreditSettingsUpdate) => api.put('admin/settings/credits', body, { schema: CreditSettingsSchema }),
    onSuccess: (saved) => {
      client.setQueryData(creditSettingsKeys.settings(userId), saved);
      void client.invalidateQueries({ queryKey: userKeys.resourceLimits(userId) });
    },
  });
}
