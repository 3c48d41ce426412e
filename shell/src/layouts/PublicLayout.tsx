import { Box, Container, Flex, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link, Outlet } from 'react-router';

export function PublicLayout() {
  return (
    <Flex direction="column" minH="100vh">
      <Flex as="header" px="6" py="3" borderBottomWidth="1px" gap="4" align="center">
        <ChakraLink asChild fontWeight="bold">
          <Link to="/">Quarry</Link>
        </ChakraLink>
        <ChakraLink asChild>
          <Link to="/pricing">Pricing</Link>
        </ChakraLink>
      </Flex>
      <Container as="main" flex="1" py="8">
        <Outlet />
      </Container>
      <Box as="footer" px="6" py="4" borderTopWidth="1px">
        <Text color="fg.muted">Quarry</Text>
      </Box>
    </Flex>
  );
}
