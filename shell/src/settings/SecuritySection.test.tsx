import type { Session } from '@quarry/shared/schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { quietActWarnings, renderRoute, setupFakeApiRoutes } from '@quarry/shared/testing';
import { SecuritySection } from './SecuritySection';

const fakeApi = setupFakeApiRoutes();
beforeEach(() => quietActWarnings());

const session = (id: string, device: string, current = false): Session => ({
  id,
  device,
  user_agent: null,
  ip: '10.0.0.1',
  created_at: '2026-01-05T10:00:00Z',
  last_used_at: '2026-01-06T10:00:00Z',
  current,
});
const HERE = session('0b0c9a4e-5d0f-4a53-9c4a-000000000001', 'Chrome on macOS', true);
const PHONE = session('0b0c9a4e-5d0f-4a53-9c4a-000000000002', 'Safari on iOS');

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('SecuritySection: change password', () => {
  it('checks the fields before sending, then sends current and new password', async () => {
    const calls = fakeApi.serve({
      'GET /users/me/sessions': () => ({ body: { sessions: [HERE, PHONE] } }),
      'POST /users/me/password': () => ({ body: { message: 'Password changed', revoked: 1 } }),
    });
    renderRoute(<SecuritySection />);
    fireEvent.click(screen.getByRole('button', { name: 'Update security' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();

    fill(/^Current password/, 'Old-Granite-42x');
    fill(/^New password/, 'Basalt-Ledger-73q');
    fill(/^Confirm new password/, 'Basalt-Ledger-73x');
    fireEvent.click(screen.getByRole('button', { name: 'Update security' }));
    expect(await screen.findByText('The new passwords do not match')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/users/me/password')).toBe(false);

    fill(/^Confirm new password/, 'Basalt-Ledger-73q');
    fireEvent.click(screen.getByRole('button', { name: 'Update security' }));
    expect(await screen.findByText('Password changed. Signed out of 1 other session.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/users/me/password')?.body).toEqual({ current_password: 'Old-Granite-42x', new_password: 'Basalt-Ledger-73q' });
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
  });

  it("shows the server's field message under the field (wrong current password)", async () => {
    fakeApi.serve({
      'GET /users/me/sessions': () => ({ body: { sessions: [HERE] } }),
      'POST /users/me/password': () => ({
        status: 422,
        body: { detail: [{ loc: ['body', 'current_password'], msg: 'Current password is incorrect', type: 'invalid_password' }] },
      }),
    });
    renderRoute(<SecuritySection />);
    fill(/^Current password/, 'Wrong-Granite-42x');
    fill(/^New password/, 'Basalt-Ledger-73q');
    fill(/^Confirm new password/, 'Basalt-Ledger-73q');
    fireEvent.click(screen.getByRole('button', { name: 'Update security' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(screen.queryByTestId('password-changed')).not.toBeInTheDocument();
  });
});

describe('SecuritySection: sessions', () => {
  it('lists sessions with the current one marked; signs out one after confirming', async () => {
    let sessions = [HERE, PHONE];
    const calls = fakeApi.serve({
      'GET /users/me/sessions': () => ({ body: { sessions } }),
      [`DELETE /users/me/sessions/${PHONE.id}`]: () => {
        sessions = [HERE];
        return { body: { message: 'Session signed out' } };
      },
    });
    renderRoute(<SecuritySection />);
    expect(screen.getByText('Loading sessions...')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('session');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('This session')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: /sign out/i })).not.toBeInTheDocument();
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Sign out Safari on iOS' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/users/me/sessions/${PHONE.id}`)).toBe(true);
  });

  it('"Sign out of other sessions" is off when there are none, and says what it did', async () => {
    let sessions = [HERE, PHONE];
    fakeApi.serve({
      'GET /users/me/sessions': () => ({ body: { sessions } }),
      'POST /users/me/sessions/revoke-others': () => {
        sessions = [HERE];
        return { body: { message: 'Signed out of 1 other session', revoked: 1 } };
      },
    });
    renderRoute(<SecuritySection />);
    await screen.findAllByTestId('session');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out of other sessions' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out others' }));
    expect(await screen.findByText('Signed out of 1 other session')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign out of other sessions' })).toBeDisabled());
  });

  it('says when the sessions cannot be loaded', async () => {
    fakeApi.serve({ 'GET /users/me/sessions': () => ({ status: 500, body: { detail: 'Database down' } }) });
    renderRoute(<SecuritySection />);
    expect(await screen.findByText('Failed to load sessions')).toBeInTheDocument();
  });
});
