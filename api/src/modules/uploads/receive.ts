// Step 2 of an upload with the local storage driver: the PUT of the raw bytes to the signed
// URL. The bytes go to a temporary file renamed into place only when exactly the announced
// number arrived; if the upload was closed meanwhile, what was stored is deleted.
import type { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import { uploads, type UploadRow } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { BlobSizeMismatchError, BlobTooLargeError } from '../../storage';
import type { UploadDeps } from './deps';
import { bareMime, contentTypeAccepted } from './file-types';

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
