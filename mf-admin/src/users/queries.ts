// Users as administrators manage them: GET /admin/users, PATCH /admin/users/{id},
// POST /admin/users/{id}/credit-adjustments, GET /admin/users/{id}/api-keys and
// DELETE /admin/api-keys/{id}.
import { api, useCurrentUser } from '@quarry/shared';
import {
  AdminUserListResponseSchema,
  ApiKeyListSchema,
  ApiKeySchema,
  AdminUserSchema,
  BalanceAdjustmentSchema,
  type AdminUserUpdate,
  type BalanceAdjustmentCreate,
} from '@quarry/shared/schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRoot } from '../common/keys';

export const USERS_PAGE_SIZE = 100;

export const userAdminKeys = {
  all: (userId: string | undefined) => adminRoot('users', userId),
  list: (userId: string | undefined, search: string) => [...userAdminKeys.all(userId), 'list', { search }] as const,
};

export const usersQueryOptions = (userId: string | undefined, search: string) =>
  queryOptions({
    queryKey: userAdminKeys.list(userId, search),
    queryFn: ({ signal }) =>
      api.get('/admin/users', { signal, query: { search: search.trim() || undefined, limit: USERS_PAGE_SIZE }, schema: AdminUserListResponseSchema }),
    placeholderData: keepPreviousData,
  });

export function useUsers(search: string) {
  return useQuery(usersQueryOptions(useCurrentUser()?.id, search));
}

function useInvalidateUsers() {
  const client = useQueryClient();
  const userId = useCurrentUser()?.id;
  return () => client.invalidateQueries({ queryKey: userAdminKeys.all(userId) });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: AdminUserUpdate }) =>
      api.patch(`/admin/users/${encodeURIComponent(id)}`, patch, { schema: AdminUserSchema }),
    onSettled: invalidate,
  });
}

export function useAdjustBalance() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BalanceAdjustmentCreate }) =>
      api.post(`/admin/users/${encodeURIComponent(id)}/credit-adjustments`, body, { schema: BalanceAdjustmentSchema }),
    onSuccess: invalidate,
  });
}

const apiKeysKey = (me: string | undefined, userId: string) => [...userAdminKeys.all(me), 'api-keys', userId] as const;

export function useUserApiKeys(userId: string) {
  const me = useCurrentUser()?.id;
  return useQuery({
    queryKey: apiKeysKey(me, userId),
    queryFn: ({ signal }) => api.get(`/admin/users/${encodeURIComponent(userId)}/api-keys`, { signal, schema: ApiKeyListSchema }),
  });
}

export function useAdminRevokeApiKey(userId: string) {
  const client = useQueryClient();
  const me = useCurrentUser()?.id;
  return useMutation({
    mutationFn: (keyId: string) => api.delete(`/admin/api-keys/${encodeURIComponent(keyId)}`, { schema: ApiKeySchema }),
    onSettled: () => client.invalidateQueries({ queryKey: apiKeysKey(me, userId) }),
  });
}
