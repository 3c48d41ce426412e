// Quotas of a batch (docs/product/files-and-datasets.md): the limits (resource types' defaults), what the user has
// stored and reserved, and the clear message that refuses a batch over any of them.
import { inArray } from 'drizzle-orm';
import type { QuotaInfo } from '@quarry/shared/schemas';
import type { DbOrTx, Tx } from '../../db';
import { resourceTypes } from '../../db/schema';
import { reservedUsage, storedUsage } from '../files/service';

export interface Limits {
  maxFiles: number | null;
  maxPages: number | null;
  maxStorageBytes: number | null;
}

export const mb = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MB`;

export async function quotaLimits(db: DbOrTx): Promise<Limits> {
  const rows = await db
    .select({ name: resourceTypes.name, limit: resourceTypes.defaultLimit })
    .from(resourceTypes)
    .where(inArray(resourceTypes.name, ['max_file_count', 'max_pages', 'storage_used']));
  const of = (name: string) => rows.find((r) => r.name === name)?.limit ?? null;
  const storage = of('storage_used');
  return { maxFiles: of('max_file_count'), maxPages: of('max_pages'), maxStorageBytes: storage === null ? null : storage * 1_048_576 };
}

export interface BatchRequest {
  files: number;
  pages: number;
  bytes: number;
}

/**
 * The quota figures of a batch and, when it goes over a limit, the message that refuses it.
 * Run under the user's lock: uploads not completed yet count as used (their reservations).
 */
export async function checkBatchQuota(
  tx: Tx,
  userId: string,
  now: Date,
  batch: BatchRequest,
): Promise<{ quotaInfo: QuotaInfo; refusal: string | null }> {
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
    requested_file_count: batch.files,
    requested_page_count: batch.pages,
    requested_storage_bytes: batch.bytes,
  };
  const problems: string[] = [];
  const inFlight = (n: number) => (n > 0 ? ` (${n} of them in uploads not completed yet)` : '');
  if (limits.maxFiles !== null && quotaInfo.current_file_count + batch.files > limits.maxFiles) {
    problems.push(
      `Quota exceeded (max_file_count): you have ${quotaInfo.current_file_count} files${inFlight(reserved.fileCount)} ` +
        `and this batch adds ${batch.files}; the limit is ${limits.maxFiles} files.`,
    );
  }
  if (limits.maxPages !== null && quotaInfo.current_page_count + batch.pages > limits.maxPages) {
    problems.push(
      `Quota exceeded (max_pages): you have ${quotaInfo.current_page_count} pages${inFlight(reserved.pageCount)} ` +
        `and this batch adds an estimated ${batch.pages}; the limit is ${limits.maxPages} pages.`,
    );
  }
  if (limits.maxStorageBytes !== null && quotaInfo.current_storage_bytes + batch.bytes > limits.maxStorageBytes) {
    problems.push(
      `Quota exceeded (storage_used): you use ${mb(quotaInfo.current_storage_bytes)} and this batch adds ${mb(batch.bytes)}; ` +
        `the limit is ${mb(limits.maxStorageBytes)}.`,
    );
  }
  return { quotaInfo, refusal: problems.length > 0 ? problems.join(' ') : null };
}
