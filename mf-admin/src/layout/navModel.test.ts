import { ADMIN_NAV, isAdminLinkActive } from './navModel';

describe('admin side navigation', () => {
  it('starts with Overview, Credit Requests, Settings', () => {
    expect(ADMIN_NAV.slice(0, 3).map((l) => [l.label, l.to])).toEqual([
      ['Overview', '/admin'],
      ['Credit Requests', '/admin/credit-requests'],
      ['Settings', '/admin/settings'],
    ]);
  });

  it('Overview is active only on /admin exactly; the others on their subtree', () => {
    const [overview, requests] = ADMIN_NAV;
    expect(isAdminLinkActive(overview!, '/admin')).toBe(true);
    expect(isAdminLinkActive(overview!, '/admin/')).toBe(true);
    expect(isAdminLinkActive(overview!, '/admin/settings')).toBe(false);
    expect(isAdminLinkActive(requests!, '/admin/credit-requests')).toBe(true);
    expect(isAdminLinkActive(requests!, '/admin/credit-requestsx')).toBe(false);
  });
});
