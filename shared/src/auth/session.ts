// The app-wide session state: one BehaviorSubject in the one shared instance (MF singleton).
// Kept free of the API client so the client can read the token and clear the session
// without an import cycle. The access token lives in this module's memory only: it is not
// part of the observable state, so nothing that renders the state can show it.
import { BehaviorSubject, type Observable } from 'rxjs';
import type { User } from '../schemas/users';

export type AuthStatus = 'idle' | 'loading' | 'authenticated' | 'anonymous';

/** The current user as `GET users/me` returns it (the API's `User` schema type). */
export type AuthUser = User;

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  error: string | null;
}

/** sessionStorage key of the stored user (never the token). */
export const USER_STORAGE_KEY = 'quarry.auth.user';

export const INITIAL_AUTH_STATE: AuthState = Object.freeze({ status: 'idle', user: null, error: null });

const subject = new BehaviorSubject<AuthState>(INITIAL_AUTH_STATE);
let accessToken: string | null = null;

export const authState$: Observable<AuthState> = subject.asObservable();

export function getAuthState(): AuthState {
  return subject.getValue();
}

/** Replaces part of the state; emits a new frozen object (React snapshots rely on identity). */
export function setAuthState(patch: Partial<AuthState>): AuthState {
  const next = Object.freeze({ ...subject.getValue(), ...patch });
  subject.next(next);
  return next;
}

export function subscribeAuth(listener: (state: AuthState) => void): () => void {
  const sub = subject.subscribe(listener);
  return () => sub.unsubscribe();
}

export function getAccessToken(): string | null {
  return accessToken;
}

export function setAccessToken(token: string | null): void {
  accessToken = token;
}

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // access denied (privacy mode, sandboxed frame)
  }
}

export function storeUser(user: AuthUser | null): void {
  const s = storage();
  if (!s) return;
  try {
    if (user) s.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    else s.removeItem(USER_STORAGE_KEY);
  } catch {
    /* quota or access errors must not break sign-in */
  }
}

/** The user stored by the last sign-in of this tab, if any (a hint; the state is the truth). */
export function getStoredUser(): AuthUser | null {
  const raw = storage()?.getItem(USER_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as AuthUser;
    return parsed && typeof parsed.id === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

export function setAuthenticated(user: AuthUser): AuthState {
  storeUser(user);
  return setAuthState({ status: 'authenticated', user, error: null });
}

/**
 * Signs out locally: forgets the token, the user and the stored user data.
 * `error` is what the state should say afterwards (e.g. 'Session expired'), default none.
 */
export function clearSession(error: string | null = null): AuthState {
  accessToken = null;
  storeUser(null);
  return setAuthState({ status: 'anonymous', user: null, error });
}

/** Test helper: back to the state of a fresh page. */
export function resetSessionForTests(): void {
  accessToken = null;
  storeUser(null);
  subject.next(INITIAL_AUTH_STATE);
}
