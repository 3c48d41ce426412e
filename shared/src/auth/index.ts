export {
  authState$,
  getAuthState,
  getAccessToken,
  setAccessToken,
  getStoredUser,
  clearSession,
  USER_STORAGE_KEY,
  INITIAL_AUTH_STATE,
  type AuthState,
  type AuthStatus,
  type AuthUser,
} from './session';
export { auth, authStore, SESSION_EXPIRED, ACCOUNT_DISABLED, AUTHENTICATION_FAILED, NO_ACCESS_TOKEN, type RegisterResult } from './store';
export { useAuth, useCurrentUser } from './useAuth';
