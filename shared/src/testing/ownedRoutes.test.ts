import type { RouteObject } from 'react-router';
import { REMOTES } from '../../mf-config';
import { ownedPathProblems, placeholderOwner, routeSamples } from './ownedRoutes';

// A route tree that serves exactly what apps.json gives the files remote.
const files = (): RouteObject[] => [
  { path: 'files', children: [{ index: true }] },
  { path: 'files-old' },
  { path: 'uploads' },
  { path: 'datasets', children: [{ index: true }, { path: ':datasetId' }] },
  { path: 'projects', children: [{ index: true }, { path: ':projectId', children: [{ index: true }, { path: 'team' }] }] },
];

describe('routeSamples', () => {
  it('fills params, expands optional segments and keeps each top-level route’s layout', () => {
    const routes: RouteObject[] = [
      { index: true, handle: { area: 'public' } },
      { path: 'checkout/:priceId?', handle: { area: 'authed' } },
      { path: 'jobs', children: [{ path: ':id/file/*' }] },
    ];
    expect(routeSamples(routes)).toEqual([
      { url: '/', area: 'public' },
      { url: '/checkout', area: 'authed' },
      { url: '/checkout/sample-1', area: 'authed' },
      { url: '/jobs', area: 'authed' },
      { url: '/jobs/sample-1/file/sample-1', area: 'authed' },
    ]);
  });
});

describe('ownedPathProblems', () => {
  it('finds nothing when the tree and apps.json agree', () => {
    expect(ownedPathProblems('files', files())).toEqual([]);
  });

  it('reports a route no owned path covers (the shell would answer 404 on a cold load)', () => {
    expect(ownedPathProblems('files', [...files(), { path: 'archive' }])).toEqual([
      'mf-files serves /archive (authed) but no path it owns in shared/apps.json covers it',
    ]);
  });

  it('reports a route whose URL another remote owns', () => {
    const routes = files();
    routes[0]!.children!.push({ path: ':fileId' });
    expect(ownedPathProblems('files', routes)).toEqual([
      "mf-files serves /files/sample-1 (authed) but the shell sends it to jobs's placeholder",
    ]);
  });

  it('reports an owned path the remote does not serve, and one served in the wrong layout', () => {
    const routes = files().filter((r) => r.path !== 'datasets');
    routes.push({ path: 'datasets', handle: { area: 'public' } });
    const missing = files().filter((r) => r.path !== 'uploads');
    expect(ownedPathProblems('files', missing)).toEqual([
      'shared/apps.json says mf-files owns "uploads" (authed) but its routes do not serve /uploads',
    ]);
    expect(ownedPathProblems('files', routes)).toEqual([
      'mf-files serves /datasets (public) but no path it owns in shared/apps.json covers it',
      'mf-files serves /datasets in the public layout but shared/apps.json puts "datasets/*" in authed',
    ]);
  });
});

describe('placeholderOwner', () => {
  it('picks the remote the shell would load, as its router ranks the owned patterns', () => {
    expect(placeholderOwner('/files', 'authed')).toBe('files');
    expect(placeholderOwner('/files/abc/edit-chunks', 'authed')).toBe('jobs');
    expect(placeholderOwner('/', 'public')).toBe('marketing');
    expect(placeholderOwner('/nowhere', 'authed')).toBeNull();
    expect(REMOTES.every((r) => r.owns.length > 0)).toBe(true);
  });
});
