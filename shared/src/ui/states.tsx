import { Alert, Box, Button, EmptyState as ChakraEmptyState, Flex, HStack, Heading, Spinner, Stack, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** Buttons or links under the text. */
  action?: ReactNode;
}

/** "Nothing here yet" — e.g. 'No datasets found' / 'Create your first dataset to get started.' */
export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <ChakraEmptyState.Root>
      <ChakraEmptyState.Content>
        {icon ? <ChakraEmptyState.Indicator>{icon}</ChakraEmptyState.Indicator> : null}
        <VStack textAlign="center">
          <ChakraEmptyState.Title>{title}</ChakraEmptyState.Title>
          {description ? <ChakraEmptyState.Description>{description}</ChakraEmptyState.Description> : null}
        </VStack>
        {action}
      </ChakraEmptyState.Content>
    </ChakraEmptyState.Root>
  );
}

export interface LoadingStateProps {
  text?: string;
  /** Fill the available height and centre. */
  fill?: boolean;
}

/** A spinner with a line of text; announced politely to screen readers. */
export function LoadingState({ text = 'Loading...', fill = false }: LoadingStateProps) {
  return (
    <Flex role="status" aria-live="polite" align="center" justify="center" gap="3" py="10" minH={fill ? '50vh' : undefined}>
      <Spinner size="md" color="brand.solid" />
      <Text color="fg.muted">{text}</Text>
    </Flex>
  );
}

export interface ErrorStateProps {
  title?: string;
  message?: ReactNode;
  /** Shows a Retry button. */
  onRetry?: () => void;
  retryLabel?: string;
  /** Extra actions (e.g. a back link). */
  actions?: ReactNode;
}

/** An error panel: title, message, optional Retry. */
export function ErrorState({ title = 'Something went wrong', message, onRetry, retryLabel = 'Retry', actions }: ErrorStateProps) {
  return (
    <Alert.Root status="error" alignItems="flex-start" borderRadius="md">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {message ? <Alert.Description>{message}</Alert.Description> : null}
        {onRetry || actions ? (
          <HStack mt="3" gap="2">
            {onRetry ? (
              <Button size="sm" variant="outline" colorPalette="red" onClick={onRetry}>
                {retryLabel}
              </Button>
            ) : null}
            {actions}
          </HStack>
        ) : null}
      </Alert.Content>
    </Alert.Root>
  );
}

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Right-hand buttons. */
  actions?: ReactNode;
}

/** The title row of a screen. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Flex as="header" mb="6" gap="4" align={{ base: 'stretch', md: 'flex-start' }} justify="space-between" direction={{ base: 'column', md: 'row' }}>
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {description ? <Text color="fg.muted">{description}</Text> : null}
      </Stack>
      {actions ? (
        <Box>
          <HStack gap="2" wrap="wrap">
            {actions}
          </HStack>
        </Box>
      ) : null}
    </Flex>
  );
}
