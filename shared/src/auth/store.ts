// Session actions (docs/product/platform.md, Session and refresh). The shell drives them;
// remotes read the state.
import { hasSessionHint } from '../constants';
import { api, refreshAccessToken } from '../api/client';
import { AppError, RefreshError, toAppError } from '../errors/app-error';
import { AUTH_ERROR_CATALOGUE } from '../errors/auth-messages';
import {
  authState$,
  clearSession,
  getAccessToken,
  getAuthState,
  getStoredUser,
  setAccessToken,
  setAuthState,
  setAuthenticated,
  subscribeAuth,
  type AuthState,
  type AuthUser,
} from './session';

export const SESSION_EXPIRED = 'Session expired';
/** A 403 at initialisation: the account was disabled (a 403 maps to this message). */
export const ACCOUNT_DISABLED = AUTH_ERROR_CATALOGUE.account_disabled.message;
export const AUTHENTICATION_FAILED = 'Authentication failed';
export const NO_ACCESS_TOKEN = 'Login failed: No access token received.';

interface TokenResponse {
  access_token?: string;
  token_type?: string;
}

export type RegisterResult<R = unknown> =
  | { authenticated: true; user: AuthUser }
  | { authenticated: false; response: R };

/** The server refused who we are (as opposed to being unreachable or failing). */
function isAuthFailure(error: AppError): boolean {
  if (error instanceof RefreshError) return error.isAuthFailure;
  return error.kind === 'authentication' || error.kind === 'authorization';
}

/**
 * False only in a browser that holds no session hint cookie: then there is no refresh
 * cookie either, and the visitor is anonymous without asking the server (whose 401 would
 * otherwise show up as an error on every anonymous page load).
 */
export function mayHaveSession(cookies: string | undefined = typeof document === 'undefined' ? undefined : document.cookie): boolean {
  if (cookies === undefined) return true;
  return hasSessionHint(cookies);
}

let initInFlight: Promise<AuthState> | null = null;
let initialised = false;

/**
 * Session initialisation: runs once per page (concurrent callers share one run; later calls
 * resolve with the current state). Refresh, then `GET users/me`. An auth failure leaves
 * error 'Session expired'; any other failure leaves no error and lets a later call retry.
 * `force` runs it again even when it already completed.
 */
function initSession(options: { force?: boolean } = {}): Promise<AuthState> {
  if (initInFlight) return initInFlight;
  if (initialised && !options.force) return Promise.resolve(getAuthState());
  const run = (async (): Promise<AuthState> => {
    if (!mayHaveSession()) {
      initialised = true;
      setAccessToken(null);
      return setAuthState({ status: 'anonymous', user: null, error: null });
    }
    setAuthState({ status: 'loading', error: null });
    try {
      await refreshAccessToken();
      const user = await api.get<AuthUser>('users/me');
      initialised = true;
      return setAuthenticated(user);
    } catch (error) {
      const e = toAppError(error);
      if (isAuthFailure(e)) {
        initialised = true;
        return clearSession(e.status === 403 ? ACCOUNT_DISABLED : SESSION_EXPIRED);
      }
      setAccessToken(null);
      return setAuthState({ status: 'anonymous', user: null, error: null });
    }
  })();
  initInFlight = run;
  const release = () => {
    if (initInFlight === run) initInFlight = null;
  };
  run.then(release, release);
  return run;
}

async function fetchMeAfterToken(token: string): Promise<AuthUser> {
  setAccessToken(token);
  const user = await api.get<AuthUser>('users/me');
  initialised = true;
  setAuthenticated(user);
  return user;
}

function failSignIn(error: unknown): never {
  const e = toAppError(error);
  setAccessToken(null);
  setAuthState({ status: 'anonymous', user: null, error: isAuthFailure(e) ? AUTHENTICATION_FAILED : e.message });
  throw e;
}

/** `POST auth/login` (form-encoded username + password), then `GET users/me`. */
async function login(email: string, password: string): Promise<AuthUser> {
  setAuthState({ status: 'loading', error: null });
  try {
    const res = await api.postForm<TokenResponse>('auth/login', { username: email, password }, { public: true });
    if (!res || typeof res.access_token !== 'string' || !res.access_token) {
      throw new AppError({ kind: 'system', message: NO_ACCESS_TOKEN, retryable: false });
    }
    return await fetchMeAfterToken(res.access_token);
  } catch (error) {
    return failSignIn(error);
  }
}

/**
 * `POST users/register` with the sign-up payload. If the answer carries an access token it
 * is stored and `GET users/me` follows; otherwise the answer is returned as it came.
 */
async function register<R = unknown>(email: string, password: string, extra: Record<string, unknown> = {}): Promise<RegisterResult<R>> {
  setAuthState({ status: 'loading', error: null });
  try {
    const res = await api.post<R & TokenResponse>('users/register', { email, password, ...extra }, { public: true });
    if (res && typeof res === 'object' && typeof res.access_token === 'string' && res.access_token) {
      const user = await fetchMeAfterToken(res.access_token);
      return { authenticated: true, user };
    }
    setAuthState({ status: 'anonymous', user: null, error: null });
    return { authenticated: false, response: res };
  } catch (error) {
    return failSignIn(error);
  }
}

/** `POST auth/logout`; the local state and stored user are cleared even if it fails. */
async function logout(): Promise<void> {
  try {
    await api.post('auth/logout', undefined, { skipRefresh: true });
  } catch {
    /* signed out locally regardless */
  } finally {
    initialised = true;
    clearSession();
  }
}

/** Signs out locally (no call). `error` is what the state says afterwards. */
function clear(error: string | null = null): void {
  clearSession(error);
}

function isSuperuser(): boolean {
  return getAuthState().user?.is_superuser === true;
}

export const authStore = {
  state$: authState$,
  getState: getAuthState,
  subscribe: subscribeAuth,
  getAccessToken,
  setAccessToken,
  getStoredUser,
  initSession,
  login,
  register,
  logout,
  clear,
  isSuperuser,
};

/** Same object as `authStore`. */
export const auth = authStore;

/** Test helper: forget that initialisation ran. */
export function resetAuthStoreForTests(): void {
  initInFlight = null;
  initialised = false;
}
