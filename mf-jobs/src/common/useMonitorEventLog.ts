// What every single-job monitor does with the live channel: each update of the job goes into
// its event log and triggers one coalesced refetch (concurrent updates share one request
// instead of cancelling each other).
import type { JobUpdateMessage } from '@quarry/shared';
import type { JobEvent } from '@quarry/shared/schemas';
import { useCallback } from 'react';
import { fromUpdate } from './events';
import { useCoalescedRefetch, useRefetchOnUpdate } from './live';
import { useEventLog } from './useEventLog';

export function useMonitorEventLog({
  jobId,
  serverEvents,
  refetch,
  defaultPhase,
  onMessage,
}: {
  jobId: string;
  serverEvents: readonly JobEvent[] | undefined;
  refetch: (options: { cancelRefetch: boolean }) => unknown;
  /** phase of an update that names none */
  defaultPhase: string;
  /** called with each update before the refetch (e.g. a toast on failure) */
  onMessage?: (msg: JobUpdateMessage) => void;
}) {
  const [log, push] = useEventLog(serverEvents);
  const refetchSoon = useCoalescedRefetch(useCallback(() => refetch({ cancelRefetch: false }), [refetch]));
  const onUpdate = useCallback(
    (msg: JobUpdateMessage) => {
      push(fromUpdate(msg, defaultPhase));
      onMessage?.(msg);
      refetchSoon();
    },
    [push, refetchSoon, defaultPhase, onMessage],
  );
  const live = useRefetchOnUpdate(jobId, onUpdate);
  return { log, live };
}
