// Errors and their JSON shape:
//   {"detail": "..."}                                         any 4xx/5xx
//   {"detail": [{"loc": [...], "msg": "...", "type": "..."}]} validation (422)
// Throw `new HttpError(status, detail)` (or the helpers) from handlers and services;
// the central handler (installErrorHandling) turns everything else into a safe answer.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { ValidationErrorItem } from '@quarry/shared/schemas';
import { z } from 'zod';
import { SECURITY_HEADERS } from './security-headers';

export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly detail: string | ValidationErrorItem[],
    public readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : (detail[0]?.msg ?? 'Validation error'));
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail = 'Not authenticated') =>
  new HttpError(401, detail, { 'WWW-Authenticate': 'Bearer' });
export const forbidden = (detail = 'You do not have permission to perform this action') => new HttpError(403, detail);
export const notFound = (detail = 'Not Found') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new HttpError(429, detail, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** A 422 in the list form, for checks done in handlers (e.g. password strength). */
export const validationError = (loc: (string | number)[], msg: string, type = 'value_error') =>
  new HttpError(422, [{ loc, msg, type }]);

// ------------------------------------------------------------------ validation

type Issue = z.core.$ZodIssue;

const ISSUE_TYPES: Record<string, string> = {
  invalid_type: 'type_error',
  too_small: 'too_short',
  too_big: 'too_long',
  invalid_format: 'value_error',
  not_multiple_of: 'value_error',
  unrecognized_keys: 'extra_forbidden',
  invalid_union: 'value_error',
  invalid_key: 'value_error',
  invalid_element: 'value_error',
  invalid_value: 'enum',
  custom: 'value_error',
};

function issuesToItems(issues: readonly Issue[], location: string): ValidationErrorItem[] {
  const items: ValidationErrorItem[] = [];
  for (const issue of issues) {
    const base = [location, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        items.push({ loc: [...base, key], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' });
      }
      continue;
    }
    let type = ISSUE_TYPES[issue.code] ?? 'value_error';
    if (issue.code === 'invalid_type' && issue.input === undefined) type = 'missing';
    if (issue.code === 'too_small' && (issue.origin === 'number' || issue.origin === 'bigint')) type = 'less_than';
    if (issue.code === 'too_big' && (issue.origin === 'number' || issue.origin === 'bigint')) type = 'greater_than';
    items.push({ loc: base, msg: issue.message, type });
  }
  return items;
}

/** Rejects NUL characters and lone surrogates anywhere in the input (PostgreSQL cannot store them). */
function findBadString(value: unknown, pathSoFar: (string | number)[], depth = 0): ValidationErrorItem | null {
  if (depth > 64) return { loc: pathSoFar, msg: 'Input is nested too deeply', type: 'value_error' };
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return { loc: pathSoFar, msg: 'Text must not contain NUL characters', type: 'string_nul' };
    if (!value.isWellFormed()) return { loc: pathSoFar, msg: 'Text is not valid Unicode', type: 'string_unicode' };
    return null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findBadString(value[i], [...pathSoFar, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const keyProblem = findBadString(k, [...pathSoFar, k], depth + 1);
      if (keyProblem) return keyProblem;
      const found = findBadString(v, [...pathSoFar, k], depth + 1);
      if (found) return found;
    }
  }
  return null;
}

const LOCATION: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

/** Fastify validator compiler for zod schemas: errors carry the FastAPI-style list and answer 422. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const location = LOCATION[httpPart ?? 'body'] ?? String(httpPart);
  return (data: unknown) => {
    const bad = findBadString(data, [location]);
    if (bad) return { error: new HttpError(422, [bad]) };
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new HttpError(422, issuesToItems(result.error.issues, location)) };
  };
};

/** Server-side default messages for schemas that do not bring their own. */
export function installZodMessages(): void {
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type' && issue.input === undefined) return 'Field required';
      return undefined;
    },
  });
}

// ------------------------------------------------------------------ central handler

