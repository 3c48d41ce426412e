import { fireEvent, screen, waitFor } from '@testing-library/react';
import { quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeCall } from '@quarry/shared/testing';
import { CreditSettingsCard } from './CreditSettingsCard';

const fakeApi = setupFakeApiRoutes();
jest.setTimeout(30_000);
beforeEach(() => quietActWarnings());

const stored = { low_balance_threshold: 10, default_low_balance_threshold: 10, initial_credit_balance: 100, updated_at: null };

describe('CreditSettingsCard', () => {
  it('shows the threshold, refuses a bad value, saves a new one', async () => {
    const put = jest.fn((c: FakeCall) => ({ body: { ...stored, ...(c.body as object), updated_at: '2026-03-01T10:00:00.000Z' } }));
    fakeApi.serve({ 'GET /admin/settings/credits': () => ({ body: stored }), 'PUT /admin/settings/credits': put });
    renderRoute(<CreditSettingsCard />);
    expect(screen.getByText('Loading credit settings...')).toBeInTheDocument();
    const input = await screen.findByRole('spinbutton', { name: /Low-balance warning below/ });
    expect(input).toHaveValue(10);
    expect(screen.getByText(/New accounts start with 100 credits; the default is 10 % of that \(10\)/)).toBeInTheDocument();

    fireEvent.change(input, { target: { value: '-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number of credits from 0 to 1,000,000')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0]![0].body).toEqual({ low_balance_threshold: 25 });
  });

  it('says when the settings cannot be loaded', async () => {
    fakeApi.serve({ 'GET /admin/settings/credits': () => ({ status: 500, body: { detail: 'Database down' } }) });
    renderRoute(<CreditSettingsCard />);
    expect(await screen.findByText('Failed to load the credit settings')).toBeInTheDocument();
  });
});
