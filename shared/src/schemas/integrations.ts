// API keys and webhooks: the bodies of /api-keys, /webhooks and their admin routes.
import { z } from 'zod';
import { timestamps, TimestampSchema, trimmedString, UuidSchema } from './common';

export const API_KEY_SCOPES = ['read', 'read+write', 'admin'] as const;
export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES, { error: 'Scope must be read, read+write or admin' });
export type ApiKeyScope = z.infer<typeof ApiKeyScopeSchema>;

export const API_KEY_NAME_MAX = 100;
/** longest lifetime a key may be given at creation */
export const API_KEY_MAX_DAYS = 3650;

/** `POST /api-keys/`: expires_at (ISO time) or expires_in_days; neither = never expires. */
export const ApiKeyCreateSchema = z
  .strictObject({
    name: trimmedString({ required: 'Please give the key a name.', max: API_KEY_NAME_MAX, maxMessage: `The name cannot exceed ${API_KEY_NAME_MAX} characters` }),
    scope: ApiKeyScopeSchema.default('read'),
    expires_in_days: z
      .number({ error: 'expires_in_days must be a whole number of days' })
      .int({ error: 'expires_in_days must be a whole number of days' })
      .min(1, { error: 'A key must live at least one day' })
      .max(API_KEY_MAX_DAYS, { error: `A key may live at most ${API_KEY_MAX_DAYS} days` })
      .nullish(),
    expires_at: z.iso.datetime({ offset: true, error: 'expires_at must be an ISO 8601 time' }).nullish(),
  })
  .refine((b) => !(b.expires_in_days && b.expires_at), { message: 'Give expires_in_days or expires_at, not both', path: ['expires_at'] });
export type ApiKeyCreate = z.input<typeof ApiKeyCreateSchema>;

