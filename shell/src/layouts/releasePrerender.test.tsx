import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { PRERENDER_ID } from './releasePrerender';
import { RootLayout } from './RootLayout';

/** The server's prerendered first paint, as scripts/compose.mjs puts it before `#root`. */
function addPrerender(html = '') {
  const el = document.createElement('div');
  el.id = PRERENDER_ID;
  el.innerHTML = html;
  document.body.prepend(el);
}

/** The app's container, as in index.html (the real page's buttons are looked up in it). */
function rootContainer() {
  const root = document.createElement('div');
  root.id = 'root';
  return { container: document.body.appendChild(root) };
}

const tree = (id: string, page = <h1>Page</h1>) => [{ id: 'root', element: <RootLayout />, children: [{ id, index: true, element: page }] }];

describe('the prerendered first paint', () => {
  afterEach(() => {
    document.getElementById(PRERENDER_ID)?.remove();
    document.getElementById('root')?.remove();
  });

  it('stays while a remote placeholder stands for the page', async () => {
    addPrerender();
    render(<RouterProvider router={createMemoryRouter(tree('placeholder:marketing:'))} />);
    await screen.findByRole('heading', { name: 'Page' });
    expect(document.getElementById(PRERENDER_ID)).not.toBeNull();
  });

  it('goes in the commit that draws the real page', async () => {
    addPrerender();
    render(<RouterProvider router={createMemoryRouter(tree('landing'))} />);
    await screen.findByRole('heading', { name: 'Page' });
    expect(document.getElementById(PRERENDER_ID)).toBeNull();
  });

  it('clicks again, on the real page, the prerendered button clicked before the handover', async () => {
    addPrerender('<button>Theme</button><button>Open menu</button>');
    (window as Window & { __quarryPrerenderClick?: number }).__quarryPrerenderClick = 1;
    const clicked: string[] = [];
    const page = (
      <>
        <h1>Page</h1>
        <button onClick={() => clicked.push('theme')}>Theme</button>
        <button onClick={() => clicked.push('menu')}>Open menu</button>
      </>
    );
    render(<RouterProvider router={createMemoryRouter(tree('landing', page))} />, rootContainer());
    await waitFor(() => expect(clicked).toEqual(['menu']));
  });

  it('drops the click when the real page has other buttons', async () => {
    addPrerender('<button>Theme</button><button>Open menu</button>');
    (window as Window & { __quarryPrerenderClick?: number }).__quarryPrerenderClick = 0;
    const clicked: string[] = [];
    render(<RouterProvider router={createMemoryRouter(tree('landing', <button onClick={() => clicked.push('other')}>Other</button>))} />, rootContainer());
    await screen.findByRole('button', { name: 'Other' });
    await new Promise((r) => setTimeout(r, 20));
    expect(clicked).toEqual([]);
    expect((window as Window & { __quarryPrerenderClick?: number }).__quarryPrerenderClick).toBeUndefined();
  });
});
