// The recent jobs of an area: the list (name, status, subject, time) and its card.
import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { ErrorState, LoadingState, StatusBadge, formatDateTime, truncate, ButtonLink } from '@quarry/shared';
import { jobSubject, type JobSubjectSource } from './jobLinks';
import { SectionCard } from './cards';

export interface RecentJob extends JobSubjectSource {
  id: string;
  name: string;
  status: string;
  created_at: string;
}

/**
 * The recent jobs of a list page: name (truncated, the whole name on hover), what it ran on
 * on a line of its own and never cut, status, created, and a Monitor button.
 */
export function RecentJobs({ jobs, truncateAt, monitorPath, emptyText }: { jobs: readonly RecentJob[]; truncateAt: number; monitorPath: (id: string) => string; emptyText: string }) {
  if (jobs.length === 0) return <Text color="fg.muted">{emptyText}</Text>;
  return (
    <Stack gap="2" as="ul" listStyleType="none">
      {jobs.map((j) => (
        <HStack as="li" key={j.id} justify="space-between" borderWidth="1px" borderRadius="md" p="3" gap="3" wrap="wrap">
          <Box minW="0" flex="1">
            <Text fontWeight="medium" title={j.name} truncate>
              {truncate(j.name, truncateAt)}
            </Text>
            <RecentJobSubject job={j} />
            <Text fontSize="xs" color="fg.muted">
              {formatDateTime(j.created_at)}
            </Text>
          </Box>
          <StatusBadge status={j.status} />
          <ButtonLink to={monitorPath(j.id)} size="xs" variant="outline" aria-label={`Monitor ${j.name}`}>
            Monitor
          </ButtonLink>
        </HStack>
      ))}
    </Stack>
  );
}

function RecentJobSubject({ job }: { job: JobSubjectSource }) {
  const subject = jobSubject(job);
  if (!subject) return null;
  return (
    <Text fontSize="sm" wordBreak="break-word" data-testid="recent-job-subject">
      {subject.kind}: {subject.name}
    </Text>
  );
}

/** The 'Recent … jobs' card of a list page: loading, error with retry, then the list. */
export function RecentJobsCard({
  title,
  recent,
  truncateAt,
  monitorPath,
  emptyText,
}: {
  title: string;
  recent: { isPending: boolean; isError: boolean; error: Error | null; data: { jobs: readonly RecentJob[] } | undefined; refetch: () => unknown };
  truncateAt: number;
  monitorPath: (id: string) => string;
  emptyText: string;
}) {
  return (
    <SectionCard title={title}>
      {recent.isPending ? (
        <LoadingState text="Loading jobs..." />
      ) : recent.isError || !recent.data ? (
        <ErrorState title="Error loading jobs" message={recent.error?.message ?? ''} onRetry={() => void recent.refetch()} />
      ) : (
        <RecentJobs jobs={recent.data.jobs} truncateAt={truncateAt} monitorPath={monitorPath} emptyText={emptyText} />
      )}
    </SectionCard>
  );
}
