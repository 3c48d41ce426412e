// A secret the API shows once (a new API key, a webhook endpoint's signing secret): the value,
// how to use it, a copy button and Done. Nothing keeps it after Done.
import { Alert, Button, Code, HStack, Text } from '@chakra-ui/react';
import { CopyButton } from '@quarry/shared';
import type { ReactNode } from 'react';

export interface SecretOnceProps {
  title: string;
  secret: string;
  /** how the secret is used, under it */
  hint: ReactNode;
  copyLabel: string;
  copiedMessage: string;
  /** test ids of the alert and of the secret's text */
  testId: string;
  secretTestId: string;
  onDone: () => void;
}

export function SecretOnce({ title, secret, hint, copyLabel, copiedMessage, testId, secretTestId, onDone }: SecretOnceProps) {
  return (
    <Alert.Root status="success" alignItems="flex-start" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content gap="2" minW="0">
        <Alert.Title>{title}</Alert.Title>
        <Code data-testid={secretTestId} p="2" wordBreak="break-all" whiteSpace="normal" display="block">
          {secret}
        </Code>
        <Text textStyle="xs" color="fg.muted">
          {hint}
        </Text>
        <HStack>
          <CopyButton text={secret} label={copyLabel} successMessage={copiedMessage} />
          <Button size="xs" variant="ghost" onClick={onDone}>
            Done
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
