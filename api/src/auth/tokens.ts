// Access tokens: HS256 JWTs (jose), short-lived. Refresh tokens: 256-bit random strings
// sent only in the httpOnly cookie; the database stores their sha-256.
import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'quarry';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AUDIENCE = 'quarry-api';

export interface AccessClaims {
  /** user id */
  sub: string;
  /** session (refresh-token family) id */
  sid: string;
}

export type VerifyResult =
  | { ok: true; claims: AccessClaims; expiresAt: number }
  | { ok: false; reason: 'expired' | 'invalid' };

export class TokenService {
  /** imported once: jose re-imports a raw Uint8Array key on every call (~2x slower) */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    secret: string,
    private readonly accessTtlSeconds: number,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  get accessTtl(): number {
    return this.accessTtlSeconds;
  }

  async signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sid, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.accessTtlSeconds)
      .sign(await this.key);
  }

  async verifyAccess(token: string): Promise<VerifyResult> {
    if (!token || token.length > 4096) return { ok: false, reason: 'invalid' };
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      // user and session ids are UUIDs: anything else (even validly signed) is not our token,
      // and must answer 401 rather than reach a uuid column (422)
      if (
        payload.typ !== 'access' ||
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        !UUID_RE.test(payload.sub) ||
        !UUID_RE.test(payload.sid)
      ) {
        return { ok: false, reason: 'invalid' };
      }
      return { ok: true, claims: { sub: payload.sub, sid: payload.sid }, expiresAt: (payload.exp ?? 0) * 1000 };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
  }
}

export const newRefreshToken = (): string => randomBytes(32).toString('base64url');
export const hashRefreshToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const newSecret = (): string => randomBytes(48).toString('base64url');
