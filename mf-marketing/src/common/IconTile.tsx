import { Flex, Icon } from '@chakra-ui/react';
import type { ComponentType } from 'react';

/** An icon on the brand's pale square, beside or above a feature, a step or a section title. */
export function IconTile({ icon: IconComponent, size = 'md' }: { icon: ComponentType; size?: 'sm' | 'md' }) {
  return (
    <Flex boxSize={size === 'md' ? '10' : '9'} rounded="l2" align="center" justify="center" bg="brand.subtle" color="brand.fg" flexShrink={0}>
      <Icon size={size}>
        <IconComponent />
      </Icon>
    </Flex>
  );
}
