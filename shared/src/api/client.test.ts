/**
 * @jest-environment node
 */
// The client against a real local HTTP server (Node's fetch): no mocked fetch.
import { getAccessToken, getAuthState, setAccessToken, setAuthenticated, resetSessionForTests, USER_STORAGE_KEY } from '../auth/session';
import { AppError, RefreshError } from '../errors/app-error';
import { MemoryStorage, startFakeApi, type FakeApi, type FakeHandler } from '../testing/fakeApi';
import { api, buildQuery, buildUrl, configureApi, resetApiConfig } from './client';

const storage = new MemoryStorage();
Object.defineProperty(globalThis, 'sessionStorage', { value: storage, configurable: true });

let server: FakeApi | undefined;
async function serve(handler: FakeHandler) {
  server = await startFakeApi(handler);
  configureApi({ baseUrl: server.baseUrl });
  return server;
}

const user = { id: 'u1', email: 'a@b.c', is_superuser: false } as never;

beforeEach(() => {
  resetApiConfig();
  resetSessionForTests();
  storage.clear();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('URLs and query parameters', () => {
  it('skips undefined and null, repeats arrays, stringifies scalars', () => {
    expect(buildQuery({ offset: 0, limit: 20, status_filter: undefined, x: null, include_failed: false, id: ['a', 'b'] })).toBe(
      'offset=0&limit=20&include_failed=false&id=a&id=b',
    );
    expect(buildQuery(undefined)).toBe('');
  });

  it('joins paths to the base /api/v1/ whatever their leading slash, and passes absolute URLs through', () => {
    expect(buildUrl('/prompts/')).toBe('/api/v1/prompts/');
    expect(buildUrl('ocr/jobs', { limit: 5 })).toBe('/api/v1/ocr/jobs?limit=5');
    expect(buildUrl('https://cdn.example/x?a=1', { b: 2 })).toBe('https://cdn.example/x?a=1&b=2');
    configureApi({ baseUrl: 'http://api.test/api/v1' });
    expect(buildUrl('users/me')).toBe('http://api.test/api/v1/users/me');
  });
});

describe('requests', () => {
  it('sends JSON with the Bearer token on private calls and none on public calls', async () => {
    const s = await serve((req) => ({ body: { path: req.path, auth: req.headers.authorization ?? null, json: req.json } }));
    setAccessToken('tok');
    const res = await api.post<{ auth: string; json: unknown; path: string }>('/datasets/', { name: 'D' }, { query: { x: 1 } });
    expect(res).toEqual({ path: '/api/v1/datasets/', auth: 'Bearer tok', json: { name: 'D' } });
    expect(s.requests[0]!.headers['content-type']).toBe('application/json');
    expect(s.requests[0]!.query.get('x')).toBe('1');

    const pub = await api.post<{ auth: string | null }>('contact', { a: 1 }, { public: true });
    expect(pub.auth).toBeNull();
  });

  it('sends form-encoded fields with postForm', async () => {
    const s = await serve(() => ({ body: { ok: true } }));
    await api.postForm('auth/login', { username: 'a@b.c', password: 'p w&' }, { public: true });
    expect(s.requests[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(s.requests[0]!.body).get('password')).toBe('p w&');
  });

  it('supports get/put/patch/delete and answers undefined for 204', async () => {
    const s = await serve((req) => (req.method === 'DELETE' ? { status: 204 } : { body: { method: req.method } }));
    expect(await api.get('a')).toEqual({ method: 'GET' });
    expect(await api.put('a', {})).toEqual({ method: 'PUT' });
    expect(await api.patch('a', {})).toEqual({ method: 'PATCH' });
    expect(await api.delete('a')).toBeUndefined();
    expect(s.requests.map((r) => r.method)).toEqual(['GET', 'PUT', 'PATCH', 'DELETE']);
  });

  it('maps error answers through the catalogue (detail string, detail list, message, status classes)', async () => {
    await serve((req) => {
      switch (req.path) {
        case '/api/v1/a':
          return { status: 404, body: { detail: 'Prompt not found' } };
        case '/api/v1/b':
          return { status: 422, body: { detail: [{ loc: ['body', 'name'], msg: 'Field required', type: 'missing' }] } };
        case '/api/v1/c':
          return { status: 500, body: { message: 'boom' } };
        default:
          return { status: 403, body: {} };
      }
    });
    await expect(api.get('a', { public: true })).rejects.toMatchObject({ kind: 'validation', status: 404, message: 'Prompt not found' });
    await expect(api.get('b', { public: true })).rejects.toMatchObject({ kind: 'validation', status: 422, message: 'Field required' });
    await expect(api.get('c', { public: true })).rejects.toMatchObject({ kind: 'system', status: 500, message: 'boom', retryable: true });
    await expect(api.get('d', { public: true })).rejects.toMatchObject({
      kind: 'authorization',
      message: 'You do not have permission to perform this action.',
    });
  });

  it('validates the answer with a schema when given one', async () => {
    await serve(() => ({ body: { n: 'not a number' } }));
    const schema = {
      parse(data: unknown) {
        const n = (data as { n: unknown }).n;
        if (typeof n !== 'number') throw new Error('n must be a number');
        return { n };
      },
    };
    await expect(api.get('x', { schema })).rejects.toMatchObject({ kind: 'system' });
    configureApi({ baseUrl: server!.baseUrl });
  });

  it('turns an unreachable server and a time-out into network errors', async () => {
    const s = await serve((req) => (req.path.endsWith('slow') ? { delayMs: 500, body: {} } : { destroy: true }));
    await expect(api.get('gone', { public: true })).rejects.toMatchObject({
      kind: 'network',
      message: 'Network connection error. Please check your connection and try again.',
    });
    await expect(api.get('slow', { public: true, timeoutMs: 50 })).rejects.toMatchObject({ kind: 'network', retryable: true });
    expect(s.requests.length).toBe(2);
  });

  it('lets a caller abort through as an AbortError, not a network error', async () => {
    await serve(() => ({ delayMs: 300, body: {} }));
    const controller = new AbortController();
    const pending = api.get('x', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the refresh queue', () => {
  function protectedApi(options: { refreshStatus?: number; refreshDelayMs?: number } = {}) {
    let valid = 'fresh-1';
    return serve((req) => {
      if (req.path === '/api/v1/auth/refresh') {
        if (options.refreshStatus && options.refreshStatus !== 200) {
          return { status: options.refreshStatus, body: { detail: 'Invalid refresh token' }, delayMs: options.refreshDelayMs ?? 50 };
        }
        valid = 'fresh-2';
        return { body: { access_token: valid, token_type: 'bearer' }, delayMs: options.refreshDelayMs ?? 50 };
      }
      if (req.headers.authorization !== `Bearer ${valid}`) return { status: 401, body: { detail: 'Not authenticated' } };
      return { body: { path: req.path, token: valid } };
    });
  }

  it('N concurrent 401s cause exactly one POST auth/refresh (empty body) and every request is retried once', async () => {
    const s = await protectedApi();
    setAccessToken('expired');
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => api.get<{ path: string; token: string }>(`items/${n}`)));
    expect(results.map((r) => r.path)).toEqual([1, 2, 3, 4, 5].map((n) => `/api/v1/items/${n}`));
    expect(results.every((r) => r.token === 'fresh-2')).toBe(true);
    expect(s.count('POST', '/api/v1/auth/refresh')).toBe(1);
    const refresh = s.requests.find((r) => r.path === '/api/v1/auth/refresh')!;
    expect(refresh.body).toBe('');
    expect(refresh.headers.authorization).toBeUndefined();
    for (const n of [1, 2, 3, 4, 5]) expect(s.count('GET', `/api/v1/items/${n}`)).toBe(2);
    expect(getAccessToken()).toBe('fresh-2');
  });

  it('a request started while the refresh is under way waits for it instead of collecting another 401', async () => {
    const s = await protectedApi({ refreshDelayMs: 150 });
    setAccessToken('expired');
    const first = api.get('items/1');
    await new Promise((r) => setTimeout(r, 60)); // the refresh is now in flight
    const second = api.get('items/2');
    await Promise.all([first, second]);
    expect(s.count('POST', '/api/v1/auth/refresh')).toBe(1);
    expect(s.count('GET', '/api/v1/items/2')).toBe(1);
  });

  it('a second 401 after the retry is an authentication error, with no second refresh', async () => {
    const s = await serve((req) =>
      req.path === '/api/v1/auth/refresh' ? { body: { access_token: 'new' } } : { status: 401, body: { detail: 'Not authenticated' } },
    );
    setAccessToken('old');
    await expect(api.get('me')).rejects.toMatchObject({ kind: 'authentication', status: 401 });
    expect(s.count('POST', '/api/v1/auth/refresh')).toBe(1);
    expect(s.count('GET', '/api/v1/me')).toBe(2);
  });

  it('a failed refresh clears the session and rejects every waiting request with a RefreshError', async () => {
    const s = await protectedApi({ refreshStatus: 401 });
    setAccessToken('expired');
    setAuthenticated(user);
    expect(storage.getItem(USER_STORAGE_KEY)).not.toBeNull();

    const outcomes = await Promise.allSettled([1, 2, 3].map((n) => api.get(`items/${n}`)));
    expect(s.count('POST', '/api/v1/auth/refresh')).toBe(1);
    for (const o of outcomes) {
      expect(o.status).toBe('rejected');
      const reason = (o as PromiseRejectedResult).reason as RefreshError;
      expect(reason).toBeInstanceOf(RefreshError);
      expect(reason).toBeInstanceOf(AppError);
      expect(reason.kind).toBe('refresh');
      expect(reason.isAuthFailure).toBe(true);
    }
    expect(getAccessToken()).toBeNull();
    expect(getAuthState()).toMatchObject({ status: 'anonymous', user: null });
    expect(storage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('a refresh answer without access_token is a failure too', async () => {
    await serve((req) => (req.path === '/api/v1/auth/refresh' ? { body: {} } : { status: 401, body: {} }));
    setAccessToken('x');
    await expect(api.get('a')).rejects.toMatchObject({ kind: 'refresh', reason: 'no_token' });
    expect(getAccessToken()).toBeNull();
  });

  it('public calls and skipRefresh calls never refresh', async () => {
    const s = await serve(() => ({ status: 401, body: { detail: 'Invalid email or password' } }));
    await expect(api.postForm('auth/login', { username: 'a', password: 'b' }, { public: true })).rejects.toMatchObject({
      kind: 'authentication',
      message: 'Invalid email or password',
    });
    setAccessToken('t');
    await expect(api.post('auth/logout', undefined, { skipRefresh: true })).rejects.toMatchObject({ status: 401 });
    expect(s.count('POST', '/api/v1/auth/refresh')).toBe(0);
  });
});
