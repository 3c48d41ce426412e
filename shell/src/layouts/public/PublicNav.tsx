import { Box, Button, CloseButton, Container, Drawer, Flex, HStack, IconButton, Portal, Separator, Stack } from '@chakra-ui/react';
import { ButtonLink } from '@quarry/shared';
import { Menu as MenuIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { BrandMark } from './BrandMark';
import { isActive, publicNavModel, type NavItem } from './navModel';
import { ThemeMenu } from './ThemeMenu';

function NavLinkButton({ item, pathname, onNavigate, block }: { item: NavItem; pathname: string; onNavigate?: () => void; block?: boolean }) {
  const active = isActive(pathname, item.to);
  return (
    <Button
      asChild
      variant="ghost"
      size={block ? 'lg' : 'sm'}
      justifyContent={block ? 'flex-start' : 'center'}
      color={active ? 'fg' : 'fg.muted'}
      bg={active ? 'bg.muted' : undefined}
      fontWeight="medium"
    >
      <Link to={item.to} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
        {item.label}
      </Link>
    </Button>
  );
}

/** Sign In / Sign Up, or Files|Account / Logout: the last action is the prominent one when signed out. */
function ActionButton({ item, signedIn, primary, onNavigate, block }: { item: NavItem; signedIn: boolean; primary: boolean; onNavigate?: () => void; block?: boolean }) {
  const variant = signedIn ? (item.to === '/logout' ? 'outline' : 'ghost') : primary ? 'solid' : 'ghost';
  return (
    <ButtonLink to={item.to} size={block ? 'lg' : 'sm'} variant={variant} colorPalette={variant === 'solid' ? 'brand' : 'gray'} w={block ? 'full' : undefined} onClick={onNavigate}>
      {item.label}
    </ButtonLink>
  );
}

export interface PublicNavProps {
  signedIn: boolean;
}

/** The public top navigation: links, account actions, theme menu; a drawer below `md`. */
export function PublicNav({ signedIn }: PublicNavProps) {
  const { pathname } = useLocation();
  const { links, actions } = publicNavModel(pathname, signedIn);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg/85" backdropFilter="blur(8px)" borderBottomWidth="1px">
      <Container maxW="6xl">
        <Flex h="16" align="center" gap="6">
          <BrandMark />
          <HStack as="nav" aria-label="Main" data-testid="nav-links" gap="1" display={{ base: 'none', md: 'flex' }}>
            {links.map((item) => (
              <NavLinkButton key={item.to} item={item} pathname={pathname} />
            ))}
          </HStack>
          <HStack gap="2" ms="auto">
            <ThemeMenu />
            <HStack gap="2" display={{ base: 'none', md: 'flex' }} data-testid="nav-actions">
              {actions.map((item, i) => (
                <ActionButton key={item.to} item={item} signedIn={signedIn} primary={i === actions.length - 1} />
              ))}
            </HStack>
            <Drawer.Root open={open} onOpenChange={(d) => setOpen(d.open)} placement="end" size="xs">
              <Drawer.Trigger asChild>
                <IconButton variant="ghost" size="sm" aria-label="Open menu" display={{ base: 'inline-flex', md: 'none' }}>
                  <MenuIcon />
                </IconButton>
              </Drawer.Trigger>
              <Portal>
                <Drawer.Backdrop />
                <Drawer.Positioner>
                  <Drawer.Content>
                    <Drawer.Header>
                      <Drawer.Title asChild>
                        <Box>
                          <BrandMark onClick={close} />
                        </Box>
                      </Drawer.Title>
                    </Drawer.Header>
                    <Drawer.Body>
                      <Stack as="nav" aria-label="Mobile" gap="1">
                        {links.map((item) => (
                          <NavLinkButton key={item.to} item={item} pathname={pathname} onNavigate={close} block />
                        ))}
                      </Stack>
                      <Separator my="4" />
                      <Stack gap="2">
                        {actions.map((item, i) => (
                          <ActionButton key={item.to} item={item} signedIn={signedIn} primary={i === actions.length - 1} onNavigate={close} block />
                        ))}
                      </Stack>
                    </Drawer.Body>
                    <Drawer.CloseTrigger asChild>
                      <CloseButton size="sm" aria-label="Close menu" />
                    </Drawer.CloseTrigger>
                  </Drawer.Content>
                </Drawer.Positioner>
              </Portal>
            </Drawer.Root>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
