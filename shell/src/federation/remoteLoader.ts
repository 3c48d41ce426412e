import * as mfRuntime from '@module-federation/enhanced/runtime';
import type { RemoteRoutesModule } from '@quarry/shared';
import { REMOTES, ROUTES_EXPOSE, type RemoteKey } from '@quarry/shared/mf-config';
import type { RemoteUrls } from './remotesConfig';

const LOAD_TIMEOUT_MS = 20_000;

/** The two MF runtime calls the loader needs (injectable for tests). */
export interface FederationRuntime {
  registerRemotes: (remotes: { name: string; entry: string }[], options?: { force?: boolean }) => void;
  loadRemote: <T>(id: string) => Promise<T | null>;
}

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
  constructor(
    readonly remote: RemoteKey,
    readonly reason: unknown,
  ) {
    super(`The ${remote} area could not be loaded`);
  }
}

function isRoutesModule(value: unknown): value is RemoteRoutesModule {
  const v = value as Partial<RemoteRoutesModule> | null;
  return !!v && typeof v.name === 'string' && typeof v.version === 'string' && Array.isArray(v.routes);
}

function timeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/**
 * Registers remotes with the MF runtime only when first needed (so nothing is fetched
 * at start-up, and the admin remote only for a superuser), loads `./routes`, and lets a
 * failed remote be tried again: a retry re-registers it with `force`, which drops the MF
 * runtime's cached failure.
 */
export class RemoteLoader {
  private readonly loaded = new Map<RemoteKey, RemoteRoutesModule>();
  private readonly pending = new Map<RemoteKey, Promise<RemoteRoutesModule>>();
  private readonly registered = new Set<RemoteKey>();
  private readonly failed = new Set<RemoteKey>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly urls: RemoteUrls,
    private readonly runtime: FederationRuntime = mfRuntime,
    private readonly timeoutMs = LOAD_TIMEOUT_MS,
  ) {}

  get(key: RemoteKey): RemoteRoutesModule | undefined {
    return this.loaded.get(key);
  }

  loadedKeys(): RemoteKey[] {
    return [...this.loaded.keys()];
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  load(key: RemoteKey): Promise<RemoteRoutesModule> {
    const done = this.loaded.get(key);
    if (done) return Promise.resolve(done);
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;

    const def = REMOTES.find((r) => r.key === key);
    if (!def) return Promise.reject(new Error(`unknown remote ${key}`));
    const force = this.failed.has(key);
    if (!this.registered.has(key) || force) {
      this.runtime.registerRemotes([{ name: def.name, entry: this.urls[key] }], { force });
      this.registered.add(key);
    }
    const promise = timeout(
      this.runtime.loadRemote<{ default?: unknown }>(`${def.name}/${ROUTES_EXPOSE.slice(2)}`),
      this.timeoutMs,
    )
      .then((mod) => {
        const routes = mod && 'default' in mod ? mod.default : mod;
        if (!isRoutesModule(routes)) throw new Error(`${def.name} does not expose a routes module`);
        this.loaded.set(key, routes);
        this.failed.delete(key);
        this.listeners.forEach((l) => l());
        return routes;
      })
      .catch((error: unknown) => {
        this.failed.add(key);
        throw new RemoteLoadError(key, error);
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }
}
