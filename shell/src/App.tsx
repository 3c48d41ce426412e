import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import type { RemoteLoader } from './federation/remoteLoader';
import { RemoteLoaderContext } from './federation/RemoteLoaderContext';
import { buildRoutes, type ShellRouteParts } from './router/buildRoutes';

/**
 * Owns the router. When a remote finishes loading, the route tree is rebuilt with its real
 * routes in place of the placeholders and a fresh router takes over at the same URL; app
 * state lives outside the router (auth store, query cache, event bus), so nothing is lost.
 */
export function App({ loader, parts }: { loader: RemoteLoader; parts: ShellRouteParts }) {
  const loadedKey = useSyncExternalStore(
    (cb) => loader.subscribe(cb),
    () => loader.loadedKeys().sort().join(','),
  );
  const router = useMemo(
    () => createBrowserRouter(buildRoutes(parts, (key) => loader.get(key))),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt exactly when the loaded set changes
    [loader, parts, loadedKey],
  );
  useEffect(() => () => router.dispose(), [router]);
  return (
    <RemoteLoaderContext.Provider value={loader}>
      <RouterProvider key={loadedKey} router={router} />
    </RemoteLoaderContext.Provider>
  );
}
