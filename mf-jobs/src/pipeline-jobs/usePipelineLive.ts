// The pipeline monitor's live state (spec 3 §4): accepted updates (pipeline / child /
// aggregated) go into the log; children are tracked per id; the current status follows the
// pipeline and aggregated updates (a child update only while there is none); every accepted
// update refetches the pipeline.
import { events, type JobUpdateMessage } from '@quarry/shared';
import type { JobEvent } from '@quarry/shared/schemas';
import { useEffect, useRef, useState } from 'react';
import { fromUpdate, type LogEvent } from '../common/events';
import { nextCurrentStatus, pipelineUpdateSource, trackChild, type ChildJob } from '../common/pipelineUpdates';
import { useEventLog } from '../common/useEventLog';

export function usePipelineLive(pipelineId: string, serverEvents: readonly JobEvent[] | undefined, active: boolean, onAccepted: () => void) {
  const [log, push] = useEventLog(serverEvents);
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
    const sub = events.jobUpdates$.subscribe((msg: JobUpdateMessage) => {
      const source = pipelineUpdateSource(msg, pipelineId);
      if (!source) return;
      const e = fromUpdate(msg, 'processing', source);
      push(e);
      if (source === 'child') setChildren((m) => trackChild(m, msg));
      setCurrent((c) => nextCurrentStatus(c, e, source));
      setLiveSeen(true);
      accepted.current();
    });
    return () => sub.unsubscribe();
  }, [pipelineId, push]);

  // the history's last event is the current status of an active pipeline until a live one comes
  const historyLast = log.at(-1) ?? null;
  const shown = current ?? (active ? historyLast : null);
  return { log, children, current: shown, liveSeen };
}
