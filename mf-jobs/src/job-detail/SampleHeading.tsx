// The top of a sample page: the notice that it is a fixed example, then a "Sample" badge
// beside its name and status, so a sample never passes for one of the user's own.
import { Alert, Badge, HStack, Heading } from '@chakra-ui/react';
import { StatusBadge } from '@quarry/shared';

export function SampleHeading({ notice, name, status }: { notice: string; name: string; status: string }) {
  return (
    <>
      <Alert.Root status="info" size="sm">
        <Alert.Indicator />
        <Alert.Title>{notice}</Alert.Title>
      </Alert.Root>
      <HStack gap="3" wrap="wrap">
        <Badge colorPalette="purple" variant="solid">
          Sample
        </Badge>
        <Heading size="lg" as="h1">
          {name}
        </Heading>
        <StatusBadge status={status} />
      </HStack>
    </>
  );
}
