import { z } from 'zod';
import { listResponse, PaginationQuerySchema, timestamps, TimestampSchema, UuidSchema } from './common';
import { PathErrorSchema } from './output-schemas';

export const EXAMPLE_MESSAGES = {
  inputRequired: 'Input text is required',
  outputRequired: 'Output text is required',
} as const;

export const ExampleSchema = z.object({
  id: UuidSchema,
  prompt_id: UuidSchema,
  output_schema_id: UuidSchema.nullable(),
  name: z.string(),
  input_text: z.string(),
  output_text: z.string(),
  is_validated: z.boolean(),
  validation_errors: z.array(PathErrorSchema).nullable(),
  validated_at: TimestampSchema.nullable(),
  ...timestamps,
});
export type Example = z.infer<typeof ExampleSchema>;

const requiredText = (message: string) =>
  z
    .string({ error: message })
    .refine((s) => s.trim().length > 0, { error: message })
    .refine((s) => s.length <= 200_000, { error: 'Text is too long (at most 200,000 characters)' });
const nameField = z.string().trim().min(1, { error: 'Example name must not be blank' }).max(200, { error: 'Example name is too long (at most 200 characters)' });

/** `POST /examples/` (name defaults to "Example {n}") */
export const ExampleCreateSchema = z.strictObject({
  prompt_id: UuidSchema,
  name: nameField.nullish(),
  input_text: requiredText(EXAMPLE_MESSAGES.inputRequired),
  output_text: requiredText(EXAMPLE_MESSAGES.outputRequired),
  output_schema_id: UuidSchema.nullish(),
});
export type ExampleCreate = z.input<typeof ExampleCreateSchema>;

/** `PUT /examples/{id}`: any subset (changing the texts or the schema clears is_validated). */
export const ExampleUpdateSchema = z
  .strictObject({
    name: nameField.optional(),
    input_text: requiredText(EXAMPLE_MESSAGES.inputRequired).optional(),
    output_text: requiredText(EXAMPLE_MESSAGES.outputRequired).optional(),
    output_schema_id: UuidSchema.nullish(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Nothing to update' });
export type ExampleUpdate = z.input<typeof ExampleUpdateSchema>;

export const ExampleListQuerySchema = PaginationQuerySchema.extend({
  prompt_id: UuidSchema.optional(),
});
export type ExampleListQuery = z.input<typeof ExampleListQuerySchema>;

export const ExampleListResponseSchema = listResponse('examples', ExampleSchema);
export type ExampleListResponse = z.infer<typeof ExampleListResponseSchema>;

/** `POST /examples/{id}/validate` */
export const ExampleValidateResponseSchema = z.object({
  valid: z.boolean(),
  errors: z.array(PathErrorSchema),
  /** which schema the output was checked against */
  schema_source: z.enum(['example_output_schema', 'prompt_output_schema', 'prompt_schema_definition']).nullable(),
  example: ExampleSchema,
});
export type ExampleValidateResponse = z.infer<typeof ExampleValidateResponseSchema>;
