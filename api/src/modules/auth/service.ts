// Sessions: a login (or registration) starts a refresh-token family. Each refresh marks
// the presented token used and issues its successor in the same family. Presenting a
// token that was already used (or revoked) revokes the whole family: whoever holds the
// newest token is logged out too, which is the point — one of the two is a thief.
// Except within a short grace window after the rotation: two tabs of one browser that
// refresh at the same moment present the same token, and the later one gets a sibling
// token in the same family instead of logging the user out.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { refreshTokens, users, type UserRow } from '../../db/schema';
import { forbidden, HttpError, unauthorized } from '../../lib/errors';
import { windowLimiters, type WindowLimiters } from '../../lib/rate-limit';
import { hashRefreshToken, newRefreshToken } from '../../auth/tokens';
import { findUserByEmail, normalizeEmail } from '../users/service';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ACCOUNT_DISABLED = 'Account is disabled';

export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  familyId: string;
}

export class AuthService {
  /** registerPerIp is the registration route's (routes.ts) */
  readonly limits: WindowLimiters<'loginPerIp' | 'loginPerAccount' | 'registerPerIp'>;

  constructor(private readonly app: FastifyInstance) {
    this.limits = windowLimiters(app.config.rateLimits, 'loginPerIp', 'loginPerAccount', 'registerPerIp');
  }

  private get db(): Db {
    return this.app.database.db;
  }

  /** Starts a new session (refresh-token family) for the user. */
  async startSession(user: UserRow, meta: ClientMeta): Promise<IssuedSession> {
    return this.issueInFamily(this.db, user.id, randomUUID(), meta);
  }

  /** Stores a new refresh token of the family and signs the access token that goes with it. */
  private async issueInFamily(db: Db, userId: string, familyId: string, meta: ClientMeta): Promise<IssuedSession> {
    const refreshToken = newRefreshToken();
    await db.insert(refreshTokens).values({
      userId,
      familyId,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(Date.now() + this.app.config.refreshTokenTtlSeconds * 1000),
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      ip: meta.ip,
    });
    const accessToken = await this.app.tokens.signAccess({ sub: userId, sid: familyId });
    return { accessToken, refreshToken, expiresIn: this.app.tokens.accessTtl, familyId };
  }

