// /admin/users sorted and paged by the server: the column headers sort (aria-sort), the pager
// says "Showing 1–20 of 48 users", a search that finds nobody names the search, and below
// 600 px every user is a card with each column labelled and the row's actions.
import type { AdminUser } from '@quarry/shared/schemas';
import { quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeCall } from '@quarry/shared/testing';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import UsersPage from './UsersPage';

const fakeApi = setupFakeApiRoutes();
let quiet: jest.SpyInstance;
const narrowMatchMedia = window.matchMedia;
const wide = (matches: boolean) => {
  window.matchMedia = (query: string) => ({ ...narrowMatchMedia(query), matches });
};
beforeEach(() => {
  quiet = quietActWarnings();
  wide(true);
});
afterEach(() => {
  quiet.mockRestore();
  window.matchMedia = narrowMatchMedia;
});
// twenty table rows of Chakra in jsdom are slow on a busy machine
jest.setTimeout(120_000);
configure({ asyncUtilTimeout: 15_000 });

const TOTAL = 48;
const user = (i: number): AdminUser => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  email: `user${i}@example.com`,
  full_name: i % 5 === 0 ? null : `User ${i}`,
  credit_balance: i === 1 ? 1 : i * 10,
  is_superuser: i === 1,
  is_active: true,
  is_verified: true,
  created_at: '2026-01-01T00:00:00.000Z',
  last_login_at: null,
});

function serveUsers(): FakeCall[] {
  return fakeApi.serve({
    'GET /admin/users': (call) => {
      if (call.query.get('search')) return { body: { users: [], total_count: 0 } };
      const offset = Number(call.query.get('offset'));
      const limit = Number(call.query.get('limit'));
      const ids = Array.from({ length: Math.max(0, Math.min(limit, TOTAL - offset)) }, (_, k) => offset + k + 1);
      return { body: { users: ids.map(user), total_count: TOTAL } };
    },
  });
}
const last = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET').at(-1)!.query;

describe('/admin/users', () => {
  it('sorts by the column headers, saying which way in aria-sort', async () => {
    const calls = serveUsers();
    renderRoute(<UsersPage />, { path: '/admin/users' });
    const table = await screen.findByRole('table', { name: 'Users' });
    const header = (name: string) => within(table).getByRole('columnheader', { name });
    expect(header('Created')).toHaveAttribute('aria-sort', 'descending');
    for (const name of ['Email', 'Name', 'Balance']) expect(header(name)).toHaveAttribute('aria-sort', 'none');
    expect(header('Last login')).not.toHaveAttribute('aria-sort');
    // each email opens the user's page
    expect(within(table).getByRole('link', { name: 'user1@example.com' })).toHaveAttribute('href', `/admin/users/${user(1).id}`);

    fireEvent.click(within(header('Balance')).getByRole('button'));
    await waitFor(() => expect(header('Balance')).toHaveAttribute('aria-sort', 'descending'));
    await waitFor(() => expect(`${last(calls).get('sort')} ${last(calls).get('order')}`).toBe('credit_balance desc'));
    fireEvent.click(within(header('Email')).getByRole('button'));
    await waitFor(() => expect(header('Email')).toHaveAttribute('aria-sort', 'ascending'));
    await waitFor(() => expect(`${last(calls).get('sort')} ${last(calls).get('order')}`).toBe('email asc'));
    expect(header('Balance')).toHaveAttribute('aria-sort', 'none');
  });

  it('pages of 20 of 48 users, Previous and Next', async () => {
    const calls = serveUsers();
    renderRoute(<UsersPage />, { path: '/admin/users' });
    expect(await screen.findByText('Showing 1–20 of 48 users')).toBeInTheDocument();
    expect(screen.getByText('48 accounts')).toBeInTheDocument();
    expect(screen.getAllByTestId('user-row')).toHaveLength(20);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('row', { name: 'user21@example.com' })).toBeInTheDocument();
    expect(screen.getByText('Showing 21–40 of 48 users')).toBeInTheDocument();
    expect(last(calls).get('offset')).toBe('20');
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 41–48 of 48 users')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 21–40 of 48 users')).toBeInTheDocument();
  });

  it('a search that finds nobody names the search', async () => {
    serveUsers();
    renderRoute(<UsersPage />, { path: '/admin/users' });
    await screen.findByText('Showing 1–20 of 48 users');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'nobody here' } });
    expect(await screen.findByText('No users match "nobody here"')).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });

  it('below 600 px each user is a card with every column and the actions; a select sorts', async () => {
    wide(false);
    const calls = serveUsers();
    renderRoute(<UsersPage />, { path: '/admin/users' });
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const first = within(list).getByRole('listitem', { name: 'user1@example.com' });
    for (const label of ['Name', 'Created', 'Last login', 'Balance', 'Access']) expect(within(first).getByText(label)).toBeInTheDocument();
    expect(within(first).getByText('1 credit')).toBeInTheDocument();
    expect(within(list).getByRole('listitem', { name: 'user2@example.com' })).toHaveTextContent('20 credits');
    expect(within(list).getByRole('listitem', { name: 'user5@example.com' })).toHaveTextContent('No name');
    expect(within(first).getByRole('button', { name: 'Actions for user1@example.com' })).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'user1@example.com' })).toHaveAttribute('href', `/admin/users/${user(1).id}`);
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'credit_balance:asc' } });
    await waitFor(() => expect(`${last(calls).get('sort')} ${last(calls).get('order')}`).toBe('credit_balance asc'));
  });
});
