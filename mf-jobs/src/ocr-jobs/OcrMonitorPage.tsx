// /jobs/ocr/{jobId}: the OCR monitor.
import { Badge, Box, Code, Stack, Text } from '@chakra-ui/react';
import { ClampedProgress, CopyButton, LoadingState, formatDateTime, formatDuration, formatMB, paths, toast, type JobUpdateMessage, ButtonLink } from '@quarry/shared';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { asNumber as num } from '../common/details';
import { ActualFigures } from '../common/ActualFigures';
import { dedupeOcrEvents, eventTotal, latestStatusEvent, type LogEvent } from '../common/events';
import { JobControls } from '../common/JobControls';
import { useLiveConnected } from '../common/live';
import { isActiveJob } from '../common/status';
import { ErrorBox, SectionCard, Stat, StatGrid } from '../common/cards';
import { EventLogCard, EventMeta } from '../common/EventLog';
import { BackLink, MonitorActions, MonitorHeading, MonitorNotFound } from '../common/monitorParts';
import { useMonitorEventLog } from '../common/useMonitorEventLog';
import { useOcrJob } from './queries';

// unlike asText, an empty string counts (the progress shows the file name the update sent)
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

function toastOnFailure(msg: JobUpdateMessage) {
  if (String(msg.status).toLowerCase() === 'failed') {
    toast.error('OCR Processing Failed', msg.data?.details?.error ?? msg.data?.message ?? 'The OCR job failed');
  }
}

export const ocrCompletedMessage = (n: number) => `OCR completed successfully - ${n} characters extracted`;

export default function OcrMonitorPage() {
  const { jobId = '' } = useParams();
  const connected = useLiveConnected();
  const job = useOcrJob(jobId, connected);
  const refetch = job.refetch;
  const { log, live } = useMonitorEventLog({ jobId, serverEvents: job.data?.events, refetch, defaultPhase: 'processing', onMessage: toastOnFailure });
  const events = useMemo(() => dedupeOcrEvents(log), [log]);

  if (job.isPending) return <LoadingState text="Loading OCR job details..." />;
  if (job.isError) return <MonitorNotFound title="OCR Job not found" error={job.error} backTo={paths.jobs.ocr} backLabel="Back to OCR Jobs" />;
  const j = job.data;
  const completed = j.status === 'completed';
  // a refund notice after a failure stays in the log; the status shows the failure
  const last: LogEvent | undefined = latestStatusEvent(events);
  const d = { ...(last?.details ?? {}) };
  const stopped = j.status === 'failed' || j.status === 'cancelled';
  // shown the same live and after a reload: a failed job shows where it stopped
  const showProgress = isActiveJob('ocr', j.status) || completed || stopped || live !== null;
  const percent = completed ? 100 : stopped ? j.progress_percentage : (last?.progress_percentage ?? j.progress_percentage);
  const summary = j.results_summary;
  const text = summary?.ocr_text ?? '';

  return (
    <Stack gap="5">
      <BackLink to={paths.jobs.ocr} />
      <MonitorHeading name={j.name} status={j.status} connected={connected}>
        {j.description ? <Text color="fg.muted">{j.description}</Text> : null}
      </MonitorHeading>
      <StatGrid>
        <Stat label="Created" value={formatDateTime(j.created_at)} />
        <Stat label="Updated" value={formatDateTime(j.updated_at)} />
        <Stat label="Started" value={formatDateTime(j.started_at)} />
        <Stat label="Completed" value={formatDateTime(j.completed_at)} />
      </StatGrid>
      <JobControls jobId={j.id} status={j.status} error={j.error_message} what="OCR job" onChanged={() => void refetch()} />
      {showProgress ? (
        <SectionCard title="Progress" testId="ocr-progress">
          <Stack gap="4">
            <ClampedProgress value={percent} showValue label={stopped ? `${j.status === 'failed' ? 'Failed' : 'Cancelled'}: stopped at` : 'Overall progress'} colorPalette={stopped ? 'red' : undefined} />
            <StatGrid>
              <Stat label="Phase" value={last?.phase ?? '-'} />
              <Stat label="Sub-phase" value={last?.sub_phase ?? '-'} />
              <Stat label="File name" value={str(d.file_name) ?? str(d.filename) ?? j.filename ?? '-'} />
              <Stat label="Downloaded" value={formatMB(num(d.bytes_downloaded))} />
              <Stat label="Text length" value={num(d.text_length) ?? summary?.text_length ?? 0} />
              <Stat label="Processing time" value={formatDuration(num(d.processing_time) ?? summary?.processing_time ?? null)} />
            </StatGrid>
            <Text data-testid="ocr-message">{last?.message ?? 'Waiting for updates...'}</Text>
          </Stack>
        </SectionCard>
      ) : null}
      <EventLogCard
        title="Live Event Log"
        events={events}
        // the server's count (a reload shows the same), plus the live updates newer than its answer
        total={eventTotal(log, j)}
        renderEvent={(e) => (
          <>
            <EventMeta timestamp={e.timestamp} phase={e.phase}>
              {e.sub_phase ? <Badge size="sm" variant="outline">{e.sub_phase}</Badge> : null}
              {e.progress_percentage !== null ? <Text color="fg.muted">{Math.round(e.progress_percentage)}%</Text> : null}
            </EventMeta>
            <Text>{e.message}</Text>
            {str(e.details.error) ? <ErrorBox>{str(e.details.error)}</ErrorBox> : null}
          </>
        )}
      />
      {completed && summary ? (
        <SectionCard title="OCR Results" testId="ocr-results" actions={<CopyButton text={text} label="Copy Text" successTitle="Copied to clipboard" successMessage="OCR text copied successfully" failureTitle="Copy failed" failureMessage="Could not copy text to clipboard" />}>
          <Stack gap="3">
            <Text color="fg.success" fontWeight="medium" data-testid="ocr-completed">
              {ocrCompletedMessage(summary.text_length)}
            </Text>
            <StatGrid>
              <Stat label="Text length" value={summary.text_length} />
              <Stat label="Processing time" value={formatDuration(summary.processing_time)} />
              <Stat label="Pages" value={summary.page_count} />
              <Stat label="Engine" value={summary.engine ?? '-'} />
            </StatGrid>
            <Box maxH="24rem" overflow="auto" borderWidth="1px" borderRadius="md" p="3" bg="bg.muted">
              <Code as="pre" whiteSpace="pre-wrap" bg="transparent" fontSize="sm" data-testid="ocr-text">
                {text}
              </Code>
            </Box>
          </Stack>
        </SectionCard>
      ) : null}
      <ActualFigures actual={j.actual} running={isActiveJob('ocr', j.status)} />
      <MonitorActions onRefresh={() => void refetch()}>
        <ButtonLink to={paths.jobs.ocr} colorPalette="brand">Process Another File</ButtonLink>
      </MonitorActions>
    </Stack>
  );
}
