// Build-time only (scripts/prerender.mjs): the public landing page as HTML with its styles,
// published next to this remote's manifest as `prerender/index.html` for the shell's server
// to show before any JavaScript runs. The same component the route renders, so the text
// and styles are the page's own.
import { AppProviders } from '@quarry/shared';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import LandingPage from './landing/LandingPage';

export function render(): Record<string, string> {
  return {
    index: renderToString(
      <AppProviders withOverlays={false}>
        <MemoryRouter>
          <LandingPage />
        </MemoryRouter>
      </AppProviders>,
    ),
  };
}
