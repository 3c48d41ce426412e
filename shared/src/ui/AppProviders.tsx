import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorDialogHost } from './ErrorDialogHost';
import { queryClient as sharedQueryClient } from './queryClient';
import { system } from './system';
import { Toaster } from './toaster';

export interface AppProvidersProps {
  children: ReactNode;
  /** Default: the shared `queryClient` (tests pass their own). */
  client?: QueryClient;
  /** Render the toast region and the error dialog host (default true). Exactly one per page. */
  withOverlays?: boolean;
}

/**
 * The providers every Quarry page needs: Chakra with THE system, TanStack Query with THE
 * client, the toast region and the error dialog. Render once at the root (shell, or a
 * remote's standalone harness); remotes mounted in the shell must not render it again.
 * Colour mode (light/dark/system) is the shell's: put its theme provider inside this one.
 */
export function AppProviders({ children, client = sharedQueryClient, withOverlays = true }: AppProvidersProps) {
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        {children}
        {withOverlays ? (
          <>
            <Toaster />
            <ErrorDialogHost />
          </>
        ) : null}
      </QueryClientProvider>
    </ChakraProvider>
  );
}
