// Account security: change password, forgotten password (one-time reset links) and the
// user's own sessions. Every way a password changes ends sessions: a change keeps the
// session that made it and ends the others; a reset ends them all (whoever knew the old
// password is out). Ending a session revokes its refresh-token family and closes its
// sockets in every API process (app.sessions.revoked), as logout does.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  CURRENT_PASSWORD_WRONG,
  NEW_PASSWORD_SAME,
  RESET_LINK_INVALID,
  type Session,
} from '@quarry/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { passwordResetTokens, refreshTokens, users, type UserRow } from '../../db/schema';
import { deviceName } from '../../auth/device';
import { assertStrongPassword } from '../../auth/passwords';
import { hashRefreshToken } from '../../auth/tokens';
import { badRequest, notFound, validationError } from '../../lib/errors';
import { windowLimiters, type WindowLimiters } from '../../lib/rate-limit';
import { isoStrict } from '../../lib/time';
import { findUserByEmail } from '../users/service';
import { Mailer } from './mail';

const RESET_SUBJECT = 'Reset your Quarry password';

export class AccountSecurity {
  private readonly limits: WindowLimiters<'passwordChangePerUser' | 'passwordResetPerIp' | 'passwordResetPerEmail'>;
  readonly mailer: Mailer;
  /** reset requests answer before their mail is out; tests and shutdown wait for these */
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly app: FastifyInstance) {
    this.limits = windowLimiters(app.config.rateLimits, 'passwordChangePerUser', 'passwordResetPerIp', 'passwordResetPerEmail');
    this.mailer = new Mailer(app.database.db, app.config.mail, app.log);
  }

  private get db(): Db {
    return this.app.database.db;
  }

  /** Resolves once every reset mail asked for so far was handed over (or failed). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  close(): void {
    this.mailer.close();
  }

  // ---------------------------------------------------------------- change

  /** Checks the current password, sets the new one, ends every other session. Returns how many ended. */
  async changePassword(user: UserRow, currentSessionId: string, current: string, next: string): Promise<number> {
    this.limits.passwordChangePerUser.consume(`user:${user.id}`, 'Too many password changes. Please wait before trying again.');
    if (!(await this.app.passwords.verify(user.passwordHash, current))) {
      throw validationError(['body', 'current_password'], CURRENT_PASSWORD_WRONG, 'invalid_password');
    }
    if (current === next) throw validationError(['body', 'new_password'], NEW_PASSWORD_SAME, 'same_password');
    assertStrongPassword(next, personalInputs(user), ['body', 'new_password']);
    await this.setPassword(user.id, await this.app.passwords.hash(next));
    return this.revokeSessions(user.id, { except: currentSessionId });
  }

  private async setPassword(userId: string, passwordHash: string, tx: Db = this.db): Promise<void> {
    await tx
      .update(users)
      .set({ passwordHash, failedLoginCount: 0, lockedUntil: null, updatedAt: new Date() })
      .where(eq(users.id, userId));
  }

  // ---------------------------------------------------------------- reset

  /**
   * Starts a reset for the address, if it belongs to an active account. Answers at once and
   * the same way for every address (no enumeration); the lookup and the mail run after.
   */
  requestReset(email: string, ip: string): void {
    this.limits.passwordResetPerIp.consume(`ip:${ip}`, 'Too many password reset requests. Please wait before trying again.');
    // past the per-address limit nothing more is sent, silently: a 429 here would tell nothing
    // about the account, but the owner's mailbox should not fill up either
    if (this.limits.passwordResetPerEmail.hit(`email:${email}`) > 0) return;
    const work = this.issueReset(email, ip).catch((err: unknown) => {
      this.app.log.error({ err }, 'sending a password reset link failed');
    });
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  private async issueReset(email: string, ip: string): Promise<void> {
    const user = await findUserByEmail(this.db, email);
    if (!user || !user.isActive) return;
    const token = randomBytes(32).toString('base64url');
    const ttl = this.app.config.passwordResetTtlSeconds;
    await this.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashRefreshToken(token),
      expiresAt: new Date(Date.now() + ttl * 1000),
      requestedIp: ip,
    });
    const link = `${this.app.config.mail.appUrl}/reset-password?token=${token}`;
    await this.mailer.send({ to: user.email, subject: RESET_SUBJECT, text: resetMailText(link, ttl) });
  }

  /** Sets the new password through a reset link's token (once, before it expires) and ends every session. */
  async resetPassword(token: string, next: string, ip: string): Promise<void> {
    this.limits.passwordResetPerIp.consume(`ip:${ip}`, 'Too many password reset attempts. Please wait before trying again.');
    const tokenHash = hashRefreshToken(token);
    const now = new Date();
    const usable = and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now));
    const [found] = await this.db
      .select({ user: users })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(usable);
    if (!found || !found.user.isActive) throw badRequest(RESET_LINK_INVALID);
    // checked before the token is spent: a weak password does not cost the user their link
    assertStrongPassword(next, personalInputs(found.user), ['body', 'new_password']);
    const passwordHash = await this.app.passwords.hash(next);
    const userId = await this.db.transaction(async (tx) => {
      const [spent] = await tx.update(passwordResetTokens).set({ usedAt: now }).where(usable).returning({ userId: passwordResetTokens.userId });
      if (!spent) return null; // used by a concurrent request in the meantime
      await this.setPassword(spent.userId, passwordHash, tx);
      // the other links of this account are void too: the password they were for is gone
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
      return spent.userId;
    });
    if (!userId) throw badRequest(RESET_LINK_INVALID);
    await this.revokeSessions(userId, {});
  }

  // ---------------------------------------------------------------- sessions

  /** The user's live sessions, most recently used first. */
  async listSessions(userId: string, currentSessionId: string): Promise<Session[]> {
    const rows = await this.db
      .select({
        familyId: refreshTokens.familyId,
        createdAt: sql<Date>`min(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
        lastUsedAt: sql<Date>`max(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
        userAgent: sql<string | null>`(array_agg(${refreshTokens.userAgent} order by ${refreshTokens.createdAt} desc))[1]`,
        ip: sql<string | null>`(array_agg(${refreshTokens.ip} order by ${refreshTokens.createdAt} desc))[1]`,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, userId))
      .groupBy(refreshTokens.familyId)
      .having(sql`bool_and(${refreshTokens.revokedAt} is null) and max(${refreshTokens.expiresAt}) > now()`)
      .orderBy(sql`max(${refreshTokens.createdAt}) desc`)
      .limit(200);
    return rows.map((r) => ({
      id: r.familyId,
      device: deviceName(r.userAgent),
      user_agent: r.userAgent,
      ip: r.ip,
      created_at: isoStrict(r.createdAt),
      last_used_at: isoStrict(r.lastUsedAt),
      current: r.familyId === currentSessionId,
    }));
  }

  /** Ends one of the user's sessions; 404 for a session that is not theirs (or already over). */
  async revokeSession(userId: string, sessionId: string): Promise<void> {
    const ended = await this.revokeSessions(userId, { only: sessionId });
    if (ended === 0) throw notFound('Session not found');
  }

  /** Revokes the user's live sessions (all, all but one, or one); announces them. Returns how many ended. */
  async revokeSessions(userId: string, which: { except?: string; only?: string }): Promise<number> {
    const rows = await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          which.except ? ne(refreshTokens.familyId, which.except) : undefined,
          which.only ? eq(refreshTokens.familyId, which.only) : undefined,
        ),
      )
      .returning({ familyId: refreshTokens.familyId });
    const families = [...new Set(rows.map((r) => r.familyId))];
    await this.app.sessions.revoked(families);
    return families.length;
  }
}

const personalInputs = (user: UserRow): string[] => [user.email, ...(user.fullName ? [user.fullName] : [])];

function resetMailText(link: string, ttlSeconds: number): string {
  const hours = ttlSeconds / 3600;
  const lasts = hours >= 1 && Number.isInteger(hours) ? `${hours} hour${hours === 1 ? '' : 's'}` : `${Math.round(ttlSeconds / 60)} minutes`;
  return [
    'Someone asked to reset the password of your Quarry account.',
    '',
    `Open this link to choose a new password (it works once, for ${lasts}):`,
    link,
    '',
    'If it was not you, ignore this message: your password stays as it is.',
  ].join('\n');
}
