import { Box, Heading, Text } from '@chakra-ui/react';

/**
 * Stands on a route whose screen a later issue fills in, so the route tree (paths,
 * crumbs, redirects) is complete and navigable before every screen exists.
 */
export function PlannedScreen({ title }: { title: string }) {
  return (
    <Box data-testid="planned-screen" py="6">
      <Heading size="lg">{title}</Heading>
      <Text color="fg.muted" mt="2">
        This screen is not available yet.
      </Text>
    </Box>
  );
}
