// The one HTTP client of the app (docs/architecture.md, Shared singletons). Module state here is
// app-wide because @quarry/shared is a Module Federation singleton.
import { clearSession, getAccessToken, setAccessToken } from '../auth/session';
import { AppError, RefreshError, errorFromResponse, networkError, toAppError } from '../errors/app-error';

export type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | null | undefined | ReadonlyArray<QueryScalar>;
export type QueryParams = Record<string, QueryValue>;

export interface ApiConfig {
  /** Prefix of every relative path. Default `/api/v1/`. */
  baseUrl: string;
  /** Per-request time-out in ms (covers reading the body). Default 30 000. */
  timeoutMs: number;
  /** The fetch to use; default the global one at call time (tests inject Node's). */
  fetch?: typeof fetch;
}

/** Anything with zod's `parse`. */
export interface Parser<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T = unknown> {
  /** Query parameters; `undefined` and `null` values are left out. */
  query?: QueryParams;
  /** JSON-encoded unless it is FormData, URLSearchParams, a Blob or a string. */
  body?: unknown;
  /** Sent form-encoded (`application/x-www-form-urlencoded`) instead of `body`. */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** A public call: no Bearer token, and a 401 is not refreshed. */
  public?: boolean;
  /** Send the token but do not refresh on 401 (e.g. logout). */
  skipRefresh?: boolean;
  /** Validates (and types) the response body. */
  schema?: Parser<T>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** How to read the body; default: JSON when the response says so, else text. */
  responseType?: 'auto' | 'json' | 'text' | 'blob';
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const DEFAULT_CONFIG: ApiConfig = { baseUrl: '/api/v1/', timeoutMs: 30_000 };
let config: ApiConfig = { ...DEFAULT_CONFIG };

/** Changes the base URL, time-out or fetch implementation for every later call. */
export function configureApi(patch: Partial<ApiConfig>): ApiConfig {
  config = { ...config, ...patch };
  return config;
}

export function getApiConfig(): Readonly<ApiConfig> {
  return config;
}

/** Back to the defaults (tests). */
export function resetApiConfig(): void {
  config = { ...DEFAULT_CONFIG };
  refreshInFlight = null;
}

/** `a=1&b=x&b=y`; undefined and null are skipped, arrays repeat the key. */
export function buildQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  return search.toString();
}

