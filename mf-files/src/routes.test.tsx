import { crumbsFor } from '@quarry/shared';
import { matchRoutes } from 'react-router';
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

  it('does not claim the file detail routes, which belong to the jobs remote', () => {
    expect(matchRoutes(remote.routes, '/files/abc')).toBeNull();
  });

  it('names itself and carries a build version', () => {
    expect(remote.name).toBe('mf-files');
    expect(remote.version).toBeTruthy();
  });
});
