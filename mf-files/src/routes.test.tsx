import { crumbsFor, isNamedCrumb, type RouteHandle } from '@quarry/shared';
import { matchRoutes } from 'react-router';
import { datasetDetailQueryOptions } from './dataset/queries';
import remote from './routes';

const crumbs = (path: string) => crumbsFor(remote.routes, path);

describe('mf-files route tree', () => {
  it.each([
    ['/files', ['Files & Datasets']],
    ['/files-old', ['Files']],
    ['/uploads', ['File Upload']],
    ['/datasets', ['Datasets']],
    ['/datasets/d1', ['Datasets', 'Dataset']],
    ['/projects', ['Projects']],
    ['/projects/2', ['Projects', 'Project 2']],
    ['/projects/2/files', ['Projects', 'Project 2', 'Files']],
    ['/projects/2/tasks', ['Projects', 'Project 2', 'Tasks']],
    ['/projects/2/team', ['Projects', 'Project 2', 'Team']],
  ])('%s has the crumbs %j', (path, expected) => {
    expect(crumbs(path)).toEqual(expected);
  });

  it("names a dataset's crumb after the dataset, from the page's own query", () => {
    const match = matchRoutes(remote.routes, '/datasets/d1')!.at(-1)!;
    const crumb = (match.route.handle as RouteHandle | undefined)?.crumb;
    if (!isNamedCrumb(crumb)) throw new Error('the dataset crumb is not a named crumb');
    expect(crumb.query(match.params, 'u1').queryKey).toEqual(datasetDetailQueryOptions('u1', 'd1').queryKey);
    expect(crumb.name({ id: 'd1', name: 'Q3 invoices' })).toBe('Q3 invoices');
  });

  it('does not claim the file detail routes, which belong to the jobs remote', () => {
    expect(matchRoutes(remote.routes, '/files/abc')).toBeNull();
  });

  it('names itself and carries a build version', () => {
    expect(remote.name).toBe('mf-files');
    expect(remote.version).toBeTruthy();
  });
});
