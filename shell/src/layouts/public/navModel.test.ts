import { isActive, isAppArea, publicNavModel } from './navModel';

const labels = (items: { label: string }[]) => items.map((i) => i.label);

describe('publicNavModel', () => {
  it('shows visitors Pricing, About, Contact with Sign In and Sign Up', () => {
    const m = publicNavModel('/', false);
    expect(labels(m.links)).toEqual(['Pricing', 'About', 'Contact']);
    expect(m.actions).toEqual([
      { label: 'Sign In', to: '/login' },
      { label: 'Sign Up', to: '/signup' },
    ]);
  });

  it('keeps the visitor links for a signed-out visitor anywhere', () => {
    expect(labels(publicNavModel('/files', false).links)).toEqual(['Pricing', 'About', 'Contact']);
  });

  it('shows a signed-in user on a public page Files and Logout', () => {
    const m = publicNavModel('/pricing', true);
    expect(labels(m.links)).toEqual(['Pricing', 'About', 'Contact']);
    expect(m.actions).toEqual([
      { label: 'Files', to: '/files' },
      { label: 'Logout', to: '/logout' },
    ]);
  });

  it.each(['/files', '/files/abc', '/settings', '/account'])('shows Files and Settings to a signed-in user on %s', (path) => {
    expect(publicNavModel(path, true).links).toEqual([
      { label: 'Files', to: '/files' },
      { label: 'Settings', to: '/settings' },
    ]);
  });

  it('offers Account instead of Files inside the files area', () => {
    expect(labels(publicNavModel('/files/1', true).actions)).toEqual(['Account', 'Logout']);
    expect(labels(publicNavModel('/account', true).actions)).toEqual(['Files', 'Logout']);
  });

  it('matches areas by path segment', () => {
    expect(isAppArea('/filesystem')).toBe(false);
    expect(isAppArea('/settings/')).toBe(true);
    expect(isActive('/pricing', '/pricing')).toBe(true);
    expect(isActive('/about', '/')).toBe(false);
    expect(isActive('/', '/')).toBe(true);
  });
});
