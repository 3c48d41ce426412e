// The route tree and shared/apps.json agree both ways
// (docs/decisions/0001-remotes-own-paths-shell-owns-layouts.md): every page of
// this remote is reachable on a cold load through an owned path, and every owned path is a
// page of this remote. Each check is proved to fail in shared/src/testing/ownedRoutes.test.ts.
import { ownedPathProblems } from '@quarry/shared/testing/owned-routes';
import remote from './routes';

it('serves exactly the paths shared/apps.json says mf-admin owns', () => {
  expect(ownedPathProblems('admin', remote.routes)).toEqual([]);
});
