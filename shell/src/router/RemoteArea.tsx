import { Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import type { RemoteKey } from '@quarry/shared/mf-config';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRemoteLoader } from '../federation/RemoteLoaderContext';
import { useReleasePrerender } from '../layouts/releasePrerender';

/** Automatic retries before the user is asked; the button keeps working after that. */
const AUTO_RETRY_DELAYS_MS = [1000, 3000, 8000];

export const STILL_LOADING_TITLE = 'This part of Quarry is still loading';
export const STILL_LOADING_TEXT =
  "We couldn't load this section yet. It may be updating or briefly unavailable — the rest of the app keeps working.";

/**
 * Stands where a remote's routes will be. It loads the remote; when that succeeds the app
 * swaps this placeholder for the remote's real routes. When it fails it shows the friendly
 * still-loading state inside the layout, retries a few times, and offers Try Again.
 */
export function RemoteArea({ remote }: { remote: RemoteKey }) {
  const loader = useRemoteLoader();
  const [state, setState] = useState<'loading' | 'failed'>('loading');
  const attempts = useRef(0);
  const alive = useRef(true);
  // The page a prerendered first paint showed could not load: say so instead.
  useReleasePrerender(state === 'failed');

  const attempt = useCallback(() => {
    setState('loading');
    loader.load(remote).catch((error: unknown) => {
      if (!alive.current) return;
      console.warn(`[quarry] remote ${remote} failed to load`, error);
      setState('failed');
      const delay = AUTO_RETRY_DELAYS_MS[attempts.current];
      attempts.current += 1;
      if (delay !== undefined) setTimeout(() => alive.current && attempt(), delay);
    });
  }, [loader, remote]);

  useEffect(() => {
    alive.current = true;
    attempt();
    return () => {
      alive.current = false;
    };
  }, [attempt]);

  if (state === 'loading') {
    return (
      <Center py="20" data-testid="remote-loading" data-remote-key={remote}>
        <Stack align="center" gap="3">
          <Spinner size="lg" color="colorPalette.solid" />
          <Text color="fg.muted">Loading…</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Center py="16" data-testid="remote-unavailable" data-remote-key={remote}>
      <Stack align="center" gap="3" maxW="md" textAlign="center">
        <Text fontSize="lg" fontWeight="semibold">
          {STILL_LOADING_TITLE}
        </Text>
        <Text color="fg.muted">{STILL_LOADING_TEXT}</Text>
        <Button
          onClick={() => {
            attempts.current = AUTO_RETRY_DELAYS_MS.length;
            attempt();
          }}
        >
          Try Again
        </Button>
      </Stack>
    </Center>
  );
}
