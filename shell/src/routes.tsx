// The shell's own screens, per layout. Every screen is a lazy chunk so the
// entry stays small; every route carries its breadcrumb label.
import { lazyScreen, type RouteHandle } from '@quarry/shared';
import type { RouteObject } from 'react-router';
import { signedOutOnlyLoader } from './auth/loaders';
import { loadAuthedLayout } from './layouts/deferred';

/** Log in and sign up lead to the signed-in layout: fetch it while the form is filled in. */
const leadingToSignedIn = <T,>(load: () => Promise<T>) => () => {
  void loadAuthedLayout();
  return load();
};

export const publicRoutes: RouteObject[] = [
  {
    path: 'login',
    handle: { crumb: 'Log in', area: 'public' } satisfies RouteHandle,
    loader: signedOutOnlyLoader,
    lazy: lazyScreen(leadingToSignedIn(() => import('./auth/LoginPage'))),
  },
  {
    path: 'signup',
    handle: { crumb: 'Sign up', area: 'public' } satisfies RouteHandle,
    loader: signedOutOnlyLoader,
    lazy: lazyScreen(leadingToSignedIn(() => import('./auth/SignupPage'))),
  },
  {
    path: 'forgot-password',
    handle: { crumb: 'Forgot password', area: 'public' } satisfies RouteHandle,
    loader: signedOutOnlyLoader,
    lazy: lazyScreen(() => import('./auth/ForgotPasswordPage')),
  },
  {
    // not signed-out only: a link from the mail may be opened in a browser that is signed in
    path: 'reset-password',
    handle: { crumb: 'Reset password', area: 'public' } satisfies RouteHandle,
    lazy: lazyScreen(() => import('./auth/ResetPasswordPage')),
  },
  {
    path: 'logout',
    handle: { crumb: 'Logout', area: 'public' } satisfies RouteHandle,
    lazy: lazyScreen(() => import('./auth/LogoutPage')),
  },
];

export const authedRoutes: RouteObject[] = [
  {
    path: 'account',
    handle: { crumb: 'Account' } satisfies RouteHandle,
    lazy: lazyScreen(() => import('./account/AccountPage')),
  },
  {
    path: 'settings',
    handle: { crumb: 'Settings' } satisfies RouteHandle,
    lazy: lazyScreen(() => import('./settings/SettingsPage')),
  },
  {
    path: 'credit-request',
    handle: { crumb: 'Credit Request' } satisfies RouteHandle,
    lazy: lazyScreen(() => import('./credit-request/CreditRequestPage')),
  },
  {
    path: 'websocket-test',
    handle: { crumb: 'WebSocket Test' } satisfies RouteHandle,
    lazy: lazyScreen(() => import('./websocket-test/WebSocketTestPage')),
  },
];
