import { defineRemote, lazyScreen, type RouteHandle } from '@quarry/shared';
import type { RouteObject } from 'react-router';

const pub = { area: 'public' } satisfies RouteHandle;

const routes: RouteObject[] = [
  { index: true, handle: { ...pub, crumb: 'Home' }, lazy: lazyScreen(() => import('./landing/LandingPage')) },
  { path: 'about', handle: { ...pub, crumb: 'About' }, lazy: lazyScreen(() => import('./about/AboutPage')) },
  { path: 'contact', handle: { ...pub, crumb: 'Contact' }, lazy: lazyScreen(() => import('./contact/ContactPage')) },
  { path: 'pricing', handle: { ...pub, crumb: 'Pricing' }, lazy: lazyScreen(() => import('./pricing/PricingPage')) },
  {
    path: 'terms-of-service',
    handle: { ...pub, crumb: 'Terms of Service' },
    lazy: lazyScreen(() => import('./legal/TermsOfServicePage')),
  },
  { path: 'refund-policy', handle: { ...pub, crumb: 'Refund Policy' }, lazy: lazyScreen(() => import('./legal/RefundPolicyPage')) },
  { path: 'privacy-policy', handle: { ...pub, crumb: 'Privacy Policy' }, lazy: lazyScreen(() => import('./legal/PrivacyPolicyPage')) },
  { path: 'success', handle: { ...pub, crumb: 'Welcome Aboard' }, lazy: lazyScreen(() => import('./success/SuccessPage')) },
  // The price id is optional: without one the default fallback price is used.
  {
    path: 'checkout/:priceId?',
    handle: { area: 'authed', crumb: 'Checkout' } satisfies RouteHandle,
    lazy: lazyScreen(() => import('./checkout/CheckoutPage')),
  },
];

export default defineRemote(__REMOTE_NAME__, __REMOTE_VERSION__, routes);
