// A jobs-list row's actions: Open (the type's monitor), Cancel (confirmed) while it is active,
// Retry when it failed. A job that used a prompt (an extraction, a pipeline with an extraction
// stage) offers the same two retries as its monitor, the current prompt and schema first; any
// other job resumes after its last finished step.
import { Button, HStack } from '@chakra-ui/react';
import { ConfirmDialog, ButtonLink, jobMonitorPath } from '@quarry/shared';
import { useState } from 'react';
import { useJobActions } from '../common/useJobActions';
import { RetryChoice } from '../common/RetryChoice';
import { canCancel, canRetry } from '../common/status';

export interface JobRowJob {
  id: string;
  name: string;
  status: string;
  job_type: string;
  processing_config?: Record<string, unknown> | null;
}

/** Whether a retry can choose the prompt and schema: the rule the monitors follow. */
export function offersRetryChoice(job: Pick<JobRowJob, 'job_type' | 'processing_config'>): boolean {
  if (job.job_type === 'extraction') return true;
  if (job.job_type === 'full_pipeline' || job.job_type === 'pipeline') return Boolean(job.processing_config?.prompt_id);
  return false;
}

export function JobRowActions({ job }: { job: JobRowJob }) {
  const { cancel, retry, doCancel, doRetry } = useJobActions(job.id, {
    cancelled: `"${job.name}" was cancelled.`,
    restarted: (mode) => (mode === 'current' ? `"${job.name}" runs with the current prompt and schema.` : `"${job.name}" resumes after its last finished step.`),
  });
  const [confirming, setConfirming] = useState(false);
  return (
    <HStack gap="1" justify="flex-end" wrap="wrap">
      {canRetry(job.status) && offersRetryChoice(job) ? (
        <RetryChoice
          onRetry={(mode) => void doRetry(mode)}
          placement="bottom-end"
          trigger={
            <Button size="xs" variant="outline" loading={retry.isPending} aria-label={`Retry ${job.name}`}>
              Retry
            </Button>
          }
        />
      ) : canRetry(job.status) ? (
        <Button size="xs" variant="outline" onClick={() => void doRetry()} loading={retry.isPending} aria-label={`Retry ${job.name}`}>
          Retry
        </Button>
      ) : null}
      {canCancel(job.status) ? (
        <Button size="xs" variant="outline" colorPalette="red" onClick={() => setConfirming(true)} disabled={cancel.isPending} aria-label={`Cancel ${job.name}`}>
          Cancel
        </Button>
      ) : null}
      <ButtonLink to={jobMonitorPath(job.job_type, job.id)} size="xs" variant="outline" aria-label={`Open ${job.name}`}>
        Open
      </ButtonLink>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Cancel "${job.name}"?`}
        message="Work in progress stops at its next step; what is finished is kept. A cancelled job cannot be started again."
        confirmLabel="Cancel job"
        cancelLabel="Keep running"
        destructive
        onConfirm={doCancel}
      />
    </HStack>
  );
}
