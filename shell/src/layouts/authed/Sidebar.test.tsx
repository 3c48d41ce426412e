import { TEST_USER, quietActWarnings, renderRoute, setupFakeApiRoutes } from '@quarry/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { WithLoader, testLoader } from '../palette/testNav';
import { SidebarContent } from './Sidebar';

const fakeApi = setupFakeApiRoutes();
const limits = { 'GET /users/me/resource-limits': () => ({ body: { credit_balance: 250, resource_limits: [] } }) };

function renderSidebar(loader: ReturnType<typeof testLoader>['loader'], url = '/jobs/evaluation') {
  return renderRoute(
    <WithLoader loader={loader}>
      <SidebarContent />
    </WithLoader>,
    { path: '*', url },
  );
}

beforeEach(() => quietActWarnings());

describe('SidebarContent', () => {
  it("lists every area from the remotes' own entries, the tools in a group of their own", async () => {
    fakeApi.serve(limits);
    const { loader, loads } = testLoader();
    renderSidebar(loader);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Output Schemas' })).toHaveAttribute('href', '/output-schemas'));
    const names = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual([
      'Files & Datasets',
      'Datasets',
      'Prompts',
      'Output Schemas',
      'Jobs',
      '1. OCR',
      'Evaluation',
      'LLM Test',
      'Chunking Test',
      'WebSocket Test',
      'Account',
      'Settings',
    ]);
    const tools = within(nav).getByRole('group', { name: 'Tools' });
    expect(within(tools).getAllByRole('link').map((a) => a.textContent)).toEqual(['LLM Test', 'Chunking Test', 'WebSocket Test']);
    expect(within(nav).getByRole('link', { name: 'Evaluation' })).toHaveAttribute('aria-current', 'page');
    // the admin remote is never loaded for a user who is not a superuser
    expect(loads.sort()).toEqual(['files', 'jobs', 'promptsSchemas']);
  });

  it('shows Admin to a superuser, from the admin remote', async () => {
    fakeApi.serve(limits, { user: { ...TEST_USER, is_superuser: true } });
    const { loader, loads } = testLoader();
    renderSidebar(loader);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(loads).toContain('admin');
  });

  it("leaves out a remote that cannot be loaded and keeps the others' entries", async () => {
    fakeApi.serve(limits);
    const { loader } = testLoader(['promptsSchemas']);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderSidebar(loader);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Evaluation' });
    await waitFor(() => expect(nav).toHaveAttribute('aria-busy', 'false'));
    expect(within(nav).queryByRole('link', { name: 'Prompts' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Files & Datasets' })).toBeInTheDocument();
  });
});
