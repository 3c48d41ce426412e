import { matchRoutes, type RouteObject, type UIMatch } from 'react-router';
import { crumbLabel, type RouteHandle } from './types.js';

/**
 * The breadcrumb labels a path gets from a route tree, or null when nothing matches.
 * What the shell's breadcrumbs show, computed without rendering (route-tree tests).
 */
export function crumbsFor(routes: RouteObject[], path: string): string[] | null {
  const matches = matchRoutes(routes, path);
  if (!matches) return null;
  return matches
    .map((m) =>
      crumbLabel({
        id: m.route.id ?? '',
        pathname: m.pathname,
        params: m.params,
        data: undefined,
        loaderData: undefined,
        handle: m.route.handle as RouteHandle,
      } as UIMatch<unknown, RouteHandle>),
    )
    .filter((c): c is string => Boolean(c));
}
