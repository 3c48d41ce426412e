// Where to go after signing in: the `redirect` search parameter when it is a path of this
// app (never another origin, never back to the auth pages), else /files.

export const DEFAULT_AFTER_SIGN_IN = '/files';
const AUTH_PAGES = ['/login', '/signup', '/logout'];

export function safeRedirect(value: string | null | undefined, fallback: string = DEFAULT_AFTER_SIGN_IN): string {
  if (!value) return fallback;
  const target = value.trim();
  // Only same-app absolute paths: '/x', not '//host', '/\\host' or 'https://host'.
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  let url: URL;
  try {
    url = new URL(target, 'http://quarry.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'http://quarry.invalid') return fallback;
  if (AUTH_PAGES.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/login?redirect=…` (or `/signup?redirect=…`) keeping a non-default destination. */
export function authPageHref(page: '/login' | '/signup', redirect: string | null | undefined): string {
  const target = safeRedirect(redirect);
  return target === DEFAULT_AFTER_SIGN_IN ? page : `${page}?redirect=${encodeURIComponent(target)}`;
}
