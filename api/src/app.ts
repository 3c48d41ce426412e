// buildApp(config): the whole API as a Fastify instance (not listening yet).
// Opens the database (migrations, first-start seeds), the realtime hub, and mounts
// every module of src/modules/index.ts under /api/v1 plus the sockets under /ws.
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { WS_CLOSE_CODES } from '@quarry/shared/constants';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAuthHooks, requireUserByDefault } from './auth/guard';
import { isPublicRoute, type RegisteredRoute } from './auth/public-routes';
import { PasswordHasher } from './auth/passwords';
import { SessionRevocations } from './auth/sessions';
import { TokenService } from './auth/tokens';
import { resolveJwtSecret } from './auth/secret';
import { bootstrapAdminFromEnv } from './cli/bootstrap';
import { embeddedPaths, type Config } from './config';
import { LIST_CHANGES_CHANNEL, openDatabase, type Database } from './db';
import { PgListener } from './db/pg-listener';
import {
  clientErrorHandler,
  frameworkErrors,
  installErrorHandling,
  installZodMessages,
  rejectLongUrls,
  zodValidatorCompiler,
} from './lib/errors';
import { installDrain } from './lib/drain';
import { ListCache } from './lib/list-cache';
import { listCacheOnRoute } from './lib/list-cache-hooks';
import { loggerOptions, logRequest, type LogSink } from './lib/logger';
import { SECURITY_HEADERS } from './lib/security-headers';
import { apiModules } from './modules';
import { API_VERSION } from './modules/health/routes';
import { seedDefaultResourceTypesOnce } from './modules/resources/service';
import { UsageRegistry } from './modules/usage/registry';
import { ApiKeyAuth } from './modules/api-keys/keys';
import { InProcessTransport, RealtimeHub, SESSION_ENDED_REASON } from './realtime/hub';
import { PgNotifyTransport } from './realtime/pg-transport';
import realtimeRoutes, { authProtocolOf } from './realtime/routes';
import type { App } from './types';

/** after the drain time, how long the requests whose connections were closed get to wind down */
const SHUTDOWN_SETTLE_MS = 1000;

export interface BuildOptions {
  /** use an already opened database (tests, CLI); it is NOT closed with the app */
  database?: Database;
  /** log lines go here instead of stdout (tests) */
  logStream?: LogSink;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  installZodMessages();
  const database = options.database ?? (await openDatabase(config));
  const ownsDatabase = !options.database;

  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    // Fastify's own per-request lines off: one debug line per request instead (lib/logger.ts logRequest)
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    // a hop count trusts that many proxies in front (the typings take it as a function)
    trustProxy:
      typeof config.trustProxy === 'number'
        ? ((hops: number) => (_address: string, hop: number) => hop < hops)(config.trustProxy)
        : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // app.close(): requests in flight are waited for first (lib/drain.ts: stops listening, waits
    // up to SHUTDOWN_DRAIN_SECONDS); the connections left then are closed, even a busy one
    forceCloseConnections: true,
    // a request arriving on a kept-alive connection while closing is answered 503 at once
    return503OnClosing: true,
    // errors found before routing and requests Node's parser refuses answer {"detail"} too
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  // Closing order (app.close(), SIGTERM / SIGINT in main.ts): the drain (lib/drain.ts; the
  // first preClose hook) waits for the requests in flight while the job workers stop beside it
  // (app.drain.alongside); then the other preClose hooks close the WebSockets; Fastify closes
  // the connections left and the server; then the onClose hooks run, the last added first. This
  // one is added before every plugin, so it runs last: realtime, session revocations, then the
  // database.
  app.addHook('onClose', async () => {
    try {
      if (app.hasDecorator('realtime')) await app.realtime.close();
      if (app.hasDecorator('sessions')) await app.sessions.close();
      if (app.hasDecorator('apiKeys')) await app.apiKeys.close();
      if (app.hasDecorator('listChanges')) await app.listChanges?.close();
    } finally {
      if (ownsDatabase) await database.close();
    }
  });
  app.decorate('drain', installDrain(app as unknown as FastifyInstance, { drainMs: config.shutdownDrainSeconds * 1000, settleMs: SHUTDOWN_SETTLE_MS }));

  try {
    await configure(app, config, database);
  } catch (err) {
    await app.close().catch(() => undefined);
    if (ownsDatabase) await database.close().catch(() => undefined);
    throw err;
  }
  return app;
}

