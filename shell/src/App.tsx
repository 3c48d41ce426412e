import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { RouterProvider, createBrowserRouter, type RouteObject } from 'react-router';
import type { RemoteLoader } from './federation/remoteLoader';
import { RemoteLoaderContext } from './federation/RemoteLoaderContext';
import { buildRoutes, type ShellRouteParts } from './router/buildRoutes';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * Swaps the route tree of a live router in place, as React Router's own hot reload does,
 * so layouts stay mounted (an open menu stays open) while a remote's routes arrive.
 * Returns false when this router build has no such hook; the caller then remounts.
 */
export function replaceRoutesInPlace(router: Router, routes: RouteObject[]): boolean {
  const setRoutes = (router as unknown as { _internalSetRoutes?: (r: RouteObject[]) => void })._internalSetRoutes;
  if (typeof setRoutes !== 'function') return false;
  setRoutes.call(router, routes);
  // A revalidation re-matches the current URL against the new tree and commits it.
  void router.revalidate();
  return true;
}

/**
 * Owns the router. When a remote finishes loading, the route tree is rebuilt with its real
 * routes in place of the placeholders. App state lives outside the router (auth store,
 * query cache, event bus, socket), so even the fallback remount loses nothing but
 * transient layout state.
 */
export function App({ loader, parts }: { loader: RemoteLoader; parts: ShellRouteParts }) {
  const loadedKey = useSyncExternalStore(
    (cb) => loader.subscribe(cb),
    () => loader.loadedKeys().sort().join(','),
  );
  const build = () => buildRoutes(parts, (key) => loader.get(key));
  // `generation` changes only when the in-place swap is unavailable.
  const [generation, setGeneration] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- one router per generation
  const router = useMemo(() => createBrowserRouter(build()), [loader, parts, generation]);
  const builtFor = useRef(loadedKey);

  useEffect(() => {
    if (builtFor.current === loadedKey) return;
    builtFor.current = loadedKey;
    if (!replaceRoutesInPlace(router, build())) setGeneration((g) => g + 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt exactly when the loaded set changes
  }, [loadedKey, router]);
  useEffect(() => () => router.dispose(), [router]);

  return (
    <RemoteLoaderContext.Provider value={loader}>
      <RouterProvider key={generation} router={router} />
    </RemoteLoaderContext.Provider>
  );
}
