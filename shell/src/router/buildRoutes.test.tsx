import type { RemoteRoutesModule } from '@quarry/shared';
import type { RouteObject } from 'react-router';
import { buildRoutes, loginRedirect, type ShellRouteParts } from './buildRoutes';

const Dummy = () => null;
const parts: ShellRouteParts = {
  RootLayout: Dummy,
  PublicLayout: Dummy,
  AuthedLayout: Dummy,
  publicRoutes: [{ path: 'login' }],
  authedRoutes: [{ path: 'account' }],
  ensureSession: async () => null,
};

function layout(routes: RouteObject[], id: 'public' | 'authed') {
  const found = routes[0]?.children?.find((r) => r.id === id);
  if (!found?.children) throw new Error(`no ${id} layout`);
  return found.children;
}

const describeChild = (r: RouteObject) => (r.index ? '(index)' : r.path ?? `#${r.id}`);

describe('buildRoutes', () => {
  it('puts a placeholder on every path a remote owns until it is loaded', () => {
    const routes = buildRoutes(parts, () => undefined);
    expect(layout(routes, 'public').map(describeChild)).toEqual([
      'login',
      '(index)',
      'about',
      'contact',
      'pricing',
      'terms-of-service',
      'refund-policy',
      'privacy-policy',
      'success',
      '*',
    ]);
    expect(layout(routes, 'authed').map(describeChild)).toEqual([
      'account',
      'checkout/*',
      'files',
      'files-old',
      'uploads',
      'datasets/*',
      'projects/*',
      'prompts/*',
      'output-schemas/*',
      'llm-test',
      'jobs/*',
      'files/:fileId/*',
      'ocr',
      'chunking-test',
      'admin/*',
    ]);
  });

  it('replaces a loaded remote’s placeholders with its routes, split by layout area', () => {
    const marketing: RemoteRoutesModule = {
      name: 'mf-marketing',
      version: '9',
      routes: [
        { index: true, handle: { area: 'public' } },
        { path: 'checkout/:priceId', handle: { area: 'authed' } },
      ],
    };
    const routes = buildRoutes(parts, (key) => (key === 'marketing' ? marketing : undefined));
    const pub = layout(routes, 'public');
    const mounted = pub.find((r) => r.id === 'remote:marketing:public');
    expect(mounted?.children).toEqual([marketing.routes[0]]);
    expect(pub.some((r) => r.path === 'about')).toBe(false);
    const authed = layout(routes, 'authed');
    expect(authed.find((r) => r.id === 'remote:marketing:authed')?.children).toEqual([marketing.routes[1]]);
    expect(authed.some((r) => r.path === 'checkout/*')).toBe(false);
    // Other remotes keep their placeholders.
    expect(authed.some((r) => r.path === 'files')).toBe(true);
  });

  it('sends an anonymous visitor of a signed-in route to /login with the original location', async () => {
    const routes = buildRoutes(parts, () => undefined);
    const authed = routes[0]?.children?.find((r) => r.id === 'authed');
    const loader = authed?.loader as (args: { request: Request }) => Promise<unknown>;
    const thrown = await loader({ request: new Request('http://x/prompts/new?tab=a') }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/login?redirect=%2Fprompts%2Fnew%3Ftab%3Da');
  });

  it('lets a signed-in user through', async () => {
    const routes = buildRoutes({ ...parts, ensureSession: async () => ({ is_superuser: false }) }, () => undefined);
    const authed = routes[0]?.children?.find((r) => r.id === 'authed');
    const loader = authed?.loader as (args: { request: Request }) => Promise<unknown>;
    await expect(loader({ request: new Request('http://x/files') })).resolves.toBeNull();
  });

  it('encodes the redirect target', () => {
    expect(loginRedirect(new URL('http://x/admin'))).toBe('/login?redirect=%2Fadmin');
  });
});