async function configure(app: App, config: Config, database: Database): Promise<void> {
  // every route, as registered (the deny-by-default test walks it)
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    for (const method of methods) routeTable.push({ method, url: route.url, public: isPublicRoute(method, route.url) });
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app as unknown as FastifyInstance);
  app.addHook('onResponse', logRequest);
  app.log.info(
    database.kind === 'pglite'
      ? `database: embedded PostgreSQL (PGlite) in ${embeddedPaths(config).pgDir}`
      : 'database: PostgreSQL server (DATABASE_URL)',
  );

  // JSON bodies: an empty body counts as no body (POST auth/refresh, logout send none)
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) {
      done(null, undefined);
      return;
    }
    defaultJson(req, body as string, done);
  });

  // services
  const secret = await resolveJwtSecret(config, database);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('tokens', new TokenService(secret, config.accessTokenTtlSeconds));
  app.decorate('passwords', new PasswordHasher(config.argon2));
  const sessions = new SessionRevocations(database.db, {
    cacheMs: config.sessionCacheSeconds * 1000,
    connectionString: database.connectionString,
    log: app.log,
  });
  app.decorate('sessions', sessions);
  const apiKeyAuth = new ApiKeyAuth(database.db, {
    cacheMs: config.sessionCacheSeconds * 1000,
    connectionString: database.connectionString,
    requestsPerMinute: config.integrations.apiKeyRequestsPerMinute,
    log: app.log,
  });
  app.decorate('apiKeys', apiKeyAuth);
  app.decorate('usage', new UsageRegistry());
  // list answers kept until their rows change (lib/list-cache.ts): this process's writes are
  // seen by its own connections; on a PostgreSQL server the other processes' come through a
  // LISTEN connection of their own, and the cache serves nothing while that one is down
  const listCache = new ListCache(config.listCacheMb * 1024 * 1024, database.kind === 'pglite');
  database.onListChange((userId) => listCache.changed(userId));
  app.decorate('listCache', listCache);
  app.decorateRequest('listCacheTicket', -1);
  const listChanges =
    database.connectionString && config.listCacheMb > 0
      ? new PgListener({
          connectionString: database.connectionString,
          channel: LIST_CHANGES_CHANNEL,
          log: app.log,
          label: 'list changes',
          onPayload: (userId) => listCache.changed(userId),
          onListening: () => listCache.setLive(true),
          onLost: () => listCache.setLive(false),
        })
      : null;
  app.decorate('listChanges', listChanges);
  const transport = database.connectionString
    ? new PgNotifyTransport(database.connectionString, database.db, app.log)
    : new InProcessTransport();
  const hub = new RealtimeHub(transport, {
    pingIntervalMs: config.ws.pingIntervalSeconds * 1000,
    pongTimeoutMs: config.ws.pongTimeoutSeconds * 1000,
    log: app.log,
    // a lost revocation notice still closes the sockets within the session-cache period
    recheck: { everyMs: Math.max(1, config.sessionCacheSeconds) * 1000, ended: (live) => sessions.endedAmong(live) },
    // an event from another process follows the commit of what it tells: its user's lists may
    // be older than it even if that commit's notice has not reached this process yet
    onRemoteEvent: (userId) => listCache.changed(userId),
  });
  app.decorate('realtime', hub);
  const hooks = createAuthHooks(app as unknown as FastifyInstance);
  app.decorate('requireUser', hooks.requireUser);
  app.decorate('requireSuperuser', hooks.requireSuperuser);
  app.decorateRequest('user', null as never);
  app.decorateRequest('sessionId', '');
  app.decorateRequest('apiKey', null);

  // first-start data
  await seedDefaultResourceTypesOnce(database.db);
  await bootstrapAdminFromEnv(app as unknown as FastifyInstance);
  await hub.start();
  await sessions.start();
  await apiKeyAuth.start();
  await listChanges?.start();
  app.log.info(
    hub.transportKind === 'postgres'
      ? 'realtime: sockets across API processes (PostgreSQL LISTEN/NOTIFY)'
      : 'realtime: sockets in this process',
  );
  // sockets of a revoked session or a disabled account close too (4401), here and, through
  // NOTIFY, in other processes
  sessions.onRevoked((ended) => hub.closeEnded(ended, WS_CLOSE_CODES.UNAUTHORIZED, SESSION_ENDED_REASON));

  // plugins
  // helmet's headers, computed once with its options (lib/security-headers.ts): @fastify/helmet
  // rebuilt the middleware and re-parsed the CSP on every request (two promises and about 3 %
  // of a list request's CPU); no route sets its own helmet options. Set on the raw response as
  // helmet does, so error answers keep them; a route's own header (the docs page's CSP) wins.
  const securityHeaders = Object.entries(SECURITY_HEADERS);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onRequest', rejectLongUrls);
  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    maxAge: 600,
  });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: config.bodyLimitBytes });
  await app.register(websocket, {
    options: {
      maxPayload: config.ws.maxPayloadBytes,
      handleProtocols: (protocols: Set<string>) => authProtocolOf(protocols) ?? false,
    },
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(1001, 'Server shutting down');
      this.websocketServer.close();
      done();
    },
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Quarry API',
        version: API_VERSION,
        description:
          'Documents in, structured data out. Errors: {"detail": "..."} or {"detail": [{loc, msg, type}]} (422). ' +
          'Realtime: WebSocket /ws/connect?channels=general,jobs and /ws/session/{userId}, token in the ' +
          'sub-protocol auth.<base64url(access token)>.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // routes
  let apiContext: App | null = null;
  await app.register(
    async (api) => {
      apiContext = api;
      // deny by default: every /api/v1 route requires a user unless it is on the public list
      api.addHook('onRoute', requireUserByDefault(app as unknown as FastifyInstance));
      // after the guards are in place: a kept list answer is served behind them
      api.addHook('onRoute', listCacheOnRoute(listCache));
      for (const mod of apiModules) await api.register(mod);
    },
    { prefix: '/api/v1' },
  );
  // the job queue (decorated inside /api/v1 by modules/jobs/plugin.ts, which also starts and
  // stops the in-process workers) is reachable from the root too: app.jobs
  app.decorate('jobs', (apiContext as App | null)!.jobs);
  await app.register(realtimeRoutes);
}
