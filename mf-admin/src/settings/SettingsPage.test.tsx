import { siteKeys } from '@quarry/shared';
import { screen, waitFor } from '@testing-library/react';
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
});
