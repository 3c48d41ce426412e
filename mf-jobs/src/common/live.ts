// Live updates come from the shell's event bus only (never a socket of our own).
import { events, useConnectionState, useJobUpdates, type JobUpdateMessage } from '@quarry/shared';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

export function useLiveConnected(): boolean {
  return useConnectionState() === 'connected';
}

/** Every live update of this job triggers `onUpdate` (the monitors refetch). */
export function useRefetchOnUpdate(jobId: string | undefined, onUpdate: (msg: JobUpdateMessage) => void): JobUpdateMessage | null {
  return useJobUpdates(jobId, onUpdate);
}

/** chosen: a list refreshes at most once a second however many updates stream in */
export const LIST_REFRESH_THROTTLE_MS = 1000;

/** Refreshes a recent-jobs list when live updates of matching jobs arrive (throttled). */
export function useListRefreshOnUpdates(queryKey: QueryKey, accept: (msg: JobUpdateMessage) => boolean) {
  const client = useQueryClient();
  const acceptRef = useRef(accept);
  useEffect(() => {
    acceptRef.current = accept;
  });
  const keyJson = JSON.stringify(queryKey);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const key = JSON.parse(keyJson) as QueryKey;
    const run = () => {
      last = Date.now();
      timer = undefined;
      void client.invalidateQueries({ queryKey: key });
    };
    const sub = events.jobUpdates$.subscribe((msg) => {
      if (!acceptRef.current(msg)) return;
      if (timer) return;
      const wait = Math.max(0, LIST_REFRESH_THROTTLE_MS - (Date.now() - last));
      timer = setTimeout(run, wait);
    });
    return () => {
      sub.unsubscribe();
      clearTimeout(timer);
    };
  }, [client, keyJson]);
}
