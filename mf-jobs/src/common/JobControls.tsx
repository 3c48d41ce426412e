// Cancel (with a confirmation) for an active job; for a failed one its error and a Retry that
// starts it again (the server resumes it after its last finished step).
import { Alert, Button, HStack } from '@chakra-ui/react';
import { ConfirmDialog, toAppError, toast } from '@quarry/shared';
import { useState } from 'react';
import { useJobControl } from './queries';
import { canCancel, canRetry } from './status';

export interface JobControlsProps {
  jobId: string;
  status: string | null | undefined;
  /** what failed, shown with Retry */
  error?: string | null;
  what?: string;
  onChanged?: () => void;
}

export function JobControls({ jobId, status, error, what = 'job', onChanged }: JobControlsProps) {
  const { cancel, retry } = useJobControl(jobId);
  const [confirming, setConfirming] = useState(false);
  const doCancel = async () => {
    try {
      await cancel.mutateAsync();
      toast.info('Job cancelled', `The ${what} was cancelled.`);
      onChanged?.();
    } catch (e) {
      toast.error('Cancel failed', toAppError(e).message);
      throw e;
    }
  };
  const doRetry = async () => {
    try {
      await retry.mutateAsync();
      toast.info('Job restarted', 'It resumes after its last finished step.');
      onChanged?.();
    } catch (e) {
      toast.error('Retry failed', toAppError(e).message);
    }
  };
  return (
    <>
      {canRetry(status) ? (
        <Alert.Root status="error" data-testid="job-failed">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The {what} failed</Alert.Title>
            <Alert.Description>{error || 'Unknown error occurred'}</Alert.Description>
            <HStack mt="3">
              <Button size="sm" colorPalette="red" onClick={() => void doRetry()} loading={retry.isPending} loadingText="Restarting...">
                Retry
              </Button>
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
