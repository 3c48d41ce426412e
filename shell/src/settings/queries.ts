// API keys, webhook endpoints, password and sessions of the signed-in user (the settings
// page's real sections).
// Keys carry the user id so one user never sees another's cache. A created key's secret is
// never put in the query cache (nor any storage): the create mutation hands it to the
// component's state, which shows it once.
import { api, useRefreshingMutation, useSignedInQuery } from '@quarry/shared';
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

const who = (userId: string | undefined) => userId ?? 'anonymous';

export const integrationKeys = {
  apiKeys: (userId: string | undefined) => ['users', who(userId), 'api-keys'] as const,
  webhooks: (userId: string | undefined) => ['users', who(userId), 'webhooks'] as const,
  deliveries: (userId: string | undefined, endpointId: string) => ['users', who(userId), 'webhooks', endpointId, 'deliveries'] as const,
};

export function useApiKeys() {
  return useSignedInQuery(integrationKeys.apiKeys, (signal) => api.get('api-keys/', { signal, schema: ApiKeyListSchema }));
}

export function useCreateApiKey() {
  return useRefreshingMutation((body: ApiKeyCreate) => api.post('api-keys/', body, { schema: ApiKeyCreatedSchema }), integrationKeys.apiKeys, 'success');
}

export function useRevokeApiKey() {
  return useRefreshingMutation((id: string) => api.delete(`api-keys/${id}`, { schema: ApiKeySchema }), integrationKeys.apiKeys, 'success');
}

export function useWebhookEndpoints() {
  return useSignedInQuery(integrationKeys.webhooks, (signal) => api.get('webhooks/', { signal, schema: WebhookEndpointListSchema }));
}

export function useCreateWebhookEndpoint() {
  return useRefreshingMutation((body: WebhookEndpointCreate) => api.post('webhooks/', body, { schema: WebhookEndpointCreatedSchema }), integrationKeys.webhooks, 'success');
}

export function useDeleteWebhookEndpoint() {
  return useRefreshingMutation((id: string) => api.delete(`webhooks/${id}`), integrationKeys.webhooks, 'success');
}

/** The delivery log; polled while one of them is pending (retries happen on their own). */
export function useWebhookDeliveries(endpointId: string) {
  return useSignedInQuery(
    (userId) => integrationKeys.deliveries(userId, endpointId),
    (signal) => api.get(`webhooks/${endpointId}/deliveries`, { signal, schema: WebhookDeliveryListSchema, query: { limit: 20 } }),
    { refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === 'pending') ? 2000 : false) },
  );
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
  return useSignedInQuery(securityKeys.sessions, (signal) => api.get('users/me/sessions', { signal, schema: SessionListResponseSchema }));
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
