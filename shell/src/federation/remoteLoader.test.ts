import type { RemoteRoutesModule } from '@quarry/shared';
import { RemoteLoadError, RemoteLoader, type FederationRuntime } from './remoteLoader';
import { defaultRemoteUrls } from './remotesConfig';

const urls = defaultRemoteUrls({ protocol: 'http:', hostname: 'localhost' } as Location);
const routesModule: RemoteRoutesModule = { name: 'mf-files', version: '1.0.0', routes: [{ path: 'files' }] };

/** A scripted MF runtime: each loadRemote call takes the next outcome. */
function scriptedRuntime(outcomes: Array<() => Promise<unknown>>) {
  const registered: { name: string; entry: string; force: boolean }[] = [];
  const loads: string[] = [];
  const runtime: FederationRuntime = {
    registerRemotes: (remotes, options) => {
      for (const r of remotes) registered.push({ ...r, force: options?.force ?? false });
    },
    loadRemote: <T,>(id: string) => {
      loads.push(id);
      const next = outcomes.shift();
      if (!next) throw new Error('no scripted outcome left');
      return next() as Promise<T | null>;
    },
  };
  return { runtime, registered, loads };
}

describe('RemoteLoader', () => {
  it('registers a remote only when first loaded, then loads its ./routes', async () => {
    const { runtime, registered, loads } = scriptedRuntime([async () => ({ default: routesModule })]);
    const loader = new RemoteLoader(urls, runtime);
    expect(registered).toEqual([]);
    await expect(loader.load('files')).resolves.toBe(routesModule);
    expect(registered).toEqual([{ name: 'mf_files', entry: urls.files, force: false }]);
    expect(loads).toEqual(['mf_files/routes']);
    expect(loader.get('files')).toBe(routesModule);
    expect(loader.loadedKeys()).toEqual(['files']);
  });

  it('shares one load between concurrent callers and caches the result', async () => {
    const { runtime, loads } = scriptedRuntime([async () => ({ default: routesModule })]);
    const loader = new RemoteLoader(urls, runtime);
    const [a, b] = await Promise.all([loader.load('files'), loader.load('files')]);
    expect(a).toBe(b);
    await loader.load('files');
    expect(loads).toHaveLength(1);
  });

  it('re-registers with force after a failure so the runtime fetches the remote again', async () => {
    const { runtime, registered } = scriptedRuntime([
      async () => {
        throw new Error('RUNTIME-003 manifest fetch failed');
      },
      async () => ({ default: routesModule }),
    ]);
    const loader = new RemoteLoader(urls, runtime);
    const listener = jest.fn();
    loader.subscribe(listener);
    await expect(loader.load('files')).rejects.toBeInstanceOf(RemoteLoadError);
    expect(listener).not.toHaveBeenCalled();
    await expect(loader.load('files')).resolves.toBe(routesModule);
    expect(registered.map((r) => r.force)).toEqual([false, true]);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('rejects a module that is not a routes module', async () => {
    const { runtime } = scriptedRuntime([async () => ({ default: { hello: 'world' } })]);
    const loader = new RemoteLoader(urls, runtime);
    await expect(loader.load('jobs')).rejects.toMatchObject({ remote: 'jobs' });
    expect(loader.get('jobs')).toBeUndefined();
  });

  it('gives up on a remote that never answers', async () => {
    const { runtime } = scriptedRuntime([() => new Promise(() => {})]);
    const loader = new RemoteLoader(urls, runtime, 20);
    await expect(loader.load('marketing')).rejects.toBeInstanceOf(RemoteLoadError);
  });
});
