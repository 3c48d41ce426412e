// The admin screens' API in tests: the shared fake API (a real local HTTP server, so the API
// client's fetch, headers and zod schemas all run) answering from a route table keyed
// "METHOD /path" (path after /api/v1), with every call recorded. Screens render with
// `renderRoute` from @quarry/shared/testing, the kit every app uses.
import { signInForTests, signOutForTests, startFakeApi, type FakeApi } from '@quarry/shared/testing';
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

let server: FakeApi;
let routes: FakeRoutes = {};
let calls: FakeCall[] = [];

beforeAll(async () => {
  server = await startFakeApi(async (req) => {
    const call = { method: req.method, path: req.path.replace(/^\/api\/v1/, ''), query: req.query, body: req.json };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    return handler ? await handler(call) : { status: 404, body: { detail: 'Not Found' } };
  });
});
afterAll(() => server.close());

/**
 * Serves `table` to the signed-in test user until the next call. Returns the calls made; an
 * unknown route answers 404 and is recorded too.
 */
export function fakeApi(table: FakeRoutes): FakeCall[] {
  routes = table;
  calls = [];
  signInForTests(server);
  return calls;
}

export function resetFakeApi() {
  signOutForTests();
}
