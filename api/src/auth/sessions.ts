// Is the session (refresh-token family) an access token carries still alive? Logging out,
// and a refresh token's reuse, revoke the family in the database; without this check its
// access tokens kept working for their whole lifetime (15 minutes by default).
//
// Each answer is cached for a few seconds (config.sessionCacheSeconds): one indexed query
// per session and period, not per request. A revocation evicts the entry at once in this
// process and, on PostgreSQL, in every other API process through NOTIFY on
// SESSION_CHANNEL (lib/json-channel.ts). PGlite lives in one process: the local eviction is all.
// Should a notification be lost (LISTEN connection down), the cache period bounds the delay.
//
// A disabled account is announced on the same channel: its HTTP calls answer 403 at once
// and its open sockets close, in every process.
//
// The user rows behind list routes are cached here too (`cachedUser`, same period): a list
// needs only who the caller is and whether they may call, and the row read per request was
// half the cost of a list answer. Disabling, enabling, promoting or demoting a user evicts
// the row at once in this process and, through the same NOTIFY, in the others; should a
// notice be lost, the cache period bounds the delay, as for sessions. Routes that show the
// row's other columns (users/me: the credit balance) read it fresh on every request.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { JsonChannel } from '../lib/json-channel';
import { refreshTokens, users, type UserRow } from '../db/schema';

export const SESSION_CHANNEL = 'quarry_sessions';
const CACHE_LIMIT = 10_000;

export interface EndedSessions {
  sessionIds: string[];
  userIds: string[];
}

interface Evicted extends EndedSessions {
  /** users whose row changed (role, active flag) but whose sessions and sockets stay */
  changedUserIds?: string[];
}

interface Entry {
  active: boolean;
  at: number;
}

interface UserEntry {
  row: UserRow;
  at: number;
}

export interface SessionRevocationsOptions {
  cacheMs: number;
  /** PostgreSQL: revocations are announced to the other API processes */
  connectionString: string | null;
  log: { warn: (obj: unknown, msg?: string) => void };
}

export class SessionRevocations {
  private readonly cache = new Map<string, Entry>();
  private readonly users = new Map<string, UserEntry>();
  /** bumped by every eviction: a lookup that raced with one does not store its answer */
  private generation = 0;
  private readonly announcements: JsonChannel;
  private readonly revokedListeners = new Set<(ended: EndedSessions) => void>();

  constructor(
    private readonly db: Db,
    private readonly options: SessionRevocationsOptions,
  ) {
    const { connectionString, log } = options;
    this.announcements = new JsonChannel({ connectionString, channel: SESSION_CHANNEL, label: 'session revocations', log }, (message) => {
      const parsed = message as { s?: unknown; u?: unknown; c?: unknown };
      const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
      this.evict({ sessionIds: strings(parsed.s), userIds: strings(parsed.u), changedUserIds: strings(parsed.c) });
    });
  }

  async start(): Promise<void> {
    await this.announcements.start();
  }

  async close(): Promise<void> {
    await this.announcements.close();
  }

  /** Called with the sessions revoked and the users disabled, here or in another process (sockets close on it). */
  onRevoked(listener: (ended: EndedSessions) => void): () => void {
    this.revokedListeners.add(listener);
    return () => this.revokedListeners.delete(listener);
  }

