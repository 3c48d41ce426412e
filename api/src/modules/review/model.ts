// The review record's shape (what the routes, the export and the evaluation read) and the
// small value helpers every part of building it shares.
import type { CorrectionTarget } from '../../db/schema';
import type { ReviewCheck } from './checks';

export interface ValueSource {
  status: 'found' | 'not_in_document' | 'corrected';
  chunk_id: string | null;
  start_line: number | null;
  end_line: number | null;
  page: number | null;
  match: string | null;
}

export interface CorrectionEntry {
  id: string;
  action: 'set' | 'add_row' | 'delete_row';
  /** where it is now in the record (rows may have moved); the path it was made at when no longer applied */
  path: string;
  target: CorrectionTarget;
  oldValue: unknown;
  newValue: unknown;
  authorId: string | null;
  authorEmail: string | null;
  createdAt: string;
  undoneAt: string | null;
  /** active: applied; undone; stale: made on an earlier extraction of the file (not applied) */
  status: 'active' | 'undone' | 'stale';
  /** false when it has nothing to apply to any more (its row was deleted, or added by an undone correction) */
  applied: boolean;
}

/** A field of the output schema, in the schema's order: the record shows every one, found or not. */
export interface SchemaField {
  key: string;
  /** string | number | integer | boolean | date | list | object */
  kind: string;
  required: boolean;
  /** a list's columns, in the schema's order */
  columns?: { key: string; kind: string }[];
}

export interface ReviewRecord {
  fileId: string;
  filename: string;
  /** 'none' = never extracted; 'failed' = every chunk failed; 'partial' = some chunks failed; 'completed' */
  extraction: 'none' | 'failed' | 'partial' | 'completed';
  /** extraction job whose results make `original` */
  jobId: string | null;
  /** identity of the results `original` is built from: a re-extraction changes it */
  baseVersion: string;
  /** the model's unified record */
  original: Record<string, unknown>;
  /** active corrections applied */
  record: Record<string, unknown>;
  /** per JSON path of `record` ($.field, $.items[2].price): where it came from */
  sources: Record<string, ValueSource>;
  checks: ReviewCheck[];
  /** the output schema's fields in order (empty when the results name no schema) */
  fields: SchemaField[];
  reviewed: boolean;
  reviewedAt: string | null;
  /** the reviewed record frozen when the file was marked Reviewed (ground truth for evaluation) */
  reviewedRecord: Record<string, unknown> | null;
  /** true when the record changed since it was marked Reviewed (the frozen copy is older) */
  reviewOutdated: boolean;
  /** active corrections */
  corrections: number;
  /** every correction, oldest first */
  history: CorrectionEntry[];
}

export interface LoadOptions {
  /** build `original` from that extraction job's own results (even superseded ones) */
  jobId?: string;
}

export const isRow = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// A correction's values are stored boxed ({v: value}): a bare JSON string parameter of a jsonb
// column is read as JSON text by the embedded database ("150.00" would come back as 150).
export const boxed = (v: unknown): { v: unknown } => ({ v: v ?? null });
export const unboxed = (b: unknown): unknown => (isRow(b) && 'v' in b ? b.v : null);

/** Row keys of each list: o<i> = the model's row i, a<correction id> = a row a correction added. */
export type RowKeys = Map<string, string[]>;

export interface BuiltRecord {
  record: ReviewRecord;
  /** row keys of the record's lists, by the record's current order (corrections resolve paths with them) */
  rowKeys: RowKeys;
}

/** JSON with sorted keys (jsonb reorders keys: equality must not depend on them). */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isRow(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
  return JSON.stringify(v ?? null);
}
