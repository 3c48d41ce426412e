// The cells and cards the monitors and lists are built of: a stat, a grid of stats, a titled
// card, an error box.
import { Box, Card, HStack, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { type ReactNode } from 'react';

export function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box minW="0">
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Text fontWeight="semibold" fontSize="md" data-testid={testId} wordBreak="break-word">
        {value}
      </Text>
    </Box>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
      {children}
    </SimpleGrid>
  );
}

export function SectionCard({ title, actions, children, testId }: { title: ReactNode; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card.Root data-testid={testId}>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading size="md" as="h2">
            {title}
          </Heading>
          {actions}
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

export function ErrorBox({ children }: { children: ReactNode }) {
  return (
    <Box mt="1" p="2" borderRadius="md" bg="red.subtle" color="red.fg" borderWidth="1px" borderColor="red.muted" fontSize="sm" data-testid="event-error">
      {children}
    </Box>
  );
}
