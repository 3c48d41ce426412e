// Test helper: does a remote's route tree agree with the paths `shared/apps.json` says it
// owns? The shell mounts a placeholder on each owned pattern until the remote is loaded
// (shell/src/router/buildRoutes.tsx), so:
// - a route the remote serves but no owned pattern covers is unreachable on a cold load
//   (the shell answers 404 instead of loading the remote), and
// - an owned pattern the remote does not serve loads the remote for nothing (its 404).
// Both directions are checked by matching sample URLs the way the shell's router does,
// with every remote's placeholders in place, so a path another remote's pattern wins is
// reported too. Import from '@quarry/shared/testing/owned-routes' in a remote's test.
import { matchRoutes, type RouteObject } from 'react-router';
import { REMOTES, type OwnedPath, type RemoteKey } from '../../mf-config';
import type { RouteHandle } from '../remote/types';

type Area = OwnedPath['area'];
export interface RouteSample {
  url: string;
  area: Area;
}

const SAMPLE_PARAM = 'sample-1';

/** Every way a route path's segments can be filled in: params get a sample, optional parts both ways. */
function expandSegments(pattern: string): string[] {
  let results = [''];
  for (const segment of pattern.split('/').filter(Boolean)) {
    const optional = segment.endsWith('?');
    const bare = optional ? segment.slice(0, -1) : segment;
    const filled = bare === '*' ? SAMPLE_PARAM : bare.startsWith(':') ? SAMPLE_PARAM : bare;
    const next = results.map((r) => `${r}/${filled}`);
    results = optional ? [...results, ...next] : next;
  }
  return results;
}

const join = (base: string, child: string) => `${base.replace(/\/$/, '')}/${child.replace(/^\//, '')}`.replace(/\/+$/, '') || '/';

/** Sample URLs for every route of a remote's tree, each with the layout its top-level route asks for. */
export function routeSamples(routes: readonly RouteObject[]): RouteSample[] {
  const out: RouteSample[] = [];
  const walk = (list: readonly RouteObject[], bases: string[], area: Area | undefined) => {
    for (const route of list) {
      const routeArea = area ?? (route.handle as RouteHandle | undefined)?.area ?? 'authed';
      const here = route.index || !route.path ? bases : bases.flatMap((b) => expandSegments(route.path!).map((p) => join(b, p)));
      for (const url of here) out.push({ url, area: routeArea });
      if (route.children) walk(route.children, here, routeArea);
    }
  };
  walk(routes, ['/'], undefined);
  const seen = new Set<string>();
  return out.filter((s) => (seen.has(`${s.area} ${s.url}`) ? false : (seen.add(`${s.area} ${s.url}`), true)));
}

/** The shell's placeholders for one layout: every remote's owned patterns, tagged with the remote. */
function placeholderTree(area: Area): RouteObject[] {
  return REMOTES.flatMap((r) =>
    r.owns
      .filter((o) => o.area === area)
      .map((o): RouteObject => (o.path === '' ? { index: true, id: `${r.key}|${o.path}` } : { path: o.path, id: `${r.key}|${o.path}` })),
  );
}

/** Which remote's placeholder the shell's router picks for a URL in a layout, or null. */
export function placeholderOwner(url: string, area: Area): RemoteKey | null {
  const tree: RouteObject[] = [{ path: '/', children: placeholderTree(area) }];
  const matches = matchRoutes(tree, url);
  const leaf = matches?.at(-1)?.route.id;
  return leaf ? (leaf.split('|')[0] as RemoteKey) : null;
}

/** Sample URLs for an owned pattern: `projects/*` -> `/projects` and `/projects/sample-1`. */
function ownedSamples(owned: OwnedPath): string[] {
  return expandSegments(owned.path.replace(/\/?\*$/, '')).map((p) => p || '/');
}

/**
 * Disagreements between a remote's route tree and its owned paths in apps.json, as
 * readable sentences (empty when they agree both ways).
 */
export function ownedPathProblems(key: RemoteKey, routes: readonly RouteObject[]): string[] {
  const remote = REMOTES.find((r) => r.key === key);
  if (!remote) return [`${key} is not a remote in shared/apps.json`];
  const problems: string[] = [];

  for (const sample of routeSamples(routes)) {
    const owner = placeholderOwner(sample.url, sample.area);
    if (owner !== key) {
      problems.push(
        owner
          ? `${remote.dir} serves ${sample.url} (${sample.area}) but the shell sends it to ${owner}'s placeholder`
          : `${remote.dir} serves ${sample.url} (${sample.area}) but no path it owns in shared/apps.json covers it`,
      );
    }
  }

  for (const owned of remote.owns) {
    for (const url of ownedSamples(owned)) {
      const matches = matchRoutes(routes as RouteObject[], url);
      if (!matches) {
        problems.push(`shared/apps.json says ${remote.dir} owns "${owned.path}" (${owned.area}) but its routes do not serve ${url}`);
        continue;
      }
      const top = matches[0]!.route;
      const area = (top.handle as RouteHandle | undefined)?.area ?? 'authed';
      if (area !== owned.area) problems.push(`${remote.dir} serves ${url} in the ${area} layout but shared/apps.json puts "${owned.path}" in ${owned.area}`);
    }
  }
  return problems;
}
