// API keys and webhook endpoints of the signed-in user (the settings page's two sections).
// Keys carry the user id so one user never sees another's cache. A created key's secret is
// never put in the query cache (nor any storage): the create mutation hands it to the
// component's state, which shows it once.
import { api, useCurrentUser } from '@quarry/shared';
import {
  ApiKeyCreatedSchema,
  ApiKeyListSchema,
  ApiKeySchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookEndpointCreatedSchema,
  WebhookEndpointListSchema,
  type ApiKeyCreate,
  type WebhookEndpointCreate,
} from '@quarry/shared/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

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
    queryFn: ({ signal }) => api.get('/api-keys/', { signal, schema: ApiKeyListSchema }),
    enabled: Boolean(userId),
  });
}

export function useCreateApiKey() {
  const userId = useUserId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreate) => api.post('/api-keys/', body, { schema: ApiKeyCreatedSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: integrationKeys.apiKeys(userId) }),
  });
}

export function useRevokeApiKey() {
  const userId = useUserId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api-keys/${id}`, { schema: ApiKeySchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: integrationKeys.apiKeys(userId) }),
  });
}

export function useWebhookEndpoints() {
  const userId = useUserId();
  return useQuery({
    queryKey: integrationKeys.webhooks(userId),
    queryFn: ({ signal }) => api.get('/webhooks/', { signal, schema: WebhookEndpointListSchema }),
    enabled: Boolean(userId),
  });
}

export function useCreateWebhookEndpoint() {
  const userId = useUserId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookEndpointCreate) => api.post('/webhooks/', body, { schema: WebhookEndpointCreatedSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: integrationKeys.webhooks(userId) }),
  });
}

export function useDeleteWebhookEndpoint() {
  const userId = useUserId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/webhooks/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: integrationKeys.webhooks(userId) }),
  });
}

/** The delivery log; polled while one of them is pending (retries happen on their own). */
export function useWebhookDeliveries(endpointId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: integrationKeys.deliveries(userId, endpointId),
    queryFn: ({ signal }) => api.get(`/webhooks/${endpointId}/deliveries`, { signal, schema: WebhookDeliveryListSchema, query: { limit: 20 } }),
    enabled: Boolean(userId),
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === 'pending') ? 2000 : false),
  });
}

export function useSendTestEvent(endpointId: string) {
  const userId = useUserId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`/webhooks/${endpointId}/test`, undefined, { schema: WebhookDeliverySchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: integrationKeys.deliveries(userId, endpointId) }),
  });
}

export function useRedeliver(endpointId: string) {
  const userId = useUserId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => api.post(`/webhooks/${endpointId}/deliveries/${deliveryId}/redeliver`, undefined, { schema: WebhookDeliverySchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: integrationKeys.deliveries(userId, endpointId) }),
  });
}
