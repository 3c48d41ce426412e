// Cancel (with a confirmation) for an active job; for a failed one its error and a Retry that
// starts it again (the server resumes it after its last finished step) — for extraction and
// pipeline jobs a choice of how (RetryChoice), and what the job ran with.
import { Alert, Button, HStack } from '@chakra-ui/react';
import { ConfirmDialog } from '@quarry/shared';
import { useState } from 'react';
import { useJobActions } from './useJobActions';
import { RanWithNote, RetryChoice } from './RetryChoice';
import { canCancel, canRetry } from './status';

export interface JobControlsProps {
  jobId: string;
  status: string | null | undefined;
  /** what failed, shown with Retry */
  error?: string | null;
  what?: string;
  onChanged?: () => void;
  /** extraction jobs and pipelines with an extraction stage (they use a prompt): retry with the current prompt and schema, or as it was */
  retryChoice?: boolean;
  /** processing_config.ran_with: the prompt and schema names and versions the job ran with */
  ranWith?: unknown;
}

export function JobControls({ jobId, status, error, what = 'job', onChanged, retryChoice = false, ranWith }: JobControlsProps) {
  const { cancel, retry, doCancel, doRetry } = useJobActions(
    jobId,
    {
      cancelled: `The ${what} was cancelled.`,
      restarted: (mode) => (mode === 'current' ? 'It runs with the current prompt and schema: every chunk is extracted again.' : 'It resumes after its last finished step.'),
    },
    onChanged,
  );
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <RanWithNote ranWith={ranWith} />
      {canRetry(status) ? (
        <Alert.Root status="error" data-testid="job-failed">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The {what} failed</Alert.Title>
            <Alert.Description>{error || 'Unknown error occurred'}</Alert.Description>
            <HStack mt="3">
              {retryChoice ? (
                <RetryChoice onRetry={(mode) => void doRetry(mode)} loading={retry.isPending} />
              ) : (
                <Button size="sm" colorPalette="red" onClick={() => void doRetry()} loading={retry.isPending} loadingText="Restarting...">
                  Retry
                </Button>
              )}
            </HStack>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {canCancel(status) ? (
        <HStack>
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)} disabled={cancel.isPending}>
            Cancel {what}
          </Button>
        </HStack>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Cancel this ${what}?`}
        message="Work in progress stops at its next step; what is finished is kept. A cancelled job cannot be started again."
        confirmLabel="Cancel job"
        cancelLabel="Keep running"
        destructive
        onConfirm={doCancel}
      />
    </>
  );
}
