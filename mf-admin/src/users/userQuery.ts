// One user as administrators see it (GET /admin/users/{id}): the user page reads it, and so
// does its crumb (the same key), under the users' root so every change refreshes it.
import { api } from '@quarry/shared';
import { AdminUserSchema } from '@quarry/shared/schemas';
import { queryOptions } from '@tanstack/react-query';
import { userAdminKeys } from './queries';

/** The admin page of one user. */
export const adminUserPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

export const adminUserQueryOptions = (me: string | undefined, id: string) =>
  queryOptions({
    queryKey: [...userAdminKeys.all(me), 'detail', id] as const,
    queryFn: ({ signal }) => api.get(`admin/users/${encodeURIComponent(id)}`, { signal, schema: AdminUserSchema }),
    enabled: Boolean(me && id),
  });
