import { z } from 'zod';
import { listResponse, optionalDescription, PaginationQuerySchema, sortQuery, timestamps, trimmedString, UuidSchema } from './common';

/** The field types and string formats of the schema builder (docs/product/prompts-and-schemas.md). */
export const SCHEMA_FIELD_TYPES = ['string', 'number', 'boolean', 'array', 'object'] as const;
export const SCHEMA_STRING_FORMATS = ['email', 'date', 'uri', 'uuid'] as const;
export const SchemaFieldTypeSchema = z.enum(SCHEMA_FIELD_TYPES);
export type SchemaFieldType = z.infer<typeof SchemaFieldTypeSchema>;

export const OUTPUT_SCHEMA_MESSAGES = {
  nameRequired: 'Schema name is required',
  definitionRequired: 'schema_definition is required: a JSON schema object with properties',
} as const;

/** A JSON Schema as stored; its rules are checked by the API (POST /output-schemas/validate). */
export const SchemaDefinitionSchema = z.record(z.string(), z.unknown(), { error: 'schema_definition must be a JSON object' });
export type SchemaDefinition = z.infer<typeof SchemaDefinitionSchema>;

/** One problem, located: `path` like `properties.items.items.properties.qty.type` or `line_items[2].quantity`. */
export const PathErrorSchema = z.object({ path: z.string(), message: z.string() });
export type PathError = z.infer<typeof PathErrorSchema>;

export const OutputSchemaSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  description: z.string().nullable(),
  schema_definition: SchemaDefinitionSchema,
  /** top-level fields (properties) */
  field_count: z.number().int(),
  /** prompts and examples that use the schema, plus the jobs that used it */
  usage_count: z.number().int(),
  ...timestamps,
});
export type OutputSchema = z.infer<typeof OutputSchemaSchema>;

const nameField = trimmedString({ required: OUTPUT_SCHEMA_MESSAGES.nameRequired, max: 200, maxMessage: 'Schema name is too long (at most 200 characters)' });
const descriptionField = optionalDescription(5000);

/** `POST /output-schemas/` */
export const OutputSchemaCreateSchema = z.strictObject({
  name: nameField,
  description: descriptionField,
  schema_definition: z.record(z.string(), z.unknown(), { error: OUTPUT_SCHEMA_MESSAGES.definitionRequired }),
});
export type OutputSchemaCreate = z.input<typeof OutputSchemaCreateSchema>;

/** `PUT /output-schemas/{id}` */
export const OutputSchemaUpdateSchema = z
  .strictObject({
    name: nameField.optional(),
    description: descriptionField,
    schema_definition: z.record(z.string(), z.unknown(), { error: OUTPUT_SCHEMA_MESSAGES.definitionRequired }).optional(),
  })
  .refine((v) => v.name !== undefined || v.description !== undefined || v.schema_definition !== undefined, {
    error: 'Nothing to update: send name, description and/or schema_definition',
  });
export type OutputSchemaUpdate = z.input<typeof OutputSchemaUpdateSchema>;

/** the columns GET /output-schemas/ sorts by (`name` case-insensitively); ties go by id */
export const OUTPUT_SCHEMA_SORTS = ['updated_at', 'created_at', 'name', 'usage_count'] as const;
export type OutputSchemaSort = (typeof OUTPUT_SCHEMA_SORTS)[number];
export const OutputSchemaListQuerySchema = PaginationQuerySchema.extend({
  /** name or description contains (case-insensitive) */
  search: z.string().trim().max(200).optional(),
  ...sortQuery(OUTPUT_SCHEMA_SORTS, { sort: 'updated_at', order: 'desc' }).shape,
});
export type OutputSchemaListQuery = z.input<typeof OutputSchemaListQuerySchema>;

export const OutputSchemaListResponseSchema = listResponse('schemas', OutputSchemaSchema);
export type OutputSchemaListResponse = z.infer<typeof OutputSchemaListResponseSchema>;

/** `POST /output-schemas/validate` */
export const OutputSchemaValidateBodySchema = z.strictObject({
  schema_definition: z.unknown().refine((v) => v !== undefined, { error: OUTPUT_SCHEMA_MESSAGES.definitionRequired }),
});
export const OutputSchemaValidateResponseSchema = z.object({
  valid: z.boolean(),
  errors: z.array(PathErrorSchema),
  field_count: z.number().int(),
});
export type OutputSchemaValidateResponse = z.infer<typeof OutputSchemaValidateResponseSchema>;

/** `POST /output-schemas/{id}/validate-data` */
export const ValidateDataBodySchema = z.strictObject({
  data: z.unknown().refine((v) => v !== undefined, { error: 'data is required: the JSON value to check' }),
});
export const DataErrorSchema = z.object({
  /** readable location: `line_items[2].quantity`, `(root)` for the value itself */
  path: z.string(),
  /** JSON pointer of the same location */
  pointer: z.string(),
  message: z.string(),
  keyword: z.string(),
});
export type DataError = z.infer<typeof DataErrorSchema>;
export const ValidateDataResponseSchema = z.object({
  valid: z.boolean(),
  error_count: z.number().int(),
  errors: z.array(DataErrorSchema),
});
export type ValidateDataResponse = z.infer<typeof ValidateDataResponseSchema>;

/** `GET /output-schemas/statistics/summary` */
export const OutputSchemaStatisticsSchema = z.object({
  total_schemas: z.number().int(),
  total_fields: z.number().int(),
  average_fields: z.number(),
  used_schemas: z.number().int(),
  unused_schemas: z.number().int(),
  total_usage: z.number().int(),
  most_used: z.array(z.object({ id: UuidSchema, name: z.string(), usage_count: z.number().int() })),
  field_types: z.record(z.string(), z.number().int()),
});
export type OutputSchemaStatistics = z.infer<typeof OutputSchemaStatisticsSchema>;

/** `GET /output-schemas/{id}/llm-format` */
export const LlmFormatResponseSchema = z.object({
  schema_id: UuidSchema,
  name: z.string(),
  /** the text block a prompt's {{ schema_descriptions }} variable receives */
  schema_descriptions: z.string(),
  /** the JSON Schema given to providers for structured output */
  json_schema: SchemaDefinitionSchema,
  field_count: z.number().int(),
});
export type LlmFormatResponse = z.infer<typeof LlmFormatResponseSchema>;
