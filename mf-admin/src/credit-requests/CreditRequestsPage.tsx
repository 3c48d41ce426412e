import { Box, Button, Card, Flex, HStack, Input, InputGroup, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, PageHeader, formatDateTime, SelectInput } from '@quarry/shared';
import type { AdminCreditRequest } from '@quarry/shared/schemas';
import { Inbox, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { serverDetailOr } from '../common/errors';
import { humanize, matchesSearch } from './filter';
import { useCreditRequestStats, useCreditRequests, type StatusFilter } from './queries';
import { RequestStatusBadge } from './RequestStatusBadge';
import { ReviewDialog } from './ReviewDialog';

const FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

function Counters() {
  const stats = useCreditRequestStats();
  const tiles: [string, number | undefined, string][] = [
    ['Pending requests', stats.data?.pending_count, 'yellow.fg'],
    ['Credits requested', stats.data?.total_pending_credits, 'brand.fg'],
    ['Approved', stats.data?.approved_count, 'green.fg'],
    ['Rejected', stats.data?.rejected_count, 'red.fg'],
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" aria-label="Summary">
      {tiles.map(([label, value, color]) => (
        <Card.Root key={label} size="sm">
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{label}</Stat.Label>
              {value === undefined ? (
                stats.isError ? (
                  <Stat.ValueText color="fg.muted">—</Stat.ValueText>
                ) : (
                  <Skeleton h="8" w="12" />
                )
              ) : (
                <Stat.ValueText color={color} data-testid={`stat-${label}`}>
                  {value.toLocaleString('en-US')}
                </Stat.ValueText>
              )}
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

function RequestCard({ request, onOpen }: { request: AdminCreditRequest; onOpen: () => void }) {
  const pending = request.status === 'pending';
  return (
    <Card.Root as="li" size="sm" data-testid="credit-request" aria-label={`Request from ${request.user.email}`}>
      <Card.Body>
        <Flex gap="4" direction={{ base: 'column', md: 'row' }} justify="space-between">
          <Stack gap="1.5" minW="0" flex="1">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold">{request.amount.toLocaleString('en-US')} credits</Text>
              <RequestStatusBadge status={request.status} />
              <Text textStyle="xs" color="fg.muted">
                {humanize(request.usage_purpose)} · {request.urgency} urgency · {formatDateTime(request.created_at)}
              </Text>
            </HStack>
            <Text textStyle="sm" wordBreak="break-all">
              {request.user.name ? `${request.user.name} · ` : ''}
              {request.user.email}
            </Text>
            <Text textStyle="sm" color="fg.muted" lineClamp={2}>
              {request.project_description}
            </Text>
            {!pending ? (
              <Box borderStartWidth="2px" ps="3" mt="1" data-testid="review-summary">
                <Text textStyle="sm">{request.admin_notes || 'No notes'}</Text>
                <Text textStyle="xs" color="fg.muted">
                  {request.status === 'approved' ? 'Approved' : 'Rejected'} by {request.reviewer?.name || request.reviewer?.email || 'an administrator'} ·{' '}
                  {formatDateTime(request.reviewed_at)}
                </Text>
              </Box>
            ) : null}
          </Stack>
          <Box flexShrink={0}>
            <Button size="sm" variant={pending ? 'solid' : 'outline'} colorPalette={pending ? 'brand' : 'gray'} onClick={onOpen}>
              {pending ? 'Review' : 'View'}
            </Button>
          </Box>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** /admin/credit-requests [Credit Requests]. */
export default function CreditRequestsPage() {
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useCreditRequests(status);
  const shown = useMemo(() => (list.data ?? []).filter((r) => matchesSearch(r, search)), [list.data, search]);
  const open = list.data?.find((r) => r.id === openId) ?? null;

  let body;
  if (list.isPending) body = <LoadingState text="Loading credit requests..." />;
  else if (list.isError)
    body = <ErrorState title="Error Loading Requests" message={serverDetailOr(list.error, 'Failed to load credit requests')} onRetry={() => void list.refetch()} />;
  else if (shown.length === 0)
    body = (
      <EmptyState
        icon={<Inbox />}
        title={list.data.length === 0 ? 'No credit requests' : 'No matching requests'}
        description={list.data.length === 0 ? 'Requests users send from /credit-request appear here.' : 'Try another search or status.'}
      />
    );
  else
    body = (
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Credit requests">
        {shown.map((r) => (
          <RequestCard key={r.id} request={r} onOpen={() => setOpenId(r.id)} />
        ))}
      </Stack>
    );

  return (
    <Stack gap="6">
      <PageHeader title="Credit Requests" description="Review what users ask for; approved credits are added to their balance at once." />
      <Counters />
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
        <InputGroup flex="1" startElement={<Search size={16} />}>
          <Input
            type="search"
            aria-label="Search requests"
            placeholder="Search by user email, name or project description"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </InputGroup>
        <SelectInput w={{ base: 'full', sm: '44' }} label="Status filter" value={status} onChange={setStatus} options={FILTERS} />
      </Flex>
      {body}
      <ReviewDialog request={open} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
