// The monitors' event log: stored events (the job's history) and live updates in one shape,
// ordered by time then by event_id; OCR duplicates (same message and phase within 1 s) dropped.
import type { JobUpdateMessage } from '@quarry/shared';
import type { JobEvent } from '@quarry/shared/schemas';

export type UpdateSource = 'pipeline' | 'child' | 'aggregated';

export interface LogEvent {
  key: string;
  event_id: number | null;
  job_id: string;
  phase: string;
  sub_phase: string | null;
  event_type: string;
  message: string;
  timestamp: string;
  progress_percentage: number | null;
  current_value: number | null;
  total_value: number | null;
  units: string | null;
  details: Record<string, unknown>;
  context: Record<string, unknown>;
  status: string | null;
  source?: UpdateSource;
  /** the timestamp in ms (parsed once: sorting hundreds of events must not parse dates) */
  t: number;
}

const parseTime = (ts: string) => {
  const t = Date.parse(ts);
  return Number.isNaN(t) ? 0 : t;
};

export const OCR_DEDUP_WINDOW_MS = 1000;

/** A stored event is a log event as it is: its id becomes the key and `event_id`. */
export function fromStored({ id, ...event }: JobEvent): LogEvent {
  return { ...event, key: `e${id}`, event_id: id, t: parseTime(event.timestamp) };
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const rec = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** A live update as a log event (defaults: event type progress, phase `defaultPhase`, units percent). */
export function fromUpdate(msg: JobUpdateMessage, defaultPhase = 'processing', source?: UpdateSource): LogEvent {
  const d = msg.data ?? {};
  const id = num(d.event_id);
  const timestamp = typeof d.timestamp === 'string' ? d.timestamp : typeof msg.timestamp === 'string' ? msg.timestamp : new Date().toISOString();
  const message = typeof d.message === 'string' ? d.message : typeof msg.message === 'string' ? msg.message : '';
  return {
    key: id !== null ? `e${id}` : `u${msg.job_id}-${timestamp}-${message}`,
    event_id: id,
    job_id: msg.job_id,
    phase: d.phase ?? defaultPhase,
    sub_phase: d.sub_phase ?? null,
    event_type: d.event_type ?? 'progress',
    message,
    timestamp,
    progress_percentage: num(d.progress?.percentage) ?? num(d.progress_percentage) ?? num(msg.progress_percentage),
    current_value: num(d.progress?.current) ?? num(d.current_value),
    total_value: num(d.progress?.total) ?? num(d.total_value),
    units: (d.progress?.units as string | undefined) ?? (typeof d.units === 'string' ? d.units : 'percent'),
    details: rec(d.details),
    context: rec(d.context),
    status: typeof msg.status === 'string' ? msg.status : null,
    ...(source ? { source } : {}),
    t: parseTime(timestamp),
  };
}

const time = (e: LogEvent) => e.t;

/** By time, then by event_id (events without an id after those with one at the same time). */
export function compareEvents(a: LogEvent, b: LogEvent): number {
  const dt = time(a) - time(b);
  if (dt !== 0) return dt;
  return (a.event_id ?? Number.MAX_SAFE_INTEGER) - (b.event_id ?? Number.MAX_SAFE_INTEGER);
}

/** Adds events not yet in the log (same key or event_id), keeping the order. */
export function mergeEvents(log: readonly LogEvent[], incoming: readonly LogEvent[]): LogEvent[] {
  const keys = new Set(log.map((e) => e.key));
  const added = incoming.filter((e) => {
    if (keys.has(e.key)) return false;
    keys.add(e.key);
    return true;
  });
  if (added.length === 0) return log as LogEvent[];
  return [...log, ...added].sort(compareEvents);
}

/** OCR log: an event with the same message and phase as one kept within the last second is dropped. */
export function dedupeOcrEvents(list: readonly LogEvent[], windowMs = OCR_DEDUP_WINDOW_MS): LogEvent[] {
  const sorted = [...list].sort(compareEvents);
  const kept: LogEvent[] = [];
  for (const e of sorted) {
    const dup = kept.some((k) => k.message === e.message && k.phase === e.phase && Math.abs(time(e) - time(k)) < windowMs);
    if (!dup) kept.push(e);
  }
  return kept;
}

/**
 * A notice about the user's credits written after the job ended ("1 credit returned: …" when a
 * billed job failed through no fault of the user). It belongs in the event log, but it is not
 * the job's status: the failure before it is.
 */
export const isCreditsNotice = (e: Pick<LogEvent, 'sub_phase'>): boolean => e.sub_phase?.startsWith('credits_') ?? false;

/** The newest event that tells the job's status: the newest one that is not a credits notice. */
export function latestStatusEvent(log: readonly LogEvent[], test: (e: LogEvent) => boolean = () => true): LogEvent | undefined {
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i]!;
    if (!isCreditsNotice(e) && test(e)) return e;
  }
  return undefined;
}

/**
 * How many events a log stands for: the server's count (its answer may hold only the newest)
 * plus the live updates newer than that answer. Equal live and after a reload.
 */
export function eventTotal(log: readonly LogEvent[], server: { events?: readonly JobEvent[] | undefined; event_count?: number | undefined } | undefined): number {
  if (!server?.events) return log.length;
  let newest = 0;
  for (const e of server.events) if (e.id > newest) newest = e.id;
  let newer = 0;
  for (const e of log) if (e.event_id === null || e.event_id > newest) newer++;
  return Math.max(server.event_count ?? server.events.length, server.events.length) + newer;
}
