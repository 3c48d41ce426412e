// Required fields are required of the document (docs/product/extraction-rules.md). Each chunk is
// validated without `required` (extractChunk); once a file's chunks are in, its unified record —
// the chunks merged exactly as the review record merges them (unifyResults) — is checked against
// the schema's `required`. A file that lacks a required field gets a failed check naming it; the
// other files and the job go on.
//
// Where the check is stored: `details.required_check` of every current extraction result row of
// the file (the file's extraction result is the set of its current chunk results, so each row
// carries the same check; readers take the newest, storedRequiredCheck). Shape: RequiredCheck
// below. The review record shows it re-judged on the corrected record (requiredCheckForRecord),
// as one review check per missing field (requiredReviewChecks).
import { unifyResults } from '@quarry/shared/review';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db';
import { extractionResults, type ExtractionResultRow } from '../../db/schema';
import type { JSONSchema } from '../../llm/types';
import { hasRequired, missingRequired, type MissingField } from '../../processing/extraction';

export const REQUIRED_CHECK_KEY = 'required_check';

export interface RequiredCheck {
  status: 'passed' | 'failed';
  /** the required fields the unified record lacks ("total", "line_items[2].description") with their record paths ("$.total") */
  missing: MissingField[];
  /** 'Required field "total" was not found in the document' */
  message: string;
  /** the extraction job that made the check */
  job_id: string;
  checked_at: string;
}

const quoted = (m: MissingField[]) => m.map((x) => `"${x.field}"`).join(', ');

export function requiredMessage(missing: MissingField[]): string {
  if (missing.length === 0) return 'Every required field was found';
  return missing.length === 1
    ? `Required field ${quoted(missing)} was not found in the document`
    : `Required fields ${quoted(missing)} were not found in the document`;
}

type ResultLike = { sequence_number: number; status: string; extracted_data: unknown };

/**
 * The check of one file's results (null when the schema requires nothing, or when no chunk of
 * the file was extracted: that file failed for another reason, not for its content).
 */
export function requiredCheckOf(schema: JSONSchema | null, results: readonly ResultLike[], jobId: string, now = new Date()): RequiredCheck | null {
  if (!schema || !hasRequired(schema)) return null;
  if (!results.some((r) => r.status === 'completed')) return null;
  const record = unifyResults(results.map((r) => ({ sequence_number: r.sequence_number, status: r.status as 'completed' | 'failed', extracted_data: r.extracted_data ?? null })));
  const missing = missingRequired(schema, record);
  return { status: missing.length ? 'failed' : 'passed', missing, message: requiredMessage(missing), job_id: jobId, checked_at: now.toISOString() };
}

/**
 * Checks the file's current results of a chunking run (what this job just stored, plus the
 * other chunks' current results for a single-chunk re-extraction) and stores the check on them.
 */
export async function checkFileRequired(tx: Tx, p: { userId: string; fileId: string; runId: string; jobId: string; schema: JSONSchema | null }): Promise<RequiredCheck | null> {
  if (!p.schema || !hasRequired(p.schema)) return null;
  const current = and(eq(extractionResults.userId, p.userId), eq(extractionResults.fileId, p.fileId), eq(extractionResults.runId, p.runId), isNull(extractionResults.supersededAt));
  const rows = await tx
    .select({ sequence_number: extractionResults.sequenceNumber, status: extractionResults.status, extracted_data: extractionResults.extractedData })
    .from(extractionResults)
    .where(current);
  const check = requiredCheckOf(p.schema, rows, p.jobId);
  if (!check) return null;
  await tx
    .update(extractionResults)
    .set({ details: sql`coalesce(${extractionResults.details}, '{}'::jsonb) || ${JSON.stringify({ [REQUIRED_CHECK_KEY]: check })}::jsonb` })
    .where(current);
  return check;
}

/** The stored check of a file's result rows (the newest when rows of several jobs carry one). */
export function storedRequiredCheck(rows: readonly Pick<ExtractionResultRow, 'details'>[]): RequiredCheck | null {
  let best: RequiredCheck | null = null;
  for (const r of rows) {
    const c = (r.details as Record<string, unknown> | null)?.[REQUIRED_CHECK_KEY] as RequiredCheck | undefined;
    if (c && typeof c === 'object' && Array.isArray(c.missing) && (!best || c.checked_at > best.checked_at)) best = c;
  }
  return best;
}

/** A value at a record path written by childPath ($.a, $.a[2].b, $["x y"]); undefined when absent. */
function valueAt(record: unknown, path: string): unknown {
  let v: unknown = record;
  for (const m of path.slice(1).matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g)) {
    const key = m[1] ?? (m[2] !== undefined ? Number(m[2]) : (JSON.parse(m[3]!) as string));
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[key];
  }
  return v;
}

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * The stored check as the review record shows it: against the record with the user's
 * corrections applied, so a required value added in review passes it.
 */
export function requiredCheckForRecord(rows: readonly Pick<ExtractionResultRow, 'details'>[], record: Record<string, unknown>): RequiredCheck | null {
  const stored = storedRequiredCheck(rows);
  if (!stored) return null;
  const missing = stored.missing.filter((m) => empty(valueAt(record, m.path)));
  return { ...stored, status: missing.length ? 'failed' : 'passed', missing, message: requiredMessage(missing) };
}

/** The check as review checks: one failed check per missing field (each marks its own row), or one passed check. */
export function requiredReviewChecks(check: RequiredCheck): { id: string; rule: 'required'; status: 'passed' | 'failed'; message: string; path?: string }[] {
  if (check.missing.length === 0) return [{ id: 'required', rule: 'required', status: 'passed', message: check.message }];
  return check.missing.map((m) => ({ id: `required:${m.path}`, rule: 'required', status: 'failed', message: requiredMessage([m]), path: m.path }));
}
