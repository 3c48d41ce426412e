import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { auth, queryClient } from '@quarry/shared';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

let inFlight: Promise<void> | null = null;

/** Signs out once even if the page mounts twice (StrictMode) or Logout is clicked twice. */
function logoutOnce(): Promise<void> {
  inFlight ??= auth.logout().finally(() => {
    // Nothing of the previous user stays in the query cache.
    queryClient.clear();
    inFlight = null;
  });
  return inFlight;
}

/** /logout (docs/product/platform.md): 'Logging out...', then /login — even if the call fails. */
export default function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let alive = true;
    logoutOnce().finally(() => {
      if (alive) navigate('/login', { replace: true });
    });
    return () => {
      alive = false;
    };
  }, [navigate]);
  return (
    <Center flex="1" py="24" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="brand.solid" />
        <Text color="fg.muted">Logging out...</Text>
      </Stack>
    </Center>
  );
}
