// Pieces every monitor and list shares: the not-found panel, the monitor's heading and
// actions, stat cells, the event log card, the recent-jobs list and its card.
import { Badge, Box, Button, Card, HStack, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ErrorState, LoadingState, StatusBadge, formatDateTime, formatTime, paths, truncate } from '@quarry/shared';
import { ArrowLeft } from 'lucide-react';
import { memo, useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { jobSubject, type JobSubjectSource } from './jobLinks';

export const UNKNOWN_ERROR = 'Unknown error occurred';

/** 'Pipeline Job not found' / 'OCR Job not found' / ... with the error's message and a back button. */
export function MonitorNotFound({ title, error, backTo, backLabel }: { title: string; error: unknown; backTo: string; backLabel: string }) {
  const message = error instanceof Error && error.message ? error.message : UNKNOWN_ERROR;
  return (
    <Stack gap="4" py="6">
      <ErrorState
        title={title}
        message={message}
        actions={
          <Button asChild size="sm" variant="outline">
            <Link to={backTo}>{backLabel}</Link>
          </Button>
        }
      />
    </Stack>
  );
}

export function BackLink({ to, label = 'Back' }: { to: string; label?: string }) {
  return (
    <Button asChild variant="ghost" size="sm" alignSelf="flex-start">
      <Link to={to}>
        <ArrowLeft size={16} /> {label}
      </Link>
    </Button>
  );
}

/** A monitor's title: the job's name, its status, Live / Polling; then `children` (description, times). */
export function MonitorHeading({ name, status, connected, children }: { name: string; status: string; connected: boolean; children?: ReactNode }) {
  return (
    <Stack gap="1">
      <HStack gap="3" wrap="wrap">
        <Heading size="lg" as="h1">
          {name}
        </Heading>
        <StatusBadge status={status} data-testid="job-status" />
        <Badge variant="outline">{connected ? 'Live' : 'Polling'}</Badge>
      </HStack>
      {children}
    </Stack>
  );
}

/** 'Created … · Started … · Completed …' under a monitor's title. */
export function MonitorTimes({ job }: { job: { created_at: string; started_at: string | null; completed_at: string | null } }) {
  return (
    <Text color="fg.muted" fontSize="sm">
      Created {formatDateTime(job.created_at)} · Started {formatDateTime(job.started_at)} · Completed {formatDateTime(job.completed_at)}
    </Text>
  );
}

/** The buttons at the foot of a monitor: 'Refresh Status', then the monitor's own (`children`). */
export function MonitorActions({ onRefresh, children }: { onRefresh: () => void; children?: ReactNode }) {
  return (
    <HStack gap="2" wrap="wrap">
      <Button variant="outline" onClick={onRefresh}>
        Refresh Status
      </Button>
      {children}
    </HStack>
  );
}

/** 'View All Jobs', the way out of a finished extraction or pipeline. */
export function ViewAllJobsButton() {
  return (
    <Button asChild colorPalette="brand">
      <Link to={paths.jobs.index}>View All Jobs</Link>
    </Button>
  );
}

/** The start of an event-log entry: its time and phase badge, then the monitor's extras. */
export function EventMeta({ timestamp, phase, children }: { timestamp: string; phase: string; children?: ReactNode }) {
  return (
    <HStack gap="2" wrap="wrap">
      <Text color="fg.muted">{formatTime(timestamp)}</Text>
      <Badge size="sm">{phase}</Badge>
      {children}
    </HStack>
  );
}

export function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box minW="0">
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Text fontWeight="semibold" fontSize="md" data-testid={testId} wordBreak="break-word">
        {value}
      </Text>
    </Box>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
      {children}
    </SimpleGrid>
  );
}

