// /jobs/chunking/{jobId}: the chunking monitor.
import { Stack, Text } from '@chakra-ui/react';
import { ClampedProgress, LoadingState, formatDuration, formatPercentFraction, paths, ButtonLink } from '@quarry/shared';
import { useParams } from 'react-router';
import { ActualFigures } from '../common/ActualFigures';
import { asNumber as num, asText as str } from '../common/details';
import { latestStatusEvent } from '../common/events';
import { isActiveJob } from '../common/status';
import { JobControls } from '../common/JobControls';
import { useLiveConnected } from '../common/live';
import { ErrorBox, SectionCard, Stat, StatGrid } from '../common/cards';
import { JobEventLog } from '../common/EventLog';
import { BackLink, MonitorActions, MonitorHeading, MonitorNotFound, MonitorTimes } from '../common/monitorParts';
import { useMonitorEventLog } from '../common/useMonitorEventLog';
import { ChunksDetailView } from './ChunksDetailView';
import { useChunkingJob, useJobChunks } from './queries';

export default function ChunkingMonitorPage() {
  const { jobId = '' } = useParams();
  const connected = useLiveConnected();
  const job = useChunkingJob(jobId, connected);
  const completed = job.data?.status === 'completed';
  const chunks = useJobChunks(jobId, completed);
  const refetch = job.refetch;
  const { log } = useMonitorEventLog({ jobId, serverEvents: job.data?.events, refetch, defaultPhase: 'chunking' });

  if (job.isPending) return <LoadingState text="Loading chunking job details..." />;
  if (job.isError) return <MonitorNotFound title="Job not found" error={job.error} backTo={paths.jobs.chunking} backLabel="Back to Chunking Jobs" />;
  const j = job.data;
  const pc = j.processing_config;
  // a refund notice after a failure stays in the log; the status shows the failure
  const last = latestStatusEvent(log);
  const d = last?.details ?? {};
  const s = j.results_summary;
  const attempt = num(d.attempt);
  const maxAttempts = num(d.max_attempts);
  const failures = num(d.failures) ?? s?.failures ?? 0;
  const units = last?.units ?? 'percent';

  return (
    <Stack gap="5">
      <BackLink to={paths.jobs.chunking} />
      <MonitorHeading name={j.name} status={j.status} connected={connected}>
        <MonitorTimes job={j} />
      </MonitorHeading>
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
          {j.status === 'failed' || j.status === 'cancelled' ? (
            // where it stopped, not the failure's own event
            <ClampedProgress value={j.progress_percentage} showValue label={`${j.status === 'failed' ? 'Failed' : 'Cancelled'}: stopped at`} colorPalette="red" />
          ) : (
            <ClampedProgress value={completed ? 100 : (last?.progress_percentage ?? j.progress_percentage)} showValue label="Progress" />
          )}
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
      <JobEventLog
        log={log}
        job={j}
        extras={(e) => {
          const w = e.details.window_info as { current?: number; total?: number; lines?: unknown } | undefined;
          return (
            <>
              {w ? (
                <Text color="fg.muted">
                  Window {w.current ?? '?'} of {w.total ?? '?'}
                  {w.lines ? ` (lines ${Array.isArray(w.lines) ? w.lines.join('-') : String(w.lines)})` : ''}
                </Text>
              ) : null}
              {num(e.details.attempt) !== undefined ? <Text color="fg.muted">Attempt {num(e.details.attempt)}</Text> : null}
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
      <ActualFigures actual={j.actual} running={isActiveJob('chunking', j.status)} />
      {completed ? <ChunksDetailView chunks={chunks.data?.chunks} isPending={chunks.isPending} error={chunks.error} onRetry={() => void chunks.refetch()} /> : null}
      <MonitorActions onRefresh={() => void refetch()}>
        {j.file_id ? (
          <ButtonLink to={paths.files.detail(j.file_id)} variant="outline">View File</ButtonLink>
        ) : null}
        <ButtonLink to={paths.jobs.chunking} colorPalette="brand">Run Another Job</ButtonLink>
      </MonitorActions>
    </Stack>
  );
}
