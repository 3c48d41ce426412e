import { Box, Flex, Icon, Link as ChakraLink, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useCurrentUser, type NavEntry, ButtonLink } from '@quarry/shared';
import { LogOut } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '../public/BrandMark';
import { CreditsCard } from './CreditsCard';
import { isLinkActive } from './navModel';
import { useNav } from './useNav';

function NavLink({ entry, active, onNavigate }: { entry: NavEntry; active: boolean; onNavigate?: () => void }) {
  const EntryIcon = entry.icon;
  return (
    <ChakraLink
      asChild
      display="flex"
      alignItems="center"
      gap="2.5"
      ps={entry.nested ? '8' : '2.5'}
      pe="2.5"
      py={entry.nested ? '1.5' : '2'}
      rounded="l2"
      textStyle="sm"
      fontWeight={active ? 'semibold' : 'medium'}
      color={active ? 'brand.fg' : entry.nested ? 'fg.muted' : 'fg'}
      bg={active ? 'brand.subtle' : undefined}
      _hover={{ bg: active ? 'brand.subtle' : 'bg.muted', textDecoration: 'none' }}
      focusRingColor="brand.focusRing"
    >
      <Link to={entry.to} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
        {EntryIcon ? (
          <Icon size={entry.nested ? 'xs' : 'sm'} color={active ? 'brand.fg' : 'fg.muted'}>
            <EntryIcon />
          </Icon>
        ) : null}
        {entry.label}
      </Link>
    </ChakraLink>
  );
}

/** Product name, navigation, credits card and Logout: the desktop sidebar and the mobile slide-over. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const { sections, pending } = useNav();
  return (
    <Flex direction="column" h="full" gap="4" p="4" overflowY="auto">
      <Box px="2" py="1">
        <BrandMark to="/files" label={(name) => name} onClick={onNavigate} />
      </Box>

      <Stack as="nav" aria-label="Main" gap="3" flex="1 0 auto" aria-busy={pending.length > 0}>
        {pending.length > 0 ? (
          <Stack gap="2" px="2.5" data-testid="nav-pending" aria-hidden>
            {pending.map((key) => (
              <Skeleton key={key} h="5" w="70%" />
            ))}
          </Stack>
        ) : null}
        {sections.map((section) => (
          <Stack key={section.group} gap="0.5" role="group" aria-label={section.title}>
            {section.title ? (
              <Text px="2.5" pb="1" textStyle="xs" fontWeight="semibold" color="fg.subtle" textTransform="uppercase" letterSpacing="wider">
                {section.title}
              </Text>
            ) : null}
            {section.entries.map((entry) => (
              <NavLink key={entry.to} entry={entry} active={isLinkActive(entry, pathname)} onNavigate={onNavigate} />
            ))}
          </Stack>
        ))}
      </Stack>

      <CreditsCard onNavigate={onNavigate} />

      <Box borderTopWidth="1px" pt="3">
        {user ? (
          <Text textStyle="xs" color="fg.muted" truncate px="1" mb="2" title={user.email}>
            {user.email}
          </Text>
        ) : null}
        <ButtonLink to="/logout" variant="ghost" size="sm" w="full" justifyContent="flex-start" color="fg.muted" onClick={onNavigate}>
          <LogOut />
          Logout
        </ButtonLink>
      </Box>
    </Flex>
  );
}
