// A screen's API in component tests: the fake API (a real local HTTP server, so the API
// client's fetch, headers, error mapping and zod response schemas all run as in the app)
// answering from a route table keyed "METHOD /path" (the path after /api/v1, without the
// query), with every call recorded so a test can check what was sent. A route the table
// does not name answers 404 `{detail: 'Not Found'}` (and is recorded too), as the API
// would, so a forgotten route fails the screen instead of hanging it. Errors are answered
// as the API answers them (`{ status: 409, body: { detail: '...' } }`) and the client turns
// them into AppErrors itself.
//
// Call `setupFakeApiRoutes()` once at the top level of a test file: it registers that file's
// jest hooks (start the server before all, sign out after each, close after all); importing
// `@quarry/shared/testing` registers nothing.
import { configure } from '@testing-library/react';
import type { IncomingHttpHeaders } from 'node:http';
import type { AuthUser } from '../auth/session';
import { configureApi } from '../api/client';
import { startFakeApi, type FakeApi, type FakeResponse } from './fakeApi';
import { TEST_USER, signInForTests, signOutForTests } from './renderRoute';

const API_PREFIX = '/api/v1';

export interface FakeCall {
  method: string;
  /** The path after /api/v1 (`/files/abc`); a request outside /api/v1 keeps its whole path. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The JSON body, parsed (undefined when there is none or it is not JSON). */
  body: unknown;
  /** The body as sent (form-encoded fields, text). */
  text: string;
}

export type FakeRoute = (call: FakeCall) => FakeResponse | Promise<FakeResponse>;
/** `{ 'GET /files/abc': () => ({ body: file }), 'POST /jobs/': (call) => ({ status: 201, body: ... }) }` */
export type FakeRoutes = Record<string, FakeRoute>;

export interface ServeOptions {
  /** Who is signed in while the table is served; `null` = nobody (login screens). Default TEST_USER. */
  user?: AuthUser | null;
}

export interface FakeApiRoutes {
  /**
   * Answers from `table` until the next `serve` (or the end of the test) and points the API
   * client at the server, signed in as `options.user`. Returns the calls made from now on, in
   * order, unknown routes included.
   */
  serve(table: FakeRoutes, options?: ServeOptions): FakeCall[];
  /** An absolute URL on the fake server, for answers that carry one (a signed download URL). */
  url(path: string): string;
}

export function setupFakeApiRoutes(): FakeApiRoutes {
  // findBy / waitFor: each answer is a real HTTP round trip, and on a busy two-core machine
  // a screen answered over HTTP often needs longer than the default second to appear.
  configure({ asyncUtilTimeout: 5000 });

  let server: FakeApi | undefined;
  let routes: FakeRoutes = {};
  let calls: FakeCall[] = [];

  beforeAll(async () => {
    server = await startFakeApi(async (req) => {
      const path = req.path.startsWith(`${API_PREFIX}/`) ? req.path.slice(API_PREFIX.length) : req.path;
      const call: FakeCall = { method: req.method, path, query: req.query, headers: req.headers, body: req.json, text: req.body };
      calls.push(call);
      const route = routes[`${call.method} ${call.path}`];
      return route ? await route(call) : { status: 404, body: { detail: 'Not Found' } };
    });
  });
  afterEach(() => {
    routes = {};
    signOutForTests();
  });
  afterAll(() => server?.close());

  const running = (): FakeApi => {
    if (!server) throw new Error('setupFakeApiRoutes(): serve() and url() work inside tests (the server starts in beforeAll)');
    return server;
  };

  return {
    serve(table, { user = TEST_USER } = {}) {
      const api = running();
      routes = table;
      calls = [];
      if (user) signInForTests(api, user);
      else {
        signOutForTests();
        configureApi({ baseUrl: api.baseUrl });
      }
      return calls;
    },
    url: (path) => `${running().origin}${path.startsWith('/') ? '' : '/'}${path}`,
  };
}
