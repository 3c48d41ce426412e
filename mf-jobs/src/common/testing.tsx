// Component-test helpers (tests only): the real providers (Chakra system, a fresh query
// client, the toast region), a memory router, a signed-in user, and the API's calls answered
// by a table of handlers (path -> answer) through the shared client.
import { AppError, AppProviders, api, auth, createQueryClient } from '@quarry/shared';
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

/**
 * Renders `element` at `path`, opened at `url`. `retries: false` turns the app's query retries
 * off, for tests whose failing calls must fail at once.
 */
export function renderRoute(element: ReactElement, { path = '/', url = path, retries = true }: { path?: string; url?: string; retries?: boolean } = {}) {
  const client = createQueryClient();
  if (!retries) client.setDefaultOptions({ queries: { retry: false } });
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

type Method = 'get' | 'post' | 'patch' | 'delete';
export type Handler = (body: unknown) => unknown;
export type Routes = Partial<Record<`${Uppercase<Method>} ${string}`, Handler>>;

/** A 4xx/5xx the way the client raises it. */
export function httpError(status: number, detail: unknown): AppError {
  const serverMessage = typeof detail === 'string' ? detail : Array.isArray(detail) ? String((detail[0] as { msg?: string })?.msg ?? '') : undefined;
  return new AppError({ kind: status === 404 ? 'validation' : status >= 500 ? 'system' : 'validation', status, detail, serverMessage });
}

/** Answers api.get/post/patch/delete from `routes` (keyed "METHOD path", path without query). */
export function mockApi(routes: Routes) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const answer = (method: Method) =>
    (async (path: string, bodyOrOptions?: unknown) => {
      const body = method === 'post' || method === 'patch' ? bodyOrOptions : undefined;
      calls.push({ method: method.toUpperCase(), path, body });
      const handler = routes[`${method.toUpperCase() as Uppercase<Method>} ${path}`];
      if (!handler) throw new Error(`unexpected ${method.toUpperCase()} ${path}`);
      return handler(body);
    }) as never;
  jest.spyOn(api, 'get').mockImplementation(answer('get'));
  jest.spyOn(api, 'post').mockImplementation(answer('post'));
  jest.spyOn(api, 'patch').mockImplementation(answer('patch'));
  jest.spyOn(api, 'delete').mockImplementation(answer('delete'));
  return calls;
}

/** Keeps two known library warnings (Ark UI's Field observer, zag's flushSync) out of the output. */
export function quietActWarnings() {
  const original = console.error;
  return jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && (args[0].includes('not wrapped in act') || args[0].startsWith('flushSync was called from inside a lifecycle'))) return;
    original(...args);
  });
}
