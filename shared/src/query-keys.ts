// Query keys that more than one app (or the event bus) reads or invalidates are a contract:
// they are defined here once. Every key starts with its area and the signed-in user's id, so
// one user never sees another's cache and `invalidateQueries({ queryKey: x.all(userId) })`
// reaches every query of that area. Keys private to one feature stay in its `queries.ts`.
type UserId = string | null | undefined;
const who = (userId: UserId): string => userId ?? 'anonymous';

export const userKeys = {
  all: (userId: UserId) => ['users', who(userId)] as const,
  /** `users/me/resource-limits`: credits balance and quotas (the sidebar's credits card). */
  resourceLimits: (userId: UserId) => ['users', who(userId), 'resource-limits'] as const,
};

export const fileKeys = {
  all: (userId: UserId) => ['files', who(userId)] as const,
  lists: (userId: UserId) => ['files', who(userId), 'list'] as const,
  list: (userId: UserId, filters: Record<string, unknown> = {}) => ['files', who(userId), 'list', filters] as const,
  detail: (userId: UserId, fileId: string) => ['files', who(userId), 'detail', fileId] as const,
};

export const datasetKeys = {
  all: (userId: UserId) => ['datasets', who(userId)] as const,
  lists: (userId: UserId) => ['datasets', who(userId), 'list'] as const,
  list: (userId: UserId, filters: Record<string, unknown> = {}) => ['datasets', who(userId), 'list', filters] as const,
  detail: (userId: UserId, datasetId: string) => ['datasets', who(userId), 'detail', datasetId] as const,
};

export const jobKeys = {
  all: (userId: UserId) => ['jobs', who(userId)] as const,
  lists: (userId: UserId) => ['jobs', who(userId), 'list'] as const,
  list: (userId: UserId, filters: Record<string, unknown> = {}) => ['jobs', who(userId), 'list', filters] as const,
  detail: (userId: UserId, jobId: string) => ['jobs', who(userId), 'detail', jobId] as const,
};
