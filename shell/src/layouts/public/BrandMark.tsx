import { Flex, Icon, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Pickaxe } from 'lucide-react';
import { Link } from 'react-router';
import { useSiteName } from './useSiteName';

/**
 * The product name with its mark: home in the public layout, the file library in the
 * signed-in sidebar. The name is the one set in /admin/settings.
 */
export function BrandMark({
  onClick,
  to = '/',
  label = (name) => `${name} home`,
}: {
  onClick?: () => void;
  to?: string;
  /** the link's accessible name, from the site name */
  label?: (siteName: string) => string;
}) {
  const siteName = useSiteName();
  return (
    <ChakraLink asChild fontWeight="bold" fontSize="lg" _hover={{ textDecoration: 'none' }} onClick={onClick}>
      <Link to={to} aria-label={label(siteName)} data-testid="site-name">
        <Flex boxSize="8" rounded="l2" align="center" justify="center" bg="brand.solid" color="brand.contrast" aria-hidden>
          <Icon size="sm">
            <Pickaxe />
          </Icon>
        </Flex>
        <Text as="span" letterSpacing="tight">
          {siteName}
        </Text>
      </Link>
    </ChakraLink>
  );
}
