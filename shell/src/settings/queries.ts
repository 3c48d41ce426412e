// API keys, webhook endpoints, password and sessions of the signed-in user (the settings
// page's real sections).
// Keys carry the user id so one user never sees another's cache. A created key's secret is
// never put in the query cache (nor any storage): the create mutation hands it to the
// component's state, which shows it once.
import { api, useCurrentUser, useRefreshingMutation } from '@quarry/shared';
import {
  ApiKeyCreatedSchema,
  ApiKeyListSchema,
  ApiKeySchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookEndpointCreatedSchema,
  WebhookEndpointListSchema,
  MessageResponseSchema,
  SessionListResponseSchema,
  SessionsRevokedResponseSchema,
  type ApiKeyCreate,
  type PasswordChangeBody,
  type WebhookEndpointCreate,
} from '@quarry/shared/schemas';
import { useQuery } from '@tanstack/react-query';

const who = (userId: string | undefined) => userId ?? 'anonymous';

export const integrationKeys = {
  apiKeys: (userId: string | undefined) => ['users', who(userId), 'api-keys'] as const,
  webhooks: (userId: string | undefined) => ['users', who(userId), 'webhooks'] as const,
  deliveries: (userId: string | undefined, endpointId: string) => ['users', who(userId), 'webhooks', endpointId, 'deliveries'] as const,
};

const useUserId = () => useCurrentUser()?.id;

export function useApiKeys() {
  const userId = useUserId();
  return useQuery({
    queryKey: integrationKeys.apiKeys(userId),
    queryFn: ({ signal }) => api.get('api-keys/', { signal, schema: ApiKeyListSchema }),
    enabled: Boolean(userId),
  });
}

export function useCreateApiKey() {
  return useRefreshingMutation((body: ApiKeyCreate) => api.post('api-keys/', body, { schema: ApiKeyCreatedSchema }), integrationKeys.apiKeys, 'success');
}

export function useRevokeApiKey() {
  return useRefreshingMutation((id: string) => api.delete(`api-keys/${id}`, { schema: ApiKeySchema }), integrationKeys.apiKeys, 'success');
}

export function useWebhookEndpoints() {
  const userId = useUserId();
  return useQuery({
    queryKey: integrationKeys.webhooks(userId),
    queryFn: ({ signal }) => api.get('webhooks/', { signal, schema: WebhookEndpointListSchema }),
    enabled: Boolean(userId),
  });
}

export function useCreateWebhookEndpoint() {
  return useRefreshingMutation((body: WebhookEndpointCreate) => api.post('webhooks/', body, { schema: WebhookEndpointCreatedSchema }), integrationKeys.webhooks, 'success');
}

export function useDeleteWebhookEndpoint() {
  return useRefreshingMutation((id: string) => api.delete(`webhooks/${id}`), integrationKeys.webhooks, 'success');
}

/** The delivery log; polled while one of them is pending (retries happen on their own). */
export function useWebhookDeliveries(endpointId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: integrationKeys.deliveries(userId, endpointId),
    queryFn: ({ signal }) => api.get(`webhooks/${endpointId}/deliveries`, { signal, schema: WebhookDeliveryListSchema, query: { limit: 20 } }),
    enabled: Boolean(userId),
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === 'pending') ? 2000 : false),
  });
}

export function useSendTestEvent(endpointId: string) {
  return useRefreshingMutation(() => api.post(`webhooks/${endpointId}/test`, undefined, { schema: WebhookDeliverySchema }), (userId) => integrationKeys.deliveries(userId, endpointId), 'success');
}

export function useRedeliver(endpointId: string) {
  return useRefreshingMutation((deliveryId: string) => api.post(`webhooks/${endpointId}/deliveries/${deliveryId}/redeliver`, undefined, { schema: WebhookDeliverySchema }), (userId) => integrationKeys.deliveries(userId, endpointId), 'success');
}

// ---- security: password and sessions ----------------------------------------------------

export const securityKeys = {
  sessions: (userId: string | undefined) => ['users', who(userId), 'sessions'] as const,
};

/** My signed-in sessions; refreshed when the page comes back into view (another device may have signed in). */
export function useSessions() {
  const userId = useUserId();
  return useQuery({
    queryKey: securityKeys.sessions(userId),
    queryFn: ({ signal }) => api.get('users/me/sessions', { signal, schema: SessionListResponseSchema }),
    enabled: Boolean(userId),
  });
}

export function useChangePassword() {
  return useRefreshingMutation((body: PasswordChangeBody) => api.post('users/me/password', body, { schema: SessionsRevokedResponseSchema }), securityKeys.sessions, 'success');
}

export function useRevokeSession() {
  return useRefreshingMutation((id: string) => api.delete(`users/me/sessions/${id}`, { schema: MessageResponseSchema }), securityKeys.sessions, 'settled');
}

export function useRevokeOtherSessions() {
  return useRefreshingMutation(() => api.post('users/me/sessions/revoke-others', undefined, { schema: SessionsRevokedResponseSchema }), securityKeys.sessions, 'settled');
}
