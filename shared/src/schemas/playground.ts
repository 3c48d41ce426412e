// The prompt playground (docs/product/prompts-and-schemas.md): run one prompt — with its
// output schema and an example — on one chunk of one of the caller's files, and see the JSON,
// its validation against the schema, tokens and time. Nothing is stored as an extraction result.
import { z } from 'zod';
import { LLM_TEST_PROVIDERS } from './llm-test';
import { UuidSchema } from './common';
import { DataErrorSchema } from './output-schemas';

/** `POST /prompts/{id}/playground` */
export const PromptPlaygroundRequestSchema = z.strictObject({
  file_id: UuidSchema,
  chunk_id: UuidSchema,
  /** the example sent as a few-shot pair; default: the prompt's first example */
  example_id: UuidSchema.nullish(),
  /** false: send no example at all */
  use_example: z.boolean().default(true),
  /** default: the server's default provider (gemini when configured, else the offline extractor) */
  provider: z.enum(LLM_TEST_PROVIDERS, { error: `provider must be one of ${LLM_TEST_PROVIDERS.join(', ')}` }).nullish(),
  model: z.string().trim().max(200).nullish(),
});
export type PromptPlaygroundRequest = z.input<typeof PromptPlaygroundRequestSchema>;

export const PromptPlaygroundResponseSchema = z.object({
  prompt_id: UuidSchema,
  file_id: UuidSchema,
  chunk_id: UuidSchema,
  chunk_type: z.enum(['text', 'table']),
  chunk_text: z.string(),
  example_id: UuidSchema.nullable(),
  provider: z.string(),
  model: z.string(),
  /** true: answered by the deterministic offline extractor, not a language model */
  offline: z.boolean(),
  /** completed: the engine got an answer; failed: it did not (see error_message) */
  status: z.enum(['completed', 'failed']),
  extracted_data: z.unknown(),
  error_message: z.string().nullable(),
  validation: z.object({
    /** where the schema came from: the prompt's output schema, its own definition, or none */
    schema_source: z.enum(['output_schema', 'prompt_schema_definition']).nullable(),
    output_schema_id: UuidSchema.nullable(),
    /** null when the prompt has no schema */
    valid: z.boolean().nullable(),
    errors: z.array(DataErrorSchema),
  }),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  total_tokens: z.number().int(),
  processing_time_ms: z.number().int(),
  /** provider calls made (a re-ask after an invalid answer counts) */
  attempts: z.number().int(),
  warnings: z.array(z.string()),
  /** always false: the playground stores nothing */
  stored: z.literal(false),
});
export type PromptPlaygroundResponse = z.infer<typeof PromptPlaygroundResponseSchema>;

/** `DELETE /output-schemas/{id}?force=true`: without force a schema in use answers 409 naming its users. */
export const OutputSchemaDeleteQuerySchema = z.object({
  force: z
    .enum(['true', 'false', '1', '0'], { error: 'force must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
