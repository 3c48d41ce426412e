/**
 * @jest-environment node
 */
import { configureApi, resetApiConfig } from '../api/client';
import { MemoryStorage, startFakeApi, type FakeApi, type FakeHandler } from '../testing/fakeApi';
import { getAccessToken, getAuthState, resetSessionForTests, setAccessToken, USER_STORAGE_KEY } from './session';
import { ACCOUNT_DISABLED, AUTHENTICATION_FAILED, NO_ACCESS_TOKEN, SESSION_EXPIRED, authStore, mayHaveSession, resetAuthStoreForTests } from './store';

const storage = new MemoryStorage();
Object.defineProperty(globalThis, 'sessionStorage', { value: storage, configurable: true });

const ME = { id: '7c1d7d43-0000-4000-8000-000000000001', email: 'ada@example.com', is_superuser: true };

let server: FakeApi | undefined;
async function serve(handler: FakeHandler) {
  server = await startFakeApi(handler);
  configureApi({ baseUrl: server.baseUrl });
  return server;
}

/** A small API: refresh answers `refresh`, users/me needs Bearer good. */
function apiWith(opts: { refresh?: 'ok' | 401 | 403 | 'down' | 500; login?: 'ok' | 'no-token' | 401 | 403; logout?: 'ok' | 500; register?: 'token' | 'no-token' } = {}) {
  return serve((req) => {
    switch (req.path) {
      case '/api/v1/auth/refresh':
        if (opts.refresh === 401) return { status: 401, body: { detail: 'Refresh token expired' }, delayMs: 30 };
        if (opts.refresh === 403) return { status: 403, body: { detail: 'Account is disabled' }, delayMs: 30 };
        if (opts.refresh === 500) return { status: 500, body: { detail: 'db down' }, delayMs: 30 };
        if (opts.refresh === 'down') return { destroy: true };
        return { body: { access_token: 'good' }, delayMs: 30 };
      case '/api/v1/auth/login':
        if (opts.login === 401) return { status: 401, body: { detail: 'Invalid email or password' } };
        if (opts.login === 403) return { status: 403, body: { detail: 'Account disabled' } };
        if (opts.login === 'no-token') return { body: { token_type: 'bearer' } };
        return { body: { access_token: 'good', token_type: 'bearer' } };
      case '/api/v1/users/register':
        return opts.register === 'token'
          ? { status: 201, body: { access_token: 'good' } }
          : { status: 201, body: { id: ME.id, email: ME.email, message: 'Check your inbox' } };
      case '/api/v1/auth/logout':
        return opts.logout === 500 ? { status: 500, body: {} } : { status: 204 };
      case '/api/v1/users/me':
        return req.headers.authorization === 'Bearer good' ? { body: ME } : { status: 401, body: { detail: 'Not authenticated' } };
      default:
        return { status: 404, body: { detail: 'Not Found' } };
    }
  });
}

