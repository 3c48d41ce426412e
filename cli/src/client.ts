// The typed API client: openapi-fetch over the paths generated from the API's OpenAPI document
// (src/generated/api.d.ts), with the key on every call and API errors turned into exit codes.
import createClient, { type Client } from 'openapi-fetch';
import { CliError, EXIT } from './errors';
import type { paths } from './generated/api';

export type Api = Client<paths>;

export function createApi(url: string, key: string, fetchImpl: typeof fetch = globalThis.fetch): Api {
  const client = createClient<paths>({ baseUrl: url, fetch: (req) => fetchImpl(req) });
  client.use({
    onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${key}`);
      if (!request.headers.has('user-agent')) request.headers.set('user-agent', 'quarry-cli');
      return request;
    },
  });
  return client;
}

/** The `detail` of an API error body as one line. */
export function detailOf(body: unknown): string {
  const detail = (body as { detail?: unknown } | null | undefined)?.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((d: { loc?: unknown[]; msg?: string }) => `${Array.isArray(d.loc) ? `${d.loc.join('.')}: ` : ''}${d.msg ?? ''}`)
      .join('; ');
  }
  return typeof body === 'string' && body ? body.slice(0, 300) : 'no detail';
}

const AUTH_403 = /API key|scope|account is disabled|inactive/i;

/** An API error answer as a CliError: 401 (and a 403 about the key or account) is exit 3, the rest 1. */
export function apiError(status: number, body: unknown, what: string): CliError {
  const detail = detailOf(body);
  const auth = status === 401 || (status === 403 && AUTH_403.test(detail));
  return new CliError(`${what}: ${status} ${detail}`, auth ? EXIT.auth : EXIT.failure);
}

/** Unwraps an openapi-fetch result: the data, or a thrown CliError. */
export function ok<T>(result: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (!result.response.ok || result.data === undefined) throw apiError(result.response.status, result.error, what);
  return result.data;
}

/** fetch failures (refused, DNS, TLS) as exit 1 with the cause. */
export async function reachable<T>(url: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof CliError) throw err;
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new CliError(`Cannot reach ${url}: ${cause?.code ?? cause?.message ?? (err as Error).message}`, EXIT.failure);
  }
}
