// Upload flow (spec 2 §4, §7): prepare (types, quotas, reservations, signed URLs) -> PUT of
// the raw bytes to the signed URL -> complete (bytes checked, file rows, validation, events).
//
// Bytes and rows never drift apart:
//   - prepare stores no bytes and no file rows, only the reservation (uploads rows);
//   - a local PUT writes to a temporary file and renames it into place only when exactly the
//     announced number of bytes arrived, then marks the upload received; if the upload was
//     closed meanwhile, the PUT deletes what it stored;
//   - complete creates a file row only after checking the stored size, in the same
//     transaction that closes the upload; validation then only updates that row;
//   - a crash between storing bytes and recording them leaves a blob that only an open or
//     expired upload refers to: files/cleanup-orphaned (and upload expiry) removes it.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import {
  PDF_BYTES_PER_ESTIMATED_PAGE,
} from '@quarry/shared/constants';
import type {
  CompleteUploadResponse,
  FileType,
  PrepareUploadFile,
  PrepareUploadResponse,
  QuotaInfo,
  UploadResult,
} from '@quarry/shared/schemas';
import type { Db } from '../../db';
import { files, resourceTypes, uploadSessions, uploads, type FileRow, type UploadRow, type UploadSessionRow } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { isoStrict } from '../../lib/time';
import type { OutgoingMessage } from '../../realtime/hub';
import { blobKey, BlobNotFoundError, BlobSizeMismatchError, BlobTooLargeError, type BlobStore } from '../../storage';
import { COMPLETE_GRACE_MS, lockUser, pageCountSql, reservedUsage, storedUsage } from '../files/service';
import type { FileValidator } from '../files/validation';

export interface UploadDeps {
  db: Db;
  storage: BlobStore;
  validator: FileValidator;
  publish: (userId: string, message: OutgoingMessage) => Promise<void>;
  urlTtlSeconds: number;
  maxUploadBytes: number;
}

// ------------------------------------------------------------------ types

interface TypeInfo {
  exts: string[];
  mimes: string[];
  canonical: string;
}

export const FILE_TYPE_INFO: Record<FileType, TypeInfo> = {
  pdf: { exts: ['pdf'], mimes: ['application/pdf', 'application/x-pdf', 'application/acrobat'], canonical: 'application/pdf' },
  jpeg: { exts: ['jpg', 'jpeg'], mimes: ['image/jpeg', 'image/jpg', 'image/pjpeg'], canonical: 'image/jpeg' },
  png: { exts: ['png'], mimes: ['image/png', 'image/x-png'], canonical: 'image/png' },
  gif: { exts: ['gif'], mimes: ['image/gif'], canonical: 'image/gif' },
  bmp: { exts: ['bmp'], mimes: ['image/bmp', 'image/x-bmp', 'image/x-ms-bmp'], canonical: 'image/bmp' },
  // spec 2 §5 lists "tiff"; ".tif" is the same format
  tiff: { exts: ['tiff', 'tif'], mimes: ['image/tiff', 'image/tif', 'image/x-tiff'], canonical: 'image/tiff' },
};
const GENERIC_MIMES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);
const TYPES = Object.keys(FILE_TYPE_INFO) as FileType[];

const typeByExt = (ext: string): FileType | null => TYPES.find((t) => FILE_TYPE_INFO[t].exts.includes(ext)) ?? null;
const typeByMime = (mime: string): FileType | null => TYPES.find((t) => FILE_TYPE_INFO[t].mimes.includes(mime)) ?? null;
const bareMime = (m: string | undefined): string => (m ?? '').split(';')[0]!.trim().toLowerCase();

export type Classification =
  | { kind: 'ok'; fileType: FileType; mimeType: string; contentType: string }
  | { kind: 'unsupported' }
  | { kind: 'mismatch'; extType: FileType; mime: string };

