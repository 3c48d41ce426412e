// The short list of /api/v1 routes that answer without a signed-in user. Everything else
// under /api/v1 requires one: auth/guard.ts requireUserByDefault adds requireUser to any
// route that is not listed here and does not name a guard itself, and
// auth/deny-by-default.test.ts walks every registered route to prove it.
// A route is public only for a reason written beside it.

export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
}

const PUBLIC_API_ROUTES: readonly string[] = [
  'GET /api/v1/health', // liveness for load balancers and `npm start`
  'POST /api/v1/users/register', // signing up
  'POST /api/v1/auth/login', // signing in
  'POST /api/v1/auth/refresh', // the refresh cookie is the credential
  'POST /api/v1/auth/logout', // the refresh cookie is the credential; always 200
  'POST /api/v1/auth/forgot-password', // signed out by definition; same answer for every address, rate-limited
  'POST /api/v1/auth/reset-password', // the one-time token of the reset link is the credential
  'POST /api/v1/contact', // the marketing site's contact form (rate-limited per address)
  'GET /api/v1/site', // the site name the public pages show (set in /admin/settings)
  // signed URLs of the local storage driver: the expiring HMAC signature in the query is the
  // permission (a browser PUTs / GETs them without a bearer token); refused without it
  'PUT /api/v1/uploads/blob/:uploadId',
  'GET /api/v1/files/:id/content',
];

const PUBLIC = new Set(PUBLIC_API_ROUTES);

/** Routes outside /api/v1 (docs, WebSockets: they authenticate in the handshake) are not this list's concern. */
export const isPublicRoute = (method: string, url: string): boolean =>
  !url.startsWith('/api/v1') || PUBLIC.has(`${method} ${url.replace(/\/+$/, '') || '/'}`);
