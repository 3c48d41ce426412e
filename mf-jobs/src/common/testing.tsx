// Component-test helpers (tests only): the real providers, a memory router, a signed-in user
// whose API calls are answered by `routes`.
import { AppProviders, api, auth, createQueryClient } from '@quarry/shared';
import type { User } from '@quarry/shared/schemas';
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';

export const TEST_USER: User = {
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

export async function signInForTest() {
  jest.spyOn(api, 'postForm').mockResolvedValueOnce({ access_token: 'token' });
  const get = jest.spyOn(api, 'get').mockResolvedValueOnce(TEST_USER);
  await act(async () => {
    await auth.login(TEST_USER.email, 'pw');
  });
  get.mockRestore();
}

export function renderRoute(element: ReactElement, { path, url }: { path: string; url: string }) {
  const client = createQueryClient();
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, client };
}

/** Keeps two known library warnings (Ark UI's Field observer, zag's flushSync) out of the output. */
export function quietActWarnings() {
  const original = console.error;
  return jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && (args[0].includes('not wrapped in act') || args[0].startsWith('flushSync was called from inside a lifecycle'))) return;
    original(...args);
  });
}
