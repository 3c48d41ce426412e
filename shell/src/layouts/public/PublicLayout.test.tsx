import { authStore, configureApi, resetApiConfig } from '@quarry/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PublicLayout } from '../PublicLayout';
import { FOOTER_COLUMNS, SOCIAL_LINKS } from './footerLinks';
import { PublicNav } from './PublicNav';
import { renderAt } from './testUtils';

const page = <p>page body</p>;
const layoutAt = (url: string) => renderAt(url, [{ element: <PublicLayout />, children: [{ path: '*', element: page }] }]);

function mainNav() {
  // Hidden below `md` (jsdom applies the base style), so found by test id.
  return screen.getByTestId('nav-links');
}
function actions() {
  return screen.getByTestId('nav-actions');
}
const linkNames = (el: HTMLElement) => within(el).getAllByRole('link', { hidden: true }).map((a) => [a.textContent, a.getAttribute('href')]);

describe('PublicNav', () => {
  it('signed out: Pricing, About, Contact; Sign In and Sign Up', () => {
    renderAt('/', <PublicNav signedIn={false} />);
    expect(linkNames(mainNav())).toEqual([
      ['Pricing', '/pricing'],
      ['About', '/about'],
      ['Contact', '/contact'],
    ]);
    expect(linkNames(actions())).toEqual([
      ['Sign In', '/login'],
      ['Sign Up', '/signup'],
    ]);
    expect(screen.getByRole('link', { name: 'Quarry home', hidden: true })).toHaveAttribute('href', '/');
  });

  it('signed in on a public page: Files and Logout', () => {
    renderAt('/pricing', <PublicNav signedIn />);
    expect(linkNames(actions())).toEqual([
      ['Files', '/files'],
      ['Logout', '/logout'],
    ]);
    expect(within(mainNav()).getByRole('link', { name: 'Pricing', hidden: true })).toHaveAttribute('aria-current', 'page');
  });

  it('signed in on the files area: Files and Settings, Account and Logout', () => {
    renderAt('/files', <PublicNav signedIn />);
    expect(linkNames(mainNav())).toEqual([
      ['Files', '/files'],
      ['Settings', '/settings'],
    ]);
    expect(linkNames(actions())).toEqual([
      ['Account', '/account'],
      ['Logout', '/logout'],
    ]);
  });

  it('opens a mobile menu with the same links, which closes on navigation', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/', <PublicNav signedIn={false} />);
    await user.click(screen.getByRole('button', { name: 'Open menu', hidden: true }));
    const dialog = await screen.findByRole('dialog');
    const mobile = within(dialog).getByRole('navigation', { name: 'Mobile' });
    expect(within(mobile).getAllByRole('link').map((a) => a.textContent)).toEqual(['Pricing', 'About', 'Contact']);
    expect(within(dialog).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    await user.click(within(mobile).getByRole('link', { name: 'About' }));
    expect(router.state.location.pathname).toBe('/about');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('PublicLayout', () => {
  afterEach(async () => {
    configureApi({ fetch: fakeApi });
    await act(() => authStore.logout());
    resetApiConfig();
  });

  it('renders the page between the navigation and the footer with every footer link', () => {
    layoutAt('/about');
    expect(screen.getByRole('main')).toHaveTextContent('page body');
    const footer = screen.getByRole('contentinfo');
    const expected = [
      ['Features', '/#features'],
      ['Pricing', '/pricing'],
      ['About', '/about'],
      ['FAQs', '/pricing#faq'],
      ['Contact', '/contact'],
      ['Privacy', '/privacy-policy'],
      ['Terms', '/terms-of-service'],
      ['Refunds', '/refund-policy'],
    ];
    for (const [name, href] of expected) expect(within(footer).getByRole('link', { name, hidden: true })).toHaveAttribute('href', href);
    expect(FOOTER_COLUMNS.flatMap((c) => c.links)).toHaveLength(expected.length);
    for (const s of SOCIAL_LINKS) {
      const a = within(footer).getByRole('link', { name: s.label, hidden: true });
      expect(a).toHaveAttribute('href', s.href);
      expect(a).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(footer).toHaveTextContent('Quarry. All rights reserved.');
  });

  it('follows the shared session: signed out, then signed in after login', async () => {
    layoutAt('/');
    expect(within(actions()).getByRole('link', { name: 'Sign In', hidden: true })).toBeInTheDocument();
    configureApi({ fetch: fakeApi });
    await act(() => authStore.login('ada@example.com', 'secret'));
    expect(linkNames(actions())).toEqual([
      ['Files', '/files'],
      ['Logout', '/logout'],
    ]);
  });
});

/** The three auth calls the login above makes, answered in memory. */
const fakeApi = (async (input: string | URL, init: RequestInit = {}) => {
  const path = new URL(String(input), 'http://test').pathname;
  const json = (status: number, body?: unknown) => ({
    status,
    ok: status < 300,
    headers: { get: (n: string) => (n.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: async () => (body === undefined ? '' : JSON.stringify(body)),
  });
  if (path.endsWith('/auth/login') && init.method === 'POST') return json(200, { access_token: 'token-1', token_type: 'bearer' });
  if (path.endsWith('/users/me')) return json(200, { id: 'u1', email: 'ada@example.com', is_superuser: false });
  if (path.endsWith('/auth/logout')) return json(204);
  return json(404, { detail: 'Not Found' });
}) as unknown as typeof fetch;