/** The type of an announced file, from its name and MIME type (spec 2 §5). */
export function classify(filename: string, mimeType: string): Classification {
  const mime = bareMime(mimeType);
  const dot = filename.lastIndexOf('.');
  const ext = dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
  const extType = ext ? typeByExt(ext) : null;
  const mimeType_ = GENERIC_MIMES.has(mime) ? null : typeByMime(mime);
  const contentType = GENERIC_MIMES.has(mime) ? 'application/octet-stream' : mime;
  if (ext && !extType) return { kind: 'unsupported' };
  if (!extType) {
    // no extension: the MIME type decides
    if (!mimeType_) return { kind: 'unsupported' };
    return { kind: 'ok', fileType: mimeType_, mimeType: FILE_TYPE_INFO[mimeType_].canonical, contentType };
  }
  if (!GENERIC_MIMES.has(mime) && mimeType_ !== extType) return { kind: 'mismatch', extType, mime };
  return { kind: 'ok', fileType: extType, mimeType: FILE_TYPE_INFO[extType].canonical, contentType };
}

/** May a PUT with this Content-Type deliver this upload? */
export function contentTypeAccepted(upload: Pick<UploadRow, 'fileType' | 'contentType'>, header: string | undefined): boolean {
  const sent = bareMime(header);
  if (sent === upload.contentType) return true;
  if (GENERIC_MIMES.has(sent) && sent !== '') return GENERIC_MIMES.has(upload.contentType);
  return FILE_TYPE_INFO[upload.fileType as FileType]?.mimes.includes(sent) ?? false;
}

/** spec 2 §9: PDFs max(1, ceil(size / 100000)); images 1. */
export const estimatePages = (fileType: FileType, size: number): number =>
  fileType === 'pdf' ? Math.max(1, Math.ceil(size / PDF_BYTES_PER_ESTIMATED_PAGE)) : 1;

