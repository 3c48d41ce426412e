// Query keys of this remote, from the shared `queryKeys` factory: `promptKeys.all(userId)`
// reaches every prompt query of that user (lists, details, examples), `schemaKeys.all(userId)`
// every schema query. Kept in common/ because the prompt pages also read schemas (and the
// reverse).
import { queryKeys, type UserId } from '@quarry/shared';

export interface PromptListKeyFilters {
  search?: string;
  type?: string;
  sort?: string;
  order?: string;
  offset?: number;
}

export interface SchemaListKeyFilters {
  search?: string;
  sort?: string;
  order?: string;
  offset?: number;
  limit?: number;
}

const prompts = queryKeys('prompts');
export const promptKeys = {
  ...prompts,
  list: (userId: UserId, filters: PromptListKeyFilters) => prompts.list(userId, filters),
  examples: (userId: UserId, id: string) => prompts.of(userId, 'detail', id, 'examples'),
};

const schemas = queryKeys('output-schemas');
export const schemaKeys = {
  ...schemas,
  list: (userId: UserId, filters: SchemaListKeyFilters) => schemas.list(userId, filters),
  llmFormat: (userId: UserId, id: string) => schemas.of(userId, 'detail', id, 'llm-format'),
};

const llmTest = queryKeys('llm-test');
export const llmTestKeys = {
  all: llmTest.all,
  results: (userId: UserId) => llmTest.of(userId, 'results'),
  task: (userId: UserId, taskId: string) => llmTest.of(userId, 'task', taskId),
};
