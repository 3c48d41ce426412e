// Admin-only calls beyond credit requests and resource types (docs/product/admin.md): site
// settings, the operations view (queue, workers, throughput, failures), users, contact messages.
import { z } from 'zod';
import { PaginationQuerySchema, TimestampSchema, UuidSchema, sortQuery, listResponse, trimmedString } from './common';
import { ContactTypeSchema } from './contact';
import { UserSchema } from './users';

// ------------------------------------------------------------------ settings

export const SITE_SETTINGS_MESSAGES = {
  siteName: 'Site name is required',
  siteNameMax: 'Site name cannot exceed 100 characters',
  adminEmail: 'Please enter a valid email address',
} as const;

/** `GET /admin/settings` and the answer of the PUT. */
export const SiteSettingsSchema = z.object({
  site_name: z.string(),
  admin_email: z.string().nullable(),
  updated_at: TimestampSchema.nullable(),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/** `PUT /admin/settings`: a non-empty name and a real email address. */
export const SiteSettingsUpdateSchema = z.strictObject({
  site_name: trimmedString({ required: SITE_SETTINGS_MESSAGES.siteName, max: 100, maxMessage: SITE_SETTINGS_MESSAGES.siteNameMax }),
  admin_email: z
    .string({ error: SITE_SETTINGS_MESSAGES.adminEmail })
    .trim()
    .max(254, { error: SITE_SETTINGS_MESSAGES.adminEmail })
    .pipe(z.email({ error: SITE_SETTINGS_MESSAGES.adminEmail })),
});
export type SiteSettingsUpdate = z.input<typeof SiteSettingsUpdateSchema>;

/** `GET /site` (public): what every visitor may know, the product's name. */
export const PublicSiteSettingsSchema = z.object({ site_name: z.string() });
export type PublicSiteSettings = z.infer<typeof PublicSiteSettingsSchema>;

// ------------------------------------------------------------------ operations

export const OperationsJobCountSchema = z.object({
  job_type: z.string(),
  status: z.string(),
  count: z.number().int(),
});
export type OperationsJobCount = z.infer<typeof OperationsJobCountSchema>;

export const OperationsWorkerSchema = z.object({
  name: z.string(),
  hostname: z.string(),
  pid: z.number().int(),
  concurrency: z.number().int(),
  job_types: z.array(z.string()),
  started_at: TimestampSchema,
  last_heartbeat_at: TimestampSchema,
  /** heartbeat within the lease time and not stopped */
  alive: z.boolean(),
  stopped_at: TimestampSchema.nullable(),
  running_jobs: z.array(z.object({ id: UuidSchema, name: z.string(), job_type: z.string(), progress_percentage: z.number() })),
});
export type OperationsWorker = z.infer<typeof OperationsWorkerSchema>;

export const OperationsFailureSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  job_type: z.string(),
  user_email: z.string(),
  error_message: z.string().nullable(),
  attempts: z.number().int(),
  /** a top-level job can be retried (stages are retried by their pipeline) */
  retryable: z.boolean(),
  failed_at: TimestampSchema.nullable(),
});
export type OperationsFailure = z.infer<typeof OperationsFailureSchema>;

/** `GET /admin/operations` */
export const OperationsOverviewSchema = z.object({
  generated_at: TimestampSchema,
  /** jobs per (type, status), every type and status that has jobs */
  jobs_by_status: z.record(z.string(), z.number().int()),
  jobs_by_type_and_status: z.array(OperationsJobCountSchema),
  queued_count: z.number().int(),
  running_count: z.number().int(),
  /** age in seconds of the oldest queued job, null when none is queued */
  oldest_queued_age_seconds: z.number().nullable(),
  workers: z.array(OperationsWorkerSchema),
  throughput_last_hour: z.object({
    completed: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
  }),
  recent_failures: z.array(OperationsFailureSchema),
});
export type OperationsOverview = z.infer<typeof OperationsOverviewSchema>;

// ------------------------------------------------------------------ users

