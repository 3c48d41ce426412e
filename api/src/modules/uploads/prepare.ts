// Step 1 of an upload (docs/product/files-and-datasets.md): prepare-upload checks the announced files' types and sizes,
// the user's quotas, reserves them (upload session and uploads rows, no bytes, no file rows)
// and answers a signed URL per file.
import { randomUUID } from 'node:crypto';
import type { FileType, PrepareUploadFile, PrepareUploadResponse, QuotaInfo } from '@quarry/shared/schemas';
import { uploadSessions, uploads } from '../../db/schema';
import { isoStrict } from '../../lib/time';
import { blobKey } from '../../storage';
import { lockUser } from '../files/service';
import type { UploadDeps } from './deps';
import { uploadFields } from './events';
import { classify, estimatePages, type Classification } from './file-types';
import { checkBatchQuota, mb } from './quota';

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
    const { quotaInfo, refusal } = await checkBatchQuota(tx, userId, now, { files: files_.length, pages: requestedPages, bytes: requestedBytes });
    if (refusal !== null) return { ok: false as const, message: refusal, quotaInfo };
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

