// Component tests: a screen inside the real providers (Chakra system, a fresh query client,
// the toast region) and a memory router, talking to the real API client whose fetch is a
// routed fake (so every call still goes through the client and its zod schema).
import '@testing-library/jest-dom';
import { AppProviders, configureApi, createQueryClient, resetApiConfig } from '@quarry/shared';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';

// findBy / waitFor: the default 1 s is too short on a busy two-core machine
configure({ asyncUtilTimeout: 5000 });

export function renderWithApp(element: ReactElement, { path = '/', initialEntries = [path] }: { path?: string; initialEntries?: string[] } = {}) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries },
  );
  const result = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, client };
}

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

/** Keeps Ark UI's known act() warning out of the output (every other console.error still shows). */
export function quietActWarnings() {
  const original = console.error;
  return jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && (args[0].includes('not wrapped in act') || args[0].startsWith('flushSync was called from inside a lifecycle'))) return;
    original(...args);
  });
}