const PG_ERROR_MAP: Record<string, [number, string]> = {
  '22P02': [422, 'Invalid input value'],
  '22003': [422, 'Number out of range'],
  '22001': [422, 'Value too long'],
  '22021': [422, 'Text is not valid UTF-8'],
  '22P05': [422, 'Text contains characters that cannot be stored'],
  '23505': [409, 'Resource already exists'],
  '23503': [409, 'Referenced resource does not exist'],
  '23514': [422, 'Value violates a constraint'],
  '54000': [422, 'Input too large'],
};

/** A PostgreSQL error's SQLSTATE, on the error or its causes (drizzle wraps the driver's). */
export const pgCode = (err: unknown): string | undefined => {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};

/**
 * A query on a closed database: pg's Pool after end(), a closed PGlite (the error or its
 * causes). Only happens while the API stops, to a request still running after the drain
 * (lib/drain.ts).
 */
export const isDatabaseClosedError = (err: unknown): boolean => {
  let e: unknown = err;
  for (let depth = 0; e instanceof Error && depth < 5; depth++) {
    if (/^Cannot use a pool after calling end on the pool$|^PGlite is closed$/.test(e.message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

const errnoOf = (err: unknown): string | undefined => {
  let e: unknown = err;
  for (let i = 0; i < 5 && e; i += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};

/** A write refused because the disk (or the user's quota on it) is full: ENOSPC / EDQUOT, or PostgreSQL's disk_full. */
export const isStorageFullError = (err: unknown): boolean => {
  const code = errnoOf(err);
  return code === 'ENOSPC' || code === 'EDQUOT' || pgCode(err) === '53100';
};

/** The database cannot be used at all (the embedded one after its disk failed): every request gets 503 with the reason. */
export class DatabaseUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`The database is unavailable: ${reason}`);
    this.name = 'DatabaseUnavailableError';
  }
}

export const STORAGE_FULL_DETAIL =
  'Storage is full: the server has no space left to store this. Nothing was saved; try again once space has been freed (the administrator has to free or add disk space).';

/** Seconds a client should wait before trying again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// PostgreSQL's connection and operator-intervention classes: the server is gone, not the request wrong
const PG_UNAVAILABLE: Record<string, string> = {
  '08000': 'the connection failed',
  '08001': 'the database refused the connection',
  '08003': 'the connection does not exist',
  '08004': 'the database refused the connection',
  '08006': 'the connection failed',
  '57P01': 'the database server was shut down',
  '57P02': 'the database server crashed',
  '57P03': 'the database server is starting up or shutting down',
  '53300': 'the database has too many connections',
};
const NET_UNAVAILABLE: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EPIPE: 'connection lost',
};

/**
 * Why the database cannot be reached, or null when `err` is something else: a refused or
 * lost connection to the PostgreSQL server, the server shutting down, no connection within
 * the pool's timeout, or an embedded database that stopped working (its disk failed).
 */
export function databaseUnavailableReason(err: unknown, databasePort?: number): string | null {
  const pg = pgCode(err);
  if (pg && PG_UNAVAILABLE[pg]) return PG_UNAVAILABLE[pg];
  // A network error counts when it comes from a query (drizzle wraps those) or from connecting
  // to the database's port (a transaction's first connection): an LLM or S3 call failing the
  // same way is not the database.
  let fromQuery = false;
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e instanceof DatabaseUnavailableError) return e.reason;
    if (e instanceof Error && e.name === 'DrizzleQueryError') fromQuery = true;
    const { code, syscall, port } = e as { code?: unknown; syscall?: unknown; port?: unknown };
    const toDatabase = fromQuery || (syscall === 'connect' && databasePort !== undefined && port === databasePort);
    if (typeof code === 'string' && NET_UNAVAILABLE[code] && toDatabase) return NET_UNAVAILABLE[code];
    const message = e instanceof Error ? e.message : '';
    if (/^Connection terminated|^timeout exceeded when trying to connect/.test(message)) return 'the connection was lost or timed out';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

function send(reply: FastifyReply, status: number, detail: string | ValidationErrorItem[]) {
  // responses here never go through a route's response schema
  return reply.code(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send({ detail });
}

/** The PostgreSQL server's port (DATABASE_URL), if the app uses one. */
function databasePort(app: FastifyInstance): number | undefined {
  const url = (app as { database?: { connectionString: string | null } }).database?.connectionString;
  if (!url) return undefined;
  try {
    return Number(new URL(url).port || 5432);
  } catch {
    return undefined;
  }
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setSchemaErrorFormatter((errors, dataVar) => {
    // only reached for non-zod schemas; keep the list form
    const err = new HttpError(
      422,
      errors.map((e) => ({
        loc: [LOCATION[dataVar] ?? dataVar, ...e.instancePath.split('/').filter(Boolean)],
        msg: e.message ?? 'Invalid value',
        type: e.keyword,
      })),
    );
    return err;
  });

  app.setNotFoundHandler((_req: FastifyRequest, reply: FastifyReply) => send(reply, 404, 'Not Found'));

  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
      return send(reply, error.statusCode, error.detail);
    }
    const fe = error as FastifyError;
    switch (fe.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, 'Malformed JSON body');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, 'Request body is too large');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, 'Unsupported media type');
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(reply, 400, 'Invalid Content-Length');
      case 'FST_ERR_CTP_INVALID_TYPE':
        return send(reply, 400, 'Invalid Content-Type');
      case 'FST_ERR_BAD_URL':
      case 'FST_ERR_ASYNC_CONSTRAINT':
        return send(reply, 400, 'Bad request');
      default:
        break;
    }
    if ((fe as { name?: string }).name === 'SyntaxError' && fe.statusCode === 400) {
      return send(reply, 400, 'Malformed JSON body');
    }
    const code = pgCode(error);
    if (code && PG_ERROR_MAP[code]) {
      const [status, detail] = PG_ERROR_MAP[code];
      request.log.warn({ err: error }, 'database rejected input');
      return send(reply, status, detail);
    }
    if (isDatabaseClosedError(error)) {
      // the API is stopping and this request outlived the drain: not a fault of the request
      request.log.warn(`${request.method} ${request.routeOptions.url ?? 'request'} cut off: the server is shutting down`);
      reply.header('connection', 'close');
      return send(reply, 503, 'The server is shutting down: try again shortly');
    }
    if (isStorageFullError(error)) {
      request.log.error({ err: error }, 'storage full');
      // the rest of an upload's body is not read: close the connection so the client stops sending
      if (!request.raw.complete) reply.header('connection', 'close');
      return send(reply, 507, STORAGE_FULL_DETAIL);
    }
    const unavailable = databaseUnavailableReason(error, databasePort(app));
    if (unavailable) {
      request.log.error(`${request.method} ${request.routeOptions.url ?? 'request'}: database unreachable (${unavailable})`);
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(reply, 503, `The database is unreachable (${unavailable}): try again in a few seconds`);
    }
    const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own messages may quote the request (URL, header values): answer the status text
      const isFramework = typeof fe.code === 'string' && fe.code.startsWith('FST_');
      return send(reply, status, isFramework ? (STATUS_CODES[status] ?? 'Bad request') : fe.message || 'Bad request');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'Internal Server Error');
  });
}

// ------------------------------------------------------------------ before routing

/** Longest request target (path + query) accepted; longer ones answer 414. */
export const MAX_URL_LENGTH = 8192;

const FRAMEWORK_ERRORS: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'Malformed URL: it contains an invalid percent-encoding'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'URL is too long'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'Bad request'],
};

/**
 * Fastify's `frameworkErrors`: errors found while routing (before any hook runs). Fastify's
 * default answer echoes the raw URL in its own shape; these answer {"detail"} with the
 * security headers, like every other error.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const [status, detail] = FRAMEWORK_ERRORS[error.code] ?? [400, 'Bad request'];
  reply.headers(SECURITY_HEADERS);
  void send(reply, status, detail);
}

/** onRequest hook: a request target longer than MAX_URL_LENGTH answers 414. */
export async function rejectLongUrls(request: FastifyRequest): Promise<void> {
  if (request.raw.url && request.raw.url.length > MAX_URL_LENGTH) throw new HttpError(414, 'URL is too long');
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request headers (URL included) are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request timed out'],
};

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused (malformed, headers or
 * URL over Node's limit). There is no request object; the answer is written on the socket.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, detail] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Malformed HTTP request'];
  const body = JSON.stringify({ detail });
  const headers = {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
}
