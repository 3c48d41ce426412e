// /jobs/extraction/{jobId}: the extraction monitor, with the estimate made
// at creation beside the actual figures.
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { ClampedProgress, LoadingState, formatDuration, formatTokens, paths, ButtonLink } from '@quarry/shared';
import { ChartColumn } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { asNumber as num, asText as str } from '../common/details';
import { EstimateVsActual, readStoredEstimate } from '../common/Estimate';
import { JobControls } from '../common/JobControls';
import { ReviewChecks } from '../common/ReviewChecks';
import { useLiveConnected } from '../common/live';
import { SectionCard, Stat, StatGrid } from '../common/cards';
import { JobEventLog } from '../common/EventLog';
import { BackLink, MonitorActions, MonitorHeading, MonitorNotFound, MonitorTimes, ViewAllJobsButton } from '../common/monitorParts';
import { useMonitorEventLog } from '../common/useMonitorEventLog';
import { SetupLine } from '../common/SetupLine';
import { isActiveJob } from '../common/status';
import { useExtractionJob } from './queries';
import { ExportMenu } from '../common/review-export/ExportMenu';

export default function ExtractionMonitorPage() {
  const { jobId = '' } = useParams();
  const connected = useLiveConnected();
  const job = useExtractionJob(jobId, connected);
  const refetch = job.refetch;
  const { log } = useMonitorEventLog({ jobId, serverEvents: job.data?.events, refetch, defaultPhase: 'extraction' });

  if (job.isPending) return <LoadingState text="Loading extraction job details..." />;
  if (job.isError || job.data.job_type !== 'extraction') {
    return <MonitorNotFound title="Extraction Job not found" error={job.error ?? new Error('This job is not an extraction job')} backTo={paths.jobs.extraction} backLabel="Back to Extraction Jobs" />;
  }
  const j = job.data;
  const pc = j.processing_config;
  const s = (j.results_summary ?? {}) as Record<string, unknown>;
  const progressEvent = [...log].reverse().find((e) => num(e.details.total_chunks) !== undefined);
  const d = progressEvent?.details ?? {};
  const total = num(d.total_chunks) ?? num(s.total_chunks_processed) ?? 0;
  const processed = num(d.chunks_processed) ?? num(s.total_chunks_processed) ?? 0;
  const failed = num(d.failed_extractions) ?? num(s.failed_extractions) ?? 0;
  const completed = j.status === 'completed';
  const files = Array.isArray(pc.files) ? (pc.files as { id: string; filename: string }[]) : [];
  // a failed run stops where its last progress was: never a full bar for work that failed
  const failedRun = j.status === 'failed' || j.status === 'cancelled';
  const shownProgress = completed ? 100 : failedRun ? Math.round((total > 0 ? (processed - failed) / total : 0) * 1000) / 10 : (log.at(-1)?.progress_percentage ?? j.progress_percentage);

  return (
    <Stack gap="5">
      <BackLink to={paths.jobs.extraction} />
      <MonitorHeading name={j.name} status={j.status} connected={connected}>
        {j.description ? <Text color="fg.muted">{j.description}</Text> : null}
        <MonitorTimes job={j} />
      </MonitorHeading>
      <JobControls jobId={j.id} status={j.status} error={j.error_message} what="extraction job" onChanged={() => void refetch()} retryChoice />
      <SectionCard title="Configuration">
        <Stack gap="3">
          <StatGrid>
            <Stat label="Processing mode" value={str(pc.processing_mode) ?? 'single_file'} />
          </StatGrid>
          {/* the prompt and schema by name and the version it ran with, in one line */}
          <SetupLine config={pc} names={j.setup_names} />
        </Stack>
      </SectionCard>
      <SectionCard title="Progress" testId="extraction-progress">
        <Stack gap="4">
          <Box data-testid="extraction-bar" data-value={Math.round(shownProgress ?? 0)}>
            <ClampedProgress value={shownProgress} showValue label={failedRun ? `${j.status === 'failed' ? 'Failed' : 'Cancelled'}: ${Math.max(0, processed - failed)} of ${total} chunks extracted` : 'Progress'} colorPalette={failedRun ? 'red' : undefined} />
          </Box>
          <StatGrid>
            <Stat label="Total chunks" value={total} />
            <Stat label="Processed" value={`${processed}/${total}`} testId="extraction-processed" />
            <Stat label="Successful" value={num(d.successful_extractions) ?? num(s.successful_extractions) ?? 0} />
            {failed > 0 ? <Stat label="Failed" value={failed} /> : null}
            <Stat label="Tokens used" value={formatTokens(num(d.tokens_used) ?? num(s.total_tokens_used) ?? 0)} />
            <Stat label="Text chunks" value={num(d.text_chunks) ?? num(s.text_chunks_processed) ?? 0} />
            <Stat label="Table chunks" value={num(d.table_chunks) ?? num(s.table_chunks_processed) ?? 0} />
            <Stat label="Processing time" value={formatDuration(num(d.processing_time) ?? num(s.processing_time) ?? null)} />
          </StatGrid>
        </Stack>
      </SectionCard>
      <JobEventLog
        log={log}
        job={j}
        extras={(e) => (num(e.details.tokens_used) !== undefined ? <Text color="fg.muted">{formatTokens(num(e.details.tokens_used))} tokens</Text> : null)}
      />
      {completed ? (
        <SectionCard title="Extraction Results" testId="extraction-results">
          <Stack gap="3">
            <StatGrid>
              <Stat label="Total chunks" value={num(s.total_chunks_processed) ?? 0} />
              <Stat label="Successful" value={num(s.successful_extractions) ?? 0} />
              <Stat label="Failed" value={num(s.failed_extractions) ?? 0} />
              <Stat label="Success rate" value={`${Math.round(((num(s.successful_extractions) ?? 0) / Math.max(1, num(s.total_chunks_processed) ?? 0)) * 100)}%`} testId="extraction-success-rate" />
              <Stat label="Text chunks" value={num(s.text_chunks_processed) ?? 0} />
              <Stat label="Table chunks" value={num(s.table_chunks_processed) ?? 0} />
              <Stat label="Total tokens" value={formatTokens(num(s.total_tokens_used) ?? 0)} />
              <Stat label="Processing time" value={formatDuration(num(s.processing_time) ?? null)} />
            </StatGrid>
            <ReviewChecks summary={s.review_checks} />
            {files.length > 0 ? (
              <HStack gap="2" wrap="wrap">
                {files.map((file) => (
                  <Button key={file.id} asChild size="xs" variant="outline" maxW="full" h="auto" py="1" whiteSpace="normal" wordBreak="break-all" textAlign="left">
                    <Link to={paths.files.detail(file.id)}>Results of {file.filename}</Link>
                  </Button>
                ))}
              </HStack>
            ) : null}
            <ReviewActions jobId={j.id} name={j.name} evaluable={str(pc.processing_mode) !== 'single_chunk'} />
          </Stack>
        </SectionCard>
      ) : null}
      <EstimateVsActual
        estimate={readStoredEstimate(pc)}
        running={isActiveJob('extraction', j.status)}
        actual={j.actual ?? { pages: 0, chunks: completed ? (num(s.total_chunks_processed) ?? null) : null, tokens: completed ? (num(s.total_tokens_used) ?? null) : null, credits: j.credit_cost }}
      />
      <MonitorActions onRefresh={() => void refetch()}>{completed ? <ViewAllJobsButton /> : null}</MonitorActions>
    </Stack>
  );
}

/** Export of the job's reviewed records, and its evaluation against the reviewed files. */
function ReviewActions({ jobId, name, evaluable }: { jobId: string; name: string; evaluable: boolean }) {
  return (
    <HStack gap="2" wrap="wrap">
      <ExportMenu kind="job" id={jobId} name={name} label="Export results" />
      {evaluable ? (
        <ButtonLink to={paths.jobs.evaluationRun(jobId)} size="sm" variant="outline">
          <ChartColumn /> Evaluate against reviewed files
        </ButtonLink>
      ) : null}
    </HStack>
  );
}