/** A user as the admin list shows it: the account of `GET users/me`, its fields in the list's order. */
export const AdminUserSchema = UserSchema.pick({
  id: true, email: true, full_name: true, credit_balance: true, is_superuser: true, is_active: true, is_verified: true, created_at: true, last_login_at: true,
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** the columns GET /admin/users sorts by (`email` and `full_name` case-insensitively, no name last); ties go by id */
export const ADMIN_USER_SORTS = ['created_at', 'email', 'full_name', 'credit_balance'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

export const AdminUserListQuerySchema = PaginationQuerySchema.extend({
  /** email or full name contains (case-insensitive) */
  search: z.string().trim().max(200).optional(),
  ...sortQuery(ADMIN_USER_SORTS, { sort: 'created_at', order: 'desc' }).shape,
});
export type AdminUserListQuery = z.input<typeof AdminUserListQuerySchema>;

/** `GET /admin/users` (newest first unless sorted) */
export const AdminUserListResponseSchema = listResponse('users', AdminUserSchema);
export type AdminUserListResponse = z.infer<typeof AdminUserListResponseSchema>;

/** `PATCH /admin/users/{id}`: disable / enable, promote / demote. */
export const AdminUserUpdateSchema = z
  .strictObject({
    is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
    is_superuser: z.boolean({ error: 'is_superuser must be true or false' }).optional(),
  })
  .refine((v) => v.is_active !== undefined || v.is_superuser !== undefined, { error: 'Nothing to change' });
export type AdminUserUpdate = z.input<typeof AdminUserUpdateSchema>;

export const BALANCE_ADJUSTMENT_MESSAGES = {
  amount: 'Enter a whole number of credits other than 0',
  amountMax: 'An adjustment cannot exceed 1,000,000 credits',
  reason: 'Please give a reason for the adjustment',
} as const;

/** `POST /admin/users/{id}/credit-adjustments`: added (or taken, when negative) like an approval. */
export const BalanceAdjustmentCreateSchema = z.strictObject({
  amount: z
    .number({ error: BALANCE_ADJUSTMENT_MESSAGES.amount })
    .int({ error: BALANCE_ADJUSTMENT_MESSAGES.amount })
    .refine((n) => n !== 0, { error: BALANCE_ADJUSTMENT_MESSAGES.amount })
    .refine((n) => Math.abs(n) <= 1_000_000, { error: BALANCE_ADJUSTMENT_MESSAGES.amountMax }),
  reason: z
    .string({ error: BALANCE_ADJUSTMENT_MESSAGES.reason })
    .trim()
    .min(1, { error: BALANCE_ADJUSTMENT_MESSAGES.reason })
    .max(500),
});
export type BalanceAdjustmentCreate = z.input<typeof BalanceAdjustmentCreateSchema>;

export const BalanceAdjustmentSchema = z.object({
  id: UuidSchema,
  user_id: UuidSchema,
  amount: z.number().int(),
  balance_after: z.number().int(),
  description: z.string().nullable(),
  reviewed_by: UuidSchema.nullable(),
  created_at: TimestampSchema,
});
export type BalanceAdjustment = z.infer<typeof BalanceAdjustmentSchema>;

// ------------------------------------------------------------------ contact messages

export const AdminContactMessageSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  email: z.string(),
  message: z.string(),
  contact_type: ContactTypeSchema,
  created_at: TimestampSchema,
});
export type AdminContactMessage = z.infer<typeof AdminContactMessageSchema>;

/** `GET /admin/contact-messages` (newest first) */
export const AdminContactMessageListResponseSchema = listResponse('messages', AdminContactMessageSchema);
export type AdminContactMessageListResponse = z.infer<typeof AdminContactMessageListResponseSchema>;

export const AdminContactMessageListQuerySchema = PaginationQuerySchema;

/** `POST /admin/jobs/{id}/retry`: the job, queued again. */
export const AdminJobRetryResponseSchema = z.object({
  id: UuidSchema,
  status: z.string(),
  message: z.string(),
});
export type AdminJobRetryResponse = z.infer<typeof AdminJobRetryResponseSchema>;

// ------------------------------------------------------------------ model calls

/**
 * Who may call a language model from the test pages (LLM test, prompt playground):
 * `everyone` — every signed-in user, limited per minute and charged like a job;
 * `superusers` — switched off for everyone else (403).
 */
export const MODEL_CALL_ACCESS = ['everyone', 'superusers'] as const;
export const ModelCallAccessSchema = z.enum(MODEL_CALL_ACCESS);
export type ModelCallAccess = z.infer<typeof ModelCallAccessSchema>;

export const MODEL_CALL_MESSAGES = {
  perMinute: 'Calls per minute must be a whole number between 1 and 1000',
  switchedOff: 'Model test calls are switched off on this server: only administrators can run them.',
} as const;

/** `GET /admin/settings/model-calls` and the answer of the PUT. */
export const ModelCallSettingsSchema = z.object({
  access: ModelCallAccessSchema,
  calls_per_minute: z.number().int(),
  /** credits one call takes: the weekly_jobs resource type's credit cost, as for a job */
  credit_cost: z.number().int(),
  updated_at: TimestampSchema.nullable(),
});
export type ModelCallSettings = z.infer<typeof ModelCallSettingsSchema>;

export const ModelCallSettingsUpdateSchema = z.strictObject({
  access: ModelCallAccessSchema,
  calls_per_minute: z
    .number({ error: MODEL_CALL_MESSAGES.perMinute })
    .int({ error: MODEL_CALL_MESSAGES.perMinute })
    .min(1, { error: MODEL_CALL_MESSAGES.perMinute })
    .max(1000, { error: MODEL_CALL_MESSAGES.perMinute }),
});
export type ModelCallSettingsUpdate = z.input<typeof ModelCallSettingsUpdateSchema>;

export const ModelCallUsageQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
});

export const ModelCallUserUsageSchema = z.object({
  user_id: UuidSchema,
  email: z.string(),
  calls: z.number().int(),
  credits: z.number().int(),
  last_call_at: TimestampSchema,
});
export type ModelCallUserUsage = z.infer<typeof ModelCallUserUsageSchema>;

/** `GET /admin/model-calls/usage`: model calls per user since `since`, most calls first (at most 100 users). */
export const ModelCallUsageSchema = z.object({
  since: TimestampSchema,
  total_calls: z.number().int(),
  total_credits: z.number().int(),
  users: z.array(ModelCallUserUsageSchema),
});
export type ModelCallUsage = z.infer<typeof ModelCallUsageSchema>;
