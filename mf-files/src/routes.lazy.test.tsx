// Loading ./routes loads no screen code: every screen arrives with its route (lazyScreen).
import { matchRoutes, type RouteObject } from 'react-router';

const mockLoaded: string[] = [];
function mockScreen(name: string) {
  mockLoaded.push(name);
  return { __esModule: true, default: () => null };
}
jest.mock('./library/FilesPage', () => mockScreen('FilesPage'));
jest.mock('./files-old/FilesOldPage', () => mockScreen('FilesOldPage'));
jest.mock('./uploads/UploadsPage', () => mockScreen('UploadsPage'));
jest.mock('./datasets/DatasetsPage', () => mockScreen('DatasetsPage'));
jest.mock('./projects/ProjectsPage', () => mockScreen('ProjectsPage'));
jest.mock('./projects/ProjectDetailPage', () => mockScreen('ProjectDetailPage'));
jest.mock('./projects/ProjectTasksPage', () => mockScreen('ProjectTasksPage'));
jest.mock('./projects/ProjectTeamPage', () => mockScreen('ProjectTeamPage'));
jest.mock('./projects/ProjectFilesPage', () => mockScreen('ProjectFilesPage'));

async function load(routes: RouteObject[], path: string) {
  const leaf = matchRoutes(routes, path)!.at(-1)!.route;
  const lazy = leaf.lazy as unknown as () => Promise<unknown>;
  await lazy();
}

describe('mf-files routes are lazy', () => {
  it('importing the route module loads no screen; opening a route loads only its screen', async () => {
    const { default: remote } = await import('./routes');
    expect(mockLoaded).toEqual([]);
    await load(remote.routes, '/uploads');
    expect(mockLoaded).toEqual(['UploadsPage']);
    await load(remote.routes, '/projects/2/team');
    expect(mockLoaded).toEqual(['UploadsPage', 'ProjectTeamPage']);
  });
});
