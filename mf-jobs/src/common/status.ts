// Which jobs count as active and how often their monitors poll.
// The spec names OCR statuses processing / pending; this server's OCR jobs are pending,
// queued, running: running and queued are its "processing", so they are active too.
export type MonitorKind = 'pipeline' | 'extraction' | 'ocr' | 'chunking';

const ACTIVE: Record<MonitorKind, readonly string[]> = {
  pipeline: ['running', 'queued'],
  extraction: ['running', 'queued'],
  ocr: ['processing', 'pending', 'running', 'queued'],
  chunking: ['running', 'queued', 'pending'],
};

export function isActiveJob(kind: MonitorKind, status: string | null | undefined): boolean {
  return status ? ACTIVE[kind].includes(status.toLowerCase()) : false;
}

export const POLL_DISCONNECTED_MS = 1000;
export const POLL_CONNECTED_MS = 5000;

/** 1 s with the live channel down, 5 s with it up, no polling when the job is not active. */
export function pollInterval(active: boolean, connected: boolean): number | false {
  if (!active) return false;
  return connected ? POLL_CONNECTED_MS : POLL_DISCONNECTED_MS;
}

/** A failed job (or pipeline) may be started again: it resumes after its last finished step. */
export const canRetry = (status: string | null | undefined) => status === 'failed';
/** pending, queued or running jobs may be cancelled. */
export const canCancel = (status: string | null | undefined) => status === 'pending' || status === 'queued' || status === 'running' || status === 'processing';
