// The users table and owner(), the `user_id` column of every user-owned row. Apart from
// schema.ts so the column helpers (columns.ts) import no table: no import cycle.
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, primaryId, timestamps, ts } from './columns';

export const users = pgTable(
  'users',
  {
    id: primaryId(),
    /** stored lowercased and trimmed */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name'),
    isActive: boolean('is_active').notNull().default(true),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    creditBalance: bigint('credit_balance', { mode: 'number' }).notNull().default(0),
    notificationsEnabled: boolean('notifications_enabled').notNull().default(true),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: ts('locked_until'),
    lastLoginAt: ts('last_login_at'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export type UserRow = typeof users.$inferSelect;

/** `user_id` of a user-owned row; the row goes with its user. */
export const owner = () => belongsTo('user_id', () => users.id);

/**
 * One-time password-reset links. Only the sha-256 of the token is kept; a link works once
 * (used_at) and until expires_at. Requesting a new link does not void older ones: each
 * expires on its own and any use voids the rest (the password changed).
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: primaryId(),
    userId: owner(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    requestedIp: text('requested_ip'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_token_hash_key').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Mail that could not be sent because no SMTP server is configured (SMTP_URL unset): the
 * superusers read it in the admin messages instead. Nothing is written here when mail is sent.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: primaryId(),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);
