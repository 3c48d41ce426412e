import { Card, HStack, Heading, Progress, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ErrorState, toAppError } from '@quarry/shared';
import { memo } from 'react';
import { RESOURCE_USAGE_ERROR_PERCENT, RESOURCE_USAGE_WARNING_PERCENT } from '@quarry/shared/constants';
import { quotaFrom, useResourceLimits, type QuotaLine } from './queries';

function paletteFor(percent: number): string {
  if (percent >= RESOURCE_USAGE_ERROR_PERCENT) return 'red';
  if (percent >= RESOURCE_USAGE_WARNING_PERCENT) return 'orange';
  return 'brand';
}

function Line({ label, unit, line }: { label: string; unit: string; line: QuotaLine }) {
  const percent = line.max ? Math.min(100, (line.used / line.max) * 100) : 0;
  return (
    <Stack gap="1.5" data-testid={`quota-${unit}`}>
      <HStack justify="space-between">
        <Text fontWeight="medium">{label}</Text>
        <Text textStyle="sm" fontVariantNumeric="tabular-nums" data-testid={`quota-${unit}-value`}>
          {line.used} / {line.max ?? 'no limit'} {unit}
        </Text>
      </HStack>
      <Progress.Root value={percent} size="sm" colorPalette={paletteFor(percent)} aria-label={`${label} usage`}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}

/** Quota usage: files used against the maximum, pages used against the maximum. */
export const QuotaCard = memo(function QuotaCard() {
  const limits = useResourceLimits();
  let body;
  if (limits.isPending)
    body = (
      <Stack gap="3" aria-label="Loading quota">
        <Skeleton h="4" />
        <Skeleton h="4" />
      </Stack>
    );
  else if (limits.isError)
    body = <ErrorState title="Failed to load resource usage data" message={toAppError(limits.error).message} onRetry={() => void limits.refetch()} />;
  else {
    const q = quotaFrom(limits.data);
    body = (
      <Stack gap="4">
        <Line label="Files" unit="files" line={q.files} />
        <Line label="Pages" unit="pages" line={q.pages} />
      </Stack>
    );
  }
  return (
    <Card.Root as="section" aria-label="Quota usage">
      <Card.Header>
        <Heading as="h2" size="md">
          Quota usage
        </Heading>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
    </Card.Root>
  );
});
