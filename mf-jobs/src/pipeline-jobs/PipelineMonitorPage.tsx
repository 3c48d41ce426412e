// /jobs/pipeline/{jobId}: the pipeline monitor, with cancel / retry
// and the estimate made at creation beside the actual figures.
import { Badge, Box, Button, Card, HStack, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ClampedProgress, LoadingState, StatusBadge, formatDateTime, formatTime, jobMonitorPath, paths, shortId, ButtonLink } from '@quarry/shared';
import { PIPELINE_STAGE_RANGES, PIPELINE_STAGES, type MonitorChild, type PipelineJob, type PipelineStage } from '@quarry/shared/schemas';
import { memo, useCallback, useMemo } from 'react';
import { useParams } from 'react-router';
import { ReviewChecks } from '../common/ReviewChecks';
import { asNumber as num, asText as str } from '../common/details';
import { EstimateVsActual, readStoredEstimate } from '../common/Estimate';
import { JobControls } from '../common/JobControls';
import { useCoalescedRefetch, useLiveConnected } from '../common/live';
import { eventTotal, type LogEvent } from '../common/events';
import { countByType, sortChildren, type ChildJob } from '../common/pipelineUpdates';
import { isActiveJob } from '../common/status';
import { SetupLine } from '../common/SetupLine';
import { ErrorBox, SectionCard, Stat, StatGrid } from '../common/cards';
import { EventLogCard } from '../common/EventLog';
import { BackLink, MonitorActions, MonitorNotFound, ViewAllJobsButton } from '../common/monitorParts';
import { usePipelineJob } from './queries';
import { usePipelineLive } from './usePipelineLive';
import { ExportMenu } from '../common/review-export/ExportMenu';

const STAGE_LABEL: Record<PipelineStage, string> = { ocr: 'OCR', chunking: 'Chunking', extraction: 'Extraction' };

/**
 * The stage jobs as the server has them, each brought forward by a live update newer than the
 * server's answer; stage jobs the server did not know yet come from the live updates alone.
 */
export function mergeChildren(server: readonly MonitorChild[] | undefined, live: ReadonlyMap<string, ChildJob>): ChildJob[] {
  const out = new Map<string, ChildJob>();
  for (const c of server ?? []) {
    const fromServer: ChildJob = {
      id: c.id,
      job_type: c.job_type,
      status: c.status,
      last_update: c.updated_at,
      message: c.message ?? '',
      progress: c.progress_percentage,
      context: c.file_id ? { single_file_id: c.file_id, ...(c.filename ? { filename: c.filename } : {}) } : {},
    };
    const l = live.get(c.id);
    out.set(c.id, l && Date.parse(l.last_update) > Date.parse(c.updated_at) ? { ...l, context: { ...fromServer.context, ...l.context } } : fromServer);
  }
  for (const [id, l] of live) if (!out.has(id)) out.set(id, l);
  return [...out.values()];
}

/**
 * Where a failed or cancelled pipeline stopped: the share of the work that was done (each
 * stage's range times its finished jobs) and the stage that did not finish. Null while it runs
 * or once it completed.
 */
export function stoppedAt(p: Pick<PipelineJob, 'status' | 'stages' | 'pipeline_stages'>): { progress: number; stage: PipelineStage | null } | null {
  if (p.status !== 'failed' && p.status !== 'cancelled') return null;
  let progress = 0;
  let stage: PipelineStage | null = null;
  for (const s of PIPELINE_STAGES) {
    const st = p.stages[s];
    const [lo, hi] = PIPELINE_STAGE_RANGES[s];
    if (!p.pipeline_stages.includes(s)) continue;
    const done = st.total > 0 ? st.completed / st.total : 0;
    progress = Math.max(progress, lo + (hi - lo) * done);
    if (stage === null && (st.total === 0 || st.completed < st.total)) stage = s;
    if (done < 1) break;
  }
  return { progress: Math.round(progress * 10) / 10, stage };
}

/** One child job; rendered again only when that child changes. */
const ChildCard = memo(function ChildCard({ child: c }: { child: ChildJob }) {
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid="child-job">
      <HStack justify="space-between">
        <Text fontWeight="semibold">{c.job_type.toUpperCase()}</Text>
        <StatusBadge status={c.status} />
      </HStack>
      <Text fontSize="xs" color="fg.muted" fontFamily="mono">
        {shortId(c.id)}
        {str(c.context.filename) ? ` · ${str(c.context.filename)}` : str(c.context.single_file_id) ? ` · file ${shortId(str(c.context.single_file_id))}` : ''}
      </Text>
      <Text fontSize="sm" lineClamp={2}>
        {c.message || 'Processing...'}
      </Text>
      <ClampedProgress value={c.progress} size="xs" colorPalette={c.status === 'failed' ? 'red' : undefined} />
      <Text fontSize="xs" color="fg.muted">
        {formatTime(c.last_update)}
      </Text>
    </Box>
  );
});

