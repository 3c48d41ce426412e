import { Button, Center, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { ButtonLink } from '@quarry/shared';
import { useNavigate } from 'react-router';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Center py="24" px="4">
      <Stack align="center" gap="4" textAlign="center">
        <Heading size="4xl" color="fg.muted">
          404
        </Heading>
        <Text fontSize="xl" fontWeight="semibold">
          Page not found
        </Text>
        <HStack gap="3">
          <Button variant="outline" onClick={() => navigate(-1)}>
            Go back
          </Button>
          <ButtonLink to="/">Back to home</ButtonLink>
        </HStack>
      </Stack>
    </Center>
  );
}
