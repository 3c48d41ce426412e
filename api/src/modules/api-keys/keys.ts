// API keys as credentials: the secret's format and hash, and the per-process cache that
// answers "which key is this, and is it still good?" without a query per request.
//
// A key is `qk_` + 32 random bytes (base64url). The database keeps its sha-256 only. A fast
// hash is enough here, unlike passwords: with 256 bits of randomness there is nothing to
// guess, so a stolen hash table cannot be brute-forced whatever the hash costs, and a fast
// hash keeps the per-request lookup cheap (one indexed equality on the hash).
//
// Revocation works like logout does for sessions (auth/sessions.ts): an answer is cached a
// few seconds (SESSION_CACHE_SECONDS); revoking evicts it at once here and, on PostgreSQL, in
// every other API process through NOTIFY on API_KEY_CHANNEL. Expiry is checked on every
// request from the cached row.
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { JsonChannel } from '../../lib/json-channel';
import { apiKeys, type ApiKeyRow } from '../../db/schema';
import { RateLimiter } from '../../lib/rate-limit';

export const API_KEY_CHANNEL = 'quarry_api_keys';
export const API_KEY_MARK = 'qk_';
const KEY_RE = /^qk_[A-Za-z0-9_-]{43}$/;
const CACHE_LIMIT = 10_000;
/** last_used_at is written at most this often per key and process */
const TOUCH_EVERY_MS = 60_000;

export const newApiKey = (): string => API_KEY_MARK + randomBytes(32).toString('base64url');
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');
export const apiKeyPrefix = (key: string): string => key.slice(0, API_KEY_MARK.length + 8);
/** Is this bearer token an API key (rather than an access JWT)? */
export const isApiKey = (token: string): boolean => token.startsWith(API_KEY_MARK);

type KeyInfo = Pick<ApiKeyRow, 'id' | 'userId' | 'scope' | 'expiresAt' | 'revokedAt'>;

interface Entry {
  key: KeyInfo | null;
  at: number;
  touchedAt: number;
}

export type KeyCheck =
  | { ok: true; key: KeyInfo }
  | { ok: false; reason: string };

export interface ApiKeyAuthOptions {
  cacheMs: number;
  connectionString: string | null;
  requestsPerMinute: number;
  log: { warn: (obj: unknown, msg?: string) => void };
}

export class ApiKeyAuth {
  private readonly cache = new Map<string, Entry>();
  private generation = 0;
  private readonly announcements: JsonChannel;
  readonly limiter: RateLimiter;

  constructor(
    private readonly db: Db,
    private readonly options: ApiKeyAuthOptions,
  ) {
    this.limiter = new RateLimiter(options.requestsPerMinute, 60_000);
    const { connectionString, log } = options;
    this.announcements = new JsonChannel({ connectionString, channel: API_KEY_CHANNEL, label: 'api key revocations', log }, (message) => {
      const ids = (message as { k?: unknown }).k;
      if (Array.isArray(ids)) this.evict(ids.filter((x): x is string => typeof x === 'string'));
    });
  }

  async start(): Promise<void> {
    await this.announcements.start();
  }

  async close(): Promise<void> {
    await this.announcements.close();
  }

  /** The key behind a bearer token, if it is active (not revoked, not expired). */
  async check(token: string): Promise<KeyCheck> {
    if (!KEY_RE.test(token)) return { ok: false, reason: 'Invalid API key' };
    const hash = hashApiKey(token);
    const now = Date.now();
    let entry = this.cache.get(hash);
    if (!entry || now - entry.at >= this.options.cacheMs) {
      const generation = this.generation;
      const [row] = await this.db
        .select({ id: apiKeys.id, userId: apiKeys.userId, scope: apiKeys.scope, expiresAt: apiKeys.expiresAt, revokedAt: apiKeys.revokedAt })
        .from(apiKeys)
        .where(eq(apiKeys.keyHash, hash));
      entry = { key: row ?? null, at: now, touchedAt: entry?.touchedAt ?? 0 };
      if (generation === this.generation) {
        if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value as string);
        this.cache.delete(hash);
        this.cache.set(hash, entry);
      }
    }
    const key = entry.key;
    if (!key) return { ok: false, reason: 'Invalid API key' };
    if (key.revokedAt) return { ok: false, reason: 'This API key has been revoked' };
    if (key.expiresAt && key.expiresAt.getTime() <= now) return { ok: false, reason: 'This API key has expired' };
    if (now - entry.touchedAt >= TOUCH_EVERY_MS) {
      entry.touchedAt = now;
      this.touch(key.id);
    }
    return { ok: true, key };
  }

  /** Announce keys just revoked in the database (after the commit). Never throws. */
  async revoked(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    this.evict(ids);
    if (!this.options.connectionString) return;
    try {
      await this.db.execute(sql`select pg_notify(${API_KEY_CHANNEL}, ${JSON.stringify({ k: ids })})`);
    } catch (err) {
      this.options.log.warn({ err }, 'announcing an API key revocation failed');
    }
  }

  private touch(id: string): void {
    // a cheap, unawaited write; the condition keeps several processes from writing it each minute
    this.db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(sql`${apiKeys.id} = ${id} and (${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`)
      .catch((err: unknown) => this.options.log.warn({ err }, 'api key last_used_at update failed'));
  }

  private evict(ids: string[]): void {
    this.generation += 1;
    const gone = new Set(ids);
    for (const [hash, entry] of this.cache) if (entry.key && gone.has(entry.key.id)) this.cache.delete(hash);
  }
}
