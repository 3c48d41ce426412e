// Corrections and Reviewed marks (docs/review-api.md). A correction names a record path the caller
// saw, resolved here to a stable target (a field, or a row by its key) and stored as one row
// beside the model's result. It must be made on the record as it is now: a base_version that is
// not the current one (the file was re-extracted since) is refused with 409, never applied to
// whatever value sits at that path now.
import { randomUUID } from 'node:crypto';
import type { CorrectionRequest, ReviewRecordResponse } from '@quarry/shared/schemas';
import { parsePath } from '@quarry/shared/review';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { fileReviews, files, reviewCorrections, type CorrectionTarget } from '../../db/schema';
import { HttpError, conflict, notFound, validationError } from '../../lib/errors';
import { boxed, buildRecord, type BuiltRecord, type ReviewRecord } from './record';
import { emitDomainEvent } from '../../lib/domain-events';

async function ownFile(db: DbOrTx, userId: string, fileId: string): Promise<{ id: string; filename: string }> {
  const [file] = await db.select({ id: files.id, filename: files.filename }).from(files).where(and(eq(files.id, fileId), eq(files.userId, userId)));
  if (!file) throw notFound('File not found');
  return file;
}

export async function getRecord(db: DbOrTx, userId: string, fileId: string): Promise<BuiltRecord> {
  return buildRecord(db, userId, await ownFile(db, userId, fileId));
}

const STALE =
  'The record was re-extracted since you loaded it, so this correction was not applied (it could land on a different value). Reload the record and make the correction again.';

function assertCurrent(built: BuiltRecord, baseVersion: string): void {
  if (built.record.extraction === 'none') throw new HttpError(409, 'The file has no extraction results yet: there is nothing to correct or review');
  if (baseVersion !== built.record.baseVersion) throw conflict(STALE);
}

const isRow = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Resolved {
  target: CorrectionTarget;
  oldValue: unknown;
  newValue: unknown;
}

/** The correction's target in the current record; 422 naming what does not fit. */
function resolve(built: BuiltRecord, body: CorrectionRequest, id: string): Resolved {
  const bad = (msg: string) => validationError(['body', 'path'], msg);
  const seg = parsePath(body.path);
  if (!seg || seg.length === 0) throw bad(`"${body.path}" is not a record path (write $.field, $.list[row].column or $.list[row])`);
  const record = built.record.record;
  const [key, index, column] = seg;
  if (typeof key !== 'string') throw bad(`"${body.path}" does not start with a field or list name`);
  const list = record[key];
  const rowAt = (i: unknown): string => {
    if (!Array.isArray(list)) throw bad(`"${key}" is not a list of the record`);
    if (typeof i !== 'number' || i >= list.length) throw bad(`Row ${typeof i === 'number' ? i + 1 : i} of "${key}" does not exist (the list has ${list.length} rows)`);
    return built.rowKeys.get(key)![i]!;
  };

  if (body.action === 'set') {
    if (seg.length === 1) {
      if (Array.isArray(list)) throw bad(`"${key}" is a list: correct its cells ($.${key}[row].column), or add or delete rows`);
      return { target: { kind: 'field', key }, oldValue: list ?? null, newValue: body.value };
    }
    if (seg.length === 3 && typeof column === 'string') {
      const row = rowAt(index);
      const current = (list as unknown[])[index as number];
      return { target: { kind: 'cell', list: key, row, column }, oldValue: isRow(current) ? (current[column] ?? null) : null, newValue: body.value };
    }
    throw bad('Only a field ($.field) or a table cell ($.list[row].column) can be corrected');
  }
  if (body.action === 'add_row') {
    if (seg.length !== 1) throw bad(`Rows are added to a list: write its path ($.${key})`);
    if (list !== undefined && list !== null && !Array.isArray(list)) throw bad(`"${key}" is not a list of the record`);
    const keys = built.rowKeys.get(key) ?? [];
    if (body.index !== undefined && body.index > keys.length) {
      throw validationError(['body', 'index'], `index ${body.index} is past the end of "${key}" (${keys.length} rows)`);
    }
    const after = body.index === undefined ? undefined : body.index === 0 ? null : keys[body.index - 1]!;
    return { target: { kind: 'row', list: key, row: `a${id}`, ...(after !== undefined ? { after } : {}) }, oldValue: null, newValue: body.value ?? {} };
  }
  if (seg.length !== 2) throw bad(`Write the path of the row to delete ($.${key}[row])`);
  const row = rowAt(index);
  return { target: { kind: 'row', list: key, row }, oldValue: (list as unknown[])[index as number] ?? null, newValue: null };
}

