import { Center, Spinner } from '@chakra-ui/react';

/** Shown while the session is first resolved, before any layout can render. */
export function FullPageSpinner() {
  return (
    <Center minH="100vh" aria-busy="true" aria-label="Loading">
      <Spinner size="xl" />
    </Center>
  );
}
