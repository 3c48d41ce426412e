import { Button, Center, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { Link, isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { STILL_LOADING_TEXT, STILL_LOADING_TITLE } from '../router/RemoteArea';
import { useReleasePrerender } from '../layouts/releasePrerender';
import { NotFoundPage } from './NotFoundPage';

/** A failed dynamic import or remote chunk: the code is on its way, not broken. */
export function isModuleLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    error.name === 'RemoteLoadError' ||
    /Loading (CSS )?chunk|dynamically imported module|Failed to fetch|RUNTIME-00\d|importing a module script/i.test(
      error.message,
    )
  );
}

/**
 * Root and per-remote error page: 'Something went wrong' with 'Try Again', 'Home' and
 * 'Go Back'; a module-loading error is shown as the friendly still-loading state instead.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  useReleasePrerender();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const moduleError = isModuleLoadError(error);
  // A new navigation to the same place clears the error and runs the route again.
  const retry = () => navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  return (
    <Center py="20" px="4" data-testid={moduleError ? 'module-load-error' : 'route-error'}>
      <Stack align="center" gap="4" textAlign="center" maxW="lg">
        <Heading size="xl">{moduleError ? STILL_LOADING_TITLE : 'Something went wrong'}</Heading>
        <Text color="fg.muted">
          {moduleError
            ? STILL_LOADING_TEXT
            : 'An unexpected error stopped this page from showing. You can try again, or go somewhere else.'}
        </Text>
        <HStack gap="3" wrap="wrap" justify="center">
          <Button onClick={retry}>Try Again</Button>
          <Button variant="outline" asChild>
            <Link to="/">Home</Link>
          </Button>
          <Button variant="ghost" onClick={() => navigate(-1)}>
            Go Back
          </Button>
        </HStack>
      </Stack>
    </Center>
  );
}