  async login(username: string, password: string, meta: ClientMeta): Promise<IssuedSession> {
    const email = normalizeEmail(username);
    this.limits.loginPerIp.consume(`ip:${meta.ip}`, 'Too many login attempts from this address. Please wait before trying again.');
    this.limits.loginPerAccount.consume(`acct:${email}`, 'Too many login attempts for this account. Please wait before trying again.');

    const user = await findUserByEmail(this.db, email);
    if (!user) {
      await this.app.passwords.verifyDummy(password);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
      throw lockedError(user.lockedUntil);
    }
    const ok = await this.app.passwords.verify(user.passwordHash, password);
    if (!ok) {
      const { threshold, minutes } = this.app.config.lockout;
      const [after] = await this.db
        .update(users)
        .set({
          failedLoginCount: sql`case when ${users.failedLoginCount} + 1 >= ${threshold} then 0 else ${users.failedLoginCount} + 1 end`,
          lockedUntil: sql`case when ${users.failedLoginCount} + 1 >= ${threshold} then now() + (${minutes} * interval '1 minute') else ${users.lockedUntil} end`,
        })
        .where(eq(users.id, user.id))
        .returning({ lockedUntil: users.lockedUntil });
      if (after?.lockedUntil && after.lockedUntil.getTime() > Date.now()) throw lockedError(after.lockedUntil);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    if (!user.isActive) throw forbidden(ACCOUNT_DISABLED);

    const rehash = this.app.passwords.needsRehash(user.passwordHash)
      ? await this.app.passwords.hash(password)
      : null;
    const [updated] = await this.db
      .update(users)
      .set({
        failedLoginCount: 0,
        lockedUntil: null,
        lastLoginAt: new Date(),
        ...(rehash ? { passwordHash: rehash } : {}),
      })
      .where(eq(users.id, user.id))
      .returning();
    this.limits.loginPerAccount.reset(`acct:${email}`);
    return this.startSession(updated!, meta);
  }

  /** Exchanges a refresh token for a new pair. 401 on a missing/unknown/expired/reused token. */
  async refresh(presented: string | undefined, meta: ClientMeta): Promise<IssuedSession> {
    if (!presented) throw unauthorized('Refresh token missing');
    let revokedFamily: string | null = null;
    if (presented.length > 256) throw unauthorized('Invalid refresh token');
    const tokenHash = hashRefreshToken(presented);
    const now = new Date();

    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.usedAt),
            isNull(refreshTokens.revokedAt),
            gt(refreshTokens.expiresAt, now),
          ),
        )
        .returning();
      if (!current) {
        const [known] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
        if (!known) throw unauthorized('Invalid refresh token');
        const graceMs = this.app.config.refreshReuseGraceSeconds * 1000;
        const withinGrace =
          known.usedAt !== null &&
          known.revokedAt === null &&
          known.expiresAt > now &&
          now.getTime() - known.usedAt.getTime() <= graceMs;
        if (withinGrace) return this.issueSuccessor(tx, known.userId, known.familyId, meta);
        if (known.usedAt || known.revokedAt) {
          await tx
            .update(refreshTokens)
            .set({ revokedAt: now })
            .where(and(eq(refreshTokens.familyId, known.familyId), isNull(refreshTokens.revokedAt)));
          // the revocation must stick although the request fails: return instead of throwing inside the tx
          revokedFamily = known.familyId;
          return null;
        }
        throw unauthorized('Refresh token expired');
      }
      return this.issueSuccessor(tx, current.userId, current.familyId, meta);
    }).then(async (session) => {
      if (revokedFamily) await this.app.sessions.revoked([revokedFamily]);
      if (!session) throw unauthorized('Refresh token was already used; the session has been revoked. Please log in again.');
      return session;
    });
  }

  /** A new refresh token in the family and a new access token, for an active user. */
  private async issueSuccessor(tx: Db, userId: string, familyId: string, meta: ClientMeta): Promise<IssuedSession> {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw unauthorized('Invalid refresh token');
    if (!user.isActive) throw forbidden(ACCOUNT_DISABLED);
    return this.issueInFamily(tx, user.id, familyId, meta);
  }

  /**
   * Ends the session of the presented refresh token and the session of the presented access
   * token (either may be missing; a client that holds only the bearer token logs out too).
   * Always succeeds: an unknown or invalid token ends nothing.
   */
  async logout(presented: string | undefined, accessToken: string | null): Promise<void> {
    const families = new Set<string>();
    if (presented && presented.length <= 256) {
      const [known] = await this.db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(presented)));
      if (known) families.add(known.familyId);
    }
    if (accessToken) {
      // a validly signed, unexpired token names its user and session; the session must be that user's
      const verified = await this.app.tokens.verifyAccess(accessToken);
      if (verified.ok) {
        const [own] = await this.db
          .select({ familyId: refreshTokens.familyId })
          .from(refreshTokens)
          .where(and(eq(refreshTokens.familyId, verified.claims.sid), eq(refreshTokens.userId, verified.claims.sub)))
          .limit(1);
        if (own) families.add(own.familyId);
      }
    }
    if (families.size === 0) return;
    const ids = [...families];
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(inArray(refreshTokens.familyId, ids), isNull(refreshTokens.revokedAt)));
    // announced even when it was already revoked: a process that missed the first notice closes its sockets now
    await this.app.sessions.revoked(ids);
  }
}

function lockedError(until: Date): HttpError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return new HttpError(
    423,
    `Account temporarily locked after repeated failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} or contact support.`,
    { 'Retry-After': String(minutes * 60) },
  );
}
