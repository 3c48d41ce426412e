// What the API description says of routes. A route states only what is its own (path, input,
// answers, summary); what every guarded route or every route of a module shares is added here
// once, by onRoute hooks: the bearer scheme and the 401 / 403 answers of a guarded route
// (documentGuarded, from the deny-by-default hook in auth/guard.ts), and a module's tags
// (tagRoutes, called first in the module).
import { ErrorResponseSchema, IdParamsSchema, ValidationErrorResponseSchema } from '@quarry/shared/schemas';
import type { FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { App } from '../types';

/** `security` entry of routes that need the Bearer access token. */
const bearer = [{ bearerAuth: [] }];

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 423 | 429;

/** Documents error answers: `...errorResponses(401, 404)` inside `response`. */
export function errorResponses(...statuses: ErrorStatus[]) {
  const out: Partial<Record<ErrorStatus, typeof ErrorResponseSchema | typeof ValidationErrorResponseSchema>> = {};
  for (const s of statuses) out[s] = s === 422 ? ValidationErrorResponseSchema : ErrorResponseSchema;
  return out;
}

/**
 * Route options of a plain read or change of one row by id (`/x/:id`), stating only its own:
 * the 200 answer, in `more` a body or summary, and any error answer of its own (a 409 when the
 * row's state refuses the change). The id parameter and the 404 (no such row of the caller's)
 * and 422 (a malformed id or body) answers are the same on every such route.
 */
export function byIdRoute<Ok, More extends Omit<FastifySchema, 'params' | 'response'> = object>(
  ok: Ok,
  more?: More,
  ...alsoErrors: ErrorStatus[]
) {
  return byId({ 200: ok }, more, alsoErrors);
}

/** Route options of a delete by id that answers 204 with no body; the rest as byIdRoute. */
export function deleteByIdRoute<More extends Omit<FastifySchema, 'params' | 'response'> = object>(more?: More, ...alsoErrors: ErrorStatus[]) {
  return byId({ 204: z.undefined() }, more, alsoErrors);
}

function byId<Answer extends object, More>(answer: Answer, more: More | undefined, alsoErrors: ErrorStatus[]) {
  return { schema: { params: IdParamsSchema, ...(more as More), response: { ...answer, ...errorResponses(404, 422, ...alsoErrors) } } };
}

type RouteSchema = FastifySchema & { tags?: string[]; security?: unknown; response?: Record<string, unknown> };

/**
 * A guarded route, as the API description shows it: the bearer scheme, and the 401 (no or a
 * bad token) and 403 (disabled account, key scope, not a superuser) every guard can answer.
 * What the route states itself wins. A route without a schema is left as it is.
 */
export function documentGuarded(route: RouteOptions): void {
  const schema = route.schema as RouteSchema | undefined;
  if (!schema) return;
  route.schema = {
    ...schema,
    security: schema.security ?? bearer,
    // status codes are integer-like keys: the description lists them in order either way
    response: { ...errorResponses(401, 403), ...schema.response },
  } as RouteSchema;
}

/** Lists every route the module registers after this call under `tags` (unless a route names its own). */
export function tagRoutes(app: App, ...tags: string[]): void {
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as RouteSchema;
    route.schema = { ...schema, tags: schema.tags ?? tags } as RouteSchema;
  });
}
