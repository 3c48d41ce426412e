import { Badge, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The title block every marketing page opens with. */
export function MarketingHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <Stack gap="4" align="center" textAlign="center" maxW="2xl" mx="auto">
      {eyebrow ? (
        <Badge colorPalette="brand" variant="subtle" size="lg" rounded="full" px="3">
          {eyebrow}
        </Badge>
      ) : null}
      <Heading as="h1" size={{ base: '3xl', md: '4xl' }} letterSpacing="tight">
        {title}
      </Heading>
      {children ? (
        <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
          {children}
        </Text>
      ) : null}
    </Stack>
  );
}
