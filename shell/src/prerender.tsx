// Build-time only (scripts/prerender.mjs): the public layout as a signed-out visitor first
// sees it, with `<quarry-outlet></quarry-outlet>` where the page goes. The shell's server
// puts the page's own prerendered HTML there (a remote's build output, found at run time:
// scripts/compose.mjs), so the first paint has this layout's navigation and footer too.
import { AppProviders } from '@quarry/shared';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PublicLayout } from './layouts/PublicLayout';

/** What scripts/compose.mjs replaces with the page. */
export const OUTLET_MARK = 'quarry-outlet';

export function render(): Record<string, string> {
  return {
    'public-layout': renderToString(
      <AppProviders withOverlays={false}>
        <MemoryRouter>
          <Routes>
            <Route element={<PublicLayout />}>
              <Route index element={createElement(OUTLET_MARK)} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    ),
  };
}
