import { z } from 'zod';
import { listResponse, optionalDescription, PaginationQuerySchema, sortQuery, timestamps, trimmedString, UuidSchema } from './common';
import { SchemaDefinitionSchema } from './output-schemas';

export const PROMPT_TYPES = ['table', 'text'] as const;
export const PromptTypeSchema = z.enum(PROMPT_TYPES, { error: 'type must be "table" or "text"' });
export type PromptKind = z.infer<typeof PromptTypeSchema>;

/** The variables a template of each type may use. */
export const PROMPT_ALLOWED_VARIABLES: Record<PromptKind, readonly string[]> = {
  table: ['schema_descriptions', 'header', 'table_description', 'row_chunk'],
  text: ['schema_descriptions', 'text_chunk'],
};

export const PROMPT_MESSAGES = {
  nameRequired: 'Prompt name is required',
  templateRequired: 'Template is required',
  invalidVariable: 'Invalid variable - not available for this prompt type',
} as const;

export const PromptSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  description: z.string().nullable(),
  type: PromptTypeSchema,
  template: z.string(),
  schema_definition: SchemaDefinitionSchema.nullable(),
  output_schema_id: UuidSchema.nullable(),
  /** variables the template reads, in order of first use */
  variables: z.array(z.string()),
  /** of those, the ones this prompt type does not provide (they render empty) */
  invalid_variables: z.array(z.string()),
  example_count: z.number().int(),
  ...timestamps,
});
export type Prompt = z.infer<typeof PromptSchema>;

const nameField = trimmedString({ required: PROMPT_MESSAGES.nameRequired, max: 200, maxMessage: 'Prompt name is too long (at most 200 characters)' });
const templateField = z
  .string({ error: PROMPT_MESSAGES.templateRequired })
  .refine((s) => s.trim().length > 0, { error: PROMPT_MESSAGES.templateRequired })
  .refine((s) => s.length <= 100_000, { error: 'Template is too long (at most 100,000 characters)' });
const descriptionField = optionalDescription(5000);

/** `POST /prompts/` */
export const PromptCreateSchema = z.strictObject({
  name: nameField,
  description: descriptionField,
  type: PromptTypeSchema,
  template: templateField,
  schema_definition: SchemaDefinitionSchema.nullish(),
  output_schema_id: UuidSchema.nullish(),
});
export type PromptCreate = z.input<typeof PromptCreateSchema>;

/** `PUT /prompts/{id}`: any subset. */
export const PromptUpdateSchema = z
  .strictObject({
    name: nameField.optional(),
    description: descriptionField,
    type: PromptTypeSchema.optional(),
    template: templateField.optional(),
    schema_definition: SchemaDefinitionSchema.nullish(),
    output_schema_id: UuidSchema.nullish(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Nothing to update' });
export type PromptUpdate = z.input<typeof PromptUpdateSchema>;

/** the columns GET /prompts/ sorts by (`name` case-insensitively); ties go by id */
export const PROMPT_SORTS = ['updated_at', 'created_at', 'name'] as const;
export type PromptSort = (typeof PROMPT_SORTS)[number];

export const PromptListQuerySchema = PaginationQuerySchema.extend({
  type: PromptTypeSchema.optional(),
  /** name, description or template contains (case-insensitive) */
  search: z.string().trim().max(200).optional(),
  ...sortQuery(PROMPT_SORTS, { sort: 'updated_at', order: 'desc' }).shape,
});
export type PromptListQuery = z.input<typeof PromptListQuerySchema>;

export const PromptListResponseSchema = listResponse('prompts', PromptSchema);
export type PromptListResponse = z.infer<typeof PromptListResponseSchema>;

/** `POST /prompts/validate` */
export const PromptValidateBodySchema = z.strictObject({
  template: z.string({ error: PROMPT_MESSAGES.templateRequired }).max(100_000),
  type: PromptTypeSchema,
});
export type PromptValidateBody = z.input<typeof PromptValidateBodySchema>;

export const PromptValidateResponseSchema = z.object({
  valid: z.boolean(),
  variables: z.array(z.string()),
  allowed_variables: z.array(z.string()),
  invalid_variables: z.array(z.object({ name: z.string(), message: z.string() })),
  /** template syntax problems (unclosed {{, unknown tags, ...) and an empty template */
  errors: z.array(z.string()),
});
export type PromptValidateResponse = z.infer<typeof PromptValidateResponseSchema>;

/** `GET /prompts/statistics/summary` */
export const PromptStatisticsSchema = z.object({
  total_prompts: z.number().int(),
  by_type: z.object({ table: z.number().int(), text: z.number().int() }),
  with_output_schema: z.number().int(),
  with_schema_definition: z.number().int(),
  with_invalid_variables: z.number().int(),
  total_examples: z.number().int(),
  validated_examples: z.number().int(),
  variable_usage: z.record(z.string(), z.number().int()),
});
export type PromptStatistics = z.infer<typeof PromptStatisticsSchema>;
