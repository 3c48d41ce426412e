// Fastify decorations every module can rely on.
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PasswordHasher } from './auth/passwords';
import type { RegisteredRoute } from './auth/public-routes';
import type { SessionRevocations } from './auth/sessions';
import type { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Database } from './db';
import type { Drain } from './lib/drain';
import type { ListCache } from './lib/list-cache';
import type { PgListener } from './db/pg-listener';
import type { UserRow } from './db/schema';
import type { UsageRegistry } from './modules/usage/registry';
import type { RealtimeHub } from './realtime/hub';
import type { ApiKeyAuth } from './modules/api-keys/keys';
import type { ApiKeyScope } from '@quarry/shared/schemas';

export type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** `app.database.db` is the drizzle handle (PGlite or PostgreSQL) */
    database: Database;
    tokens: TokenService;
    /** is an access token's session still alive (cached; revocations announced across processes) */
    sessions: SessionRevocations;
    passwords: PasswordHasher;
    /** `app.realtime.publishToUser(userId, { event, message, ... })` */
    realtime: RealtimeHub;
    /** app.close() waits for requests in flight (lib/drain.ts); `alongside` runs shutdown work beside that wait */
    drain: Drain;
    /** resource usage counters (users/me/resource-limits) */
    usage: UsageRegistry;
    /** onRequest hook: 401 without a valid access token, 403 for a disabled account; sets request.user */
    requireUser: AuthHook;
    /** every route as registered, and whether it is on the public list (auth/public-routes.ts) */
    routeTable: RegisteredRoute[];
    /** onRequest hook: requireUser + 403 unless is_superuser */
    requireSuperuser: AuthHook;
    /** API keys: lookup cache, revocations across processes, per-key rate limit */
    apiKeys: ApiKeyAuth;
    /** list answers kept per user until their rows change (lib/list-cache.ts) */
    listCache: ListCache;
    /** PostgreSQL server: the LISTEN connection for other processes' list changes */
    listChanges: PgListener | null;
  }
  interface FastifyRequest {
    /** the authenticated user (set by requireUser / requireSuperuser) */
    user: UserRow;
    /** the session (refresh-token family) of the access token; '' for an API key */
    sessionId: string;
    /** set when the request authenticated with an API key (`Authorization: Bearer qk_...`) */
    apiKey: { id: string; scope: ApiKeyScope } | null;
  }
}

/** The Fastify instance with the zod type provider: what route modules receive. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
