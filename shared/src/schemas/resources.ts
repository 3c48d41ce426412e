import { z } from 'zod';
import { DEFAULT_ALERT_THRESHOLD_PERCENT } from '../constants';
import { listResponse, timestamps, UuidSchema } from './common';
import { AggregationTypeSchema, ResetPeriodSchema } from './users';
import { queryBoolean } from './files';

const NonNegativeInt = z.number().int().min(0).max(2_000_000_000);

/** A resource type (quota definition), admin view. */
export const ResourceTypeSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  description: z.string().nullable(),
  unit: z.string().nullable(),
  reset_period: ResetPeriodSchema,
  aggregation_type: AggregationTypeSchema,
  default_limit: z.number().int(),
  default_alert_threshold: z.number().int(),
  credit_cost: z.number().int(),
  ...timestamps,
});
export type ResourceType = z.infer<typeof ResourceTypeSchema>;

/** `GET admin/resource-types` */
export const ResourceTypeListResponseSchema = listResponse('resource_types', ResourceTypeSchema);
export type ResourceTypeListResponse = z.infer<typeof ResourceTypeListResponseSchema>;

/** `PUT admin/resource-types/{id}`: every field optional; numbers are integers. */
export const ResourceTypeUpdateSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,63}$/, { error: 'Name must be lowercase letters, digits and underscores' })
    .optional(),
  description: z.string().trim().max(500).nullish(),
  unit: z.string().trim().max(32).nullish(),
  reset_period: ResetPeriodSchema.optional(),
  aggregation_type: AggregationTypeSchema.optional(),
  default_limit: NonNegativeInt.optional(),
  default_alert_threshold: z.number().int().min(0).max(100).optional(),
  credit_cost: NonNegativeInt.optional(),
});
export type ResourceTypeUpdate = z.infer<typeof ResourceTypeUpdateSchema>;

/** One definition for `POST admin/seed-resources` with explicit `resource_types`. */
export const ResourceTypeDefinitionSchema = z.strictObject({
  name: z.string().trim().regex(/^[a-z][a-z0-9_]{0,63}$/, {
    error: 'Name must be lowercase letters, digits and underscores',
  }),
  description: z.string().trim().max(500).nullish(),
  unit: z.string().trim().max(32).nullish(),
  reset_period: ResetPeriodSchema,
  aggregation_type: AggregationTypeSchema,
  default_limit: NonNegativeInt,
  default_alert_threshold: z.number().int().min(0).max(100).default(DEFAULT_ALERT_THRESHOLD_PERCENT),
  credit_cost: NonNegativeInt.default(0),
});
export type ResourceTypeDefinition = z.input<typeof ResourceTypeDefinitionSchema>;

/** `POST admin/seed-resources`. `resource_types: null` (or absent) seeds the defaults. */
export const SeedResourcesBodySchema = z.strictObject({
  overwrite_existing: z.boolean().default(false),
  resource_types: z.array(ResourceTypeDefinitionSchema).max(100).nullish(),
});
export type SeedResourcesBody = z.input<typeof SeedResourcesBodySchema>;

export const SeedActionSchema = z.enum(['created', 'updated', 'skipped']);
export type SeedAction = z.infer<typeof SeedActionSchema>;

export const SeedResourcesResponseSchema = z.object({
  message: z.string(),
  created_count: z.number().int(),
  updated_count: z.number().int(),
  skipped_count: z.number().int(),
  resource_types: z.array(ResourceTypeSchema.extend({ action: SeedActionSchema })),
});
export type SeedResourcesResponse = z.infer<typeof SeedResourcesResponseSchema>;

/** `DELETE admin/resource-types/{id}?force=true`: without force a type with counted usage answers 409 saying what enforces it. */
export const ResourceTypeDeleteQuerySchema = z.object({ force: queryBoolean(false) });
