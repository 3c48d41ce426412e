// The review record of a file (docs/review-api.md): the model's unified record (`original`, built from the
// current extraction results the way the page's Unified Dataset is), the user's corrections
// applied to it (`record`), where every value came from (`sources`, by the record's paths), the
// checks, and the Reviewed mark with its frozen copy. Export and evaluation read files through
// loadReviewRecord / loadReviewRecords; the HTTP routes serve the same thing.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { extractionResults, fileReviews, files, reviewCorrections, users, type ExtractionResultRow, type FileReviewRow } from '../../db/schema';
import { activeRun } from '../chunk-runs/service';
import { withProvenance } from '../extraction/provenance';
import { sharedProcessingPool } from '../../pool';
import { tableChunksOf } from './check-inputs';
import { composeRecord, type RecordInputs } from './compose';
import { type BuiltRecord, type LoadOptions, type ReviewRecord } from './model';
import { schemaHints } from './schema-hints';

export type { ReviewCheck } from './checks';
export { composeRecord, type RecordInputs } from './compose';
export { applyCorrections } from './corrections';
export { boxed, canonical, type BuiltRecord, type CorrectionEntry, type LoadOptions, type ReviewRecord, type SchemaField, type ValueSource } from './model';

/** null when the file is not the user's */
export async function loadReviewRecord(db: DbOrTx, userId: string, fileId: string, opts: LoadOptions = {}): Promise<ReviewRecord | null> {
  const [file] = await db.select({ id: files.id, filename: files.filename }).from(files).where(and(eq(files.id, fileId), eq(files.userId, userId)));
  if (!file) return null;
  return (await buildRecord(db, userId, file, opts)).record;
}

const BATCH = 25;

/** the user's files in the given order, loaded in batches (flat memory for a 500-file export); another user's ids are skipped */
export async function* loadReviewRecords(db: DbOrTx, userId: string, fileIds: string[], opts: LoadOptions = {}): AsyncGenerator<ReviewRecord> {
  for (let i = 0; i < fileIds.length; i += BATCH) {
    const ids = fileIds.slice(i, i + BATCH);
    const own = new Map(
      (await db.select({ id: files.id, filename: files.filename }).from(files).where(and(eq(files.userId, userId), inArray(files.id, ids)))).map((f) => [f.id, f]),
    );
    for (const id of ids) {
      const f = own.get(id);
      if (f) yield (await buildRecord(db, userId, f, opts)).record;
    }
  }
}

export async function gatherRecordInputs(db: DbOrTx, userId: string, file: { id: string; filename: string }, opts: LoadOptions = {}): Promise<RecordInputs> {
  const rows = await resultRows(db, userId, file.id, opts);
  const hints = await schemaHints(db, userId, rows);
  const corrections = await db
    .select({ c: reviewCorrections, email: users.email })
    .from(reviewCorrections)
    .leftJoin(users, eq(users.id, reviewCorrections.authorId))
    .where(and(eq(reviewCorrections.userId, userId), eq(reviewCorrections.fileId, file.id)))
    .orderBy(asc(reviewCorrections.createdAt), asc(reviewCorrections.id));
  const [review] = await db.select().from(fileReviews).where(and(eq(fileReviews.fileId, file.id), eq(fileReviews.userId, userId)));
  return { file, jobId: opts.jobId ?? null, rows, hints, corrections, review: review ?? null, tableChunks: await tableChunksOf(db, userId, rows) };
}

/** The record built from what was read: in a processing thread when the process has its pool (an export builds hundreds back to back), else here. */
export async function buildRecord(db: DbOrTx, userId: string, file: { id: string; filename: string }, opts: LoadOptions = {}): Promise<BuiltRecord> {
  const inputs = await gatherRecordInputs(db, userId, file, opts);
  const pool = sharedProcessingPool();
  return pool ? pool.run('review-record', inputs, { what: 'building the review record' }) : composeRecord(inputs);
}

const RESULT_PAGE = 100;

async function resultRows(db: DbOrTx, userId: string, fileId: string, opts: LoadOptions): Promise<ExtractionResultRow[]> {
  const where = [eq(extractionResults.fileId, fileId), eq(extractionResults.userId, userId)];
  if (opts.jobId) {
    where.push(eq(extractionResults.jobId, opts.jobId));
  } else {
    const run = await activeRun(db, userId, fileId);
    if (run) where.push(eq(extractionResults.runId, run.id));
    where.push(isNull(extractionResults.supersededAt));
  }
  const page = (offset: number, limit?: number) => {
    const q = db
      .select()
      .from(extractionResults)
      .where(and(...where))
      .orderBy(asc(extractionResults.sequenceNumber), asc(extractionResults.createdAt), asc(extractionResults.id))
      .offset(offset);
    return limit ? q.limit(limit) : q;
  };
  // A job's own rows no longer change once it wrote them: read in pages, so that on the embedded
  // database (one session) a long document's results (a 300-page PDF: ~170 ms in one statement)
  // do not keep every other request waiting. The file's current rows (no job) change with a
  // re-extraction: those are read in one statement, one consistent view.
  if (!opts.jobId) return withProvenance(db, userId, await page(0));
  const rows: ExtractionResultRow[] = [];
  for (let got = RESULT_PAGE; got === RESULT_PAGE; ) {
    const next = await page(rows.length, RESULT_PAGE);
    rows.push(...next);
    got = next.length;
  }
  return withProvenance(db, userId, rows);
}


export type { FileReviewRow };

/** Checks of an extraction job's files (its own results), for the job's results_summary: the monitors show the failures. */
export async function checksSummaryOfJob(
  db: DbOrTx,
  userId: string,
  fileIds: string[],
  jobId: string,
): Promise<{ failed: number; passed: number; files: { file_id: string; filename: string; failed: number }[] }> {
  const out = { failed: 0, passed: 0, files: [] as { file_id: string; filename: string; failed: number }[] };
  for await (const r of loadReviewRecords(db, userId, fileIds, { jobId })) {
    const failed = r.checks.filter((c) => c.status === 'failed').length;
    out.failed += failed;
    out.passed += r.checks.length - failed;
    if (failed > 0 && out.files.length < 100) out.files.push({ file_id: r.fileId, filename: r.filename, failed });
  }
  return out;
}

