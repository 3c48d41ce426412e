// Test harness for the public layout: the app's Chakra system, next-themes as the shell
// wires it, and a memory router.
import '@testing-library/jest-dom';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@quarry/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ThemeProvider } from 'next-themes';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';

export const THEME_STORAGE_KEY = 'quarry-theme';

export function renderAt(
  url: string,
  routes: RouteObject[] | ReactElement,
  // the brand mark reads the site name through the query cache
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  const tree: RouteObject[] = Array.isArray(routes) ? routes : [{ path: '*', element: routes }];
  const router = createMemoryRouter(tree, { initialEntries: [url] });
  const utils = render(
    <QueryClientProvider client={client}>
      <ChakraProvider value={system}>
        <ThemeProvider
          attribute="class"
          defaultTheme="system"
          enableSystem
          storageKey={THEME_STORAGE_KEY}
          disableTransitionOnChange
          // A data-block type: React does not warn about a script it will never run.
          scriptProps={{ type: 'application/json' }}
        >
          <RouterProvider router={router} />
        </ThemeProvider>
      </ChakraProvider>
    </QueryClientProvider>,
  );
  return { router, ...utils };
}
