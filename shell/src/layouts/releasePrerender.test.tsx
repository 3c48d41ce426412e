import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { PRERENDER_ID } from './releasePrerender';
import { RootLayout } from './RootLayout';

/** The server's prerendered first paint, as scripts/compose.mjs puts it before `#root`. */
function addPrerender() {
  const el = document.createElement('div');
  el.id = PRERENDER_ID;
  document.body.prepend(el);
}

const tree = (id: string) => [{ id: 'root', element: <RootLayout />, children: [{ id, index: true, element: <h1>Page</h1> }] }];

describe('the prerendered first paint', () => {
  afterEach(() => document.getElementById(PRERENDER_ID)?.remove());

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
});
