import { ChakraProvider, createSystem, defaultConfig } from '@chakra-ui/react';
import { PlannedScreen } from '@quarry/shared';
import { ThemeProvider } from 'next-themes';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { RemoteLoader } from './federation/remoteLoader';
import { fetchRemotesConfig } from './federation/remotesConfig';
import { AuthedLayout } from './layouts/AuthedLayout';
import { PublicLayout } from './layouts/PublicLayout';
import { RootLayout } from './layouts/RootLayout';
import type { ShellRouteParts } from './router/buildRoutes';
import { ensureSession } from './session/useSessionUser';

const system = createSystem(defaultConfig);

const parts: ShellRouteParts = {
  RootLayout,
  PublicLayout,
  AuthedLayout,
  publicRoutes: [
    { path: 'login', element: <PlannedScreen title="Log in" /> },
    { path: 'signup', element: <PlannedScreen title="Sign up" /> },
  ],
  authedRoutes: [{ path: 'account', element: <PlannedScreen title="Account" /> }],
  ensureSession,
};

async function main() {
  const urls = await fetchRemotesConfig();
  const loader = new RemoteLoader(urls);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ChakraProvider value={system}>
        {/* Theme choice (light, dark, system; default system) kept in localStorage. */}
        <ThemeProvider attribute="class" defaultTheme="system" enableSystem storageKey="quarry-theme" disableTransitionOnChange>
          <App loader={loader} parts={parts} />
        </ThemeProvider>
      </ChakraProvider>
    </StrictMode>,
  );
}

void main();
