import type { ResourceType } from '@quarry/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeCall, type FakeRoutes } from '@quarry/shared/testing';
import ResourcesPage from './ResourcesPage';

const fakeApi = setupFakeApiRoutes();

const pages: ResourceType = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'max_pages',
  description: 'Pages across all files',
  unit: 'pages',
  reset_period: 'NEVER',
  aggregation_type: 'COUNT',
  default_limit: 500,
  default_alert_threshold: 80,
  credit_cost: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

let calls: FakeCall[];
// typing into Chakra fields is slow on a busy machine
jest.setTimeout(30_000);

beforeEach(() => {
  quietActWarnings();
});
afterEach(() => {
  jest.restoreAllMocks();
});

function serve(over: FakeRoutes = {}) {
  calls = fakeApi.serve({
    'GET /admin/resource-types': () => ({ body: { resource_types: [pages], total_count: 1 } }),
    ...over,
  });
}

async function openEdit() {
  const user = userEvent.setup();
  renderRoute(<ResourcesPage />);
  await user.click(await screen.findByRole('button', { name: 'Edit max_pages' }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe('resource management', () => {
  it('the edit form refuses non-integer and negative limits with a message and sends nothing', async () => {
    serve();
    const { user, dialog } = await openEdit();
    const limit = within(dialog).getByRole('textbox', { name: 'Default limit' });
    await user.clear(limit);
    await user.type(limit, '-5');
    const cost = within(dialog).getByRole('textbox', { name: 'Credit cost' });
    await user.clear(cost);
    await user.type(cost, '0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getAllByText('Enter a whole number of 0 or more')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    // editing a field clears its message
    await user.type(limit, '0');
    expect(within(dialog).getAllByText('Enter a whole number of 0 or more')).toHaveLength(1);
  });

  it("sends filled numbers as integers, empty ones not at all, and says 'Resource Updated'", async () => {
    const put = jest.fn((c: FakeCall) => ({ body: { ...pages, ...(c.body as object) } }));
    serve({ [`PUT /admin/resource-types/${pages.id}`]: put });
    const { user, dialog } = await openEdit();
    const limit = within(dialog).getByRole('textbox', { name: 'Default limit' });
    await user.clear(limit);
    await user.type(limit, '750');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Alert threshold (%)' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reset period' }), 'MONTHLY');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0]![0].body).toEqual({
      description: 'Pages across all files',
      reset_period: 'MONTHLY',
      aggregation_type: 'COUNT',
      default_limit: 750,
      credit_cost: 0,
    });
    expect(await screen.findByText('Resource Updated')).toBeInTheDocument();
  });

  it("a failed update says 'Update Failed' with the server detail and keeps the form", async () => {
    serve({ [`PUT /admin/resource-types/${pages.id}`]: () => ({ status: 409, body: { detail: 'A resource type with this name already exists' } }) });
    const { user, dialog } = await openEdit();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Update Failed')).toBeInTheDocument();
    expect(screen.getByText('A resource type with this name already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('delete asks the spec question; a type in use says what uses it', async () => {
    serve({
      [`DELETE /admin/resource-types/${pages.id}`]: () => ({ status: 409, body: { detail: 'Resource type "max_pages" is in use and cannot be deleted: the upload quota (pages per user) enforces it' } }),
    });
    const user = userEvent.setup();
    renderRoute(<ResourcesPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete max_pages' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete "max_pages"? This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete Failed')).toBeInTheDocument();
    expect(screen.getByText(/is in use and cannot be deleted: the upload quota/)).toBeInTheDocument();
  });

  it("seeding shows 'Resources Seeded' with the server message; overwrite sends overwrite_existing", async () => {
    const seed = jest.fn(() => ({
      body: { message: 'Seeded resource types: 0 created, 4 updated, 0 skipped', created_count: 0, updated_count: 4, skipped_count: 0, resource_types: [] },
    }));
    serve({ 'POST /admin/seed-resources': seed });
    const user = userEvent.setup();
    renderRoute(<ResourcesPage />);
    await screen.findByRole('button', { name: 'Edit max_pages' });
    // the overwrite sits behind More, so the header stays one row on a phone
    expect(screen.queryByRole('button', { name: 'Overwrite Existing' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More' }));
    await screen.findByRole('menuitem', { name: 'Overwrite Existing' });
    // chosen from the keyboard (the menu is open and focused)
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(seed).toHaveBeenCalled(), { timeout: 10_000 });
    expect(await screen.findByText('Resources Seeded', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Seeded resource types: 0 created, 4 updated, 0 skipped')).toBeInTheDocument();
    expect((seed.mock.calls[0] as unknown as [FakeCall])[0].body).toEqual({ overwrite_existing: true, resource_types: null });
  });

  it("a load error toasts 'Error' / 'Failed to load resource types'", async () => {
    serve({ 'GET /admin/resource-types': () => ({ status: 500 }) });
    renderRoute(<ResourcesPage />);
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect((await screen.findAllByText('Failed to load resource types')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
