// Pipeline monitor's live rules: which updates it accepts and from where, the
// child jobs it tracks, their order, and which update becomes the current status.
import type { JobUpdateMessage } from '@quarry/shared';
import type { UpdateSource } from './events';

/**
 * pipeline: the pipeline's own update; aggregated: flagged aggregated_from_children (the
 * pipeline's view of a child's progress); child: a stage job naming the pipeline as root.
 * Null: not about this pipeline. An aggregated flag alone is not enough: another pipeline's
 * aggregated updates must not show here (two pipelines may run at once).
 */
export function pipelineUpdateSource(msg: JobUpdateMessage, pipelineId: string): UpdateSource | null {
  const ctx = msg.data?.context ?? {};
  const aggregated = ctx.aggregated_from_children === true;
  if (msg.job_id === pipelineId) return aggregated ? 'aggregated' : 'pipeline';
  if (ctx.pipeline_root_id === pipelineId) return aggregated ? 'aggregated' : 'child';
  return null;
}

export interface ChildJob {
  id: string;
  job_type: string;
  status: string;
  last_update: string;
  message: string;
  progress: number;
  context: Record<string, unknown>;
}

const TYPE_ORDER = ['ocr', 'chunking', 'extraction'];
const STATUS_ORDER = ['running', 'processing', 'completed', 'failed'];
const rank = (order: string[], v: string) => {
  const i = order.indexOf(v);
  return i === -1 ? order.length : i;
};

/** First by type (ocr, chunking, extraction), then by status (running, processing, completed, failed). */
export function sortChildren(children: readonly ChildJob[]): ChildJob[] {
  return [...children].sort((a, b) => rank(TYPE_ORDER, a.job_type) - rank(TYPE_ORDER, b.job_type) || rank(STATUS_ORDER, a.status) - rank(STATUS_ORDER, b.status));
}

/** The child map after a child update (a new entry per job id, the latest values). */
export function trackChild(children: ReadonlyMap<string, ChildJob>, msg: JobUpdateMessage): Map<string, ChildJob> {
  const next = new Map(children);
  const d = msg.data ?? {};
  const ctx = d.context ?? {};
  const prev = next.get(msg.job_id);
  const pct = d.progress?.percentage ?? d.progress_percentage ?? msg.progress_percentage;
  next.set(msg.job_id, {
    id: msg.job_id,
    job_type: (typeof ctx.job_type === 'string' ? ctx.job_type : typeof msg.job_type === 'string' ? msg.job_type : prev?.job_type) ?? 'unknown',
    status: typeof msg.status === 'string' ? msg.status : (prev?.status ?? 'running'),
    last_update: typeof d.timestamp === 'string' ? d.timestamp : new Date().toISOString(),
    message: d.message || (typeof msg.message === 'string' ? msg.message : '') || prev?.message || 'Processing...',
    progress: typeof pct === 'number' && Number.isFinite(pct) ? pct : (prev?.progress ?? 0),
    context: { ...(prev?.context ?? {}), ...ctx },
  });
  return next;
}

/** Per-type counts for the badges. */
export function countByType(children: readonly ChildJob[]): Record<string, number> {
  const out: Record<string, number> = { ocr: 0, chunking: 0, extraction: 0 };
  for (const c of children) out[c.job_type] = (out[c.job_type] ?? 0) + 1;
  return out;
}

/** The current status: set by pipeline or aggregated updates; a child update only when there is none yet. */
export function nextCurrentStatus<T>(current: T | null, update: T, source: UpdateSource): T | null {
  if (source === 'pipeline' || source === 'aggregated') return update;
  return current ?? update;
}
