// The monitors' frame: the not-found panel, the back link, the heading with status and live
// state, the times, the action row and the link to every job.
import { Badge, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { ErrorState, StatusBadge, formatDateTime, paths, ButtonLink } from '@quarry/shared';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode } from 'react';

export const UNKNOWN_ERROR = 'Unknown error occurred';

/** 'Pipeline Job not found' / 'OCR Job not found' / ... with the error's message and a back button. */
export function MonitorNotFound({ title, error, backTo, backLabel }: { title: string; error: unknown; backTo: string; backLabel: string }) {
  const message = error instanceof Error && error.message ? error.message : UNKNOWN_ERROR;
  return (
    <Stack gap="4" py="6">
      <ErrorState
        title={title}
        message={message}
        actions={<ButtonLink to={backTo} size="sm" variant="outline">{backLabel}</ButtonLink>}
      />
    </Stack>
  );
}

export function BackLink({ to, label = 'Back' }: { to: string; label?: string }) {
  return (
    <ButtonLink to={to} variant="ghost" size="sm" alignSelf="flex-start">
      <ArrowLeft size={16} /> {label}
    </ButtonLink>
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
    <ButtonLink to={paths.jobs.index} colorPalette="brand">View All Jobs</ButtonLink>
  );
}
