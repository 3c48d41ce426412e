// The hooks that serve a list route from the ListCache (lib/list-cache.ts) and fill it. A route
// opts in with `config: cachedList('own')` ('all' for a list of everyone's rows, 'own-or-all'
// when a superuser sees everyone's); the onRoute hook below adds, after the route's guard:
// - onRequest: a kept answer for (user, superuser flag, URL) is sent at once: no validation,
//   handler or query; else the request takes its ticket before the handler queries;
// - onSend: a 200 answer of a GET is kept, unless its user's rows changed since the ticket.
// The guard still runs first on every request: a disabled account or a revoked session is
// refused as before, cached list or not.
import type { FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import { CACHED_USER } from '../auth/guard';
import { ListCache, type ListScope } from './list-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** answers kept per user until their rows change (lib/list-cache.ts) */
    listCache?: ListScope;
  }
  interface FastifyRequest {
    /** the list cache's ticket taken before the handler ran; -1 when nothing is to be stored */
    listCacheTicket: number;
  }
}

/**
 * Route config of a list: its guard may take the caller's row from the session cache, and its
 * answer is kept until the rows under it change. `scope`: the caller's rows ('own'), everyone's
 * ('all'), or everyone's for a superuser and the caller's for anyone else ('own-or-all').
 */
export const cachedList = (scope: ListScope) => ({ ...CACHED_USER, listCache: scope });

const isGlobal = (scope: ListScope, request: FastifyRequest): boolean =>
  scope === 'all' || (scope === 'own-or-all' && request.user.isSuperuser);

const keyOf = (request: FastifyRequest): string => ListCache.key(request.user.id, request.user.isSuperuser, request.url);

/** onRoute hook of the /api/v1 context; add it after the one that puts the guards in place. */
export function listCacheOnRoute(cache: ListCache): (route: RouteOptions) => void {
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    request.listCacheTicket = -1;
    if (request.method !== 'GET' || !cache.enabled || !request.user) return undefined;
    const hit = cache.get(keyOf(request));
    if (hit) {
      reply.header('content-type', hit.contentType);
      return reply.send(hit.body);
    }
    request.listCacheTicket = cache.ticket();
    return undefined;
  };
  return (route) => {
    const scope = route.config?.listCache;
    if (!scope) return;
    const keep: onSendHookHandler = (request, reply, payload, done) => {
      const ticket = request.listCacheTicket;
      if (ticket < 0 || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
        done(null, payload);
        return;
      }
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      const contentType = reply.getHeader('content-type');
      cache.store(keyOf(request), ticket, {
        body,
        contentType: typeof contentType === 'string' ? contentType : 'application/json; charset=utf-8',
        userId: request.user.id,
        global: isGlobal(scope, request),
      });
      done(null, body);
    };
    route.onRequest = [...[route.onRequest ?? []].flat(), serve] as RouteOptions['onRequest'];
    route.onSend = [...[route.onSend ?? []].flat(), keep] as RouteOptions['onSend'];
  };
}
