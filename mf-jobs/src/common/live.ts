// Live updates come from the shell's event bus only (never a socket of our own).
import { api, events, jobKeys, useConnectionState, useJobUpdates, useSignedInQuery, type JobUpdateMessage } from '@quarry/shared';
import { JobListResponseSchema, type JOB_TYPES } from '@quarry/shared/schemas';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useUserId } from './queries';

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

/** An area's recent jobs (`fetch` under `queryKey`), refreshed when live updates of jobs of its type arrive. */
export function useLiveRecentJobs<T, K extends QueryKey>(jobType: (typeof JOB_TYPES)[number], queryKey: (userId: string | undefined) => K, fetch: (signal: AbortSignal) => Promise<T>) {
  useListRefreshOnUpdates(queryKey(useUserId()), (m) => m.job_type === jobType);
  return useSignedInQuery(queryKey, fetch);
}

/** chosen: the job areas without a list call of their own show this many recent jobs */
export const RECENT_JOBS_SHOWN = 10;

/** The newest jobs of a type from the jobs list (`GET jobs/`), live. */
export function useRecentJobsOfType(jobType: (typeof JOB_TYPES)[number]) {
  return useLiveRecentJobs(
    jobType,
    (userId) => jobKeys.list(userId, { type: jobType, limit: RECENT_JOBS_SHOWN }),
    (signal) => api.get('jobs/', { query: { job_type: jobType, limit: RECENT_JOBS_SHOWN, offset: 0 }, signal, schema: JobListResponseSchema }),
  );
}

/** chosen: live updates arriving together lead to one refetch at most this often (the last one always refetches) */
export const REFETCH_COALESCE_MS = 500;

/**
 * A refetch per live update, coalesced: the first update refetches at once, updates during
 * the next 500 ms lead to one more refetch at its end. A burst of updates therefore costs
 * two requests, not one per update, and the data is never older than the last update.
 */
export function useCoalescedRefetch(refetch: () => unknown, windowMs = REFETCH_COALESCE_MS): () => void {
  const ref = useRef(refetch);
  useEffect(() => {
    ref.current = refetch;
  });
  const state = useRef<{ last: number; timer: ReturnType<typeof setTimeout> | undefined }>({ last: 0, timer: undefined });
  useEffect(() => () => clearTimeout(state.current.timer), []);
  const trigger = useRef(() => {
    const s = state.current;
    if (s.timer) return;
    const wait = s.last + windowMs - Date.now();
    if (wait <= 0) {
      s.last = Date.now();
      void ref.current();
      return;
    }
    s.timer = setTimeout(() => {
      s.timer = undefined;
      s.last = Date.now();
      void ref.current();
    }, wait);
  });
  return trigger.current;
}
