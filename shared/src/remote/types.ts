import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { ElementType } from 'react';
import type { Params, RouteObject, UIMatch } from 'react-router';

/**
 * A crumb that names the thing a page shows (a file, a prompt, a job) instead of its id.
 * `query` returns the very query options the page itself uses, so the crumb reads the same
 * cache entry: once the page has loaded the thing, the crumb costs no request. Until the
 * name arrives (or when it cannot be loaded) the crumb shows `placeholder`.
 * Build one with `namedCrumb()`, which keeps the query's data type and `name` in step.
 */
export interface NamedCrumb {
  kind: 'named';
  placeholder: string;
  query: (params: Params, userId: string | undefined) => UseQueryOptions<unknown, Error, unknown, QueryKey>;
  name: (data: unknown) => string | undefined;
}

/** A crumb is a fixed label, computed from the matched route, or a name read from a query. */
export type Crumb = string | ((match: UIMatch<unknown, RouteHandle>) => string) | NamedCrumb;

/** A link shown before a route's own crumbs. */
export interface CrumbLink {
  label: string;
  to: string;
}

/**
 * What a route may carry in `handle`:
 * - `crumb`: its breadcrumb label;
 * - `crumbRoot`: the trail starts at this route (its parents' crumbs are not shown);
 * - `crumbParents`: links shown before this route's crumb, for a page whose parent page
 *   lives in another route tree (a file page under the file list of another remote);
 * - `area`: which shell layout a remote's top-level route belongs to (default 'authed').
 */
export interface RouteHandle {
  crumb?: Crumb;
  crumbRoot?: boolean;
  crumbParents?: CrumbLink[];
  area?: 'public' | 'authed';
}

/** Where a sidebar entry sits: the work areas, the tools, the account, the admin area. */
export type NavGroup = 'work' | 'tools' | 'account' | 'admin';

/**
 * One sidebar entry a remote declares for the pages it owns. The shell renders every
 * loaded remote's entries, and the command palette offers them as pages to jump to.
 */
export interface NavEntry {
  to: string;
  label: string;
  group: NavGroup;
  /** Position in the sidebar, smallest first (work areas use 100, 200, …). */
  order: number;
  /** A lucide-style icon component. */
  icon?: ElementType;
  /** Active only on exactly this path (an area whose sub-pages have their own entries). */
  end?: boolean;
  /** Shown indented under the entry before it. */
  nested?: boolean;
  /** Only for superusers. */
  superuser?: boolean;
  /** Other words the command palette matches ("schemas", "json"). */
  keywords?: string[];
}

/** The shape of a remote's `./routes` module. */
export interface RemoteRoutesModule {
  /** The remote's package folder, e.g. `mf-files`. */
  name: string;
  /** Build version, shown as `data-remote-version`. */
  version: string;
  routes: RouteObject[];
  /** Its sidebar entries (none for a remote without signed-in pages). */
  nav?: NavEntry[];
}

/** A crumb naming what the page shows; see `NamedCrumb`. */
export function namedCrumb<T, K extends QueryKey>(spec: {
  placeholder: string;
  query: (params: Params, userId: string | undefined) => UseQueryOptions<T, Error, T, K>;
  name: (data: T) => string | undefined;
}): NamedCrumb {
  return {
    kind: 'named',
    placeholder: spec.placeholder,
    query: spec.query as unknown as NamedCrumb['query'],
    name: spec.name as NamedCrumb['name'],
  };
}

export function isNamedCrumb(crumb: Crumb | undefined): crumb is NamedCrumb {
  return typeof crumb === 'object' && crumb !== null && crumb.kind === 'named';
}

/** The crumb's text without rendering: a named crumb gives its placeholder. */
export function crumbLabel(match: UIMatch<unknown, RouteHandle>): string | undefined {
  const crumb = match.handle?.crumb;
  if (crumb === undefined) return undefined;
  if (isNamedCrumb(crumb)) return crumb.placeholder;
  return typeof crumb === 'function' ? crumb(match) : crumb;
}
