import { useSyncExternalStore } from 'react';
import { getAuthState, subscribeAuth, type AuthState } from './session';

function subscribe(onChange: () => void): () => void {
  return subscribeAuth(() => onChange());
}

/** The session state (status, user, error) — never the token. Re-renders on change. */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, getAuthState, getAuthState);
}

/** The signed-in user or null. */
export function useCurrentUser() {
  return useAuth().user;
}
