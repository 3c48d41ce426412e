// Step 3 of an upload (docs/product/files-and-datasets.md): complete turns each received upload into a file row, in
// the transaction that closes the upload and only after checking the stored size; uploads the
// client did not report are closed as failed. The stored files are then validated.
import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { CompleteUploadResponse, UploadResult } from '@quarry/shared/schemas';
import { files, uploadSessions, uploads, type FileRow, type UploadRow, type UploadSessionRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { COMPLETE_GRACE_MS } from '../files/service';
import type { UploadDeps } from './deps';
import { uploadFields } from './events';
import { validateStoredFile } from './validate';

/** A complete that has been running this long is taken to have died with its process. */
export const STALE_COMPLETING_MS = 15 * 60 * 1000;

const resultOf = (u: UploadRow, file: FileRow | null): UploadResult => ({
  upload_id: u.id,
  file_id: file?.id ?? (u.status === 'completed' ? u.id : null),
  filename: u.filename,
  file_size: file?.fileSize ?? (u.status === 'completed' ? u.declaredSize : null),
  actual_pages: file ? file.actualPages : u.actualPages,
  is_valid: file ? file.isValid : u.status === 'completed' ? u.isValid : false,
  error_message: file ? file.errorMessage : u.errorMessage,
});

/**
 * Completes a session. Decision (documented in the API): a second complete of a session that
 * is already completed answers the stored results again (200, already_completed: true) and
 * changes nothing; while another complete of the same session runs, 409.
 * Uploads of the session that are not listed are closed as failed.
 */
export async function completeUpload(
  deps: UploadDeps,
  userId: string,
  sessionId: string,
  listedIds: string[],
): Promise<CompleteUploadResponse> {
  const ids = [...new Set(listedIds)];
  const [session] = await deps.db
    .select()
    .from(uploadSessions)
    .where(and(eq(uploadSessions.id, sessionId), eq(uploadSessions.userId, userId)));
  if (!session) throw notFound('Upload session not found');
  const members = await deps.db.select().from(uploads).where(eq(uploads.sessionId, sessionId));
  const byId = new Map(members.map((u) => [u.id, u]));
  const strangers = ids.filter((id) => !byId.has(id));
  if (strangers.length > 0) throw notFound(`Not uploads of this session: ${strangers.join(', ')}`);

  // a 'completing' claim older than STALE_COMPLETING_MS was left by a crash: it may be taken over
  // (each upload's own status still guarantees that nothing is stored twice)
  const staleBefore = new Date(Date.now() - STALE_COMPLETING_MS);
  const takeOver = session.status === 'completing' && session.updatedAt < staleBefore;
  if (session.status !== 'open' && !takeOver) return replayOrConflict(deps, session, ids);
  const [claimed] = await deps.db
    .update(uploadSessions)
    .set({ status: 'completing', updatedAt: new Date() })
    .where(
      and(
        eq(uploadSessions.id, sessionId),
        or(eq(uploadSessions.status, 'open'), and(eq(uploadSessions.status, 'completing'), lt(uploadSessions.updatedAt, staleBefore))),
      ),
    )
    .returning();
  if (!claimed) {
    const [now] = await deps.db.select().from(uploadSessions).where(eq(uploadSessions.id, sessionId));
    return replayOrConflict(deps, now!, ids);
  }

  try {
    const listed = new Set(ids);
    // uploads the client did not report: closed, their bytes (if any) removed
    for (const u of members) {
      if (!listed.has(u.id)) await failUpload(deps, u, 'The upload was not reported as complete');
    }
    const stored: FileRow[] = [];
    const immediate = new Map<string, UploadResult>();
    for (const id of ids) {
      const outcome = await storeUpload(deps, byId.get(id)!);
      if ('file' in outcome) stored.push(outcome.file);
      else immediate.set(id, outcome.result);
    }
    const validated = new Map<string, UploadResult>();
    await Promise.all(
      stored.map(async (file) => {
        const checked = await validateStoredFile(deps, file);
        const u = (await deps.db.select().from(uploads).where(eq(uploads.id, file.id)))[0]!;
        validated.set(file.id, resultOf(u, checked));
      }),
    );
    await deps.db
      .update(uploadSessions)
      .set({ status: 'completed', completedAt: new Date(), updatedAt: new Date() })
      .where(eq(uploadSessions.id, sessionId));
    const results = ids.map((id) => validated.get(id) ?? immediate.get(id)!);
    return summarise(sessionId, results, false);
  } catch (err) {
    // unexpected failure: reopen the session; finished uploads keep their state, a retry continues
    await deps.db
      .update(uploadSessions)
      .set({ status: 'open', updatedAt: new Date() })
      .where(and(eq(uploadSessions.id, sessionId), eq(uploadSessions.status, 'completing')))
      .catch(() => undefined);
    throw err;
  }
}

async function replayOrConflict(deps: UploadDeps, session: UploadSessionRow, ids: string[]): Promise<CompleteUploadResponse> {
  if (session.status === 'completing') throw conflict('This upload session is already being completed');
  const members = await deps.db.select().from(uploads).where(inArray(uploads.id, ids));
  const fileRows = await deps.db.select().from(files).where(inArray(files.id, ids));
  const results = ids.map((id) => resultOf(members.find((u) => u.id === id)!, fileRows.find((f) => f.id === id) ?? null));
  return summarise(session.id, results, true);
}

function summarise(sessionId: string, results: UploadResult[], replay: boolean): CompleteUploadResponse {
  const storedCount = results.filter((r) => r.file_id !== null).length;
  const valid = results.filter((r) => r.is_valid === true).length;
  const invalid = results.filter((r) => r.file_id !== null && r.is_valid === false).length;
  const unchecked = results.filter((r) => r.file_id !== null && r.is_valid === null).length;
  const failed = results.length - storedCount;
  const parts = [`${storedCount} of ${results.length} file${results.length === 1 ? '' : 's'} stored`, `${valid} valid`, `${invalid} invalid`];
  if (unchecked) parts.push(`${unchecked} not checked yet`);
  if (failed) parts.push(`${failed} failed`);
  return {
    success: failed === 0,
    upload_session_id: sessionId,
    already_completed: replay,
    message: `${replay ? 'Already completed: ' : ''}${parts.join(', ')}`,
    results,
  };
}

async function failUpload(deps: UploadDeps, u: UploadRow, message: string, status: 'failed' | 'expired' = 'failed'): Promise<UploadResult> {
  const [closed] = await deps.db
    .update(uploads)
    .set({ status, errorMessage: message, isValid: false, completedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(uploads.id, u.id), inArray(uploads.status, ['pending', 'uploading', 'uploaded'])))
    .returning();
  if (closed) {
    await deps.storage.delete(u.storageKey);
    await deps.publish(u.userId, {
      event: 'upload_failed',
      message: `Upload failed: ${u.filename}: ${message}`,
      ...uploadFields(u),
      error_message: message,
    });
    return resultOf(closed, null);
  }
  const [current] = await deps.db.select().from(uploads).where(eq(uploads.id, u.id));
  return resultOf(current ?? u, null);
}

/** Turns a received upload into a file row (or fails it). */
async function storeUpload(deps: UploadDeps, u: UploadRow): Promise<{ file: FileRow } | { result: UploadResult }> {
  if (u.status === 'completed') {
    const [file] = await deps.db.select().from(files).where(eq(files.id, u.id));
    return { result: resultOf(u, file ?? null) };
  }
  if (u.status === 'failed' || u.status === 'expired') return { result: resultOf(u, null) };
  if (u.status === 'uploading') {
    return { result: await failUpload(deps, u, 'The file was still being received when the upload was completed: upload it again') };
  }
  if (u.status === 'pending' && Date.now() > u.expiresAt.getTime() + COMPLETE_GRACE_MS) {
    return { result: await failUpload(deps, u, 'The upload expired before it was completed: upload the file again', 'expired') };
  }
  const size = await deps.storage.size(u.storageKey);
  if (size === null) {
    return { result: await failUpload(deps, u, 'No file was received for this upload: send its bytes to the signed_url before completing') };
  }
  if (size !== u.declaredSize) {
    return { result: await failUpload(deps, u, `The stored file has ${size} bytes but ${u.declaredSize} were announced`) };
  }
  const file = await deps.db.transaction(async (tx) => {
    const [closed] = await tx
      .update(uploads)
      .set({ status: 'completed', bytesReceived: size, completedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(uploads.id, u.id), inArray(uploads.status, ['pending', 'uploaded'])))
      .returning();
    if (!closed) return null;
    const [row] = await tx
      .insert(files)
      .values({
        id: u.id,
        userId: u.userId,
        uploadSessionId: u.sessionId,
        filename: u.filename,
        fileType: u.fileType,
        mimeType: u.mimeType,
        fileSize: size,
        storageKey: u.storageKey,
        sha256: u.sha256,
        estimatedPages: u.estimatedPages,
      })
      .returning();
    return row!;
  });
  if (!file) {
    // a PUT claimed it in the meantime
    const [current] = await deps.db.select().from(uploads).where(eq(uploads.id, u.id));
    return storeUpload(deps, current!);
  }
  await deps.publish(u.userId, {
    event: 'upload_complete',
    message: `Upload complete: ${u.filename}`,
    ...uploadFields(u),
    file_id: file.id,
  });
  return { file };
}