export const ApiKeySchema = z.object({
  id: UuidSchema,
  user_id: UuidSchema,
  name: z.string(),
  /** the key's first characters (`qk_` + 8), enough to recognise it */
  prefix: z.string(),
  scope: ApiKeyScopeSchema,
  created_at: TimestampSchema,
  expires_at: TimestampSchema.nullable(),
  last_used_at: TimestampSchema.nullable(),
  revoked_at: TimestampSchema.nullable(),
  /** active | expired | revoked */
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** The create answer: the only time the secret is shown. */
export const ApiKeyCreatedSchema = ApiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreatedSchema>;

export const ApiKeyListSchema = z.object({ api_keys: z.array(ApiKeySchema), total_count: z.number().int() });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;

// ------------------------------------------------------------------ webhooks

export const WEBHOOK_EVENT_TYPES = ['job.completed', 'job.failed', 'file.validated', 'file.reviewed'] as const;
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, {
  error: `Unknown event; choose from ${WEBHOOK_EVENT_TYPES.join(', ')}`,
});
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;
/** sent by "Send test event" only */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** a given secret: `whsec_` + base64 of at least 24 bytes, or at least 32 printable characters */
export const WEBHOOK_SECRET_MIN_BYTES = 24;
export const WEBHOOK_URL_MAX = 2048;

const UrlSchema = trimmedString({
  required: 'Please enter the endpoint URL.',
  max: WEBHOOK_URL_MAX,
  maxMessage: `The URL cannot exceed ${WEBHOOK_URL_MAX} characters`,
}).refine(
  (u) => {
    try {
      const parsed = new URL(u);
      return parsed.protocol === 'http:' || parsed.protocol === 'https:';
    } catch {
      return false;
    }
  },
  { message: 'The URL must be a valid http:// or https:// address' },
);

const EventsSchema = z
  .array(WebhookEventTypeSchema, { error: 'Choose at least one event' })
  .min(1, { error: 'Choose at least one event' })
  .transform((e) => [...new Set(e)]);

export const WebhookEndpointCreateSchema = z.strictObject({
  url: UrlSchema,
  events: EventsSchema,
  description: z.string().trim().max(500, { error: 'The description cannot exceed 500 characters' }).nullish(),
  /** omitted: the server generates one (shown once in the answer) */
  secret: z.string().trim().max(200, { error: 'The secret cannot exceed 200 characters' }).nullish(),
});
export type WebhookEndpointCreate = z.input<typeof WebhookEndpointCreateSchema>;

export const WebhookEndpointUpdateSchema = z.strictObject({
  url: UrlSchema.optional(),
  events: EventsSchema.optional(),
  description: z.string().trim().max(500).nullish(),
  enabled: z.boolean().optional(),
});
export type WebhookEndpointUpdate = z.input<typeof WebhookEndpointUpdateSchema>;

export const WebhookEndpointSchema = z.object({
  id: UuidSchema,
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  ...timestamps,
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointCreatedSchema = WebhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof WebhookEndpointCreatedSchema>;

export const WebhookEndpointListSchema = z.object({ endpoints: z.array(WebhookEndpointSchema), total_count: z.number().int() });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointListSchema>;

export const WebhookAttemptSchema = z.object({
  attempt: z.number().int(),
  status: z.enum(['succeeded', 'failed']),
  response_status: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  created_at: TimestampSchema,
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliverySchema = z.object({
  id: UuidSchema,
  endpoint_id: UuidSchema,
  /** the `webhook-id` header, the same on every attempt */
  message_id: z.string(),
  event_type: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  created_at: TimestampSchema,
  last_attempt_at: TimestampSchema.nullable(),
  attempt_log: z.array(WebhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliverySchema), total_count: z.number().int() });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>;

/** `GET|PUT /admin/webhooks/settings` */
export const WebhookSettingsSchema = z.strictObject({
  /** deliveries to private, loopback and link-local addresses (off by default: server-side request forgery) */
  allow_private_targets: z.boolean(),
});
export type WebhookSettings = z.infer<typeof WebhookSettingsSchema>;

// ------------------------------------------------------------------ one-call extraction

/** longest `?wait=` of POST /extract, in seconds */
export const EXTRACT_MAX_WAIT_SECONDS = 120;
export const IDEMPOTENCY_KEY_MAX = 255;

/** `POST /extract` (JSON): an existing file and a prompt, or a schema with the default prompt. */
export const ExtractRequestSchema = z
  .strictObject({
    file_id: UuidSchema,
    prompt_id: UuidSchema.nullish(),
    /** a JSON Schema for the output; the default text prompt is used with it */
    schema: z.record(z.string(), z.unknown()).nullish(),
    name: z.string().trim().min(1).max(200).nullish(),
  })
  .refine((b) => Boolean(b.prompt_id) !== Boolean(b.schema), { message: 'Give prompt_id or schema (exactly one)', path: ['prompt_id'] });
export type ExtractRequest = z.input<typeof ExtractRequestSchema>;

export const ExtractQuerySchema = z.object({
  wait: z.coerce
    .number({ error: `wait must be a number of seconds from 0 to ${EXTRACT_MAX_WAIT_SECONDS}` })
    .min(0, { error: `wait must be a number of seconds from 0 to ${EXTRACT_MAX_WAIT_SECONDS}` })
    .max(EXTRACT_MAX_WAIT_SECONDS, { error: `wait must be a number of seconds from 0 to ${EXTRACT_MAX_WAIT_SECONDS}` })
    .default(0),
});

export const ExtractResponseSchema = z.object({
  job: z.object({
    id: UuidSchema,
    name: z.string(),
    job_type: z.string(),
    status: z.string(),
    created_at: TimestampSchema,
    completed_at: TimestampSchema.nullable(),
    error_message: z.string().nullable(),
  }),
  file_id: UuidSchema,
  dataset_id: UuidSchema,
  prompt_id: UuidSchema,
  /** true when an earlier call with the same Idempotency-Key created this job */
  replayed: z.boolean(),
  links: z.record(z.string(), z.string()),
  /** the file's record (GET /files/{id}/record) once the job completed within ?wait= */
  record: z.unknown().nullable(),
});
export type ExtractResponse = z.infer<typeof ExtractResponseSchema>;
