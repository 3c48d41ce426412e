// The admin screens' API fake: the real API client (and its zod schemas) runs, but its fetch
// answers from a route table keyed "METHOD /path" and records every call. Screens render
// with `renderRoute` from @quarry/shared/testing, the kit every app uses.
import { configureApi, resetApiConfig } from '@quarry/shared';
import { configure } from '@testing-library/react';

// findBy / waitFor: the default 1 s is too short on a busy two-core machine
configure({ asyncUtilTimeout: 5000 });

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;
export type FakeRoutes = Record<string, (call: FakeCall) => Answer>;

/**
 * Answers the API client's calls from `routes`, keyed `"METHOD /path"` (path after /api/v1).
 * Returns the calls made; an unknown route answers 404 and is recorded too.
 */
export function fakeApi(routes: FakeRoutes): FakeCall[] {
  const calls: FakeCall[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path, query: url.searchParams, body };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    const answer = handler ? await handler(call) : { status: 404, body: { detail: 'Not Found' } };
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined || status === 204 ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  configureApi({ fetch: fetchImpl as typeof fetch });
  return calls;
}

export function resetFakeApi() {
  resetApiConfig();
}
