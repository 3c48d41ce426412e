// Call-site helpers for job steps that compute in the processing pool.
import { JobError } from '../jobs/types';
import type { Provenance, SourceLine } from '../processing/provenance';
import { isPoolFailure, type ProcessingPool } from './index';

/**
 * Provenance of one extracted chunk, computed in a pool thread. The document's lines go to a
 * thread once (it keeps the last few documents and their indexes): the first call for a key
 * without them is answered { needDocument } and repeated with them.
 */
export async function provenanceInPool(
  pool: ProcessingPool,
  documentKey: string,
  chunk: { id: string; content: string; startLine: number },
  extractedData: unknown,
  lines: () => SourceLine[] | null,
  signal?: AbortSignal,
): Promise<Provenance> {
  const base = { chunk: { id: chunk.id, content: chunk.content, startLine: chunk.startLine }, extractedData };
  const opts = { signal, what: 'finding where the values come from' };
  const first = await pool.run('provenance', { ...base, document: { key: documentKey } }, opts);
  if ('provenance' in first) return first.provenance;
  const second = await pool.run('provenance', { ...base, document: { key: documentKey, lines: lines() } }, opts);
  if ('provenance' in second) return second.provenance;
  throw new Error('The processing thread did not keep the document it was sent');
}

/** A pool failure (a task's error, a thread that died or ran out of time) fails the job with its message, without retries. */
export function asJobError(err: unknown): unknown {
  if (isPoolFailure(err)) return new JobError(err.message, { code: err.code ?? 'PROCESSING_FAILED', cause: err });
  return err;
}
