import { Flex, Icon, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Pickaxe } from 'lucide-react';
import { Link } from 'react-router';

/**
 * The product name with its mark: home in the public layout, the file library in the
 * signed-in sidebar (spec 1 §2.3).
 */
export function BrandMark({ onClick, to = '/', label = 'Quarry home' }: { onClick?: () => void; to?: string; label?: string }) {
  return (
    <ChakraLink asChild fontWeight="bold" fontSize="lg" _hover={{ textDecoration: 'none' }} onClick={onClick}>
      <Link to={to} aria-label={label}>
        <Flex boxSize="8" rounded="l2" align="center" justify="center" bg="brand.solid" color="brand.contrast" aria-hidden>
          <Icon size="sm">
            <Pickaxe />
          </Icon>
        </Flex>
        <Text as="span" letterSpacing="tight">
          Quarry
        </Text>
      </Link>
    </ChakraLink>
  );
}