beforeEach(() => {
  resetApiConfig();
  resetSessionForTests();
  resetAuthStoreForTests();
  storage.clear();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('session hint cookie', () => {
  it('reads the hint among other cookies; outside a browser it cannot tell and says maybe', () => {
    expect(mayHaveSession('a=1; quarry_session=1; b=2')).toBe(true);
    expect(mayHaveSession('quarry_session=1')).toBe(true);
    expect(mayHaveSession('a=1; not_quarry_session=1')).toBe(false);
    expect(mayHaveSession('')).toBe(false);
    expect(mayHaveSession(undefined)).toBe(true);
  });

  it('without the hint, initialisation settles anonymous without calling the server', async () => {
    let calls = 0;
    await serve(() => {
      calls += 1;
      return { body: { access_token: 'good' } };
    });
    Object.defineProperty(globalThis, 'document', { value: { cookie: 'other=1' }, configurable: true });
    try {
      const state = await authStore.initSession();
      expect(state.status).toBe('anonymous');
      expect(state.error).toBeNull();
      expect(calls).toBe(0);
    } finally {
      delete (globalThis as { document?: unknown }).document;
    }
  });
});

describe('initSession', () => {
  it('a 403 (account disabled) says so instead of "Session expired"', async () => {
    await apiWith({ refresh: 403 });
    const state = await authStore.initSession();
    expect(state).toMatchObject({ status: 'anonymous', user: null, error: ACCOUNT_DISABLED });
    expect(ACCOUNT_DISABLED).toBe('Account access is currently disabled. Please contact support for assistance.');
  });

  it('is single-flight: concurrent callers share one refresh and one users/me, then it is done', async () => {
    const s = await apiWith();
    const states: string[] = [];
    const sub = authStore.state$.subscribe((st) => states.push(st.status));
    const results = await Promise.all([authStore.initSession(), authStore.initSession(), authStore.initSession()]);
    expect(new Set(results).size).toBe(1);
    expect(results[0]).toMatchObject({ status: 'authenticated', user: ME, error: null });
    expect(s.count('POST', '/api/v1/auth/refresh')).toBe(1);
    expect(s.count('GET', '/api/v1/users/me')).toBe(1);
    // Runs once: a later call resolves with the state, no new calls.
    await authStore.initSession();
    expect(s.count('POST', '/api/v1/auth/refresh')).toBe(1);
    expect(states).toEqual(['idle', 'loading', 'authenticated']);
    sub.unsubscribe();
    // The user (never the token) is kept in sessionStorage.
    expect(JSON.parse(storage.getItem(USER_STORAGE_KEY)!)).toEqual(ME);
    expect(storage.getItem(USER_STORAGE_KEY)).not.toContain('good');
    expect(JSON.stringify(getAuthState())).not.toContain('good');
    // force runs it again
    await authStore.initSession({ force: true });
    expect(s.count('POST', '/api/v1/auth/refresh')).toBe(2);
  });

  it("an auth failure leaves 'Session expired' and clears stored user data", async () => {
    await apiWith({ refresh: 401 });
    storage.setItem(USER_STORAGE_KEY, JSON.stringify(ME));
    const state = await authStore.initSession();
    expect(state).toEqual({ status: 'anonymous', user: null, error: SESSION_EXPIRED });
    expect(SESSION_EXPIRED).toBe('Session expired');
    expect(storage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('other failures (server down, 5xx) leave no error, and a later call tries again', async () => {
    const s = await apiWith({ refresh: 'down' });
    expect(await authStore.initSession()).toEqual({ status: 'anonymous', user: null, error: null });
    await s.close();
    server = undefined;
    const s2 = await apiWith({ refresh: 500 });
    expect(await authStore.initSession()).toEqual({ status: 'anonymous', user: null, error: null });
    expect(s2.count('POST', '/api/v1/auth/refresh')).toBe(1);
  });
});

describe('login', () => {
  it('posts username/password form-encoded, stores the token in memory, then fetches users/me', async () => {
    const s = await apiWith();
    const user = await authStore.login('ada@example.com', 'S3cret pass');
    expect(user).toEqual(ME);
    const login = s.requests.find((r) => r.path === '/api/v1/auth/login')!;
    expect(login.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(login.body))).toEqual({ username: 'ada@example.com', password: 'S3cret pass' });
    expect(login.headers.authorization).toBeUndefined();
    expect(getAuthState()).toEqual({ status: 'authenticated', user: ME, error: null });
    expect(getAccessToken()).toBe('good');
    expect(authStore.isSuperuser()).toBe(true);
    // login counts as initialised: no refresh afterwards
    await authStore.initSession();
    expect(s.count('POST', '/api/v1/auth/refresh')).toBe(0);
  });

  it("fails with 'Login failed: No access token received.' when the answer has no token", async () => {
    const s = await apiWith({ login: 'no-token' });
    await expect(authStore.login('a@b.c', 'x')).rejects.toMatchObject({ message: NO_ACCESS_TOKEN });
    expect(NO_ACCESS_TOKEN).toBe('Login failed: No access token received.');
    expect(getAuthState()).toMatchObject({ status: 'anonymous', error: NO_ACCESS_TOKEN });
    expect(s.count('GET', '/api/v1/users/me')).toBe(0);
  });

  it.each([401, 403] as const)("a %s leaves 'Authentication failed' and rethrows the mapped error", async (status) => {
    await apiWith({ login: status });
    await expect(authStore.login('a@b.c', 'x')).rejects.toMatchObject({ status });
    expect(getAuthState()).toEqual({ status: 'anonymous', user: null, error: AUTHENTICATION_FAILED });
    expect(getAccessToken()).toBeNull();
  });
});

describe('register', () => {
  it('with an access token in the answer: stores it and fetches users/me', async () => {
    const s = await apiWith({ register: 'token' });
    const result = await authStore.register('ada@example.com', 'S3cret pass');
    expect(result).toEqual({ authenticated: true, user: ME });
    expect(s.requests.find((r) => r.path === '/api/v1/users/register')!.json).toEqual({ email: 'ada@example.com', password: 'S3cret pass' });
    expect(getAuthState().status).toBe('authenticated');
  });

  it('without one: returns the answer to the caller and stays signed out', async () => {
    const s = await apiWith({ register: 'no-token' });
    const result = await authStore.register('ada@example.com', 'S3cret pass');
    expect(result).toEqual({ authenticated: false, response: { id: ME.id, email: ME.email, message: 'Check your inbox' } });
    expect(s.count('GET', '/api/v1/users/me')).toBe(0);
    expect(getAuthState()).toMatchObject({ status: 'anonymous', user: null });
  });
});

describe('logout', () => {
  it.each(['ok', 500] as const)('clears state, token and stored user even when the call answers %s', async (logout) => {
    const s = await apiWith({ logout });
    await authStore.login('a@b.c', 'x');
    expect(storage.getItem(USER_STORAGE_KEY)).not.toBeNull();
    await authStore.logout();
    expect(s.count('POST', '/api/v1/auth/logout')).toBe(1);
    expect(s.requests.find((r) => r.path === '/api/v1/auth/logout')!.headers.authorization).toBe('Bearer good');
    expect(getAuthState()).toEqual({ status: 'anonymous', user: null, error: null });
    expect(getAccessToken()).toBeNull();
    expect(storage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(s.count('POST', '/api/v1/auth/refresh')).toBe(0);
  });

  it('clears local state when the server is unreachable', async () => {
    const s = await apiWith();
    await authStore.login('a@b.c', 'x');
    await s.close();
    server = undefined;
    await authStore.logout();
    expect(getAuthState().status).toBe('anonymous');
    expect(storage.getItem(USER_STORAGE_KEY)).toBeNull();
  });
});

it('clear() signs out locally with an optional error', () => {
  setAccessToken('t');
  authStore.clear('Session expired');
  expect(getAuthState()).toEqual({ status: 'anonymous', user: null, error: 'Session expired' });
  expect(getAccessToken()).toBeNull();
});
