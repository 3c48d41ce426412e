// My earlier credit requests on /credit-request: amount, when, status, and the reviewer's
// notes once reviewed. Newest first, as the API answers them.
import { Badge, Card, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, formatDateTime, LoadingState, toAppError, DataTable } from '@quarry/shared';
import type { CreditRequestStatus } from '@quarry/shared/schemas';
import { History } from 'lucide-react';
import { useMyCreditRequests } from './queries';

const STATUS: Record<CreditRequestStatus, { label: string; palette: string }> = {
  pending: { label: 'Pending review', palette: 'yellow' },
  approved: { label: 'Approved', palette: 'green' },
  rejected: { label: 'Rejected', palette: 'red' },
};

const statusOf = (status: string) => STATUS[status as CreditRequestStatus] ?? { label: status, palette: 'gray' };

export function MyCreditRequests() {
  const q = useMyCreditRequests();
  let body;
  if (q.isPending) body = <LoadingState text="Loading your requests..." />;
  else if (q.isError) body = <ErrorState title="Failed to load your requests" message={toAppError(q.error).message} onRetry={() => void q.refetch()} />;
  else if (q.data.credit_requests.length === 0)
    body = <EmptyState icon={<History />} title="No requests yet" description="Requests you send appear here with their status." />;
  else
    body = (
      <DataTable label="My credit requests" columns={['Sent', { label: 'Credits', textAlign: 'end' }, 'Status', 'Notes']} scrollAreaProps={{}}>
        {q.data.credit_requests.map((r) => {
          const status = statusOf(r.status);
          return (
            <Table.Row key={r.id} data-testid="my-credit-request">
              <Table.Cell whiteSpace="nowrap">{formatDateTime(r.created_at)}</Table.Cell>
              <Table.Cell textAlign="end">{r.amount.toLocaleString('en-US')}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={status.palette}>{status.label}</Badge>
              </Table.Cell>
              <Table.Cell>
                <Text textStyle="sm" color="fg.muted" lineClamp={2} maxW="64">
                  {r.admin_notes ?? (r.reviewed_at ? `Reviewed ${formatDateTime(r.reviewed_at)}` : '-')}
                </Text>
              </Table.Cell>
            </Table.Row>
          );
        })}
      </DataTable>
    );
  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h2" size="md">
            My requests
          </Heading>
          {q.data ? (
            <Text textStyle="sm" color="fg.muted">
              {q.data.total_count === 1 ? '1 request' : `${q.data.total_count} requests`}
            </Text>
          ) : null}
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">{body}</Stack>
      </Card.Body>
    </Card.Root>
  );
}
