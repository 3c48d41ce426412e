// A file's review record from what was read for it (gatherRecordInputs in record.ts): the
// results unified, the corrections applied, each value traced to its source, the checks run.
// Pure computing, with no database or pool: it runs in a processing thread (the pool's
// `review-record` task) when the process has its pool, else on the calling thread.
import { createHash } from 'node:crypto';
import { unifyTraced } from '@quarry/shared/review';
import type { ExtractionResultRow, FileReviewRow, ReviewCorrectionRow } from '../../db/schema';
import { requiredCheckForRecord, requiredReviewChecks } from '../extraction/required';
import { documentText, tableSources, type TableChunkRow } from './check-inputs';
import { runChecks } from './checks';
import { applyCorrections } from './corrections';
import { canonical, unboxed, type BuiltRecord, type CorrectionEntry } from './model';
import { inSchemaOrder, type Hints } from './schema-hints';
import { sourcesOf } from './sources';

/**
 * What a file's record is built from, read from the database: everything after this is computing
 * (composeRecord), which runs in a processing thread when the process has its pool.
 */
export interface RecordInputs {
  file: { id: string; filename: string };
  jobId: string | null;
  rows: ExtractionResultRow[];
  hints: Hints;
  corrections: { c: ReviewCorrectionRow; email: string | null }[];
  review: FileReviewRow | null;
  /** the table chunks the results were extracted from */
  tableChunks: TableChunkRow[];
}

/** The review record from its inputs: unified, corrected, traced to its sources and checked. Pure computing. */
export function composeRecord({ file, jobId, rows, hints, corrections: correctionRows, review, tableChunks }: RecordInputs): BuiltRecord {
  const baseVersion = versionOf(rows);
  const { record: unified, origins } = unifyTraced(
    rows.map((r) => ({ sequence_number: r.sequenceNumber, status: r.status as 'completed' | 'failed', extracted_data: r.extractedData ?? null })),
  );
  // fields and columns in the output schema's order (stored results are jsonb, which reorders keys)
  const original = inSchemaOrder(unified, hints);
  const applied = applyCorrections(original, correctionRows.map((r) => r.c), baseVersion);

  const checks = runChecks({ record: applied.record, tables: tableSources(rows, tableChunks), hints, documentText: documentText(rows) });
  // the document-level required-fields check the extraction stored with the results, re-judged on the corrected record
  const required = requiredCheckForRecord(rows, applied.record);
  if (required) checks.unshift(...requiredReviewChecks(required));

  const failed = rows.filter((r) => r.status !== 'completed').length;
  const latest = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  const history: CorrectionEntry[] = correctionRows.map(({ c, email }) => {
    const a = applied.outcome.get(c.id);
    return {
      id: c.id,
      action: c.action as CorrectionEntry['action'],
      path: a?.path ?? c.path,
      target: c.target,
      oldValue: unboxed(c.oldValue),
      newValue: unboxed(c.newValue),
      authorId: c.authorId,
      authorEmail: email ?? null,
      createdAt: c.createdAt.toISOString(),
      undoneAt: c.undoneAt?.toISOString() ?? null,
      status: c.undoneAt ? 'undone' : c.baseVersion !== baseVersion ? 'stale' : 'active',
      applied: a?.applied ?? false,
    };
  });
  return {
    rowKeys: applied.rowKeys,
    record: {
      fileId: file.id,
      filename: file.filename,
      extraction: rows.length === 0 ? 'none' : failed === rows.length ? 'failed' : failed > 0 ? 'partial' : 'completed',
      jobId: jobId ?? latest?.jobId ?? null,
      baseVersion,
      original,
      record: applied.record,
      sources: sourcesOf(applied.record, rows, origins, applied.rowKeys, applied.corrected),
      checks,
      fields: hints.schemaFields,
      reviewed: Boolean(review),
      reviewedAt: review?.reviewedAt.toISOString() ?? null,
      reviewedRecord: review?.record ?? null,
      reviewOutdated: review ? canonical(review.record) !== canonical(applied.record) : false,
      corrections: history.filter((h) => h.status === 'active').length,
      history,
    },
  };
}

/** The identity of a set of results: any re-extraction (a new result row) changes it. */
function versionOf(rows: readonly ExtractionResultRow[]): string {
  if (rows.length === 0) return 'none';
  const h = createHash('sha256');
  for (const id of rows.map((r) => r.id).sort()) h.update(id);
  return h.digest('hex').slice(0, 16);
}
