import type { RouteObject } from 'react-router';
import type { NavEntry, RemoteRoutesModule } from './types.js';

/**
 * What a remote's `./routes` module exports. Name and version are passed in by the remote
 * itself: this module is a shared singleton compiled into whichever app provided it, so
 * it cannot know which remote is calling. `nav` is the remote's sidebar entries.
 */
export function defineRemote(name: string, version: string, routes: RouteObject[], nav: NavEntry[] = []): RemoteRoutesModule {
  return { name, version, routes, nav };
}
