// /admin/users/{id}: the user's details from GET /admin/users/{id}, the row menu's actions as
// buttons (a change is confirmed first and refreshes the page), and a 404 that says so.
import type { AdminUser } from '@quarry/shared/schemas';
import { quietActWarnings, renderRoute, setupFakeApiRoutes } from '@quarry/shared/testing';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import UserPage from './UserPage';

const fakeApi = setupFakeApiRoutes();
beforeEach(() => quietActWarnings());
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 15_000 });

const ID = '00000000-0000-4000-8000-000000000007';
const ada: AdminUser = {
  id: ID,
  email: 'ada@example.com',
  full_name: 'Ada Lovelace',
  credit_balance: 42,
  is_superuser: false,
  is_active: true,
  is_verified: true,
  created_at: '2026-01-01T00:00:00.000Z',
  last_login_at: null,
};

describe('/admin/users/{id}', () => {
  it("shows the user's details and disables them after a confirmation", async () => {
    let current = ada;
    const calls = fakeApi.serve({
      [`GET /admin/users/${ID}`]: () => ({ body: current }),
      [`PATCH /admin/users/${ID}`]: (c) => {
        current = { ...current, ...(c.body as Partial<AdminUser>) };
        return { body: current };
      },
    });
    renderRoute(<UserPage />, { path: '/admin/users/:userId', url: `/admin/users/${ID}` });
    expect(await screen.findByRole('heading', { name: 'ada@example.com' })).toBeInTheDocument();
    const details = screen.getByTestId('admin-user-details');
    expect(details).toHaveTextContent('42 credits');
    expect(details).toHaveTextContent('Never');
    expect(within(details).getByText('Active')).toBeInTheDocument();
    for (const name of ['Adjust balance', 'API keys', 'Make superuser']) expect(screen.getByRole('button', { name })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ is_active: false }]));
    expect(await within(screen.getByTestId('admin-user-details')).findByText('Disabled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable' })).toBeInTheDocument();
  });

  it('says when the user does not exist, with a way back', async () => {
    fakeApi.serve({ [`GET /admin/users/${ID}`]: () => ({ status: 404, body: { detail: 'User not found' } }) });
    renderRoute(<UserPage />, { path: '/admin/users/:userId', url: `/admin/users/${ID}` });
    expect((await screen.findAllByText('User not found')).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Back to users' })).toHaveAttribute('href', '/admin/users');
  });
});
