// The one drizzle pg-core schema, used by PGlite and PostgreSQL alike.
// After changing it: `npm run db:generate -w @quarry/api` writes a new migration into api/drizzle.
// Conventions: uuid ids (gen_random_uuid()), timestamptz columns named *_at, lowercase statuses,
// every user-owned row has user_id with ON DELETE CASCADE and an index starting with user_id.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, primaryId, timestamps, ts, updatedAt } from './columns';
import { users } from './schema-users';

// Users (and the owner() column every user-owned table uses).
export * from './schema-users';


/** Key/value settings of the installation (jwt secret in server mode, seed markers, ...). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/** Refresh tokens (sha-256 of the cookie value). One family per login; rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: primaryId(),
    userId: belongsTo('user_id', () => users.id),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** set when this token was exchanged for its successor */
    usedAt: ts('used_at'),
    /** set when the whole family was revoked (logout, reuse detected) */
    revokedAt: ts('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** Quota definitions (docs/product/admin.md, Resources). reset_period / aggregation_type are uppercase (NEVER, DAILY, ...; COUNT, SUM, ...). */
export const resourceTypes = pgTable(
  'resource_types',
  {
    id: primaryId(),
    name: text('name').notNull(),
    description: text('description'),
    unit: text('unit'),
    resetPeriod: text('reset_period').notNull(),
    aggregationType: text('aggregation_type').notNull(),
    defaultLimit: bigint('default_limit', { mode: 'number' }).notNull(),
    defaultAlertThreshold: integer('default_alert_threshold').notNull().default(80),
    creditCost: integer('credit_cost').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('resource_types_name_key').on(t.name),
    check('resource_types_reset_period_check', sql`${t.resetPeriod} in ('NEVER','DAILY','WEEKLY','MONTHLY','YEARLY')`),
    check('resource_types_aggregation_check', sql`${t.aggregationType} in ('COUNT','SUM','MAX','MIN','AVG')`),
  ],
);

export const creditRequests = pgTable(
  'credit_requests',
  {
    id: primaryId(),
    userId: belongsTo('user_id', () => users.id),
    amount: integer('amount').notNull(),
    usagePurpose: text('usage_purpose').notNull(),
    projectDescription: text('project_description').notNull(),
    feedback: text('feedback'),
    urgency: text('urgency').notNull().default('normal'),
    expectedDuration: text('expected_duration'),
    status: text('status').notNull().default('pending'),
    adminNotes: text('admin_notes'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    ...timestamps(),
  },
  (t) => [
    index('credit_requests_user_idx').on(t.userId, t.createdAt),
    index('credit_requests_status_idx').on(t.status, t.createdAt),
    check('credit_requests_status_check', sql`${t.status} in ('pending','approved','rejected')`),
    check('credit_requests_amount_check', sql`${t.amount} > 0`),
  ],
);

/** Ledger of every balance change; credit_balance on users is the running total. */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: primaryId(),
    userId: belongsTo('user_id', () => users.id),
    /** positive = credit, negative = debit */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /** initial | credit_request | admin_adjustment | job | ... */
    kind: text('kind').notNull(),
    referenceId: uuid('reference_id'),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_transactions_user_idx').on(t.userId, t.createdAt),
    // a credit request can add credits only once
    uniqueIndex('credit_transactions_request_once')
      .on(t.referenceId)
      .where(sql`${t.kind} = 'credit_request'`),
  ],
);

export const feedback = pgTable(
  'feedback',
  {
    id: primaryId(),
    userId: belongsTo('user_id', () => users.id),
    category: text('category').notNull(),
    message: text('message').notNull(),
    url: text('url'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('feedback_user_idx').on(t.userId, t.createdAt),
    index('feedback_created_idx').on(t.createdAt),
    check('feedback_category_check', sql`${t.category} in ('bug','feature','improvement','other')`),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: primaryId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    contactType: text('contact_type').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/** Realtime payloads too large for a NOTIFY (PostgreSQL limit ~8000 bytes); the NOTIFY carries the id. */
export const realtimePayloads = pgTable(
  'realtime_payloads',
  {
    id: primaryId(),
    payload: text('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('realtime_payloads_created_idx').on(t.createdAt)],
);

export type CreditRequestRow = typeof creditRequests.$inferSelect;
export type ResourceTypeRow = typeof resourceTypes.$inferSelect;
export type FeedbackRow = typeof feedback.$inferSelect;

// Document side (uploads, files, datasets, output schemas, prompts, examples).
export * from './schema-documents';

// Processing engine (job queue, job events, OCR results, chunking runs and chunks).
export * from './schema-jobs';

// Extraction results (versioned per chunk) and the LLM test API's results.
export * from './schema-extraction';

// The review loop: corrections and Reviewed marks (docs/review-api.md).
export * from './schema-review';

// API keys and webhooks (endpoints, deliveries, attempts).
export * from './schema-integrations';
