import { toaster } from '@quarry/shared';
import type { AdminUser, ApiKey } from '@quarry/shared/schemas';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { quietActWarnings, renderRoute, setupFakeApiRoutes } from '@quarry/shared/testing';
import { UserApiKeysDialog } from './UserApiKeysDialog';

const fakeApi = setupFakeApiRoutes();

const USER = { id: '0b0c9a4e-5d0f-4a53-9c4a-666666666666', email: 'ada@example.com' } as AdminUser;
const KEY: ApiKey = {
  id: '0b0c9a4e-5d0f-4a53-9c4a-777777777777',
  user_id: USER.id,
  name: 'ERP import',
  prefix: 'qk_AbCdEfGh',
  scope: 'read',
  created_at: '2026-01-05T10:00:00Z',
  expires_at: null,
  last_used_at: null,
  revoked_at: null,
  status: 'active',
};

beforeEach(() => quietActWarnings());
afterEach(() => act(() => toaster.remove()));

describe('UserApiKeysDialog', () => {
  it("lists a user's keys and revokes one after confirmation", async () => {
    let key = KEY;
    const calls = fakeApi.serve({
      [`GET /admin/users/${USER.id}/api-keys`]: () => ({ body: { api_keys: [key], total_count: 1 } }),
      [`DELETE /admin/api-keys/${KEY.id}`]: () => {
        key = { ...KEY, status: 'revoked', revoked_at: '2026-01-06T10:00:00Z' };
        return { body: key };
      },
    });
    renderRoute(<UserApiKeysDialog user={USER} onClose={() => undefined} />);
    const row = await screen.findByTestId('admin-api-key');
    expect(within(row).getByText('qk_AbCdEfGh…')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke ERP import' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('revoked')).toBeInTheDocument();
  });

  it('shows the empty and error states', async () => {
    let n = 0;
    fakeApi.serve({ [`GET /admin/users/${USER.id}/api-keys`]: () => ((n += 1) === 1 ? { status: 500 } : { body: { api_keys: [], total_count: 0 } }) });
    renderRoute(<UserApiKeysDialog user={USER} onClose={() => undefined} />);
    expect(await screen.findAllByText('Failed to load API keys')).not.toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No API keys')).toBeInTheDocument();
  });
});
