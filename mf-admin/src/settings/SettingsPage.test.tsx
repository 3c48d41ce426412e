import { siteKeys } from '@quarry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeCall } from '@quarry/shared/testing';
import SettingsPage from './SettingsPage';

const fakeApi = setupFakeApiRoutes();

const stored = { site_name: 'Quarry', admin_email: 'admin@example.com', updated_at: null };

// typing into Chakra fields is slow on a busy machine
jest.setTimeout(30_000);

beforeEach(() => {
  quietActWarnings();
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('admin settings', () => {
  it('validates like the server, resets to the stored values, saves and updates the shown site name', async () => {
    const put = jest.fn((c: FakeCall) => ({ body: { ...(c.body as object), updated_at: '2026-03-01T10:00:00.000Z' } }));
    fakeApi.serve({ 'GET /admin/settings': () => ({ body: stored }), 'PUT /admin/settings': put });
    const user = userEvent.setup();
    const { queryClient: client } = renderRoute(<SettingsPage />);
    const name = await screen.findByRole('textbox', { name: /Site name/ });
    const email = screen.getByRole('textbox', { name: /Admin email/ });
    expect(name).toHaveValue('Quarry');
    await user.clear(name);
    await user.clear(email);
    await user.type(email, 'nope');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Site name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(name).toHaveValue('Quarry');
    expect(email).toHaveValue('admin@example.com');
    expect(screen.queryByText('Site name is required')).toBeNull();

    await user.clear(name);
    await user.type(name, 'Ore Works');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0]![0].body).toEqual({ site_name: 'Ore Works', admin_email: 'admin@example.com' });
    expect(await screen.findByText('Settings Saved')).toBeInTheDocument();
    expect(client.getQueryData(siteKeys.publicSettings())).toEqual({ site_name: 'Ore Works' });
  });

  it('a failed save keeps what was typed', async () => {
    fakeApi.serve({
      'GET /admin/settings': () => ({ body: stored }),
      'PUT /admin/settings': () => ({ status: 500 }),
    });
    const user = userEvent.setup();
    renderRoute(<SettingsPage />);
    const name = await screen.findByRole('textbox', { name: /Site name/ });
    await user.clear(name);
    await user.type(name, 'Ore');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Save Failed')).toBeInTheDocument();
    expect(name).toHaveValue('Ore');
  });

  it('model calls: switched to superusers only with a new limit, validated like the server; the use per user is listed', async () => {
    const put = jest.fn((c: FakeCall) => ({ body: { ...(c.body as object), credit_cost: 1, updated_at: '2026-03-01T10:00:00.000Z' } }));
    const usage = jest.fn((c: FakeCall) => ({
      body: {
        since: '2026-02-01T00:00:00.000Z',
        total_calls: c.query.get('days') === '7' ? 1 : 5,
        total_credits: c.query.get('days') === '7' ? 1 : 5,
        users: [{ user_id: '11111111-1111-4111-8111-111111111111', email: 'ada@example.com', calls: 4, credits: 4, last_call_at: '2026-02-20T09:30:00.000Z' }],
      },
    }));
    fakeApi.serve({
      'GET /admin/settings': () => ({ body: stored }),
      'GET /admin/settings/model-calls': () => ({ body: { access: 'everyone', calls_per_minute: 10, credit_cost: 1, updated_at: null } }),
      'PUT /admin/settings/model-calls': put,
      'GET /admin/model-calls/usage': usage,
    });
    const user = userEvent.setup();
    renderRoute(<SettingsPage />);
    const form = await screen.findByRole('form', { name: 'Model call settings' });
    expect(within(form).getByText(/Each call takes 1 credit from the caller's balance/)).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: /Everyone, limited and charged/ })).toBeChecked();
    await user.click(within(form).getByText('Superusers only'));
    const limit = within(form).getByRole('spinbutton', { name: /Calls per minute/ });
    await user.clear(limit);
    await user.type(limit, '0');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Calls per minute must be a whole number between 1 and 1000')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
    await user.clear(limit);
    await user.type(limit, '4');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0]![0].body).toEqual({ access: 'superusers', calls_per_minute: 4 });

    const table = await screen.findByRole('table', { name: 'Model calls per user' });
    const row = within(table).getByRole('row', { name: 'ada@example.com' });
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['ada@example.com', '4', '4', expect.any(String)]);
    expect(screen.getByTestId('model-call-totals')).toHaveTextContent('5 calls, 5 credits charged');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), '7');
    await waitFor(() => expect(screen.getByTestId('model-call-totals')).toHaveTextContent('1 call, 1 credit charged'));
    expect(usage.mock.calls.map((c) => c[0].query.get('days'))).toEqual(['30', '7']);
  });
  it('webhooks: private network targets are allowed with a warning, saved and shown; a failed load offers a retry', async () => {
    const put = jest.fn((c: FakeCall) => ({ body: c.body }));
    let loads = 0;
    fakeApi.serve({
      'GET /admin/settings': () => ({ body: stored }),
      'GET /admin/settings/model-calls': () => ({ body: { access: 'everyone', calls_per_minute: 10, credit_cost: 1, updated_at: null } }),
      'GET /admin/model-calls/usage': () => ({ body: { since: '2026-02-01T00:00:00.000Z', total_calls: 0, total_credits: 0, users: [] } }),
      'GET /admin/settings/credits': () => ({ body: { low_balance_threshold: 10, default_low_balance_threshold: 10, initial_credit_balance: 100, updated_at: null } }),
      'GET /admin/webhooks/settings': () => (++loads === 1 ? { status: 500 } : { body: { allow_private_targets: false } }),
      'PUT /admin/webhooks/settings': put,
    });
    const user = userEvent.setup();
    renderRoute(<SettingsPage />);
    expect(await screen.findAllByText('Failed to load the webhook settings')).not.toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    const form = await screen.findByRole('form', { name: 'Webhook settings' });
    expect(within(form).getByText(/server-side request forgery/)).toBeInTheDocument();
    const allow = within(form).getByRole('checkbox', { name: /Allow webhook targets in private networks/ });
    expect(allow).not.toBeChecked();
    expect(within(form).getByRole('button', { name: 'Reset' })).toBeDisabled();
    // the switch reacts to a plain click: user-event's pointer press is beyond jsdom here
    fireEvent.click(within(form).getByText('Allow webhook targets in private networks'));
    await waitFor(() => expect(allow).toBeChecked());
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0]![0].body).toEqual({ allow_private_targets: true });
    expect(await screen.findByText('Webhooks may now be delivered to private network addresses')).toBeInTheDocument();
    expect(allow).toBeChecked();
    expect(within(form).getByRole('button', { name: 'Reset' })).toBeDisabled();
  });
});
