// API keys of a user: create (the secret answered once), list, revoke; and the admin's view
// of anyone's keys. The presenter is toApiKey.
import type { ApiKey, ApiKeyCreated, ApiKeyScope } from '@quarry/shared/schemas';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db';
import { apiKeys, users, type ApiKeyRow } from '../../db/schema';
import { forbidden, notFound, validationError } from '../../lib/errors';
import { iso, isoStrict } from '../../lib/time';
import { apiKeyPrefix, hashApiKey, newApiKey } from './keys';

const DAY_MS = 24 * 3600 * 1000;
/** keys a user may hold that are not revoked */
export const MAX_ACTIVE_KEYS = 50;

export function toApiKey(row: ApiKeyRow, now = Date.now()): ApiKey {
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope as ApiKeyScope,
    created_at: isoStrict(row.createdAt),
    expires_at: iso(row.expiresAt),
    last_used_at: iso(row.lastUsedAt),
    revoked_at: iso(row.revokedAt),
    status: row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt.getTime() <= now ? 'expired' : 'active',
  };
}

export async function createApiKey(
  db: Db,
  user: { id: string; isSuperuser: boolean },
  body: { name: string; scope: ApiKeyScope; expires_in_days?: number | null | undefined; expires_at?: string | null | undefined },
): Promise<ApiKeyCreated> {
  if (body.scope === 'admin' && !user.isSuperuser) throw forbidden('Only superusers may create keys with the admin scope');
  let expiresAt: Date | null = null;
  if (body.expires_in_days) expiresAt = new Date(Date.now() + body.expires_in_days * DAY_MS);
  if (body.expires_at) {
    expiresAt = new Date(body.expires_at);
    if (expiresAt.getTime() <= Date.now()) throw validationError(['body', 'expires_at'], 'expires_at must be in the future');
  }
  const key = newApiKey();
  const row = await db.transaction(async (tx) => {
    // serialises concurrent creations of one user so the count below holds
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const active = await tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, user.id), isNull(apiKeys.revokedAt)));
    if (active.length >= MAX_ACTIVE_KEYS) {
      throw validationError(['body'], `You already have ${MAX_ACTIVE_KEYS} API keys; revoke one before creating another`);
    }
    const [inserted] = await tx
      .insert(apiKeys)
      .values({ userId: user.id, name: body.name, prefix: apiKeyPrefix(key), keyHash: hashApiKey(key), scope: body.scope, expiresAt })
      .returning();
    return inserted!;
  });
  return { ...toApiKey(row), key };
}

export async function listApiKeys(db: Db, userId: string): Promise<ApiKey[]> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  const now = Date.now();
  return rows.map((r) => toApiKey(r, now));
}

/**
 * Revokes a key (idempotent: revoking a revoked key answers it unchanged). `ownerId` null =
 * any user's key (the admin). The caller announces the revocation (app.apiKeys.revoked).
 */
export async function revokeApiKey(db: Db, ownerId: string | null, id: string, by: string): Promise<ApiKeyRow> {
  const where = ownerId ? and(eq(apiKeys.id, id), eq(apiKeys.userId, ownerId)) : eq(apiKeys.id, id);
  const [row] = await db.select().from(apiKeys).where(where);
  if (!row) throw notFound('API key not found');
  if (row.revokedAt) return row;
  const [updated] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date(), revokedBy: by })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning();
  return updated ?? row;
}

export async function userExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return Boolean(row);
}


