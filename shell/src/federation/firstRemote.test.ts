import { REMOTES } from '@quarry/shared/mf-config';
import { placeholderOwner } from '@quarry/shared/testing/owned-routes';
import { firstRemote, remoteOwning } from './firstRemote';

// Every owned pattern filled in several ways, plus paths no remote owns and near misses.
const samples = [
  ...REMOTES.flatMap((r) =>
    r.owns.flatMap((o) => {
      const base = `/${o.path.replace(/\/?\*$/, '').replace(/:[^/]+/g, 'abc-123')}`;
      return [base, `${base}/`, `${base}/more`, `${base}/more/deeper`, base.toUpperCase()];
    }),
  ),
  '/',
  '/login',
  '/account',
  '/files/abc-123',
  '/files/abc-123/edit-chunks',
  '/filesx',
  '/about/us',
  '/checkout',
  '/nope/nope',
  '/jobs',
  '/admin',
];

describe('remoteOwning', () => {
  it.each(['public', 'authed'] as const)("picks the remote whose placeholder React Router's ranking shows (%s layout)", (area) => {
    for (const url of samples) expect([url, remoteOwning(url, area)]).toEqual([url, placeholderOwner(url, area)]);
  });
});

describe('firstRemote', () => {
  const hint = 'theme=dark; quarry_session=1';

  it('starts a public page’s remote for anybody', () => {
    expect(firstRemote('/', '')).toBe('marketing');
    expect(firstRemote('/pricing', '')).toBe('marketing');
    expect(firstRemote('/login', '')).toBeNull();
  });

  it('starts a signed-in page’s remote only when the session hint says a session may exist', () => {
    expect(firstRemote('/files', '')).toBeNull();
    expect(firstRemote('/files', hint)).toBe('files');
    expect(firstRemote('/files/abc/edit-chunks', hint)).toBe('jobs');
    expect(firstRemote('/checkout/pri_1', hint)).toBe('marketing');
  });

  it('never starts the admin remote, which only a confirmed superuser may fetch', () => {
    expect(firstRemote('/admin', hint)).toBeNull();
    expect(firstRemote('/admin/users', hint)).toBeNull();
  });
});
