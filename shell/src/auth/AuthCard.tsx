import { Box, Card, Center, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The frame of the login and sign-up forms, inside the public layout. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <Center flex="1" px="4" py={{ base: '8', md: '16' }} bg="bg.subtle">
      <Card.Root w="full" maxW="md" variant="elevated">
        <Card.Header>
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              {title}
            </Heading>
            {subtitle ? <Text color="fg.muted">{subtitle}</Text> : null}
          </Stack>
        </Card.Header>
        <Card.Body>{children}</Card.Body>
        {footer ? (
          <Card.Footer justifyContent="center" borderTopWidth="1px" pt="4">
            <Box textStyle="sm" color="fg.muted">
              {footer}
            </Box>
          </Card.Footer>
        ) : null}
      </Card.Root>
    </Center>
  );
}