export function SectionCard({ title, actions, children, testId }: { title: ReactNode; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card.Root data-testid={testId}>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading size="md" as="h2">
            {title}
          </Heading>
          {actions}
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

interface EventRowProps<T> {
  event: T & { key: string };
  render: (e: T) => ReactNode;
}

/**
 * The log's look, styled once on the list: rows and the `ev-*` pieces a monitor may render
 * inside them are plain elements (a pipeline streams hundreds of events; a dozen styled
 * components per entry kept the main thread busy). Off-screen rows skip layout.
 */
const logCss = {
  '& .ev-row': { borderWidth: '1px', borderColor: 'border', borderRadius: 'md', p: '2', textStyle: 'sm', contentVisibility: 'auto', containIntrinsicSize: 'auto 4.5rem' },
  '& .ev-row + .ev-row': { mt: '2' },
  '& .ev-line': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' },
  '& .ev-muted': { color: 'fg.muted' },
  '& .ev-mono': { textStyle: 'xs', color: 'fg.muted', fontFamily: 'mono' },
  '& .ev-badge': { display: 'inline-flex', alignItems: 'center', px: '1.5', minH: '5', borderRadius: 'l1', textStyle: 'xs', fontWeight: 'medium', whiteSpace: 'nowrap', bg: 'gray.subtle', color: 'gray.fg' },
  '& .ev-badge[data-palette="purple"]': { bg: 'purple.subtle', color: 'purple.fg' },
  '& .ev-badge[data-palette="teal"]': { bg: 'teal.subtle', color: 'teal.fg' },
  '& .ev-badge[data-variant="outline"]': { bg: 'transparent', boxShadow: 'inset 0 0 0px 1px var(--chakra-colors-gray-muted)' },
} as const;

/**
 * One log entry. Rendered again only when its event changes: a log of hundreds of events
 * must not re-render every entry for each new one.
 */
const EventRow = memo(
  function EventRow<T>({ event, render }: EventRowProps<T>) {
    return (
      <div className="ev-row" data-event-key={event.key}>
        {render(event)}
      </div>
    );
  },
  (a, b) => a.event === b.event,
) as <T>(props: EventRowProps<T>) => ReactNode;

function EventLogCardInner<T extends { key: string }>({
  title,
  events,
  renderEvent,
  empty = 'No events yet',
  total,
}: {
  title: string;
  events: readonly T[];
  renderEvent: (e: T) => ReactNode;
  empty?: string;
  /** how many events the server holds (the log may show only the newest of them) */
  total?: number | undefined;
}) {
  const count = Math.max(total ?? 0, events.length);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [events.length]);
  return (
    <SectionCard
      title={
        <HStack gap="2">
          <span>{title}</span>
          <Badge data-testid="event-count" variant="subtle">
            {count}
          </Badge>
          {count > events.length ? (
            <Text as="span" fontSize="xs" color="fg.muted" fontWeight="normal">
              the newest {events.length} shown
            </Text>
          ) : null}
        </HStack>
      }
    >
      <Box ref={box} maxH="24rem" overflowY="auto" role="log" aria-label={title} aria-live="polite" css={logCss}>
        {events.length === 0 ? <Text color="fg.muted">{empty}</Text> : events.map((e) => <EventRow key={e.key} event={e} render={renderEvent} />)}
      </Box>
    </SectionCard>
  );
}

/**
 * An event log: a count badge and a list about 24rem high that scrolls to the newest entry
 * whenever one arrives. Rendered again only when its events (or renderer) change.
 */
export const EventLogCard = memo(EventLogCardInner) as typeof EventLogCardInner;

export function ErrorBox({ children }: { children: ReactNode }) {
  return (
    <Box mt="1" p="2" borderRadius="md" bg="red.subtle" color="red.fg" borderWidth="1px" borderColor="red.muted" fontSize="sm" data-testid="event-error">
      {children}
    </Box>
  );
}

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
          <Button asChild size="xs" variant="outline">
            <Link to={monitorPath(j.id)} aria-label={`Monitor ${j.name}`}>
              Monitor
            </Link>
          </Button>
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
