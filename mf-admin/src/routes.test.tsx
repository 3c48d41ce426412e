import { crumbsFor } from '@quarry/shared';
import remote from './routes';

describe('mf-admin route tree', () => {
  it.each([
    ['/admin', ['Admin']],
    ['/admin/settings', ['Admin', 'Settings']],
    ['/admin/resources', ['Admin', 'Resource Management']],
    ['/admin/credit-requests', ['Admin', 'Credit Requests']],
    ['/admin/operations', ['Admin', 'Operations']],
    ['/admin/users', ['Admin', 'Users']],
    // a named crumb shows its placeholder until the email is read (see the shell's Breadcrumbs)
    ['/admin/users/u1', ['Admin', 'Users', 'User']],
    ['/admin/messages', ['Admin', 'Messages']],
  ])('%s has the crumbs %j', (path, expected) => {
    expect(crumbsFor(remote.routes, path)).toEqual(expected);
  });

  it('owns nothing outside /admin', () => {
    expect(crumbsFor(remote.routes, '/files')).toBeNull();
  });
});
