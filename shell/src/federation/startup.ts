import { firstRemote } from './firstRemote';
import { RemoteLoader } from './remoteLoader';
import { fetchRemotesConfig } from './remotesConfig';

let started: Promise<RemoteLoader> | undefined;

/**
 * Called by the entry before the async boundary, so that while the shell's shared modules
 * download, `/remotes.json` is read and the remote owning the page being opened is fetched
 * (manifest, remote entry, exposed routes) in parallel instead of after the shell's first
 * render. A failure here is not shown: the remote's placeholder asks again (a retry with
 * `force`) and reports it. Later calls return the same loader.
 */
export function startRemoteLoading(location: Pick<Location, 'pathname'> = window.location, cookies = document.cookie): Promise<RemoteLoader> {
  started ??= fetchRemotesConfig().then((urls) => {
    const loader = new RemoteLoader(urls);
    const key = firstRemote(location.pathname, cookies);
    if (key) loader.load(key).catch(() => {});
    return loader;
  });
  return started;
}
