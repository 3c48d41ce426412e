// /jobs/{jobId}: the real job of that id, of any type. A type with a monitor opens it (the
// address is replaced, so Back does not bounce); any other type is shown here from the server's
// answer. An id that is not one of the user's jobs reads "Job not found". /jobs/sample is the
// sample page, labelled as such.
import { Stack, Text } from '@chakra-ui/react';
import { ClampedProgress, LoadingState, formatTokens, jobMonitorPath, paths, toAppError } from '@quarry/shared';
import { Navigate, useParams } from 'react-router';
import { fromStored } from '../common/events';
import { ErrorBox, SectionCard, Stat, StatGrid } from '../common/cards';
import { JobEventLog } from '../common/EventLog';
import { BackLink, MonitorHeading, MonitorNotFound, MonitorTimes } from '../common/monitorParts';
import { useJob } from './queries';
import { SAMPLE_JOB_ID } from './sampleData';
import { SampleJobDetail } from './SampleJobDetail';

export default function JobDetailPage() {
  const { jobId = '' } = useParams();
  if (jobId === SAMPLE_JOB_ID) return <SampleJobDetail />;
  return <RealJobDetail jobId={jobId} />;
}

function RealJobDetail({ jobId }: { jobId: string }) {
  const job = useJob(jobId);
  if (job.isPending) return <LoadingState text="Loading the job..." />;
  if (job.isError) {
    const status = toAppError(job.error).status;
    return <MonitorNotFound title="Job not found" error={status === 404 || status === 422 ? new Error('No job of yours has this id.') : job.error} backTo={paths.jobs.index} backLabel="Back to Jobs" />;
  }
  const j = job.data;
  const monitor = jobMonitorPath(j.job_type, j.id);
  if (monitor !== paths.jobs.detail(j.id)) return <Navigate to={monitor} replace />;
  const log = j.events.map(fromStored);
  return (
    <Stack gap="5">
      <BackLink to={paths.jobs.index} />
      <MonitorHeading name={j.name} status={j.status} connected={false}>
        <Text color="fg.muted">Job type: {j.job_type}</Text>
        <MonitorTimes job={j} />
      </MonitorHeading>
      <SectionCard title="Progress">
        <Stack gap="3">
          <ClampedProgress value={j.status === 'completed' ? 100 : j.progress_percentage} showValue label="Progress" colorPalette={j.status === 'failed' ? 'red' : undefined} />
          {j.error_message ? <ErrorBox>{j.error_message}</ErrorBox> : null}
          <StatGrid>
            <Stat label="Attempts" value={`${j.attempts} of ${j.max_attempts}`} />
            <Stat label="Credits" value={j.actual?.credits ?? j.credit_cost} />
            {j.actual?.tokens != null ? <Stat label="Tokens" value={formatTokens(j.actual.tokens)} /> : null}
          </StatGrid>
        </Stack>
      </SectionCard>
      <JobEventLog log={log} job={j} withErrors={false} />
    </Stack>
  );
}
