import { auth, toaster } from '@quarry/shared';
import type { ResourceLimitEntry, User } from '@quarry/shared/schemas';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeRoutes } from '@quarry/shared/testing';
import AccountPage from './AccountPage';

const fakeApi = setupFakeApiRoutes();

const USER: User = {
  id: '0b0c9a4e-5d0f-4a53-9c4a-111111111111',
  email: 'ada@example.com',
  full_name: 'Ada Lovelace',
  is_active: true,
  is_superuser: false,
  is_verified: true,
  credit_balance: 420,
  created_at: '2025-01-05T10:00:00Z',
  last_login_at: null,
};

const entry = (name: string, current: number, limit: number, extra: Partial<ResourceLimitEntry> = {}): ResourceLimitEntry => ({
  resource_type_id: `00000000-0000-4000-8000-00000000000${name.length % 10}`,
  name,
  description: null,
  unit: 'files',
  limit,
  current_usage: current,
  reset_period: 'never',
  aggregation_type: 'COUNT',
  usage_percentage: (current / limit) * 100,
  is_near_limit: false,
  credit_cost: 0,
  next_reset_at: null,
  ...extra,
});

/** Serves `routes` to USER, signed in. */
const serve = (routes: FakeRoutes) => fakeApi.serve(routes, { user: USER });

beforeEach(() => {
  quietActWarnings();
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => toaster.remove());
});

describe('AccountPage', () => {
  it('asks an anonymous visitor to log in', () => {
    auth.clear();
    renderRoute(<AccountPage />);
    expect(screen.getByText('Please log in to view your account.')).toBeInTheDocument();
  });

  it('shows usage with warning from 80 % and error from 90 %, reset texts, profile and balance', async () => {
    serve({
      'GET /users/me/resource-limits': () => ({
        body: {
          credit_balance: 420,
          resource_limits: [
            entry('max_file_count', 10, 50),
            entry('max_pages', 400, 500),
            entry('storage_used', 95, 100, { reset_period: 'rolling' }),
          ],
        },
      }),
      'GET /users/preferences/email': () => ({ body: { notifications_enabled: true } }),
    });
    renderRoute(<AccountPage />);
    expect(screen.getByText('Loading your account details...')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('resource-limit');
    expect(rows.map((r) => r.getAttribute('data-level'))).toEqual(['ok', 'warning', 'error']);
    expect(within(rows[0]!).getByText('No reset')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Rolling window')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByTestId('account-credit-balance')).toHaveTextContent('420');
    expect(screen.getByText('Current balance')).toBeInTheDocument();
    // the rule for failed work, beside the balance
    expect(screen.getByTestId('credits-refund-rule')).toHaveTextContent(/fails through no fault of yours .* the credits come back/);
  });

  it('says when usage or preferences cannot be loaded, with Retry that loads again', async () => {
    let limitsCalls = 0;
    serve({
      'GET /users/me/resource-limits': () => {
        limitsCalls += 1;
        return limitsCalls === 1 ? { status: 500 } : { body: { credit_balance: 5, resource_limits: [] } };
      },
      // the connection drops: a network error
      'GET /users/preferences/email': () => ({ destroy: true }),
    });
    renderRoute(<AccountPage />);
    expect(await screen.findAllByText('Failed to load resource usage data')).not.toHaveLength(0);
    expect(await screen.findAllByText('Error loading email preferences')).not.toHaveLength(0);
    const toastRetry = (await screen.findAllByRole('button', { name: 'Retry' }))[0]!;
    fireEvent.click(toastRetry);
    expect(await screen.findByText('No usage limits')).toBeInTheDocument();
    expect(limitsCalls).toBe(2);
  });

  it('reports a failed preference change with the server message', async () => {
    const calls = serve({
      'GET /users/me/resource-limits': () => ({ body: { credit_balance: 5, resource_limits: [] } }),
      'GET /users/preferences/email': () => ({ body: { notifications_enabled: true } }),
      'POST /users/preferences/email': () => ({ status: 503, body: { detail: 'Mail service down' } }),
    });
    renderRoute(<AccountPage />);
    fireEvent.click(await screen.findByText('Email notifications'));
    expect(await screen.findByText('Failed to update email preferences: Mail service down')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([['/users/preferences/email', { notifications_enabled: false }]]);
    // The switch shows the stored value again.
    await waitFor(() => expect(screen.getByText('Email notifications').closest('label')).toHaveAttribute('data-state', 'checked'));
  });
});
