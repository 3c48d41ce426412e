// Cancel and retry of one job with their toasts, as the monitors' controls and the jobs
// list's rows both offer them: the words name the job each screen's own way.
import { toAppError, toast } from '@quarry/shared';
import type { RetryMode } from '@quarry/shared/schemas';
import { useJobControl } from './queries';

export interface JobActionTexts {
  /** the 'Job cancelled' toast's description */
  cancelled: string;
  /** the 'Job restarted' toast's description, by the retry's mode */
  restarted: (mode?: RetryMode) => string;
}

/**
 * The two mutations, and `doCancel` / `doRetry` that run them and toast the outcome. A failed
 * cancel is thrown again (the confirmation stays open); a failed retry is only reported.
 */
export function useJobActions(jobId: string, texts: JobActionTexts, onChanged?: () => void) {
  const { cancel, retry } = useJobControl(jobId);
  const doCancel = async () => {
    try {
      await cancel.mutateAsync();
      toast.info('Job cancelled', texts.cancelled);
      onChanged?.();
    } catch (e) {
      toast.error('Cancel failed', toAppError(e).message);
      throw e;
    }
  };
  const doRetry = async (mode?: RetryMode) => {
    try {
      await retry.mutateAsync(mode);
      toast.info('Job restarted', texts.restarted(mode));
      onChanged?.();
    } catch (e) {
      toast.error('Retry failed', toAppError(e).message);
    }
  };
  return { cancel, retry, doCancel, doRetry };
}
