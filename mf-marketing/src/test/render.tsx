// Test harness: the app's Chakra system, the shared toast region and a memory router.
import '@testing-library/jest-dom';
import { ChakraProvider } from '@chakra-ui/react';
import { Toaster, system } from '@quarry/shared';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';

export interface RenderRouteOptions {
  /** Route pattern the element is mounted at. Default '/'. */
  path?: string;
  /** The URL to open. Default: `path`. */
  url?: string;
  /** More routes, e.g. link targets. */
  routes?: RouteObject[];
  /** Render the shared toast region (only where a test looks for toasts). */
  withToaster?: boolean;
}

export function renderRoute(element: ReactElement, { path = '/', url, routes = [], withToaster = false }: RenderRouteOptions = {}) {
  const router = createMemoryRouter([{ path, element }, ...routes, { path: '*', element: <p>elsewhere</p> }], {
    initialEntries: [url ?? path],
  });
  const utils = render(
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
      {withToaster ? <Toaster /> : null}
    </ChakraProvider>,
  );
  return { router, ...utils };
}
