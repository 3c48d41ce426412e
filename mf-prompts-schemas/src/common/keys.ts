// Query keys of this remote, rooted per area and user: `promptKeys.all(userId)` reaches every
// prompt query of that user (lists, details, examples), `schemaKeys.all(userId)` every schema
// query. Kept in common/ because the prompt pages also read schemas (and the reverse).
type UserId = string | null | undefined;
const who = (userId: UserId): string => userId ?? 'anonymous';

export const promptKeys = {
  all: (userId: UserId) => ['prompts', who(userId)] as const,
  lists: (userId: UserId) => ['prompts', who(userId), 'list'] as const,
  list: (userId: UserId, filters: { search?: string; type?: string; sort?: string; order?: string; offset?: number }) => ['prompts', who(userId), 'list', filters] as const,
  detail: (userId: UserId, id: string) => ['prompts', who(userId), 'detail', id] as const,
  examples: (userId: UserId, id: string) => ['prompts', who(userId), 'detail', id, 'examples'] as const,
};

export const schemaKeys = {
  all: (userId: UserId) => ['output-schemas', who(userId)] as const,
  lists: (userId: UserId) => ['output-schemas', who(userId), 'list'] as const,
  list: (userId: UserId, filters: { search?: string; sort?: string; order?: string; offset?: number; limit?: number }) => ['output-schemas', who(userId), 'list', filters] as const,
  detail: (userId: UserId, id: string) => ['output-schemas', who(userId), 'detail', id] as const,
  llmFormat: (userId: UserId, id: string) => ['output-schemas', who(userId), 'detail', id, 'llm-format'] as const,
};

export const llmTestKeys = {
  all: (userId: UserId) => ['llm-test', who(userId)] as const,
  results: (userId: UserId) => ['llm-test', who(userId), 'results'] as const,
  task: (userId: UserId, taskId: string) => ['llm-test', who(userId), 'task', taskId] as const,
};
