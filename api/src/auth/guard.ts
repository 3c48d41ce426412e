// Auth guards, used as onRequest hooks. Every /api/v1 route but the public list gets
// requireUser without naming it (requireUserByDefault below); a route names a guard only for
// more than that:
//   app.get('/x', { schema: {...} }, handler)                                  -> request.user
//   app.get('/admin/x', { onRequest: app.requireSuperuser, ... }, handler)
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import type { ApiKeyScope } from '@quarry/shared/schemas';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { isPublicRoute } from './public-routes';
import { users, type UserRow } from '../db/schema';
import { forbidden, unauthorized } from '../lib/errors';
import { documentGuarded } from '../lib/openapi';
import type { AuthHook } from '../types';
import { isApiKey } from '../modules/api-keys/keys';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads only the caller's id and flags (lists): its guard may take the user row
     * from the session cache (sessions.ts cachedUser) instead of a query per request.
     */
    cachedUser?: boolean;
  }
}

/** Route options of a list: the guard's user row may come from the session cache. */
export const CACHED_USER = { cachedUser: true } as const;

export const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
};

/** The per-request user lookup, built once per database (named prepared statement on PostgreSQL). */
const userByIdQueries = new WeakMap<Db, ReturnType<typeof prepareUserById>>();
const prepareUserById = (db: Db) =>
  db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare('quarry_user_by_id');
const userById = (db: Db) => {
  let q = userByIdQueries.get(db);
  if (!q) {
    q = prepareUserById(db);
    userByIdQueries.set(db, q);
  }
  return q;
};

const loadUser = async (app: FastifyInstance, id: string): Promise<UserRow | undefined> =>
  (await userById(app.database.db).execute({ id }))[0];

/** Verifies an access token and loads its (active) user. Used by HTTP guards and sockets. */
export async function authenticateToken(
  app: FastifyInstance,
  token: string | null,
  { cachedUser = false }: { cachedUser?: boolean } = {},
): Promise<
  | { ok: true; user: UserRow; sessionId: string }
  | { ok: false; status: 401 | 403; reason: string }
> {
  if (!token) return { ok: false, status: 401, reason: 'Not authenticated' };
  // HTTP routes take keys in requireUser; what reaches here with one is a socket handshake
  if (isApiKey(token)) return { ok: false, status: 401, reason: 'API keys are not accepted here: sign in to open a WebSocket' };
  const verified = await app.tokens.verifyAccess(token);
  if (!verified.ok) {
    return {
      ok: false,
      status: 401,
      reason: verified.reason === 'expired' ? 'Token has expired' : 'Could not validate credentials',
    };
  }
  const { sub } = verified.claims;
  const [user, sessionActive] = await Promise.all([
    cachedUser ? app.sessions.cachedUser(sub, () => loadUser(app, sub)) : loadUser(app, sub),
    app.sessions.isActive(verified.claims.sid),
  ]);
  if (!user) return { ok: false, status: 401, reason: 'Could not validate credentials' };
  // logged out, or revoked after a refresh token's reuse: its access tokens stop at once
  if (!sessionActive) return { ok: false, status: 401, reason: 'Session has ended. Please log in again.' };
  if (!user.isActive) return { ok: false, status: 403, reason: 'Account is disabled' };
  return { ok: true, user, sessionId: verified.claims.sid };
}

/**
 * onRoute hook of the /api/v1 context: a route that is not on the public list and does not
 * name requireUser / requireSuperuser itself gets requireUser in front of its onRequest hooks.
 * Forgetting the guard on a new route leaves it closed, not open. A route needs to name a
 * guard only for more than that (requireSuperuser); its description gets the bearer scheme and
 * the guard's answers here too (lib/openapi.ts documentGuarded).
 */
export function requireUserByDefault(app: FastifyInstance): (route: RouteOptions) => void {
  return (route) => {
    // the HEAD route Fastify adds beside a GET is as open as that GET, no more
    const methods = [route.method].flat().map((m) => (m === 'HEAD' ? 'GET' : m));
    if (methods.every((m) => isPublicRoute(m, route.url))) return;
    documentGuarded(route);
    const hooks = [route.onRequest ?? []].flat() as AuthHook[];
    if (hooks.includes(app.requireUser) || hooks.includes(app.requireSuperuser)) return;
    route.onRequest = [app.requireUser, ...hooks] as RouteOptions['onRequest'];
  };
}

export function createAuthHooks(app: FastifyInstance): { requireUser: AuthHook; requireSuperuser: AuthHook } {
  const requireUser: AuthHook = async (request) => {
    const token = bearerToken(request);
    if (token && isApiKey(token)) {
      await authenticateApiKey(app, request, token);
      return;
    }
    const result = await authenticateToken(app, token, { cachedUser: request.routeOptions.config.cachedUser === true });
    if (!result.ok) throw result.status === 401 ? unauthorized(result.reason) : forbidden(result.reason);
    request.user = result.user;
    request.sessionId = result.sessionId;
  };
  const requireSuperuser: AuthHook = async (request, reply) => {
    await requireUser(request, reply);
    if (request.apiKey && request.apiKey.scope !== 'admin') throw forbidden("This API key's scope does not include admin routes (scope admin)");
    if (!request.user.isSuperuser) throw forbidden('Superuser privileges required');
  };
  return { requireUser, requireSuperuser };
}

/**
 * `Authorization: Bearer qk_...`: the key's user, within the key's scope (read = GET and HEAD
 * only; read+write = everything its user may do but admin routes; admin = admin routes too,
 * for a superuser). Rate-limited per key. Sets request.user and request.apiKey.
 */
async function authenticateApiKey(app: FastifyInstance, request: FastifyRequest, token: string): Promise<void> {
  const checked = await app.apiKeys.check(token);
  if (!checked.ok) throw unauthorized(checked.reason);
  const { key } = checked;
  const [user] = await userById(app.database.db).execute({ id: key.userId });
  if (!user) throw unauthorized('Invalid API key');
  if (!user.isActive) throw forbidden('Account is disabled');
  if (key.scope === 'read' && request.method !== 'GET' && request.method !== 'HEAD') {
    throw forbidden('This API key is read-only (scope read): only GET and HEAD requests are allowed');
  }
  app.apiKeys.limiter.consume(key.id, 'Too many requests with this API key. Please wait before trying again.');
  // a key without the admin scope acts as a plain user, also where superusers see more (feedback)
  request.user = key.scope === 'admin' ? user : { ...user, isSuperuser: false };
  request.apiKey = { id: key.id, scope: key.scope as ApiKeyScope };
  request.sessionId = '';
}