export async function addCorrection(db: DbOrTx, userId: string, fileId: string, body: CorrectionRequest): Promise<BuiltRecord> {
  const file = await ownFile(db, userId, fileId);
  const built = await buildRecord(db, userId, file);
  assertCurrent(built, body.base_version);
  const id = randomUUID();
  const r = resolve(built, body, id);
  await db.insert(reviewCorrections).values({
    id,
    userId,
    fileId,
    authorId: userId,
    action: body.action,
    path: body.path,
    target: r.target,
    oldValue: boxed(r.oldValue),
    newValue: boxed(r.newValue),
    baseVersion: built.record.baseVersion,
  });
  return buildRecord(db, userId, file);
}

export async function undoCorrection(db: DbOrTx, userId: string, fileId: string, correctionId: string): Promise<BuiltRecord> {
  const file = await ownFile(db, userId, fileId);
  const [c] = await db
    .select({ id: reviewCorrections.id, undoneAt: reviewCorrections.undoneAt })
    .from(reviewCorrections)
    .where(and(eq(reviewCorrections.id, correctionId), eq(reviewCorrections.fileId, fileId), eq(reviewCorrections.userId, userId)));
  if (!c) throw notFound('Correction not found');
  if (c.undoneAt) throw conflict('This correction was already undone');
  await db.update(reviewCorrections).set({ undoneAt: new Date(), undoneBy: userId }).where(eq(reviewCorrections.id, c.id));
  return buildRecord(db, userId, file);
}

export async function markReviewed(db: DbOrTx, userId: string, fileId: string, baseVersion: string): Promise<BuiltRecord> {
  const file = await ownFile(db, userId, fileId);
  const built = await buildRecord(db, userId, file);
  assertCurrent(built, baseVersion);
  const rec = built.record;
  const values = { userId, reviewedBy: userId, reviewedAt: new Date(), record: rec.record, baseVersion: rec.baseVersion, jobId: rec.jobId };
  // marking again refreshes the frozen copy (the record may have been corrected since)
  await db.insert(fileReviews).values({ fileId, ...values }).onConflictDoUpdate({ target: fileReviews.fileId, set: values });
  await emitDomainEvent(db, {
    type: 'file.reviewed',
    userId,
    subjectId: fileId,
    data: { file_id: fileId, filename: file.filename, reviewed_at: values.reviewedAt.toISOString(), job_id: rec.jobId ?? null, base_version: rec.baseVersion },
  });
  return buildRecord(db, userId, file);
}

export async function unmarkReviewed(db: DbOrTx, userId: string, fileId: string): Promise<BuiltRecord> {
  const file = await ownFile(db, userId, fileId);
  await db.delete(fileReviews).where(and(eq(fileReviews.fileId, fileId), eq(fileReviews.userId, userId)));
  return buildRecord(db, userId, file);
}

// ------------------------------------------------------------------ the HTTP shape

export function toResponse(r: ReviewRecord): ReviewRecordResponse {
  const sources = Object.values(r.sources);
  return {
    file_id: r.fileId,
    filename: r.filename,
    extraction: r.extraction,
    job_id: r.jobId,
    base_version: r.baseVersion,
    original: r.original,
    record: r.record,
    sources: r.sources,
    checks: r.checks,
    fields: r.fields,
    reviewed: r.reviewed,
    reviewed_at: r.reviewedAt,
    reviewed_record: r.reviewedRecord,
    review_outdated: r.reviewOutdated,
    corrections: r.corrections,
    history: r.history.map((h) => ({
      id: h.id,
      action: h.action,
      path: h.path,
      target: h.target,
      old_value: h.oldValue,
      new_value: h.newValue,
      author_id: h.authorId,
      author_email: h.authorEmail,
      created_at: h.createdAt,
      undone_at: h.undoneAt,
      status: h.status,
      applied: h.applied,
    })),
    summary: {
      values: sources.length,
      found: sources.filter((s) => s.status === 'found').length,
      not_in_document: sources.filter((s) => s.status === 'not_in_document').length,
      corrected: sources.filter((s) => s.status === 'corrected').length,
      checks_failed: r.checks.filter((c) => c.status === 'failed').length,
      checks_passed: r.checks.filter((c) => c.status === 'passed').length,
    },
  };
}
