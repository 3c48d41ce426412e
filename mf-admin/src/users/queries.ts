// Users as administrators manage them: GET /admin/users, PATCH /admin/users/{id},
// POST /admin/users/{id}/credit-adjustments, GET /admin/users/{id}/api-keys and
// DELETE /admin/api-keys/{id}.
import { api, queryKeys, useCurrentUser, LIST_PAGE_SIZE, useRefreshingMutation, useSignedInQuery } from '@quarry/shared';
import {
  AdminUserListResponseSchema,
  ApiKeyListSchema,
  ApiKeySchema,
  AdminUserSchema,
  BalanceAdjustmentSchema,
  type AdminUserSort,
  type AdminUserUpdate,
  type BalanceAdjustmentCreate,
  type SortOrder,
} from '@quarry/shared/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export interface UserListFilters {
  search: string;
  sort: AdminUserSort;
  order: SortOrder;
  offset: number;
}

const keys = queryKeys('admin', 'users');
export const userAdminKeys = {
  all: keys.all,
  list: (userId: string | undefined, filters: UserListFilters) => keys.of(userId, 'list', filters),
};

/** One page of GET /admin/users, sorted and searched by the server; the page before stays up while the next loads. */
export const usersQueryOptions = (userId: string | undefined, filters: UserListFilters) =>
  queryOptions({
    queryKey: userAdminKeys.list(userId, filters),
    queryFn: ({ signal }) =>
      api.get('admin/users', {
        signal,
        query: { search: filters.search.trim() || undefined, sort: filters.sort, order: filters.order, offset: filters.offset, limit: LIST_PAGE_SIZE },
        schema: AdminUserListResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });

export function useUsers(filters: UserListFilters) {
  return useQuery(usersQueryOptions(useCurrentUser()?.id, filters));
}

export function useUpdateUser() {
  return useRefreshingMutation(
    ({ id, patch }: { id: string; patch: AdminUserUpdate }) => api.patch(`admin/users/${encodeURIComponent(id)}`, patch, { schema: AdminUserSchema }),
    userAdminKeys.all,
    'settled',
  );
}

export function useAdjustBalance() {
  return useRefreshingMutation(
    ({ id, body }: { id: string; body: BalanceAdjustmentCreate }) =>
      api.post(`admin/users/${encodeURIComponent(id)}/credit-adjustments`, body, { schema: BalanceAdjustmentSchema }),
    userAdminKeys.all,
    'success',
  );
}

const apiKeysKey = (me: string | undefined, userId: string) => [...userAdminKeys.all(me), 'api-keys', userId] as const;

export function useUserApiKeys(userId: string) {
  return useSignedInQuery(
    (me) => apiKeysKey(me, userId),
    (signal) => api.get(`admin/users/${encodeURIComponent(userId)}/api-keys`, { signal, schema: ApiKeyListSchema }),
  );
}

export function useAdminRevokeApiKey(userId: string) {
  return useRefreshingMutation(
    (keyId: string) => api.delete(`admin/api-keys/${encodeURIComponent(keyId)}`, { schema: ApiKeySchema }),
    (me) => apiKeysKey(me, userId),
    'settled',
  );
}
