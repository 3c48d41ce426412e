// LLM test API: test results and task status (docs/product/prompts-and-schemas.md).
import { z } from 'zod';
import { TimestampSchema, UuidSchema } from './common';

export const LLM_TEST_PROVIDERS = ['gemini', 'openai', 'ollama', 'offline'] as const;
export const LLM_TEST_DEFAULT_PROVIDER = 'gemini';
export const LLM_TEST_RESULTS_LIMIT = 50;

export const LLM_TEST_MESSAGES = {
  noContent: 'Please add at least one message with content.',
  bothRequired: 'Please provide both content and prompt.',
  invalidSchema: 'Invalid JSON schema format.',
} as const;

const provider = z.enum(LLM_TEST_PROVIDERS, { error: `provider must be one of ${LLM_TEST_PROVIDERS.join(', ')}` }).nullish();
const model = z.string().trim().max(200).nullish();

export const LlmMessageSchema = z.strictObject({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.string().max(100_000),
});

export const LlmSimpleRequestSchema = z.strictObject({
  messages: z
    .array(LlmMessageSchema)
    .min(1, { error: LLM_TEST_MESSAGES.noContent })
    .max(50)
    .refine((m) => m.some((x) => x.content.trim() !== ''), { error: LLM_TEST_MESSAGES.noContent }),
  provider,
  model,
  temperature: z.number().min(0, { error: 'Temperature must be between 0 and 2' }).max(2, { error: 'Temperature must be between 0 and 2' }).nullish(),
  max_tokens: z.number().int().min(1, { error: 'Max tokens must be between 1 and 8000' }).max(8000, { error: 'Max tokens must be between 1 and 8000' }).nullish(),
});
export type LlmSimpleRequest = z.input<typeof LlmSimpleRequestSchema>;

export const LlmStructuredRequestSchema = z.strictObject({
  content: z.string().max(200_000).refine((s) => s.trim() !== '', { error: LLM_TEST_MESSAGES.bothRequired }),
  prompt: z.string().max(50_000).refine((s) => s.trim() !== '', { error: LLM_TEST_MESSAGES.bothRequired }),
  /** a JSON Schema object, or its JSON text */
  output_schema: z.union([z.record(z.string(), z.unknown()), z.string().max(200_000)]),
  provider,
  model,
  temperature: z.number().min(0).max(2).nullish(),
  max_tokens: z.number().int().min(1).max(8000).nullish(),
});
export type LlmStructuredRequest = z.input<typeof LlmStructuredRequestSchema>;

export const LlmTaskResponseSchema = z.object({ task_id: UuidSchema, status: z.enum(['PENDING', 'SUCCESS', 'FAILURE']), message: z.string() });

export const LlmTestResultSchema = z.object({
  id: UuidSchema,
  task_id: UuidSchema,
  kind: z.enum(['simple', 'structured']),
  provider: z.string(),
  requested_provider: z.string(),
  model: z.string(),
  status: z.enum(['pending', 'success', 'failure']),
  is_cached_response: z.boolean(),
  /** true: answered by the deterministic offline extractor, not a language model */
  offline: z.boolean(),
  /** why another provider answered (e.g. gemini not configured), or null */
  note: z.string().nullable(),
  created_at: TimestampSchema,
  completed_at: TimestampSchema.nullable(),
  response_content: z.string().nullable(),
  response_json: z.unknown(),
  error_message: z.string().nullable(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  total_tokens: z.number().int(),
  processing_time_ms: z.number().int().nullable(),
  /** US dollars, from a per-model price table; 0 for offline and cached answers */
  cost_estimate: z.number(),
});
export type LlmTestResult = z.infer<typeof LlmTestResultSchema>;

export const LlmTestResultListSchema = z.object({ results: z.array(LlmTestResultSchema), total_count: z.number().int() });

export const LlmTaskStatusSchema = z.object({
  task_id: UuidSchema,
  status: z.enum(['PENDING', 'SUCCESS', 'FAILURE']),
  result: LlmTestResultSchema.nullable(),
  traceback: z.string().nullable(),
});
export type LlmTaskStatus = z.infer<typeof LlmTaskStatusSchema>;

export const LlmTaskParamsSchema = z.object({ taskId: UuidSchema });

/** `GET /test/llm/policy`: what a model call from the test pages costs the caller and how often it may run. */
export const ModelCallPolicySchema = z.object({
  /** false when an administrator switched the test pages' model calls off for non-administrators */
  allowed: z.boolean(),
  credit_cost: z.number().int(),
  calls_per_minute: z.number().int(),
  credit_balance: z.number().int(),
});
export type ModelCallPolicy = z.infer<typeof ModelCallPolicySchema>;
