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

/** how many verified access tokens are remembered (a token is about 300 bytes) */
const VERIFIED_LIMIT = 10_000;

export class TokenService {
  /** imported once: jose re-imports a raw Uint8Array key on every call (~2x slower) */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * Tokens whose signature and claims were checked, with their claims: a client sends the
   * same token on every request until it refreshes, and the HMAC check (on the thread pool)
   * was a sixth of a list request's CPU. A token is a signed, immutable string: what it
   * proved once, it proves until it expires (checked on every hit); whether its session
   * is still alive is the session check's business, made on every request.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  /** signature checks made (tests: a token seen before is not checked again) */
  signatureChecks = 0;

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
    const known = this.verified.get(token);
    if (known) {
      // jose's rule: expired once the clock reaches exp (whole seconds)
      if (Date.now() < known.expiresAt) return { ok: true, claims: known.claims, expiresAt: known.expiresAt };
      this.verified.delete(token);
      return { ok: false, reason: 'expired' };
    }
    const result = await this.verifySigned(token);
    if (result.ok) {
      if (this.verified.size >= VERIFIED_LIMIT) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, { claims: result.claims, expiresAt: result.expiresAt });
    }
    return result;
  }

  private async verifySigned(token: string): Promise<VerifyResult> {
    this.signatureChecks += 1;
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
