// Validation of a stored file (after complete, and again on request): its verdict on the file
// row and the upload's snapshot, the page quota checked again with the real page count.
import { and, eq, sql } from 'drizzle-orm';
import type { FileType } from '@quarry/shared/schemas';
import { files, uploads, type FileRow } from '../../db/schema';
import { BlobNotFoundError } from '../../storage';
import { lockUser, pageCountSql, reservedUsage } from '../files/service';
import type { FileValidator } from '../files/validation';
import type { UploadDeps } from './deps';
import { quotaLimits } from './quota';
import { emitDomainEvent } from '../../lib/domain-events';

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
      .set({
        isValid,
        actualPages: isValid ? actualPages : null,
        textCharsPerPage: isValid && verdict.status === 'valid' ? (verdict.textCharsPerPage ?? null) : null,
        errorMessage,
        validatedAt: now,
        updatedAt: now,
      })
      .where(eq(files.id, file.id))
      .returning();
    await tx
      .update(uploads)
      .set({ isValid, actualPages: isValid ? actualPages : null, errorMessage, updatedAt: now })
      .where(eq(uploads.id, file.id));
    if (row) {
      await emitDomainEvent(tx, {
        type: 'file.validated',
        userId: file.userId,
        subjectId: file.id,
        data: { file_id: file.id, filename: file.filename, file_type: file.fileType, file_size: file.fileSize, is_valid: isValid, actual_pages: row.actualPages, error_message: errorMessage },
      });
    }
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
