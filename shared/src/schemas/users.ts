import { z } from 'zod';
import { AGGREGATION_TYPES, RESET_PERIODS } from '../constants';
import { TimestampSchema, UuidSchema } from './common';

/** `GET users/me` */
export const UserSchema = z.object({
  id: UuidSchema,
  email: z.string(),
  full_name: z.string().nullable(),
  is_active: z.boolean(),
  is_superuser: z.boolean(),
  is_verified: z.boolean(),
  credit_balance: z.number().int(),
  created_at: TimestampSchema,
  last_login_at: TimestampSchema.nullable(),
});
export type User = z.infer<typeof UserSchema>;

/** `GET /users/preferences/email` and the answer of the POST. */
export const EmailPreferencesSchema = z.object({ notifications_enabled: z.boolean() });
export type EmailPreferences = z.infer<typeof EmailPreferencesSchema>;
/** `POST /users/preferences/email` */
export const EmailPreferencesUpdateSchema = z.strictObject({
  notifications_enabled: z.boolean({ error: 'notifications_enabled must be true or false' }),
});
export type EmailPreferencesUpdate = z.infer<typeof EmailPreferencesUpdateSchema>;

export const ResetPeriodSchema = z.enum(RESET_PERIODS);
export type ResetPeriod = z.infer<typeof ResetPeriodSchema>;
export const AggregationTypeSchema = z.enum(AGGREGATION_TYPES);
export type AggregationType = z.infer<typeof AggregationTypeSchema>;

/** One entry of `resource_limits`. */
export const ResourceLimitEntrySchema = z.object({
  resource_type_id: UuidSchema,
  name: z.string(),
  description: z.string().nullable(),
  unit: z.string().nullable(),
  limit: z.number(),
  current_usage: z.number(),
  /** lowercase: never, daily, weekly, monthly, yearly (rolling is reserved for rolling windows) */
  reset_period: z.string(),
  aggregation_type: AggregationTypeSchema,
  /** 0..100+ (one decimal) */
  usage_percentage: z.number(),
  is_near_limit: z.boolean(),
  credit_cost: z.number().int(),
  next_reset_at: TimestampSchema.nullable(),
});
export type ResourceLimitEntry = z.infer<typeof ResourceLimitEntrySchema>;

/** `GET users/me/resource-limits` */
export const ResourceLimitsResponseSchema = z.object({
  credit_balance: z.number().int(),
  /** the balance shows as low below this (set in admin settings); absent from older answers */
  low_balance_threshold: z.number().int().optional(),
  resource_limits: z.array(ResourceLimitEntrySchema),
});
export type ResourceLimitsResponse = z.infer<typeof ResourceLimitsResponseSchema>;
