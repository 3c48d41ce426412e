import { matchRoutes, type Params, type RouteObject, type UIMatch } from 'react-router';
import { crumbLabel, isNamedCrumb, type NamedCrumb, type RouteHandle } from './types.js';

/** One breadcrumb: its text (a named crumb's placeholder), its link, and what names it. */
export interface CrumbItem {
  label: string;
  href: string;
  named?: NamedCrumb;
  params: Params;
}

/**
 * The trail from the matched routes' handles, outermost first: `crumbRoot` restarts it,
 * `crumbParents` come before a route's own crumb, and a label repeated by a nested route at
 * the same place (a layout and its index route) appears once.
 */
export function crumbTrail(matches: ReadonlyArray<UIMatch<unknown, unknown>>): CrumbItem[] {
  let items: CrumbItem[] = [];
  for (const match of matches) {
    const m = match as UIMatch<unknown, RouteHandle>;
    const handle = m.handle;
    if (handle?.crumbRoot) items = [];
    for (const parent of handle?.crumbParents ?? []) items.push({ label: parent.label, href: parent.to, params: {} });
    const label = crumbLabel(m);
    if (!label) continue;
    const named = isNamedCrumb(handle?.crumb) ? handle.crumb : undefined;
    const previous = items[items.length - 1];
    if (previous && previous.label === label && !named && !previous.named) {
      previous.href = m.pathname;
      continue;
    }
    items.push({ label, href: m.pathname, named, params: m.params });
  }
  return items;
}

/**
 * The breadcrumb labels a path gets from a route tree, or null when nothing matches.
 * What the shell's breadcrumbs show before names load, computed without rendering
 * (route-tree tests).
 */
export function crumbsFor(routes: RouteObject[], path: string): string[] | null {
  const matches = matchRoutes(routes, path);
  if (!matches) return null;
  return crumbTrail(
    matches.map(
      (m) =>
        ({
          id: m.route.id ?? '',
          pathname: m.pathname,
          params: m.params,
          data: undefined,
          loaderData: undefined,
          handle: m.route.handle as RouteHandle,
        }) as UIMatch<unknown, RouteHandle>,
    ),
  ).map((c) => c.label);
}
