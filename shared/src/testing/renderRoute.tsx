// Test kit for the remotes: render a screen at a route inside the app's
// providers (THE Chakra system, a fresh query client, the toast region and the error dialog),
// signed in as a test user, while the shared API client talks to a real local HTTP server
// (startFakeApi, or its route table setupFakeApiRoutes).
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, useLocation, type RouteObject } from 'react-router';
import { configureApi, resetApiConfig } from '../api/client';
import { resetSessionForTests, setAccessToken, setAuthenticated, type AuthUser } from '../auth/session';
import type { FakeApi } from './fakeApi';
import { AppProviders } from '../ui/AppProviders';

export const TEST_USER: AuthUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  full_name: 'Ada Lovelace',
  is_active: true,
  is_superuser: false,
  is_verified: true,
  credit_balance: 250,
  created_at: '2025-01-02T10:00:00.000Z',
  last_login_at: null,
};

/** Signs the page in as `user` (no request) and points the API client at the fake API. */
export function signInForTests(api: Pick<FakeApi, 'baseUrl'>, user: AuthUser = TEST_USER): AuthUser {
  configureApi({ baseUrl: api.baseUrl });
  setAccessToken('test-access-token');
  setAuthenticated(user);
  return user;
}

/** Undoes signInForTests. */
export function signOutForTests(): void {
  resetSessionForTests();
  resetApiConfig();
}

/** A query client for one test: no retries, no garbage collection surprises. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

export interface RenderRouteOptions {
  /** Route pattern the element is mounted at. Default '/'. */
  path?: string;
  /** The URL to open. Default: `path`. */
  url?: string;
  /** More routes, e.g. link targets. */
  routes?: RouteObject[];
  /** Default createTestQueryClient(); pass the app's `createQueryClient()` when the test is about its retry policy. */
  queryClient?: QueryClient;
}

/** Renders `element` at `path` with the app's providers; every other URL shows 'elsewhere: {path}'. */
export function renderRoute(element: ReactElement, { path = '/', url, routes = [], queryClient = createTestQueryClient() }: RenderRouteOptions = {}) {
  const router = createMemoryRouter(
    [{ path, element }, ...routes, { path: '*', Component: Elsewhere }],
    { initialEntries: [url ?? path] },
  );
  const utils = render(
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, ...utils };
}

function Elsewhere() {
  const location = useLocation();
  return <p>elsewhere: {location.pathname}</p>;
}
