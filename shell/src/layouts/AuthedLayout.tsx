import { Box, CloseButton, Drawer, Flex, IconButton, Portal, Spacer } from '@chakra-ui/react';
import { useAuth } from '@quarry/shared';
import { Menu as MenuIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { loginRedirect } from '../router/buildRoutes';
import { Breadcrumbs } from './authed/Breadcrumbs';
import HeaderActions from './HeaderActions';
import { PaletteButton } from './palette/PaletteButton';
import { SidebarContent } from './authed/Sidebar';
import { useLiveBalance } from './authed/useLiveBalance';
import { ThemeMenu } from './public/ThemeMenu';

/**
 * The signed-in area: sidebar (a slide-over below `lg`), a header with the breadcrumbs, the
 * command palette's button, the live-connection indicator, Feedback and the theme menu, and
 * the page. Nothing floats over the page: every control has its place in the header, which
 * keeps one line at any width (labels give way to icons on narrow screens).
 * The public navigation and footer are not shown here.
 */
export function AuthedLayout() {
  const { user, status } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  useLiveBalance(user?.id);

  // The session ended while here (refresh refused, signed out elsewhere): back to login,
  // then back to this page.
  useEffect(() => {
    if (status === 'anonymous' && !user) {
      navigate(loginRedirect(new URL(window.location.href)), { replace: true, state: { expired: true } });
    }
  }, [status, user, navigate]);

  // A navigation closes the slide-over.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <Flex minH="100vh" bg="bg">
      <Box
        as="aside"
        display={{ base: 'none', lg: 'block' }}
        w="64"
        flexShrink={0}
        position="sticky"
        top="0"
        h="100vh"
        borderRightWidth="1px"
        bg="bg.subtle"
      >
        <SidebarContent />
      </Box>

      <Flex direction="column" flex="1" minW="0">
        <Flex
          as="header"
          position="sticky"
          top="0"
          zIndex="sticky"
          h="14"
          px={{ base: '3', md: '6' }}
          gap={{ base: '2', md: '3' }}
          align="center"
          flexWrap="nowrap"
          borderBottomWidth="1px"
          bg="bg/90"
          backdropFilter="blur(8px)"
        >
          <IconButton
            display={{ base: 'inline-flex', lg: 'none' }}
            variant="ghost"
            size="sm"
            aria-label="Open navigation menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </IconButton>
          <Breadcrumbs />
          <Spacer />
          <PaletteButton />
          <HeaderActions />
          <ThemeMenu />
        </Flex>
        <Box as="main" flex="1" px={{ base: '4', md: '6', xl: '8' }} pt={{ base: '4', md: '6' }} pb="10" minW="0">
          <Outlet />
        </Box>
      </Flex>

      <Drawer.Root open={menuOpen} onOpenChange={(d) => setMenuOpen(d.open)} placement="start" size="xs">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content aria-label="Navigation" data-testid="mobile-sidebar">
              <Drawer.Body p="0">
                <SidebarContent onNavigate={() => setMenuOpen(false)} />
              </Drawer.Body>
              <Drawer.CloseTrigger asChild top="4" insetEnd="3">
                <CloseButton size="sm" aria-label="Close navigation menu" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Flex>
  );
}
