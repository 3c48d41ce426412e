import { Box, Flex, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { Link, Outlet } from 'react-router';

export function AuthedLayout() {
  return (
    <Flex minH="100vh">
      <Stack as="nav" w="60" p="4" borderRightWidth="1px">
        <ChakraLink asChild fontWeight="bold">
          <Link to="/files">Quarry</Link>
        </ChakraLink>
        <ChakraLink asChild><Link to="/files">Files &amp; Datasets</Link></ChakraLink>
        <ChakraLink asChild><Link to="/prompts">Prompts</Link></ChakraLink>
        <ChakraLink asChild><Link to="/jobs">Jobs</Link></ChakraLink>
        <ChakraLink asChild><Link to="/admin">Admin</Link></ChakraLink>
      </Stack>
      <Box as="main" flex="1" p="6">
        <Outlet />
      </Box>
    </Flex>
  );
}
