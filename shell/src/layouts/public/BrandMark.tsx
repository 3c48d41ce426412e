import { Flex, Icon, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Pickaxe } from 'lucide-react';
import { Link } from 'react-router';

/** The product name with its mark, linking home. */
export function BrandMark({ onClick }: { onClick?: () => void }) {
  return (
    <ChakraLink asChild fontWeight="bold" fontSize="lg" _hover={{ textDecoration: 'none' }} onClick={onClick}>
      <Link to="/" aria-label="Quarry home">
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
