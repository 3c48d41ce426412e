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
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';

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

/**
 * A settings form's save: `put` the body and keep the answer as the cached settings under
 * `keyOf(userId)` (no refetch); `alsoChanges` updates whatever else shows the saved values.
 */
function useSaveSettings<TBody, TSaved>(
  put: (body: TBody) => Promise<TSaved>,
  keyOf: (userId: string | undefined) => QueryKey,
  alsoChanges?: (client: QueryClient, saved: TSaved, userId: string | undefined) => void,
) {
  const client = useQueryClient();
  const userId = useCurrentUser()?.id;
  return useMutation({
    mutationFn: put,
    onSuccess: (saved) => {
      client.setQueryData(keyOf(userId), saved);
      alsoChanges?.(client, saved, userId);
    },
  });
}

export function useSaveSiteSettings() {
  return useSaveSettings(
    (body: SiteSettingsUpdate) => api.put('admin/settings', body, { schema: SiteSettingsSchema }),
    settingsKeys.all,
    // the shell's brand mark shows the new name at once
    (client, saved) => client.setQueryData(siteKeys.publicSettings(), { site_name: saved.site_name }),
  );
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
  return useSaveSettings((body: ModelCallSettingsUpdate) => api.put('admin/settings/model-calls', body, { schema: ModelCallSettingsSchema }), modelCallKeys.settings);
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
  return useSaveSettings((body: WebhookSettings) => api.put('admin/webhooks/settings', body, { schema: WebhookSettingsSchema }), webhookSettingsKeys.settings);
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
  return useSaveSettings(
    (body: CreditSettingsUpdate) => api.put('admin/settings/credits', body, { schema: CreditSettingsSchema }),
    creditSettingsKeys.settings,
    (client, _saved, userId) => void client.invalidateQueries({ queryKey: userKeys.resourceLimits(userId) }),
  );
}
