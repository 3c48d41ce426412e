// /jobs/chunking/{jobId}: the chunking monitor (spec 3 §2.8, §4).
import { Badge, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { ClampedProgress, LoadingState, StatusBadge, formatDateTime, formatDuration, formatPercentFraction, formatTime, paths, type JobUpdateMessage } from '@quarry/shared';
import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { fromUpdate } from '../common/events';
import { JobControls } from '../common/JobControls';
import { useCoalescedRefetch, useLiveConnected, useRefetchOnUpdate } from '../common/live';
import { BackLink, ErrorBox, EventLogCard, MonitorNotFound, SectionCard, Stat, StatGrid } from '../common/ui';
import { useEventLog } from '../common/useEventLog';
import { ChunksDetailView } from './ChunksDetailView';
import { useChunkingJob, useJobChunks } from './queries';

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

export default function ChunkingMonitorPage() {
  const { jobId = '' } = useParams();
  const connected = useLiveConnected();
  const job = useChunkingJob(jobId, connected);
  const completed = job.data?.status === 'completed';
  const chunks = useJobChunks(jobId, completed);
  const [log, push] = useEventLog(job.data?.events);
  const refetch = job.refetch;
  const refetchSoon = useCoalescedRefetch(useCallback(() => refetch({ cancelRefetch: false }), [refetch]));
  const onUpdate = useCallback(
    (msg: JobUpdateMessage) => {
      push(fromUpdate(msg, 'chunking'));
      refetchSoon();
    },
    [push, refetchSoon],
  );
  useRefetchOnUpdate(jobId, onUpdate);

  if (job.isPending) return <LoadingState text="Loading chunking job details..." />;
  if (job.isError) return <MonitorNotFound title="Job not found" error={job.error} backTo={paths.jobs.chunking} backLabel="Back to Chunking Jobs" />;
  const j = job.data;
  const pc = j.processing_config;
  const last = log.at(-1);
  const d = last?.details ?? {};
  const s = j.results_summary;
  const attempt = num(d.attempt);
  const maxAttempts = num(d.max_attempts);
  const failures = num(d.failures) ?? s?.failures ?? 0;
  const units = last?.units ?? 'percent';

  return (
    <Stack gap="5">
      <BackLink to={paths.jobs.chunking} />
      <Stack gap="1">
        <HStack gap="3" wrap="wrap">
          <Heading size="lg" as="h1">
            {j.name}
          </Heading>
          <StatusBadge status={j.status} data-testid="job-status" />
          <Badge variant="outline">{connected ? 'Live' : 'Polling'}</Badge>
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          Created {formatDateTime(j.created_at)} · Started {formatDateTime(j.started_at)} · Completed {formatDateTime(j.completed_at)}
        </Text>
      </Stack>
      <JobControls jobId={j.id} status={j.status} error={j.error_message} what="chunking job" onChanged={() => void refetch()} />
      <SectionCard title="Configuration">
        <StatGrid>
          <Stat label="Strategy" value={pc.chunking_strategy} />
          <Stat label="Model" value={pc.model} />
          <Stat label="Window size" value={pc.window_size ?? '-'} testId="config-window-size" />
          <Stat label="Max chunk size" value={pc.max_chunk_size} />
        </StatGrid>
      </SectionCard>
      <SectionCard title="Progress" testId="chunking-progress">
        <Stack gap="4">
          <ClampedProgress value={completed ? 100 : (last?.progress_percentage ?? j.progress_percentage)} showValue label="Progress" />
          <StatGrid>
            <Stat label={units === 'windows' ? 'Windows' : 'Chunks'} value={last?.current_value != null ? `${last.current_value} of ${last.total_value ?? '?'}` : '-'} />
            <Stat label="Chunks found" value={num(d.chunks_found) ?? num(d.chunks_created) ?? s?.total_chunks ?? 0} />
            {failures > 0 ? <Stat label="Failures" value={failures} /> : null}
            <Stat label="Model" value={str(d.model) ?? pc.model} />
            <Stat label="Text chunks" value={num(d.text_chunks) ?? s?.text_chunks ?? 0} />
            <Stat label="Table chunks" value={num(d.table_chunks) ?? s?.table_chunks ?? 0} />
            <Stat label="Success rate" value={formatPercentFraction(num(d.success_rate) ?? s?.success_rate ?? null)} />
            {attempt !== undefined ? <Stat label="Attempt" value={`${attempt} of ${maxAttempts ?? '?'}`} /> : null}
          </StatGrid>
          {str(d.error) ? <ErrorBox>{str(d.error)}</ErrorBox> : null}
          <Text>{last?.message ?? 'Waiting for updates...'}</Text>
        </Stack>
      </SectionCard>
      <EventLogCard
        title="Event Log"
        events={log}
        renderEvent={(e) => {
          const w = e.details.window_info as { current?: number; total?: number; lines?: unknown } | undefined;
          return (
            <>
              <HStack gap="2" wrap="wrap">
                <Text color="fg.muted">{formatTime(e.timestamp)}</Text>
                <Badge size="sm">{e.phase}</Badge>
                {w ? (
                  <Text color="fg.muted">
                    Window {w.current ?? '?'} of {w.total ?? '?'}
                    {w.lines ? ` (lines ${Array.isArray(w.lines) ? w.lines.join('-') : String(w.lines)})` : ''}
                  </Text>
                ) : null}
                {num(e.details.attempt) !== undefined ? <Text color="fg.muted">Attempt {num(e.details.attempt)}</Text> : null}
              </HStack>
              <Text>{e.message}</Text>
              {str(e.details.error) ? <ErrorBox>{str(e.details.error)}</ErrorBox> : null}
            </>
          );
        }}
      />
      {s ? (
        <SectionCard title="Results" testId="chunking-results">
          <StatGrid>
            <Stat label="Total chunks" value={s.total_chunks} />
            <Stat label="Text chunks" value={s.text_chunks} />
            <Stat label="Table chunks" value={s.table_chunks} />
            <Stat label="Success rate" value={formatPercentFraction(s.success_rate)} />
            <Stat label="Processing time" value={formatDuration(s.processing_time)} />
          </StatGrid>
        </SectionCard>
      ) : null}
      {completed ? <ChunksDetailView chunks={chunks.data?.chunks} isPending={chunks.isPending} error={chunks.error} onRetry={() => void chunks.refetch()} /> : null}
      <HStack gap="2" wrap="wrap">
        <Button variant="outline" onClick={() => void refetch()}>
          Refresh Status
        </Button>
        {j.file_id ? (
          <Button asChild variant="outline">
            <Link to={paths.files.detail(j.file_id)}>View File</Link>
          </Button>
        ) : null}
        <Button asChild colorPalette="brand">
          <Link to={paths.jobs.chunking}>Run Another Job</Link>
        </Button>
      </HStack>
    </Stack>
  );
}
