import { toaster } from '@quarry/shared';
import type { ApiKey } from '@quarry/shared/schemas';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { quietActWarnings, renderRoute, setupFakeApiRoutes, TEST_USER } from '@quarry/shared/testing';
import { ApiKeysSection } from './ApiKeysSection';

const fakeApi = setupFakeApiRoutes();

const KEY: ApiKey = {
  id: '0b0c9a4e-5d0f-4a53-9c4a-222222222222',
  user_id: TEST_USER.id,
  name: 'ERP import',
  prefix: 'qk_AbCdEfGh',
  scope: 'read+write',
  created_at: '2026-01-05T10:00:00Z',
  expires_at: null,
  last_used_at: '2026-01-06T10:00:00Z',
  revoked_at: null,
  status: 'active',
};
const SECRET = `qk_${'Z'.repeat(43)}`;

beforeEach(() => quietActWarnings());
afterEach(() => act(() => toaster.remove()));

describe('ApiKeysSection', () => {
  it('shows loading, then the empty state', async () => {
    fakeApi.serve({ 'GET /api-keys/': () => ({ body: { api_keys: [], total_count: 0 } }) });
    renderRoute(<ApiKeysSection />);
    expect(screen.getByText('Loading API keys...')).toBeInTheDocument();
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
  });

  it('says when the keys cannot be loaded, and Retry loads again', async () => {
    let calls = 0;
    fakeApi.serve({
      'GET /api-keys/': () => ((calls += 1) === 1 ? { status: 500, body: { detail: 'Database down' } } : { body: { api_keys: [KEY], total_count: 1 } }),
    });
    renderRoute(<ApiKeysSection />);
    expect(await screen.findByText('Failed to load API keys')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('ERP import')).toBeInTheDocument();
  });

  it('creates a key, shows its secret once (never stored in the browser), and lists it', async () => {
    let listed: ApiKey[] = [];
    const calls = fakeApi.serve({
      'GET /api-keys/': () => ({ body: { api_keys: listed, total_count: listed.length } }),
      'POST /api-keys/': (call) => {
        listed = [{ ...KEY, name: (call.body as { name: string }).name, scope: 'read' }];
        return { status: 201, body: { ...listed[0], key: SECRET } };
      },
    });
    renderRoute(<ApiKeysSection />);
    await screen.findByText('No API keys yet');
    const form = screen.getByRole('form', { name: 'Create an API key' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Please give the key a name.')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/Name/), { target: { value: 'Nightly sync' } });
    expect(screen.queryByText('Please give the key a name.')).not.toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Expires after'), { target: { value: '30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('new-api-key-secret')).toHaveTextContent(SECRET);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ name: 'Nightly sync', scope: 'read', expires_in_days: 30 }]);
    expect(await screen.findByText('Nightly sync')).toBeInTheDocument();
    // the secret is in no browser storage
    expect(JSON.stringify({ ...localStorage })).not.toContain(SECRET);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(SECRET);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('new-api-key')).not.toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('offers the admin scope to superusers only', async () => {
    fakeApi.serve({ 'GET /api-keys/': () => ({ body: { api_keys: [], total_count: 0 } }) });
    renderRoute(<ApiKeysSection />);
    await screen.findByText('No API keys yet');
    expect(screen.queryByRole('option', { name: /Admin/ })).not.toBeInTheDocument();
  });

  it('offers the admin scope to a superuser', async () => {
    fakeApi.serve({ 'GET /api-keys/': () => ({ body: { api_keys: [], total_count: 0 } }) }, { user: { ...TEST_USER, is_superuser: true } });
    renderRoute(<ApiKeysSection />);
    await screen.findByText('No API keys yet');
    expect(screen.getByRole('option', { name: /Admin/ })).toBeInTheDocument();
  });

  it('shows the server detail when creation is refused', async () => {
    fakeApi.serve({
      'GET /api-keys/': () => ({ body: { api_keys: [], total_count: 0 } }),
      'POST /api-keys/': () => ({ status: 422, body: { detail: [{ loc: ['body'], msg: 'You already have 50 API keys', type: 'value_error' }] } }),
    });
    renderRoute(<ApiKeysSection />);
    await screen.findByText('No API keys yet');
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'one more' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(/Could not create the key: You already have 50 API keys/)).toBeInTheDocument();
  });

  it('revokes a key after confirmation', async () => {
    let key = KEY;
    const calls = fakeApi.serve({
      'GET /api-keys/': () => ({ body: { api_keys: [key], total_count: 1 } }),
      [`DELETE /api-keys/${KEY.id}`]: () => {
        key = { ...KEY, status: 'revoked', revoked_at: '2026-01-07T10:00:00Z' };
        return { body: key };
      },
    });
    renderRoute(<ApiKeysSection />);
    const row = await screen.findByTestId('api-key-row');
    expect(within(row).getByText('qk_AbCdEfGh…')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke ERP import' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Programs using it stop working at once/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('revoked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke ERP import' })).not.toBeInTheDocument();
  });
});
