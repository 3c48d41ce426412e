// A monitor's local event log: the server's history when it arrives, then every live update.
// Stored events and live updates carry the same event_id, so merging never duplicates one;
// history fetched again while the live channel is down (polling) fills in what was missed.
import type { JobEvent } from '@quarry/shared/schemas';
import { useCallback, useEffect, useState } from 'react';
import { fromStored, mergeEvents, type LogEvent } from './events';

export function useEventLog(serverEvents: readonly JobEvent[] | undefined) {
  const [log, setLog] = useState<LogEvent[]>([]);
  useEffect(() => {
    if (serverEvents) setLog((l) => mergeEvents(l, serverEvents.map(fromStored)));
  }, [serverEvents]);
  const push = useCallback((e: LogEvent) => setLog((l) => mergeEvents(l, [e])), []);
  return [log, push, setLog] as const;
}
