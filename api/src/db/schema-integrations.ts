// Programs talking to Quarry: API keys (a user's credential for scripts) and webhooks
// (endpoints a user registers, one delivery per event and endpoint, one row per attempt).
// Re-exported by ./schema (import them from there). See docs/api-keys-webhooks.md.
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, primaryId, timestamps, ts } from './columns';
import { owner } from './schema-users';

export const API_KEY_SCOPES = ['read', 'read+write', 'admin'] as const;

/** A key's secret is never stored: its sha-256 is (see modules/api-keys/secret.ts for why a fast hash fits). */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: primaryId(),
    userId: owner(),
    name: text('name').notNull(),
    /** the first characters of the key (`qk_` + 8), shown in lists to tell keys apart */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    /** read (GET/HEAD) | read+write (all but admin routes) | admin (also admin routes, superusers only) */
    scope: text('scope').notNull(),
    expiresAt: ts('expires_at'),
    /** updated at most once a minute per key and process (no write per request) */
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
    /** who revoked it (the owner or an administrator) */
    revokedBy: uuid('revoked_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    index('api_keys_user_idx').on(t.userId, t.createdAt),
    check('api_keys_scope_check', sql`${t.scope} in ('read','read+write','admin')`),
  ],
);

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: primaryId(),
    userId: owner(),
    url: text('url').notNull(),
    description: text('description'),
    /** event types it receives: job.completed, job.failed, file.validated, file.reviewed */
    events: jsonb('events').$type<string[]>().notNull(),
    /**
     * `whsec_` + base64 of the signing key. Kept in clear on purpose: signing needs the key
     * itself (a hash cannot sign); it is shown to the user once, at creation.
     */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId, t.createdAt)],
);

/** One event for one endpoint. `message_id` is the `webhook-id` header: the same on every attempt. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: primaryId(),
    userId: owner(),
    endpointId: belongsTo('endpoint_id', () => webhookEndpoints.id),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** the body sent, exactly (signed as is) */
    payload: text('payload').notNull(),
    /** pending | succeeded | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** the queue job carrying it (the latest one after a redelivery) */
    jobId: uuid('job_id'),
    lastAttemptAt: ts('last_attempt_at'),
    ...timestamps(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending','succeeded','failed')`),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: belongsTo('delivery_id', () => webhookDeliveries.id),
    attempt: integer('attempt').notNull(),
    /** succeeded | failed */
    status: text('status').notNull(),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    /** the first bytes of the answer (at most 1 KB are kept) */
    responseExcerpt: text('response_excerpt'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

/**
 * POST /extract with an Idempotency-Key: the first call's job, per user and key. A key is
 * honoured for IDEMPOTENCY_TTL (modules/extract/service.ts); job_id is null while the first
 * call is still creating its job.
 */
export const extractRequests = pgTable(
  'extract_requests',
  {
    id: primaryId(),
    userId: owner(),
    idempotencyKey: text('idempotency_key').notNull(),
    jobId: uuid('job_id'),
    fileId: uuid('file_id'),
    datasetId: uuid('dataset_id'),
    promptId: uuid('prompt_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('extract_requests_user_key').on(t.userId, t.idempotencyKey)],
);

export type ExtractRequestRow = typeof extractRequests.$inferSelect;
