import { AppProviders, getStoredUser } from '@quarry/shared';
import { ThemeProvider } from 'next-themes';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startRemoteLoading } from './federation/startup';
import { DeferredAuthedLayout, loadAuthedLayout } from './layouts/deferred';
import { PublicLayout } from './layouts/PublicLayout';
import { RootLayout } from './layouts/RootLayout';
import { startRealtime } from './realtime/service';
import type { ShellRouteParts } from './router/buildRoutes';
import { authedRoutes, publicRoutes } from './routes';
import { ensureSession } from './session/useSessionUser';

const parts: ShellRouteParts = {
  RootLayout,
  PublicLayout,
  AuthedLayout: DeferredAuthedLayout,
  publicRoutes,
  authedRoutes,
  // Runs before any signed-in route: fetch that layout's chunk alongside the session check.
  ensureSession: () => {
    void loadAuthedLayout();
    return ensureSession();
  },
};

async function main() {
  // The live connection follows the session (opens when a user id exists), whatever the router does.
  startRealtime();
  // A tab that was signed in restores its session at once, so public pages show the signed-in
  // navigation too. (Without that hint the session is resolved by the first guarded route or
  // the login page, so an anonymous visitor's landing page makes no refresh call.)
  if (getStoredUser()) {
    void ensureSession();
    // Their pages will want the signed-in layout: fetch it now, not at render.
    void loadAuthedLayout();
  }
  // Started by the entry (index.ts): the remote owning this page is already on its way.
  const loader = await startRemoteLoading();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        {/* Theme choice (light, dark, system; default system) kept in localStorage. */}
        <ThemeProvider attribute="class" defaultTheme="system" enableSystem storageKey="quarry-theme" disableTransitionOnChange>
          <App loader={loader} parts={parts} />
        </ThemeProvider>
      </AppProviders>
    </StrictMode>,
  );
}

void main();
