import { Box, Flex } from '@chakra-ui/react';
import { useAuth } from '@quarry/shared';
import { Outlet } from 'react-router';
import { PublicFooter } from './public/PublicFooter';
import { PublicNav } from './public/PublicNav';

/**
 * The layout of the public pages (docs/product/platform.md): top navigation, the page, the footer.
 * Pages own their width (marketing sections run full-bleed), so `main` is not a container.
 */
export function PublicLayout() {
  const { status, user } = useAuth();
  const signedIn = status === 'authenticated' && user !== null;
  return (
    <Flex direction="column" minH="100vh" bg="bg">
      <PublicNav signedIn={signedIn} />
      <Box as="main" flex="1" display="flex" flexDirection="column">
        <Outlet />
      </Box>
      <PublicFooter />
    </Flex>
  );
}
