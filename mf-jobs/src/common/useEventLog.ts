// A monitor's event log: every answer of the server (the history on load, each refetch a live
// update triggers, each poll while the channel is down) merged with the live updates received
// in between. The server's answer is the truth — a reload shows the same log — and the live
// updates only bring it forward until the next answer. Stored events and live updates carry
// the same event_id, so merging never duplicates one.
import type { JobEvent } from '@quarry/shared/schemas';
import { useCallback, useEffect, useState } from 'react';
import { fromStored, mergeEvents, type LogEvent } from './events';

export function useEventLog(serverEvents: readonly JobEvent[] | undefined) {
  const [log, setLog] = useState<LogEvent[]>([]);
  useEffect(() => {
    if (!serverEvents) return;
    setLog((l) => mergeEvents(l, serverEvents.map(fromStored)));
  }, [serverEvents]);
  const push = useCallback((e: LogEvent) => setLog((l) => mergeEvents(l, [e])), []);
  return [log, push, setLog] as const;
}
