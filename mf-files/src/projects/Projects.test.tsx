import { renderRoute } from '@quarry/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProjectDetailPage from './ProjectDetailPage';
import ProjectsPage from './ProjectsPage';
import ProjectTeamPage from './ProjectTeamPage';

const routes = [
  { path: '/projects/:projectId', element: <ProjectDetailPage /> },
  { path: '/projects/:projectId/team', element: <ProjectTeamPage /> },
];

describe('/projects placeholders', () => {
  it('lists three sample projects linking to their detail; New Project does nothing', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute(<ProjectsPage />, { path: '/projects', routes });
    const links = ['Invoice Processing', 'Contract Analysis', 'Receipt Digitisation'].map((name) => screen.getByRole('link', { name }));
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/projects/1', '/projects/2', '/projects/3']);
    await user.click(screen.getByRole('button', { name: 'New Project' }));
    expect(router.state.location.pathname).toBe('/projects');
  });

  it('shows ids 1 to 3 with links to tasks, team and files', async () => {
    const user = userEvent.setup();
    renderRoute(<ProjectDetailPage />, { path: '/projects/:projectId', url: '/projects/2', routes: routes.slice(1) });
    expect(screen.getByRole('heading', { name: 'Contract Analysis' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Tasks' })).toHaveAttribute('href', '/projects/2/tasks');
    expect(screen.getByRole('link', { name: 'View Files' })).toHaveAttribute('href', '/projects/2/files');
    await user.click(screen.getByRole('link', { name: 'View Team' }));
    expect(await screen.findByRole('table', { name: 'Team' })).toBeInTheDocument();
  });

  it("any other id shows 'Project Not Found' with a link back", () => {
    renderRoute(<ProjectDetailPage />, { path: '/projects/:projectId', url: '/projects/9' });
    expect(screen.getByText('Project Not Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Projects' })).toHaveAttribute('href', '/projects');
  });

  it("the sub-pages of an unknown project say 'Project Not Found' too", () => {
    renderRoute(<ProjectTeamPage />, { path: '/projects/:projectId/team', url: '/projects/abc/team' });
    expect(screen.getByText('Project Not Found')).toBeInTheDocument();
  });
});