  /** True while the session has a refresh token that is not revoked. */
  async isActive(sessionId: string): Promise<boolean> {
    const hit = this.cache.get(sessionId);
    const now = Date.now();
    if (hit && now - hit.at < this.options.cacheMs) return hit.active;
    const generation = this.generation;
    const [row] = await this.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)))
      .limit(1);
    const active = row !== undefined;
    if (generation === this.generation) {
      if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.delete(sessionId);
      this.cache.set(sessionId, { active, at: now });
    }
    return active;
  }

  /**
   * The user row, from the cache while younger than the cache period, else `load()` (which
   * is then cached; an absent user is not). For routes that need only the caller's id and
   * flags: an eviction (disabled, role changed) takes effect at once.
   */
  async cachedUser(userId: string, load: () => Promise<UserRow | undefined>): Promise<UserRow | undefined> {
    const hit = this.users.get(userId);
    const now = Date.now();
    if (hit && now - hit.at < this.options.cacheMs) return hit.row;
    const generation = this.generation;
    const row = await load();
    // a lookup that raced with an eviction does not store what it read before it
    if (row && generation === this.generation) {
      if (this.users.size >= CACHE_LIMIT) this.users.delete(this.users.keys().next().value as string);
      this.users.delete(userId);
      this.users.set(userId, { row, at: now });
    }
    return row;
  }

  /**
   * Of these sessions and users, the ones that ended: sessions with no unrevoked refresh
   * token (the rule of isActive) and users disabled or deleted. Two indexed queries.
   */
  async endedAmong(live: EndedSessions): Promise<EndedSessions> {
    const [alive, active] = await Promise.all([
      live.sessionIds.length
        ? this.db
            .selectDistinct({ id: refreshTokens.familyId })
            .from(refreshTokens)
            .where(and(inArray(refreshTokens.familyId, live.sessionIds), isNull(refreshTokens.revokedAt)))
        : Promise.resolve([]),
      live.userIds.length
        ? this.db.select({ id: users.id }).from(users).where(and(inArray(users.id, live.userIds), eq(users.isActive, true)))
        : Promise.resolve([]),
    ]);
    const aliveIds = new Set(alive.map((r) => r.id));
    const activeIds = new Set(active.map((r) => r.id));
    return {
      sessionIds: live.sessionIds.filter((id) => !aliveIds.has(id)),
      userIds: live.userIds.filter((id) => !activeIds.has(id)),
    };
  }

  /** Announce sessions just revoked in the database (after the commit). Never throws. */
  async revoked(sessionIds: string[]): Promise<void> {
    await this.announce({ sessionIds, userIds: [] });
  }

  /** Announce accounts just disabled (after the commit): their sockets close everywhere. Never throws. */
  async usersDisabled(userIds: string[]): Promise<void> {
    await this.announce({ sessionIds: [], userIds });
  }

  /**
   * Announce users whose row changed in a way the guards read (enabled again, promoted,
   * demoted) after the commit: their cached rows go, here and in the other processes; their
   * sessions and sockets stay. Never throws.
   */
  async usersChanged(userIds: string[]): Promise<void> {
    await this.announce({ sessionIds: [], userIds: [], changedUserIds: userIds });
  }

  private async announce(ended: Evicted): Promise<void> {
    const changed = ended.changedUserIds ?? [];
    if (ended.sessionIds.length === 0 && ended.userIds.length === 0 && changed.length === 0) return;
    this.evict(ended);
    if (!this.options.connectionString) return;
    try {
      const payload = {
        ...(ended.sessionIds.length ? { s: ended.sessionIds } : {}),
        ...(ended.userIds.length ? { u: ended.userIds } : {}),
        ...(changed.length ? { c: changed } : {}),
      };
      await this.db.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${JSON.stringify(payload)})`);
    } catch (err) {
      // the other processes still notice within the cache period (cache expiry, socket recheck)
      this.options.log.warn({ err }, 'announcing a session revocation failed');
    }
  }

  private evict(ended: Evicted): void {
    const changed = ended.changedUserIds ?? [];
    if (ended.sessionIds.length === 0 && ended.userIds.length === 0 && changed.length === 0) return;
    this.generation += 1;
    for (const id of ended.sessionIds) this.cache.delete(id);
    for (const id of ended.userIds) this.users.delete(id);
    for (const id of changed) this.users.delete(id);
    if (ended.sessionIds.length === 0 && ended.userIds.length === 0) return;
    const gone = { sessionIds: ended.sessionIds, userIds: ended.userIds };
    for (const listener of this.revokedListeners) {
      try {
        listener(gone);
      } catch (err) {
        this.options.log.warn({ err }, 'session revocation listener failed');
      }
    }
  }
}
