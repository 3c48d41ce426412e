import { defineRemote, lazyScreen, type RouteHandle } from '@quarry/shared';
import type { RouteObject } from 'react-router';

const planned = lazyScreen(() => import('./screens/Planned'));
const pub = { area: 'public' } satisfies RouteHandle;

const routes: RouteObject[] = [
  { index: true, handle: { ...pub, crumb: 'Home' }, lazy: planned },
  { path: 'about', handle: { ...pub, crumb: 'About' }, lazy: planned },
  { path: 'contact', handle: { ...pub, crumb: 'Contact' }, lazy: planned },
  { path: 'pricing', handle: { ...pub, crumb: 'Pricing' }, lazy: planned },
  { path: 'terms-of-service', handle: { ...pub, crumb: 'Terms of Service' }, lazy: planned },
  { path: 'refund-policy', handle: { ...pub, crumb: 'Refund Policy' }, lazy: planned },
  { path: 'privacy-policy', handle: { ...pub, crumb: 'Privacy Policy' }, lazy: planned },
  { path: 'success', handle: { ...pub, crumb: 'Welcome Aboard' }, lazy: planned },
  { path: 'checkout/:priceId', handle: { area: 'authed', crumb: 'Checkout' } satisfies RouteHandle, lazy: planned },
];

export default defineRemote(__REMOTE_NAME__, __REMOTE_VERSION__, routes);
