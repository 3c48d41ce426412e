// A monitor's local event log: the server's history once, when the log is empty (spec 3 §4),
// then every live update. While the live channel is down the monitor polls, and each fetched
// history fills in what the socket did not deliver. Stored events and live updates carry the
// same event_id, so merging never duplicates one.
import type { JobEvent } from '@quarry/shared/schemas';
import { useCallback, useEffect, useState } from 'react';
import { fromStored, mergeEvents, type LogEvent } from './events';
import { useLiveConnected } from './live';

export function useEventLog(serverEvents: readonly JobEvent[] | undefined) {
  const connected = useLiveConnected();
  const [log, setLog] = useState<LogEvent[]>([]);
  useEffect(() => {
    if (!serverEvents) return;
    setLog((l) => (l.length === 0 || !connected ? mergeEvents(l, serverEvents.map(fromStored)) : l));
  }, [serverEvents, connected]);
  const push = useCallback((e: LogEvent) => setLog((l) => mergeEvents(l, [e])), []);
  return [log, push, setLog] as const;
}
