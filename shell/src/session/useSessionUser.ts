// The shell's view of the one shared session (`@quarry/shared` auth store). The router's
// guards call `ensureSession()`; components read `useSessionUser()`.
import { SESSION_EXPIRED, auth, getStoredUser, useCurrentUser, type AuthUser } from '@quarry/shared';

/** The signed-in user, or null. Re-renders when the session changes. */
export function useSessionUser(): AuthUser | null {
  return useCurrentUser();
}

let hadSessionBeforeInit: boolean | null = null;

/**
 * Resolves the signed-in user or null. Session initialisation (refresh, then `users/me`)
 * runs once however many callers ask at the same time; later calls answer from the state.
 */
export async function ensureSession(): Promise<AuthUser | null> {
  // Remember whether this tab had a signed-in user before the first initialisation, so the
  // login page can say 'Session expired' to someone who was signed in — and not to a new visitor.
  if (hadSessionBeforeInit === null) hadSessionBeforeInit = getStoredUser() !== null;
  const state = await auth.initSession();
  return state.user;
}

/** True when the session of this tab ended by itself (as opposed to never having existed). */
export function sessionExpiredForThisTab(): boolean {
  return hadSessionBeforeInit === true && auth.getState().error === SESSION_EXPIRED;
}

/** Test helper. */
export function resetSessionHelpersForTests(): void {
  hadSessionBeforeInit = null;
}