const mb = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MB`;

// ------------------------------------------------------------------ quotas

export interface Limits {
  maxFiles: number | null;
  maxPages: number | null;
  maxStorageBytes: number | null;
}

export async function quotaLimits(db: Db | Parameters<Parameters<Db['transaction']>[0]>[0]): Promise<Limits> {
  const rows = await db
    .select({ name: resourceTypes.name, limit: resourceTypes.defaultLimit })
    .from(resourceTypes)
    .where(inArray(resourceTypes.name, ['max_file_count', 'max_pages', 'storage_used']));
  const of = (name: string) => rows.find((r) => r.name === name)?.limit ?? null;
  const storage = of('storage_used');
  return { maxFiles: of('max_file_count'), maxPages: of('max_pages'), maxStorageBytes: storage === null ? null : storage * 1_048_576 };
}

// ------------------------------------------------------------------ prepare

export type PrepareOutcome =
  | { ok: true; response: PrepareUploadResponse }
  | { ok: false; status: 400 | 403 | 413; message: string; quotaInfo: QuotaInfo | null };

type PrepareFile = Required<Pick<PrepareUploadFile, 'filename' | 'size'>> & { mime_type: string };

export async function prepareUpload(deps: UploadDeps, userId: string, input: PrepareFile[], baseUrl: string): Promise<PrepareOutcome> {
  // 1. types, by name and MIME type
  const classified = input.map((f) => ({ f, c: classify(f.filename, f.mime_type) }));
  const unsupported = classified.filter((x) => x.c.kind === 'unsupported').map((x) => x.f.filename);
  if (unsupported.length > 0) {
    return { ok: false, status: 400, message: `Unsupported file types: ${unsupported.join(', ')}`, quotaInfo: null };
  }
  const mismatched = classified.filter((x) => x.c.kind === 'mismatch');
  if (mismatched.length > 0) {
    const list = mismatched
      .map((x) => `${x.f.filename} (${x.f.mime_type} is not a ${(x.c as { extType: FileType }).extType.toUpperCase()} type)`)
      .join(', ');
    return { ok: false, status: 400, message: `File type does not match the file name: ${list}`, quotaInfo: null };
  }
  const tooLarge = input.filter((f) => f.size > deps.maxUploadBytes);
  if (tooLarge.length > 0) {
    return {
      ok: false,
      status: 413,
      message: `File too large: ${tooLarge.map((f) => `${f.filename} (${mb(f.size)})`).join(', ')}; the largest file accepted is ${mb(deps.maxUploadBytes)}`,
      quotaInfo: null,
    };
  }
  const files_ = classified.map(({ f, c }) => {
    const ok = c as Extract<Classification, { kind: 'ok' }>;
    return { ...f, ...ok, estimatedPages: estimatePages(ok.fileType, f.size) };
  });
  const requestedPages = files_.reduce((n, f) => n + f.estimatedPages, 0);
  const requestedBytes = files_.reduce((n, f) => n + f.size, 0);

  // 2. quotas and the reservation, under the user's lock (concurrent prepares queue here)
  const now = new Date();
  const expiresAt = new Date(now.getTime() + deps.urlTtlSeconds * 1000);
  const decided = await deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    // One connection serves a transaction: its queries run one after the other anyway.
    const stored = await storedUsage(tx, userId);
    const reserved = await reservedUsage(tx, userId, now);
    const limits = await quotaLimits(tx);
    const quotaInfo: QuotaInfo = {
      current_file_count: stored.fileCount + reserved.fileCount,
      max_file_count: limits.maxFiles,
      current_page_count: stored.pageCount + reserved.pageCount,
      max_page_count: limits.maxPages,
      current_storage_bytes: stored.storageBytes + reserved.storageBytes,
      max_storage_bytes: limits.maxStorageBytes,
      requested_file_count: files_.length,
      requested_page_count: requestedPages,
      requested_storage_bytes: requestedBytes,
    };
    const problems: string[] = [];
    const inFlight = (n: number) => (n > 0 ? ` (${n} of them in uploads not completed yet)` : '');
    if (limits.maxFiles !== null && quotaInfo.current_file_count + files_.length > limits.maxFiles) {
      problems.push(
        `Quota exceeded (max_file_count): you have ${quotaInfo.current_file_count} files${inFlight(reserved.fileCount)} ` +
          `and this batch adds ${files_.length}; the limit is ${limits.maxFiles} files.`,
      );
    }
    if (limits.maxPages !== null && quotaInfo.current_page_count + requestedPages > limits.maxPages) {
      problems.push(
        `Quota exceeded (max_pages): you have ${quotaInfo.current_page_count} pages${inFlight(reserved.pageCount)} ` +
          `and this batch adds an estimated ${requestedPages}; the limit is ${limits.maxPages} pages.`,
      );
    }
    if (limits.maxStorageBytes !== null && quotaInfo.current_storage_bytes + requestedBytes > limits.maxStorageBytes) {
      problems.push(
        `Quota exceeded (storage_used): you use ${mb(quotaInfo.current_storage_bytes)} and this batch adds ${mb(requestedBytes)}; ` +
          `the limit is ${mb(limits.maxStorageBytes)}.`,
      );
    }
    if (problems.length > 0) return { ok: false as const, message: problems.join(' '), quotaInfo };
    const [session] = await tx
      .insert(uploadSessions)
      .values({ userId, status: 'open', fileCount: files_.length, expiresAt })
      .returning();
    const rows = await tx
      .insert(uploads)
      .values(
        files_.map((f) => {
          const id = randomUUID();
          return {
            id,
            sessionId: session!.id,
            userId,
            filename: f.filename,
            fileType: f.fileType,
            mimeType: f.mimeType,
            contentType: f.contentType,
            declaredSize: f.size,
            estimatedPages: f.estimatedPages,
            storageKey: blobKey(userId, id),
            expiresAt,
          };
        }),
      )
      .returning();
    return { ok: true as const, session: session!, rows, quotaInfo };
  });
  if (!decided.ok) return { ok: false, status: 403, message: decided.message, quotaInfo: decided.quotaInfo };

  // 3. signed URLs (keep the caller's order)
  const prepared = await Promise.all(
    decided.rows.map(async (u) => {
      const signed = await deps.storage.signedUploadUrl({
        key: u.storageKey,
        uploadId: u.id,
        contentType: u.contentType,
        size: u.declaredSize,
        expiresAt,
        baseUrl,
      });
      return {
        upload_id: u.id,
        filename: u.filename,
        size: u.declaredSize,
        file_type: u.fileType as FileType,
        mime_type: u.mimeType,
        estimated_pages: u.estimatedPages,
        signed_url: signed.url,
        method: 'PUT' as const,
        headers: signed.headers,
        expires_at: isoStrict(expiresAt),
      };
    }),
  );
  for (const u of decided.rows) {
    await deps.publish(userId, {
      event: 'upload_started',
      message: `Upload started: ${u.filename}`,
      ...uploadFields(u),
    });
  }
  return {
    ok: true,
    response: {
      success: true,
      error_message: null,
      upload_session_id: decided.session.id,
      expires_at: isoStrict(expiresAt),
      uploads: prepared,
      quota_info: decided.quotaInfo,
    },
  };
}

const uploadFields = (u: UploadRow) => ({
  upload_id: u.id,
  upload_session_id: u.sessionId,
  filename: u.filename,
  file_size: u.declaredSize,
  mime_type: u.mimeType,
  file_type: u.fileType,
  estimated_pages: u.estimatedPages,
});

// ------------------------------------------------------------------ PUT (local driver)

export interface ReceiveRequest {
  uploadId: string;
  expires: number;
  signature: string;
  contentType: string | undefined;
  contentLength: number | null;
  body: Readable;
}

/** Receives the raw bytes of an upload (local driver). Errors are HttpErrors with a clear detail. */
export async function receiveBlob(
  deps: UploadDeps,
  verify: (u: UploadRow, expires: number, signature: string) => boolean,
  req: ReceiveRequest,
): Promise<{ upload: UploadRow; size: number; sha256: string }> {
  const [u] = await deps.db.select().from(uploads).where(eq(uploads.id, req.uploadId));
  if (!u) throw notFound('Upload not found');
  if (!verify(u, req.expires, req.signature)) throw new HttpError(403, 'Invalid upload signature: use the signed_url from prepare-upload unchanged');
  if (Date.now() > req.expires * 1000) throw new HttpError(403, 'This upload URL has expired: prepare the upload again');
  if (!contentTypeAccepted(u, req.contentType)) {
    throw new HttpError(415, `Content-Type must be ${u.contentType} for this upload (got ${req.contentType ? bareMime(req.contentType) : 'none'})`);
  }
  if (req.contentLength !== null && req.contentLength > u.declaredSize) {
    throw new HttpError(413, `The body is ${req.contentLength} bytes but ${u.declaredSize} were announced in prepare-upload`);
  }
  if (req.contentLength !== null && req.contentLength < u.declaredSize) {
    throw new HttpError(400, `The body is ${req.contentLength} bytes but ${u.declaredSize} were announced in prepare-upload`);
  }
  // claim: one body at a time per upload; a repeated PUT before complete replaces the bytes
  const [claimed] = await deps.db
    .update(uploads)
    .set({ status: 'uploading', updatedAt: new Date() })
    .where(and(eq(uploads.id, u.id), inArray(uploads.status, ['pending', 'uploaded'])))
    .returning();
  if (!claimed) {
    const reason =
      u.status === 'uploading'
        ? 'This upload is already being received'
        : u.status === 'completed'
          ? 'This upload has already been completed'
          : `This upload is ${u.status} and accepts no bytes`;
    throw conflict(reason);
  }
  const previous = u.status === 'uploaded' ? 'uploaded' : 'pending';
  let stored: { size: number; sha256: string };
  try {
    stored = await deps.storage.put(u.storageKey, req.body, {
      maxBytes: deps.maxUploadBytes,
      expectedBytes: u.declaredSize,
      contentType: u.mimeType,
    });
  } catch (err) {
    // nothing new was stored (put is atomic); the upload may be sent again
    await deps.db
      .update(uploads)
      .set({ status: previous, updatedAt: new Date() })
      .where(and(eq(uploads.id, u.id), eq(uploads.status, 'uploading')));
    if (err instanceof BlobTooLargeError) {
      throw new HttpError(413, `The body is larger than the ${u.declaredSize} bytes announced in prepare-upload`);
    }
    if (err instanceof BlobSizeMismatchError) {
      throw new HttpError(400, `The body has ${err.received} bytes but ${u.declaredSize} were announced in prepare-upload`);
    }
    throw err;
  }
  const [done] = await deps.db
    .update(uploads)
    .set({ status: 'uploaded', bytesReceived: stored.size, sha256: stored.sha256, uploadedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(uploads.id, u.id), eq(uploads.status, 'uploading')))
    .returning();
  if (!done) {
    // the session was completed (or the upload expired) while the body arrived: nothing refers to these bytes
    await deps.storage.delete(u.storageKey);
    throw conflict('The upload was closed while its body was being received: prepare it again');
  }
  return { upload: done, ...stored };
}

// ------------------------------------------------------------------ complete

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

/**
 * Checks a stored file's bytes and records the verdict on its row (and the upload's snapshot),
 * then publishes validation_passed / validation_failed. Returns the updated row (null when the
 * file was deleted meanwhile). A verdict "unavailable" leaves is_valid null.
 */
export async function validateStoredFile(deps: Pick<UploadDeps, 'db' | 'storage' | 'validator' | 'publish'>, file: FileRow): Promise<FileRow | null> {
  let verdict: Awaited<ReturnType<FileValidator['validate']>>;
  try {
    verdict = await deps.storage.withLocalFile(file.storageKey, (p) =>
      deps.validator.validate({ path: p, fileType: file.fileType as FileType, filename: file.filename, size: file.fileSize }),
    );
  } catch (err) {
    if (!(err instanceof BlobNotFoundError)) throw err;
    verdict = { status: 'invalid', errorMessage: 'The stored bytes of this file are missing' };
  }
  if (verdict.status === 'unavailable') return (await deps.db.select().from(files).where(eq(files.id, file.id)))[0] ?? null;

  const now = new Date();
  const updated = await deps.db.transaction(async (tx) => {
    let isValid = verdict.status === 'valid';
    let errorMessage = verdict.status === 'invalid' ? verdict.errorMessage : null;
    const actualPages = verdict.status === 'valid' ? verdict.actualPages : null;
    if (actualPages !== null && actualPages > file.estimatedPages) {
      // more pages than reserved: the page quota is checked again with the real count
      await lockUser(tx, file.userId);
      const limits = await quotaLimits(tx);
      if (limits.maxPages !== null) {
        const [others] = await tx
          .select({ pages: sql<number>`coalesce(sum(${pageCountSql}), 0)::bigint` })
          .from(files)
          .where(and(eq(files.userId, file.userId), sql`${files.id} <> ${file.id}`));
        const reserved = await reservedUsage(tx, file.userId);
        const used = Number(others?.pages ?? 0) + reserved.pageCount;
        if (used + actualPages > limits.maxPages) {
          isValid = false;
          errorMessage =
            `Quota exceeded (max_pages): this file has ${actualPages} pages and you already have ${used}; ` +
            `the limit is ${limits.maxPages} pages. Delete files or ask an administrator for a higher limit.`;
        }
      }
    }
    const [row] = await tx
      .update(files)
      .set({ isValid, actualPages: isValid ? actualPages : null, errorMessage, validatedAt: now, updatedAt: now })
      .where(eq(files.id, file.id))
      .returning();
    await tx
      .update(uploads)
      .set({ isValid, actualPages: isValid ? actualPages : null, errorMessage, updatedAt: now })
      .where(eq(uploads.id, file.id));
    return row ?? null;
  });
  const fields = {
    file_id: file.id,
    upload_id: file.id,
    upload_session_id: file.uploadSessionId,
    filename: file.filename,
    file_size: file.fileSize,
    mime_type: file.mimeType,
    file_type: file.fileType,
  };
  if (updated?.isValid) {
    await deps.publish(file.userId, {
      event: 'validation_passed',
      message: `${file.filename} is valid (${updated.actualPages} page${updated.actualPages === 1 ? '' : 's'})`,
      ...fields,
      is_valid: true,
      actual_pages: updated.actualPages,
    });
  } else {
    const message = updated?.errorMessage ?? (verdict.status === 'invalid' ? verdict.errorMessage : 'invalid');
    await deps.publish(file.userId, {
      event: 'validation_failed',
      message: `${file.filename} is invalid: ${message}`,
      ...fields,
      is_valid: false,
      error_message: message,
    });
  }
  return updated;
}
