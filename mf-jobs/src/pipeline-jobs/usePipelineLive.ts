// The pipeline monitor's live state: accepted updates (pipeline / child /
// aggregated) go into the log; children are tracked per id; the current status follows the
// pipeline and aggregated updates (a child update only while there is none); accepted updates
// refetch the pipeline. A 20-file pipeline streams hundreds of updates: they are applied in
// batches, one per animation frame (so an update is on screen by the next frame, and a burst
// costs one render), with a timer as fallback where frames do not run (a hidden tab).
import { events, type JobUpdateMessage } from '@quarry/shared';
import type { JobEvent } from '@quarry/shared/schemas';
import { useEffect, useRef, useState } from 'react';
import { fromUpdate, isCreditsNotice, latestStatusEvent, mergeEvents, type LogEvent } from '../common/events';
import { nextCurrentStatus, pipelineUpdateSource, trackChild, type ChildJob } from '../common/pipelineUpdates';
import { useEventLog } from '../common/useEventLog';

/** chosen: the longest an update waits to be applied when no animation frame comes (hidden tab) */
export const LIVE_BATCH_MS = 100;

export function usePipelineLive(pipelineId: string, serverEvents: readonly JobEvent[] | undefined, onAccepted: () => void) {
  const [log, , setLog] = useEventLog(serverEvents);
  const [children, setChildren] = useState<Map<string, ChildJob>>(() => new Map());
  const [current, setCurrent] = useState<LogEvent | null>(null);
  const [liveSeen, setLiveSeen] = useState(false);
  const accepted = useRef(onAccepted);
  useEffect(() => {
    accepted.current = onAccepted;
  });

  useEffect(() => {
    setChildren(new Map());
    setCurrent(null);
    setLiveSeen(false);
    let buffer: { msg: JobUpdateMessage; e: LogEvent; source: NonNullable<LogEvent['source']> }[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame: number | undefined;
    const raf = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : null;
    const flush = () => {
      clearTimeout(timer);
      if (frame !== undefined) cancelAnimationFrame(frame);
      timer = undefined;
      frame = undefined;
      const batch = buffer;
      buffer = [];
      if (batch.length === 0) return;
      setLog((l) => mergeEvents(l, batch.map((b) => b.e)));
      const kids = batch.filter((b) => b.source === 'child');
      if (kids.length) setChildren((m) => kids.reduce((acc, b) => trackChild(acc, b.msg), m));
      setCurrent((c) => batch.reduce<LogEvent | null>((acc, b) => (isCreditsNotice(b.e) ? acc : nextCurrentStatus(acc, b.e, b.source)), c));
      setLiveSeen(true);
      accepted.current();
    };
    const sub = events.jobUpdates$.subscribe((msg: JobUpdateMessage) => {
      const source = pipelineUpdateSource(msg, pipelineId);
      if (!source) return;
      buffer.push({ msg, e: fromUpdate(msg, 'processing', source), source });
      if (timer !== undefined) return;
      timer = setTimeout(flush, LIVE_BATCH_MS);
      if (raf) frame = raf(flush);
    });
    return () => {
      sub.unsubscribe();
      clearTimeout(timer);
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, [pipelineId, setLog]);

  // the pipeline's own newest event (the server's, or a newer live one) is its current status, live
  // and after a reload alike; a stage job's update only while the pipeline has said nothing yet.
  // A credits notice (the refund after a failure) stays in the log but is never the status.
  const ownLast = latestStatusEvent(log, (e) => e.job_id === pipelineId) ?? null;
  const shown = ownLast ?? current ?? latestStatusEvent(log) ?? null;
  return { log, children, current: shown, liveSeen };
}