/** Active Child Jobs: rendered again only when a child changes. */
const ChildJobsCard = memo(function ChildJobsCard({ list: childList }: { list: ChildJob[] }) {
  const counts = useMemo(() => countByType(childList), [childList]);
  if (childList.length === 0) return null;
  return (
    <SectionCard
      title="Active Child Jobs"
      testId="child-jobs"
      actions={
        <HStack gap="1">
          {(['ocr', 'chunking', 'extraction'] as const).map((t) => (
            <Badge key={t} variant="subtle" data-testid={`child-count-${t}`}>
              {t.toUpperCase()}: {counts[t] ?? 0}
            </Badge>
          ))}
        </HStack>
      }
    >
      <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="3">
        {childList.map((c) => (
          <ChildCard key={c.id} child={c} />
        ))}
      </SimpleGrid>
    </SectionCard>
  );
});

type PipelineData = NonNullable<ReturnType<typeof usePipelineJob>['data']>;
type Refetch = ReturnType<typeof usePipelineJob>['refetch'];

/** The main card, cancel / retry and the stages: they change with the fetched pipeline only, not with each live update. */
const PipelineSummary = memo(function PipelineSummary({ p, connected, refetch }: { p: PipelineData; connected: boolean; refetch: Refetch }) {
  const stopped = stoppedAt(p);
  return (
    <>
      <Card.Root data-testid="pipeline-main">
        <Card.Header>
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Stack gap="0">
              <Heading size="md" as="h1">
                Full Document Processing Pipeline (OCR → Chunking → Extraction)
              </Heading>
              <Text color="fg.muted">{p.name}</Text>
              {/* the prompt and schema by name and the version it ran with, in one line */}
              {p.pipeline_stages.includes('extraction') ? <SetupLine config={p.processing_config} names={p.setup_names} testId="pipeline-setup" /> : null}
            </Stack>
            <HStack>
              <StatusBadge status={p.status} data-testid="job-status" />
              <Badge variant="outline">{connected ? 'Live' : 'Polling'}</Badge>
            </HStack>
          </HStack>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <StatGrid>
              <Stat label="Created" value={formatDateTime(p.created_at)} />
              <Stat label="Started" value={formatDateTime(p.started_at)} />
              <Stat label="Completed" value={formatDateTime(p.completed_at)} />
              <Stat label={stopped ? 'Stopped in' : 'Current stage'} value={stopped ? (stopped.stage ? STAGE_LABEL[stopped.stage] : '-') : (p.current_stage ?? '-')} testId="current-stage" />
            </StatGrid>
            {stopped ? (
              <Box data-testid="overall-progress" data-value={Math.round(stopped.progress)}>
                <ClampedProgress value={stopped.progress} showValue label={`${p.status === 'failed' ? 'Failed' : 'Cancelled'}${stopped.stage ? ` during ${STAGE_LABEL[stopped.stage]}` : ''}: work done`} size="md" colorPalette="red" />
              </Box>
            ) : (
              <Box data-testid="overall-progress" data-value={Math.round(p.overall_progress)}>
                <ClampedProgress value={p.overall_progress} showValue label="Overall progress" size="md" />
              </Box>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
      <JobControls jobId={p.id} status={p.status} error={p.error_message} what="pipeline" onChanged={() => void refetch()} retryChoice={Boolean(p.processing_config?.prompt_id)} />
      <SectionCard title="Pipeline Stages" testId="pipeline-stages">
        <Stack gap="4">
          {PIPELINE_STAGES.map((stage) => {
            const st = p.stages[stage];
            const [lo, hi] = PIPELINE_STAGE_RANGES[stage];
            return (
              <Stack key={stage} gap="2" data-testid={`stage-${stage}`} data-status={st.status}>
                <HStack justify="space-between" wrap="wrap">
                  <HStack>
                    <Text fontWeight="semibold">{STAGE_LABEL[stage]}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {lo}-{hi}%
                    </Text>
                    <StatusBadge status={st.status} />
                    {st.total > 0 ? (
                      <Text fontSize="sm" color="fg.muted">
                        {st.completed}/{st.total} done{st.failed ? `, ${st.failed} failed` : ''}
                      </Text>
                    ) : null}
                  </HStack>
                  {st.job_id ? (
                    <ButtonLink to={jobMonitorPath(stage, st.job_id)} size="xs" variant="outline">View Details</ButtonLink>
                  ) : (
                    <Button size="xs" variant="outline" disabled>
                      View Details
                    </Button>
                  )}
                </HStack>
                <ClampedProgress value={st.status === 'failed' && st.total > 0 ? (st.completed / st.total) * 100 : st.progress} size="sm" colorPalette={st.status === 'failed' ? 'red' : undefined} />
              </Stack>
            );
          })}
        </Stack>
      </SectionCard>
    </>
  );
});

/** Estimate beside actual, and the actions: from the fetched pipeline only. */
const PipelineResults = memo(function PipelineResults({ p, refetch }: { p: PipelineData; refetch: Refetch }) {
  const s = (p.results_summary ?? {}) as Record<string, unknown>;
  const extraction = (s.extraction ?? {}) as Record<string, unknown>;
  const completed = p.status === 'completed';
  return (
    <>
      {completed && extraction.review_checks ? <SectionCard title="Checks"><ReviewChecks summary={extraction.review_checks} /></SectionCard> : null}
      <EstimateVsActual
        estimate={readStoredEstimate(p.processing_config)}
        running={isActiveJob('pipeline', p.status)}
        actual={
          p.actual ?? {
            pages: null,
            chunks: completed ? (num(s.total_chunks) ?? null) : null,
            tokens: completed ? (num(extraction.total_tokens_used) ?? (p.pipeline_stages.includes('extraction') ? null : 0)) : null,
            credits: null,
          }
        }
      />
      {completed ? <ExportMenu kind="job" id={p.id} name={p.name} label="Export results" /> : null}
      <MonitorActions onRefresh={() => void refetch()}>{completed ? <ViewAllJobsButton /> : null}</MonitorActions>
    </>
  );
});

/**
 * One entry of the Pipeline Event Log, in the log's plain `ev-*` elements (hundreds stream in):
 * time, phase, child type, source (pipeline / child / aggregated), stage, message, ids, error.
 */
function pipelineEventRenderer(pipelineId: string) {
  return function PipelineEvent(e: LogEvent) {
    const childId = str(e.context.child_job_id) ?? (e.source === 'child' ? e.job_id : undefined);
    const childType = str(e.context.child_job_type) ?? (e.source === 'child' ? str(e.context.job_type) : undefined);
    const src = e.source ?? (e.job_id === pipelineId ? (e.context.aggregated_from_children ? 'aggregated' : 'pipeline') : 'child');
    const error = e.event_type === 'error' ? (str(e.details.error) ?? str(e.details.error_message)) : undefined;
    return (
      <>
        <div className="ev-line">
          <span className="ev-muted">{formatTime(e.timestamp)}</span>
          <span className="ev-badge">{e.phase}</span>
          {childType ? (
            <span className="ev-badge" data-variant="outline">
              {childType}
            </span>
          ) : null}
          {src !== 'pipeline' ? (
            <span className="ev-badge" data-palette={src === 'child' ? 'purple' : 'teal'}>
              {src}
            </span>
          ) : null}
          {str(e.details.current_stage) ? <span className="ev-muted">stage {str(e.details.current_stage)}</span> : null}
        </div>
        <p>{e.message}</p>
        <div className="ev-mono">
          {childId ? `job ${shortId(childId)}` : ''}
          {str(e.context.single_file_id) ? ` file ${shortId(str(e.context.single_file_id))}` : ''}
        </div>
        {error ? <ErrorBox>{error}</ErrorBox> : null}
      </>
    );
  };
}

export default function PipelineMonitorPage() {
  const { jobId = '' } = useParams();
  const connected = useLiveConnected();
  const job = usePipelineJob(jobId, connected);
  const refetch = job.refetch;
  // concurrent updates share one request instead of cancelling each other
  const onAccepted = useCoalescedRefetch(useCallback(() => refetch({ cancelRefetch: false }), [refetch]));
  const active = isActiveJob('pipeline', job.data?.status);
  const { log, children, current } = usePipelineLive(jobId, job.data?.events, onAccepted);
  const serverChildren = job.data?.children;
  const childList = useMemo(() => sortChildren(mergeChildren(serverChildren, children)), [serverChildren, children]);
  const total = eventTotal(log, job.data);
  // stable: the log (memoised) renders again only when its events change
  const renderEvent = useMemo(() => pipelineEventRenderer(jobId), [jobId]);

  if (job.isPending) return <LoadingState text="Loading pipeline job details..." />;
  if (job.isError) return <MonitorNotFound title="Pipeline Job not found" error={job.error} backTo={paths.jobs.index} backLabel="Back to Jobs" />;
  const p = job.data;

  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap">
        <BackLink to={paths.jobs.index} />
        <Text fontSize="sm" color="fg.muted" fontFamily="mono">
          {p.id}
        </Text>
      </HStack>
      <ChildJobsCard list={childList} />
      <PipelineSummary p={p} connected={connected} refetch={refetch} />
      <SectionCard title="Current Status" testId="current-status">
        {current ? (
          <Stack gap="1">
            <HStack gap="2" wrap="wrap">
              <Badge>{current.phase}</Badge>
              {str(current.details.current_stage) && str(current.details.current_stage) !== current.phase ? <Badge variant="outline">{str(current.details.current_stage)}</Badge> : null}
              {current.progress_percentage !== null && !stoppedAt(p) ? <Text color="fg.muted">{Math.round(current.progress_percentage)}%</Text> : null}
            </HStack>
            <Text>{current.message}</Text>
          </Stack>
        ) : (
          <Text color="fg.muted">{active ? 'Waiting for pipeline updates...' : 'No updates were recorded for this pipeline.'}</Text>
        )}
      </SectionCard>
      <EventLogCard title="Pipeline Event Log" events={log} renderEvent={renderEvent} total={total} />
      <PipelineResults p={p} refetch={refetch} />
    </Stack>
  );
}
