import { useCurrentUser, type NavEntry } from '@quarry/shared';
import type { RemoteKey } from '@quarry/shared/mf-config';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useRemoteLoader } from '../../federation/RemoteLoaderContext';
import { navRemotesFor, navSections, type NavSection } from './navModel';

export interface NavState {
  sections: NavSection[];
  /** Remotes whose entries are still on their way (the sidebar shows a placeholder). */
  pending: RemoteKey[];
}

/**
 * The sidebar's entries. The remotes that declare entries are loaded in the background
 * (only their small routes module; screens stay lazy), so the whole product is listed
 * whichever page the user opened first. A remote that fails to load leaves its entries
 * out; its pages still show their own retrying state when opened.
 */
export function useNav(): NavState {
  const loader = useRemoteLoader();
  const isSuperuser = useCurrentUser()?.is_superuser === true;
  const keys = useMemo(() => navRemotesFor(isSuperuser), [isSuperuser]);
  const loadedKey = useSyncExternalStore(
    (cb) => loader.subscribe(cb),
    () => loader.loadedKeys().sort().join(','),
  );
  const [failed, setFailed] = useState<ReadonlySet<RemoteKey>>(new Set());

  useEffect(() => {
    let alive = true;
    // One remote after the other: the page's own remote (already on its way) and the browser's
    // few connections are not crowded out by the sidebar's.
    void (async () => {
      for (const key of keys) {
        if (!alive) return;
        if (loader.get(key)) continue;
        try {
          await loader.load(key);
        } catch (error: unknown) {
          console.warn(`[quarry] the ${key} area's sidebar entries could not be loaded`, error);
          if (alive) setFailed((f) => new Set(f).add(key));
        }
      }
    })();
    return () => {
      alive = false;
    };
  }, [keys, loader]);

  return useMemo(() => {
    const declared: NavEntry[][] = keys.map((key) => loader.get(key)?.nav ?? []);
    const pending = keys.filter((key) => !loader.get(key) && !failed.has(key));
    return { sections: navSections(declared, isSuperuser), pending };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loadedKey changes whenever a remote's entries arrive
  }, [keys, loader, loadedKey, failed, isSuperuser]);
}
