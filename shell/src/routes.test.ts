import type { RouteHandle } from '@quarry/shared';
import { authedRoutes, publicRoutes } from './routes';

describe('shell routes', () => {
  it('has the paths of its own screens', () => {
    expect(publicRoutes.map((r) => r.path)).toEqual(['login', 'signup', 'forgot-password', 'reset-password', 'logout']);
    expect(authedRoutes.map((r) => r.path)).toEqual(['account', 'settings', 'credit-request', 'websocket-test']);
  });

  it('gives every route a crumb and a lazy screen', () => {
    for (const route of [...publicRoutes, ...authedRoutes]) {
      expect(typeof (route.handle as RouteHandle).crumb).toBe('string');
      expect(typeof route.lazy).toBe('function');
      expect(route.element).toBeUndefined();
    }
  });

  it('sends a signed-in user away from login and sign-up', () => {
    expect(publicRoutes.find((r) => r.path === 'login')?.loader).toBeDefined();
    expect(publicRoutes.find((r) => r.path === 'signup')?.loader).toBeDefined();
  });
});