/** Absolute URLs pass through; other paths are joined to the base (leading slashes ignored). */
export function buildUrl(path: string, query?: QueryParams): string {
  const base = config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`;
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(path) ? path : base + path.replace(/^\/+/, '');
  const qs = buildQuery(query);
  if (!qs) return url;
  return url + (url.includes('?') ? '&' : '?') + qs;
}

interface RawResponse {
  status: number;
  ok: boolean;
  body: unknown;
}

function encodeBody(options: RequestOptions<unknown>, headers: Record<string, string>): BodyInit | undefined {
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    return new URLSearchParams(options.form).toString();
  }
  const { body } = options;
  if (body === undefined) return undefined;
  if (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    (typeof Blob !== 'undefined' && body instanceof Blob)
  ) {
    return body as BodyInit;
  }
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(body);
}

async function readBody(res: Response, responseType: RequestOptions['responseType']): Promise<unknown> {
  if (res.status === 204 || res.status === 205 || res.status === 304) return undefined;
  if (responseType === 'blob' && res.ok) return res.blob();
  const text = await res.text();
  if (responseType === 'text' && res.ok) return text;
  const type = res.headers.get('content-type') ?? '';
  if (!text) return undefined;
  if (responseType === 'json' || type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: string }).name === 'AbortError';
}

/** One HTTP exchange with the time-out; never refreshes. */
async function send(method: HttpMethod, url: string, options: RequestOptions<unknown>, token: string | null): Promise<RawResponse> {
  const doFetch = config.fetch ?? globalThis.fetch;
  if (typeof doFetch !== 'function') throw new AppError({ kind: 'unknown', message: 'No fetch implementation available', retryable: false });

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const body = encodeBody(options, headers);
  if (token) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  let timedOut = false;
  const timeoutMs = options.timeoutMs ?? config.timeoutMs;
  const timer = timeoutMs > 0 ? setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs) : undefined;
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) controller.abort(options.signal.reason);
  else options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  try {
    const res = await doFetch(url, { method, headers, body, credentials: 'include', signal: controller.signal });
    const parsed = await readBody(res, options.responseType);
    return { status: res.status, ok: res.ok, body: parsed };
  } catch (error) {
    if (timedOut) throw networkError(error);
    // The caller cancelled (e.g. TanStack Query): let the abort through as an abort.
    if (options.signal?.aborted) throw isAbortError(error) ? error : new DOMException('The operation was aborted.', 'AbortError');
    if (error instanceof AppError) throw error;
    throw networkError(error);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

// ---- refresh queue ---------------------------------------------------------------------

let refreshInFlight: Promise<string> | null = null;

/**
 * `POST auth/refresh` (empty body, cookie only) → `{access_token}`. Concurrent callers
 * share ONE call. On failure the session is cleared and a RefreshError is raised.
 */
export function refreshAccessToken(): Promise<string> {
  if (!refreshInFlight) {
    const attempt = doRefresh();
    refreshInFlight = attempt;
    const release = () => {
      if (refreshInFlight === attempt) refreshInFlight = null;
    };
    attempt.then(release, release);
  }
  return refreshInFlight;
}

/** True while a refresh is under way (diagnostics, tests). */
export function isRefreshing(): boolean {
  return refreshInFlight !== null;
}

async function doRefresh(): Promise<string> {
  let raw: RawResponse;
  try {
    raw = await send('POST', buildUrl('auth/refresh'), {}, null);
  } catch (error) {
    clearSession();
    const cause = toAppError(error);
    throw new RefreshError({ reason: cause.kind === 'network' ? 'network' : 'unknown', cause });
  }
  if (!raw.ok) {
    clearSession();
    const cause = errorFromResponse(raw.status, raw.body);
    throw new RefreshError({
      status: raw.status,
      reason: raw.status === 401 || raw.status === 403 ? 'rejected' : 'server',
      serverMessage: cause.serverMessage,
      detail: cause.detail,
      cause,
    });
  }
  const token = (raw.body as { access_token?: unknown } | undefined)?.access_token;
  if (typeof token !== 'string' || !token) {
    clearSession();
    throw new RefreshError({ status: raw.status, reason: 'no_token' });
  }
  setAccessToken(token);
  return token;
}

// ---- requests --------------------------------------------------------------------------

function finish<T>(raw: RawResponse, schema: Parser<T> | undefined): T {
  if (!raw.ok) throw errorFromResponse(raw.status, raw.body);
  if (!schema) return raw.body as T;
  try {
    return schema.parse(raw.body);
  } catch (error) {
    throw new AppError({ kind: 'system', status: raw.status, detail: error, cause: error, retryable: false,
      message: 'The server sent an unexpected response.' });
  }
}

/**
 * Any call. Private calls carry the Bearer token; a 401 triggers one shared refresh and
 * one retry with the new token. Errors are AppErrors (or an AbortError when the caller's
 * signal aborts).
 */
export async function request<T = unknown>(method: HttpMethod, path: string, options: RequestOptions<T> = {}): Promise<T> {
  const url = buildUrl(path, options.query);
  const opts = options as RequestOptions<unknown>;
  if (options.public) return finish(await send(method, url, opts, null), options.schema);

  // A refresh is under way: wait for its token rather than collecting a certain 401.
  if (refreshInFlight) await refreshInFlight;
  const tokenUsed = getAccessToken();
  let raw = await send(method, url, opts, tokenUsed);

  if (raw.status === 401 && !options.skipRefresh) {
    const current = getAccessToken();
    // Another request refreshed while this one was out: use its token, do not refresh again.
    const token = current && current !== tokenUsed ? current : await refreshAccessToken();
    raw = await send(method, url, opts, token);
  }
  return finish(raw, options.schema);
}

type BodylessOptions<T> = Omit<RequestOptions<T>, 'body'>;

export const api = {
  request,
  get: <T = unknown>(path: string, options?: BodylessOptions<T>) => request<T>('GET', path, options),
  post: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) => request<T>('POST', path, { ...options, body }),
  put: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) => request<T>('PUT', path, { ...options, body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) => request<T>('PATCH', path, { ...options, body }),
  delete: <T = unknown>(path: string, options?: RequestOptions<T>) => request<T>('DELETE', path, options),
  /** POST form-encoded fields (login). */
  postForm: <T = unknown>(path: string, fields: Record<string, string>, options?: Omit<RequestOptions<T>, 'body' | 'form'>) =>
    request<T>('POST', path, { ...options, form: fields }),
  refresh: refreshAccessToken,
  buildUrl,
};

export type Api = typeof api;
