// What the public top navigation shows (docs/product/platform.md), as a pure function of where the
// visitor is and whether they are signed in.

export interface NavItem {
  label: string;
  to: string;
}

export interface PublicNavModel {
  links: NavItem[];
  actions: NavItem[];
}

export const VISITOR_LINKS: readonly NavItem[] = [
  { label: 'Pricing', to: '/pricing' },
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
];

export const APP_LINKS: readonly NavItem[] = [
  { label: 'Files', to: '/files' },
  { label: 'Settings', to: '/settings' },
];

export const SIGNED_OUT_ACTIONS: readonly NavItem[] = [
  { label: 'Sign In', to: '/login' },
  { label: 'Sign Up', to: '/signup' },
];

const APP_AREAS = ['/files', '/settings', '/account'];

function inArea(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isAppArea(pathname: string): boolean {
  return APP_AREAS.some((p) => inArea(pathname, p));
}

/**
 * Visitors see Pricing, About, Contact; signed-in users on the files, settings or account
 * areas see Files and Settings. Signed out: Sign In, Sign Up. Signed in: Account when
 * already in the files area, otherwise Files; then Logout.
 */
export function publicNavModel(pathname: string, signedIn: boolean): PublicNavModel {
  const links = signedIn && isAppArea(pathname) ? [...APP_LINKS] : [...VISITOR_LINKS];
  const actions = signedIn
    ? [inArea(pathname, '/files') ? { label: 'Account', to: '/account' } : { label: 'Files', to: '/files' }, { label: 'Logout', to: '/logout' }]
    : [...SIGNED_OUT_ACTIONS];
  return { links, actions };
}

/** True when `to` is the current page (or the current page is below it). */
export function isActive(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : inArea(pathname, to);
}
