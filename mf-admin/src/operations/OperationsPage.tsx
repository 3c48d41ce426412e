import { Badge, Box, Button, Card, EmptyState as ChakraEmpty, Flex, HStack, Heading, SimpleGrid, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { ErrorState, LoadingState, PageHeader, StatusBadge, formatDateTime, formatDuration, formatTime, toast, DataTable } from '@quarry/shared';
import type { OperationsOverview, OperationsWorker } from '@quarry/shared/schemas';
import { Activity } from 'lucide-react';
import type { ReactNode } from 'react';
import { serverDetailOr } from '../common/errors';
import { useOperations, useRetryJob } from './queries';

const STATUSES = ['pending', 'queued', 'running', 'completed', 'failed', 'cancelled'] as const;

function ageOf(iso: string, now: string): string {
  return formatDuration(Math.max(0, Math.round((Date.parse(now) - Date.parse(iso)) / 1000)));
}

function Tiles({ data }: { data: OperationsOverview }) {
  const t = data.throughput_last_hour;
  const tiles: [string, string, string?][] = [
    ['Queued', String(data.queued_count)],
    ['Running', String(data.running_count)],
    ['Oldest queued job', data.oldest_queued_age_seconds === null ? 'None waiting' : formatDuration(data.oldest_queued_age_seconds)],
    ['Workers alive', `${data.workers.filter((w) => w.alive).length} of ${data.workers.length}`],
    ['Last hour', `${t.completed} done`, `${t.failed} failed · ${t.cancelled} cancelled`],
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap="3">
      {tiles.map(([label, value, help]) => (
        <Card.Root key={label} size="sm">
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{label}</Stat.Label>
              <Stat.ValueText textStyle="xl" data-testid={`ops-${label}`}>
                {value}
              </Stat.ValueText>
              {help ? <Stat.HelpText>{help}</Stat.HelpText> : null}
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

function QueueTable({ data }: { data: OperationsOverview }) {
  const types = [...new Set(data.jobs_by_type_and_status.map((c) => c.job_type))];
  const count = (type: string, status: string) => data.jobs_by_type_and_status.find((c) => c.job_type === type && c.status === status)?.count ?? 0;
  if (types.length === 0) return <Text color="fg.muted">No jobs yet.</Text>;
  return (
    <DataTable label="Jobs by type and status" columns={['Type', ...STATUSES.map((s) => ({ label: s, textAlign: 'end', textTransform: 'capitalize' }) as const)]}>
      {types.map((type) => (
        <Table.Row key={type}>
          <Table.Cell fontFamily="mono">{type}</Table.Cell>
          {STATUSES.map((s) => {
            const n = count(type, s);
            return (
              <Table.Cell key={s} textAlign="end" color={n === 0 ? 'fg.subtle' : s === 'failed' ? 'red.fg' : undefined}>
                {n}
              </Table.Cell>
            );
          })}
        </Table.Row>
      ))}
    </DataTable>
  );
}

function WorkerCard({ worker, now }: { worker: OperationsWorker; now: string }) {
  return (
    <Card.Root size="sm" as="li" data-testid="worker" aria-label={`Worker ${worker.name}`}>
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" gap="2" wrap="wrap">
            <Text fontFamily="mono" textStyle="sm" fontWeight="semibold" wordBreak="break-all">
              {worker.name}
            </Text>
            <Badge colorPalette={worker.alive ? 'green' : 'gray'}>{worker.alive ? 'Alive' : worker.stopped_at ? 'Stopped' : 'Silent'}</Badge>
          </HStack>
          <Text textStyle="xs" color="fg.muted">
            {worker.hostname} · pid {worker.pid} · {worker.concurrency} slot{worker.concurrency === 1 ? '' : 's'} · last heartbeat {ageOf(worker.last_heartbeat_at, now)} ago
          </Text>
          {worker.running_jobs.length === 0 ? (
            <Text textStyle="sm" color="fg.muted">
              Idle
            </Text>
          ) : (
            <Stack gap="1" as="ul" listStyleType="none">
              {worker.running_jobs.map((j) => (
                <HStack as="li" key={j.id} gap="2" textStyle="sm">
                  <Badge variant="outline">{j.job_type}</Badge>
                  <Text truncate flex="1">
                    {j.name}
                  </Text>
                  <Text color="fg.muted">{Math.round(j.progress_percentage)}%</Text>
                </HStack>
              ))}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Failures({ data }: { data: OperationsOverview }) {
  const retry = useRetryJob();
  if (data.recent_failures.length === 0) return <Text color="fg.muted">No failed jobs.</Text>;
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Recent failures">
      {data.recent_failures.map((f) => (
        <Card.Root as="li" key={f.id} size="sm" data-testid="failure" aria-label={`Failed job ${f.name}`}>
          <Card.Body>
            <Flex gap="3" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'center' }}>
              <Stack gap="1" minW="0" flex="1">
                <HStack gap="2" wrap="wrap">
                  <Text fontWeight="semibold">{f.name}</Text>
                  <Badge variant="outline">{f.job_type}</Badge>
                  <StatusBadge status="failed" />
                </HStack>
                <Text textStyle="sm" color="red.fg" wordBreak="break-word">
                  {f.error_message ?? 'No error message'}
                </Text>
                <Text textStyle="xs" color="fg.muted">
                  {f.user_email} · attempt {f.attempts} · {formatDateTime(f.failed_at)}
                </Text>
              </Stack>
              {f.retryable ? (
                <Button
                  size="sm"
                  variant="outline"
                  flexShrink={0}
                  loading={retry.isPending && retry.variables === f.id}
                  disabled={retry.isPending}
                  onClick={() =>
                    retry.mutate(f.id, {
                      onSuccess: (r) => toast.success('Job Retried', r.message),
                      onError: (err) => toast.error('Retry Failed', serverDetailOr(err, 'Failed to retry the job')),
                    })
                  }
                >
                  Retry
                </Button>
              ) : (
                <Text textStyle="xs" color="fg.muted">
                  Retried with its pipeline
                </Text>
              )}
            </Flex>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h2" size="md" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** /admin/operations: the job queue live, workers, throughput and failures with Retry. */
export default function OperationsPage() {
  const ops = useOperations();
  let body;
  if (ops.isPending) body = <LoadingState text="Loading the job queue..." />;
  else if (ops.isError && !ops.data)
    body = <ErrorState title="Failed to load operations" message={serverDetailOr(ops.error, 'Failed to load operations')} onRetry={() => void ops.refetch()} />;
  else {
    const data = ops.data;
    body = (
      <Stack gap="8">
        <Tiles data={data} />
        <Section title="Jobs by type and status">
          <QueueTable data={data} />
        </Section>
        <Section title="Workers">
          {data.workers.length === 0 ? (
            <ChakraEmpty.Root size="sm">
              <ChakraEmpty.Content>
                <ChakraEmpty.Indicator>
                  <Activity />
                </ChakraEmpty.Indicator>
                <ChakraEmpty.Title>No workers have reported</ChakraEmpty.Title>
                <ChakraEmpty.Description>Start one with npm run worker, or give the API job slots (QUARRY_WORKERS).</ChakraEmpty.Description>
              </ChakraEmpty.Content>
            </ChakraEmpty.Root>
          ) : (
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, lg: 2 }} gap="3">
              {data.workers.map((w) => (
                <WorkerCard key={w.name} worker={w} now={data.generated_at} />
              ))}
            </SimpleGrid>
          )}
        </Section>
        <Section title="Recent failures">
          <Failures data={data} />
        </Section>
      </Stack>
    );
  }
  return (
    <Stack gap="6">
      <PageHeader
        title="Operations"
        description={ops.data ? `The job queue, live (updated ${formatTime(ops.data.generated_at)})` : 'The job queue, live'}
      />
      {body}
    </Stack>
  );
}
