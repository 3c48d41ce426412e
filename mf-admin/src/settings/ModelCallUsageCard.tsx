import { Card, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, formatDateTime, DataTable, SelectInput } from '@quarry/shared';
import { Cpu } from 'lucide-react';
import { useState } from 'react';
import { serverDetailOr } from '../common/errors';
import { useModelCallUsage } from './queries';

const PERIODS = [7, 30, 90] as const;

/** Who called a model from the test pages, how often, and the credits it took — per user, most calls first. */
export function ModelCallUsageCard() {
  const [days, setDays] = useState<number>(30);
  const usage = useModelCallUsage(days);

  let body;
  if (usage.isPending) body = <LoadingState text="Loading model call usage..." />;
  else if (usage.isError)
    body = <ErrorState title="Failed to load model call usage" message={serverDetailOr(usage.error, 'Failed to load model call usage')} onRetry={() => void usage.refetch()} />;
  else if (usage.data.users.length === 0)
    body = <EmptyState icon={<Cpu />} title="No model calls" description={`Nobody called a model from the test pages in the last ${days} days.`} />;
  else
    body = (
      <Stack gap="3">
        <Text textStyle="sm" data-testid="model-call-totals">
          {usage.data.total_calls.toLocaleString('en-US')} call{usage.data.total_calls === 1 ? '' : 's'},{' '}
          {usage.data.total_credits.toLocaleString('en-US')} credit{usage.data.total_credits === 1 ? '' : 's'} charged
        </Text>
        <DataTable label="Model calls per user" columns={['User', { label: 'Calls', textAlign: 'end' }, { label: 'Credits', textAlign: 'end' }, 'Last call']}>
          {usage.data.users.map((u) => (
            <Table.Row key={u.user_id} aria-label={u.email}>
              <Table.Cell>
                <Text maxW={{ base: '40', md: '72' }} truncate title={u.email}>
                  {u.email}
                </Text>
              </Table.Cell>
              <Table.Cell textAlign="end">{u.calls.toLocaleString('en-US')}</Table.Cell>
              <Table.Cell textAlign="end">{u.credits.toLocaleString('en-US')}</Table.Cell>
              <Table.Cell textStyle="xs" minW="28">
                {formatDateTime(u.last_call_at)}
              </Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      </Stack>
    );

  return (
    <Card.Root maxW="2xl" aria-labelledby="model-call-usage-heading">
      <Card.Header>
        <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
          <Stack gap="1">
            <Heading as="h2" size="md" id="model-call-usage-heading">
              Model call usage
            </Heading>
            <Text textStyle="sm" color="fg.muted">
              Calls from the test pages per user and the credits they took.
            </Text>
          </Stack>
          <SelectInput size="sm" width="auto" label="Period" value={String(days)} onChange={(v) => setDays(Number(v))} options={PERIODS.map((d) => ({ value: String(d), label: `Last ${d} days` }))} />
        </HStack>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
    </Card.Root>
  );
}
