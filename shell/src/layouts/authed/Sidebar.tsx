import { Box, Button, Flex, Icon, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useCurrentUser } from '@quarry/shared';
import { LogOut } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '../public/BrandMark';
import { CreditsCard } from './CreditsCard';
import { isLinkActive, sidebarLinks } from './navModel';

/** Product name, navigation, credits card and Logout: the desktop sidebar and the mobile slide-over. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const links = sidebarLinks(user?.is_superuser === true);
  return (
    <Flex direction="column" h="full" gap="4" p="4">
      <Box px="2" py="1">
        <BrandMark to="/files" label={(name) => name} onClick={onNavigate} />
      </Box>

      <Stack as="nav" aria-label="Main" gap="0.5" flex="1" overflowY="auto">
        {links.map((link) => {
          const active = isLinkActive(link, pathname);
          return (
            <ChakraLink
              key={link.to}
              asChild
              display="flex"
              alignItems="center"
              gap="2.5"
              ps={link.nested ? '8' : '2.5'}
              pe="2.5"
              py={link.nested ? '1.5' : '2'}
              rounded="l2"
              textStyle={link.nested ? 'sm' : 'sm'}
              fontWeight={active ? 'semibold' : 'medium'}
              color={active ? 'brand.fg' : link.nested ? 'fg.muted' : 'fg'}
              bg={active ? 'brand.subtle' : undefined}
              _hover={{ bg: active ? 'brand.subtle' : 'bg.muted', textDecoration: 'none' }}
              focusRingColor="brand.focusRing"
            >
              <Link to={link.to} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
                <Icon size={link.nested ? 'xs' : 'sm'} color={active ? 'brand.fg' : 'fg.muted'}>
                  <link.icon />
                </Icon>
                {link.label}
              </Link>
            </ChakraLink>
          );
        })}
      </Stack>

      <CreditsCard onNavigate={onNavigate} />

      <Box borderTopWidth="1px" pt="3">
        {user ? (
          <Text textStyle="xs" color="fg.muted" truncate px="1" mb="2" title={user.email}>
            {user.email}
          </Text>
        ) : null}
        <Button asChild variant="ghost" size="sm" w="full" justifyContent="flex-start" color="fg.muted">
          <Link to="/logout" onClick={onNavigate}>
            <LogOut />
            Logout
          </Link>
        </Button>
      </Box>
    </Flex>
  );
}
