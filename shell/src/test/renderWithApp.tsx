// Renders a screen inside the real providers (Chakra system, a fresh query client, the toast
// region) and a memory router, for component tests.
import { AppProviders, createQueryClient } from '@quarry/shared';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';

export function renderWithApp(element: ReactElement, { path = '/', initialEntries = [path] }: { path?: string; initialEntries?: string[] } = {}) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries },
  );
  const result = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, client };
}

/**
 * Keeps two known library warnings out of the test output (every other console.error still
 * shows): Ark UI's Field updates its state from a MutationObserver, outside React's act();
 * zag's controlled values (a Switch's `checked`) call flushSync during a render in React's
 * development build.
 */
export function quietActWarnings() {
  const original = console.error;
  return jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && (args[0].includes('not wrapped in act') || args[0].startsWith('flushSync was called from inside a lifecycle'))) return;
    original(...args);
  });
}
