import { Box, Flex, Icon, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Outlet, Link, useLocation } from 'react-router';
import { ADMIN_NAV, isAdminLinkActive } from './navModel';

/**
 * The admin area's layout (/admin): side navigation beside the page; on small
 * screens the navigation is a scrolling row above it. The shell lets only superusers in.
 */
export default function AdminLayout() {
  const { pathname } = useLocation();
  return (
    <Flex gap={{ base: '4', lg: '8' }} direction={{ base: 'column', lg: 'row' }} align="stretch">
      <Box as="nav" aria-label="Admin" flexShrink={0} w={{ lg: '52' }}>
        <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" px="2.5" mb="2" display={{ base: 'none', lg: 'block' }}>
          Administration
        </Text>
        <Stack
          as="ul"
          listStyleType="none"
          direction={{ base: 'row', lg: 'column' }}
          gap="1"
          overflowX={{ base: 'auto', lg: 'visible' }}
          pb={{ base: '1', lg: '0' }}
          borderBottomWidth={{ base: '1px', lg: '0' }}
        >
          {ADMIN_NAV.map((link) => {
            const active = isAdminLinkActive(link, pathname);
            return (
              <Box as="li" key={link.to} flexShrink={0}>
                <ChakraLink
                  asChild
                  display="flex"
                  alignItems="center"
                  gap="2"
                  px="2.5"
                  py="2"
                  rounded="l2"
                  textStyle="sm"
                  whiteSpace="nowrap"
                  fontWeight={active ? 'semibold' : 'medium'}
                  color={active ? 'brand.fg' : 'fg'}
                  bg={active ? 'brand.subtle' : undefined}
                  _hover={{ bg: active ? 'brand.subtle' : 'bg.muted', textDecoration: 'none' }}
                >
                  <Link to={link.to} aria-current={active ? 'page' : undefined}>
                    <Icon size="sm" color={active ? 'brand.fg' : 'fg.muted'}>
                      <link.icon />
                    </Icon>
                    {link.label}
                  </Link>
                </ChakraLink>
              </Box>
            );
          })}
        </Stack>
      </Box>
      <Box flex="1" minW="0">
        <Outlet />
      </Box>
    </Flex>
  );
}
