import type { UIMatch } from 'react-router';
import type { RouteObject } from 'react-router';

/** A crumb is a fixed label or is computed from the matched route (params, data). */
export type Crumb = string | ((match: UIMatch<unknown, RouteHandle>) => string);

/**
 * What a route may carry in `handle`:
 * - `crumb`: its breadcrumb label;
 * - `area`: which shell layout a remote's top-level route belongs to (default 'authed').
 */
export interface RouteHandle {
  crumb?: Crumb;
  area?: 'public' | 'authed';
}

/** The shape of a remote's `./routes` module. */
export interface RemoteRoutesModule {
  /** The remote's package folder, e.g. `mf-files`. */
  name: string;
  /** Build version, shown as `data-remote-version`. */
  version: string;
  routes: RouteObject[];
}

export function crumbLabel(match: UIMatch<unknown, RouteHandle>): string | undefined {
  const crumb = match.handle?.crumb;
  if (crumb === undefined) return undefined;
  return typeof crumb === 'function' ? crumb(match) : crumb;
}
