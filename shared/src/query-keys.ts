// Query keys come from one factory, `queryKeys(...area)`, in every app. A key starts with its
// area (one part, or two for a sub-area such as ['admin', 'users']) and the signed-in user's id,
// so one user never sees another's cache and `invalidateQueries({ queryKey: x.all(userId) })`
// reaches every query of that area. Keys that more than one app (or the event bus) reads or
// invalidates are a contract and are defined here; keys private to one feature sit in its
// `queries.ts`, built with the same factory.
export type UserId = string | null | undefined;
const who = (userId: UserId): string => userId ?? 'anonymous';

/**
 * The keys of one area: `all` (the root every key of the area starts with), `lists` / `list`
 * (list queries and one of them by its filters), `detail` (one item), and `of` for anything
 * else under the root (`of(userId, 'stats')`).
 */
export function queryKeys<const Area extends readonly string[]>(...area: Area) {
  const all = (userId: UserId) => [...area, who(userId)] as const;
  return {
    all,
    of: <const Parts extends readonly unknown[]>(userId: UserId, ...parts: Parts) => [...all(userId), ...parts] as const,
    lists: (userId: UserId) => [...all(userId), 'list'] as const,
    list: (userId: UserId, filters: object = {}) => [...all(userId), 'list', filters] as const,
    detail: (userId: UserId, id: string) => [...all(userId), 'detail', id] as const,
  };
}

const users = queryKeys('users');
export const userKeys = {
  all: users.all,
  /** `users/me/resource-limits`: credits balance and quotas (the sidebar's credits card). */
  resourceLimits: (userId: UserId) => users.of(userId, 'resource-limits'),
};

export const fileKeys = queryKeys('files');
export const datasetKeys = queryKeys('datasets');
export const jobKeys = queryKeys('jobs');
