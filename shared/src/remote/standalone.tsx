import { Box, Code, Flex, Text } from '@chakra-ui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Outlet, RouterProvider, createBrowserRouter } from 'react-router';
import { AppProviders } from '../ui/AppProviders';
import { RemoteBoundary } from './RemoteBoundary.js';
import type { RemoteRoutesModule } from './types.js';

function Harness({ name, version }: { name: string; version: string }) {
  return (
    <Box minH="100vh">
      <Flex as="header" px="4" py="2" borderBottomWidth="1px" gap="3" align="center">
        <Text fontWeight="semibold">Quarry · {name}</Text>
        <Code size="sm">{version}</Code>
        <Text color="fg.muted" fontSize="sm">
          standalone harness (no shell)
        </Text>
      </Flex>
      <Box p="6">
        <Outlet />
      </Box>
    </Box>
  );
}

/**
 * Runs one remote on its own, its routes under a bare layout, so a team can work on its
 * area without the shell. The composed app never calls this.
 */
export function renderStandalone(remote: RemoteRoutesModule, container = document.getElementById('root')) {
  if (!container) throw new Error('renderStandalone: no #root element');
  const router = createBrowserRouter([
    {
      element: <Harness name={remote.name} version={remote.version} />,
      children: [{ element: <RemoteBoundary name={remote.name} version={remote.version} />, children: remote.routes }],
    },
  ]);
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
