import type { RouteHandle } from '@quarry/shared';
import type { RouteObject } from 'react-router';

Object.assign(globalThis, { __REMOTE_NAME__: 'mf-marketing', __REMOTE_VERSION__: 'test' });

describe('marketing route tree', () => {
  it('owns the public pages and checkout, each with a crumb and a screen', async () => {
    const { default: remote } = await import('./routes');
    expect(remote.name).toBe('mf-marketing');
    const paths = remote.routes.map((r: RouteObject) => (r.index ? '' : r.path));
    expect(paths).toEqual(['', 'about', 'contact', 'pricing', 'terms-of-service', 'refund-policy', 'privacy-policy', 'success', 'checkout/:priceId?']);
    for (const route of remote.routes) {
      const handle = route.handle as RouteHandle;
      expect(handle.crumb).toBeTruthy();
      expect(handle.area).toBe(route.path?.startsWith('checkout') ? 'authed' : 'public');
      const lazy = route.lazy as () => Promise<{ Component: unknown }>;
      expect(typeof (await lazy()).Component).toBe('function');
    }
  });
});
