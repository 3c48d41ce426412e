// Component-test harness for the file tools: the real providers (Chakra system, a fresh
// query client without retries, the toast region) and a memory router, with the API's
// calls answered by a table of handlers (path -> answer) through the shared client.
import { AppError, AppProviders, api, createQueryClient } from '@quarry/shared';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';

export function renderRoute(element: ReactElement, { path = '/', url = path }: { path?: string; url?: string } = {}) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
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

/** Keeps Ark UI's known act() warnings out of the output (every other console.error shows). */
export function quietActWarnings() {
  const original = console.error;
  return jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && (args[0].includes('not wrapped in act') || args[0].startsWith('flushSync was called from inside a lifecycle'))) return;
    original(...args);
  });
}
