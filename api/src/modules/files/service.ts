// Files: listing, reading, deleting (bytes too), statistics, quota usage and orphan cleanup.
// Every query is scoped to the caller's user id; another user's file is "not found".
import { and, asc, count, eq, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CleanupResponse, DatasetRef, FileInfo, FileSortColumn, FileStatistics, FileType, SortOrder } from '@quarry/shared/schemas';
import type { Db, DbOrTx } from '../../db';
import { datasetFiles, datasets, files, uploads, users, type FileRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { containsPattern } from '../../lib/list-query';
import { getOwnRow } from '../../lib/own-rows';
import { iso, isoStrict } from '../../lib/time';
import { userPrefix, type BlobStore } from '../../storage';

/** How long after its URL expired a prepared upload may still be completed (S3 PUTs started in time). */
export const COMPLETE_GRACE_MS = 3600 * 1000;
/** Received (local PUT done) but never completed uploads are expired by cleanup after this. */
export const UPLOADED_RETENTION_MS = 24 * 3600 * 1000;

/** Pages a file counts for: actual when valid, estimated while pending, 0 when invalid. */
export const pageCountSql = sql<number>`(case when ${files.isValid} is false then 0 else coalesce(${files.actualPages}, ${files.estimatedPages}) end)`;

export const pageCountOf = (row: Pick<FileRow, 'isValid' | 'actualPages' | 'estimatedPages'>): number =>
  row.isValid === false ? 0 : (row.actualPages ?? row.estimatedPages);

export function toFile(row: FileRow): FileInfo {
  return {
    id: row.id,
    filename: row.filename,
    file_size: row.fileSize,
    mime_type: row.mimeType,
    file_type: row.fileType as FileType,
    estimated_pages: row.estimatedPages,
    actual_pages: row.actualPages,
    page_count: pageCountOf(row),
    is_valid: row.isValid,
    error_message: row.errorMessage,
    upload_session_id: row.uploadSessionId,
    sha256: row.sha256,
    created_at: isoStrict(row.createdAt),
    updated_at: isoStrict(row.updatedAt),
    validated_at: iso(row.validatedAt),
  };
}

/**
 * Runs a transaction again when PostgreSQL aborted it as a deadlock victim or for a
 * serialization failure (40P01 / 40001): the caller gets an answer, not a 500.
 */
export async function retryOnDeadlock<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      let e: unknown = err;
      let code: string | undefined;
      for (let k = 0; k < 4 && e && !code; k++) {
        const c = (e as { code?: unknown }).code;
        if (typeof c === 'string') code = c;
        e = (e as { cause?: unknown }).cause;
      }
      if (i >= attempts || (code !== '40P01' && code !== '40001')) throw err;
      await new Promise((r) => setTimeout(r, 10 * i + Math.random() * 20));
    }
  }
}

/** The caller's file, or 404. */
export async function getOwnFile(db: DbOrTx, userId: string, id: string): Promise<FileRow> {
  return getOwnRow(db, files, userId, id, 'File not found');
}

type ListVariant = { includeFailed: boolean; search: boolean; sort: FileSortColumn; order: SortOrder };

/** ORDER BY of a file page over the `matched` columns (`p` = '' or 'p.'); ties broken by id, same direction. */
const FILE_ORDER: Record<FileSortColumn, (p: string) => string> = {
  created_at: (p) => `${p}created_at`,
  // people read names without case: "b.pdf" sorts between "A.pdf" and "C.pdf"
  filename: (p) => `lower(${p}filename)`,
  file_size: (p) => `${p}file_size`,
  page_count: (p) => `${p}page_count`,
};
const fileOrderBy = (v: Pick<ListVariant, 'sort' | 'order'>, p: string): SQL => {
  const dir = v.order === 'asc' ? 'asc' : 'desc';
  return sql.raw(`${FILE_ORDER[v.sort](p)} ${dir}, ${p}id ${dir}`);
};

/**
 * A timestamp as `Date.prototype.toISOString()` writes it (UTC, milliseconds, `Z`), in SQL.
 * PostgreSQL keeps microseconds; a JS Date drops the digits past the millisecond, so does
 * date_trunc (no rounding).
 */
export const isoSqlOf = (column: string): string =>
  `to_char(date_trunc('milliseconds', ${column} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The select list of a file as the API answers it (the keys of toFile, in its order, then
 * reviewed_at), from the files row `f` and the file_reviews row `r` (both may be one alias):
 * `row_to_json` of it is the presenter's JSON.
 */
export const fileJsonColumns = (f: string, r: string): SQL =>
  sql.raw(
    `${f}.id, ${f}.filename, ${f}.file_size, ${f}.mime_type, ${f}.file_type, ${f}.estimated_pages, ${f}.actual_pages, ` +
      `(case when ${f}.is_valid is false then 0 else coalesce(${f}.actual_pages, ${f}.estimated_pages) end) as page_count, ` +
      `${f}.is_valid, ${f}.error_message, ${f}.upload_session_id, ${f}.sha256, ` +
      `${isoSqlOf(`${f}.created_at`)} as created_at, ${isoSqlOf(`${f}.updated_at`)} as updated_at, ` +
      `${isoSqlOf(`${f}.validated_at`)} as validated_at, ${isoSqlOf(`${r}.reviewed_at`)} as reviewed_at`,
  );

/**
 * The page query of listFilesJson, prepared once per database and filter shape (named
 * statements: PostgreSQL plans them once; planning cost more than running it for 200 rows).
 * One row whatever the page: the totals of all matching files and the page's files as the
 * JSON array the API answers (the keys and values of toFile plus reviewed_at, in the asked order),
 * as text, so that neither driver parses it. Placeholders: user, pattern (with search), limit,
 * offset.
 */
function prepareFilePage(db: Db, v: ListVariant) {
  const user = sql.placeholder('user');
  const filters = sql.join(
    [
      sql`f.user_id = ${user}`,
      ...(v.includeFailed ? [] : [sql`f.is_valid is not false`]),
      ...(v.search ? [sql`f.filename ilike ${sql.placeholder('pattern')}`] : []),
    ],
    sql` and `,
  );
  const listed = sql`(
    with matched as (
      select f.*, r.reviewed_at,
        (case when f.is_valid is false then 0 else coalesce(f.actual_pages, f.estimated_pages) end) as page_count
      from files f
      left join file_reviews r on r.file_id = f.id and r.user_id = ${user}
      where ${filters}
    ),
    page as (
      select * from matched order by ${fileOrderBy(v, '')}
      limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
    )
    select count(*)::int as n,
      coalesce(sum(page_count), 0)::int as pages,
      count(reviewed_at)::int as reviewed,
      (select coalesce(json_agg(j.doc order by ${fileOrderBy(v, 'p.')}), '[]')::text
       from page p cross join lateral (select row_to_json(d) as doc from (select ${fileJsonColumns('p', 'p')}) d) j
      ) as files
    from matched
  ) as listed`;
  return db
    .select({
      n: sql<number>`listed.n`,
      pages: sql<number>`listed.pages`,
      reviewed: sql<number>`listed.reviewed`,
      files: sql<string>`listed.files`,
    })
    .from(listed)
    .prepare(`quarry_file_page_json_${v.includeFailed ? 'all' : 'valid'}${v.search ? '_search' : ''}_${v.sort}_${v.order}`);
}
const filePageQueries = new WeakMap<Db, Map<string, ReturnType<typeof prepareFilePage>>>();
function filePage(db: Db, v: ListVariant) {
  let byVariant = filePageQueries.get(db);
  if (!byVariant) filePageQueries.set(db, (byVariant = new Map()));
  const key = `${v.includeFailed}:${v.search}:${v.sort}:${v.order}`;
  let q = byVariant.get(key);
  if (!q) byVariant.set(key, (q = prepareFilePage(db, v)));
  return q;
}

/**
 * One page of the caller's files, in one query whatever the page (past the end too): the
 * totals of the whole list and the page's files already written as JSON by the database
 * (`filesJson`, an array of FileInfo with reviewed_at, newest first). Reading 16 columns per
 * row into drizzle rows and Dates and writing them again cost about 20 µs a row; the route
 * sends this text as it is.
 */
export async function listFilesJson(
  db: Db,
  userId: string,
  q: {
    offset: number;
    limit: number;
    include_failed: boolean;
    search?: string | undefined;
    sort?: FileSortColumn | undefined;
    order?: SortOrder | undefined;
  },
): Promise<{ filesJson: string; total: number; totalPages: number; reviewedCount: number }> {
  const pattern = q.search ? containsPattern(q.search) : null;
  const variant: ListVariant = {
    includeFailed: q.include_failed,
    search: pattern !== null,
    sort: q.sort ?? 'created_at',
    order: q.order ?? 'desc',
  };
  const [row] = await filePage(db, variant).execute({
    user: userId,
    limit: q.limit,
    offset: q.offset,
    ...(pattern !== null ? { pattern } : {}),
  });
  return { filesJson: row?.files ?? '[]', total: row?.n ?? 0, totalPages: row?.pages ?? 0, reviewedCount: row?.reviewed ?? 0 };
}

/** Datasets holding a file (deleted datasets included, marked by their status). */
export async function datasetsOfFile(db: DbOrTx, fileId: string): Promise<DatasetRef[]> {
  const rows = await db
    .select({ id: datasets.id, name: datasets.name, status: datasets.status, addedAt: datasetFiles.addedAt })
    .from(datasetFiles)
    .innerJoin(datasets, eq(datasets.id, datasetFiles.datasetId))
    .where(eq(datasetFiles.fileId, fileId))
    .orderBy(asc(datasets.name), asc(datasets.id));
  return rows.map((r) => ({ id: r.id, name: r.name, status: r.status as DatasetRef['status'], added_at: isoStrict(r.addedAt) }));
}

/**
 * Deletes a file: the row first (with its dataset memberships), then the bytes. A crash in
 * between leaves an orphaned blob (cleanup-orphaned removes it), never a row without bytes.
 * Without `force`, a file in an active or archived dataset is refused (409).
 */
export async function deleteFile(
  db: Db,
  storage: BlobStore,
  userId: string,
  id: string,
  force: boolean,
): Promise<{ row: FileRow; removedFrom: { id: string; name: string }[] }> {
  const result = await retryOnDeadlock(() => db.transaction(async (tx) => {
    // row lock: concurrent deletes and dataset additions of this file wait for us
    const [row] = await tx
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.userId, userId)))
      .for('update');
    if (!row) throw notFound('File not found');
    const live = await tx
      .select({ id: datasets.id, name: datasets.name })
      .from(datasetFiles)
      .innerJoin(datasets, eq(datasets.id, datasetFiles.datasetId))
      .where(and(eq(datasetFiles.fileId, id), ne(datasets.status, 'deleted')))
      .orderBy(asc(datasets.name));
    if (live.length > 0 && !force) {
      const names = live.map((d) => `"${d.name}"`).join(', ');
      throw conflict(
        `File "${row.filename}" is in ${live.length === 1 ? 'dataset' : `${live.length} datasets`} ${names}. ` +
          'Remove it from the datasets first, or delete it with force=true to remove it from all datasets.',
      );
    }
    // one row at a time in id order: concurrent deletes lock datasets in the same order
    for (const d of [...live].sort((a, b) => (a.id < b.id ? -1 : 1))) {
      await tx.update(datasets).set({ updatedAt: new Date() }).where(eq(datasets.id, d.id));
    }
    await tx.delete(files).where(eq(files.id, id)); // dataset_files rows cascade
    return { row, removedFrom: live };
  }));
  await storage.delete(result.row.storageKey).catch(() => undefined); // an orphan at worst; cleanup removes it
  return result;
}

// ------------------------------------------------------------------ usage / quotas

export interface Usage {
  fileCount: number;
  pageCount: number;
  storageBytes: number;
}

/** Usage from stored files only (what users/me/resource-limits reports). */
export async function storedUsage(db: DbOrTx, userId: string): Promise<Usage> {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      pages: sql<number>`coalesce(sum(${pageCountSql}), 0)::bigint`,
      bytes: sql<number>`coalesce(sum(${files.fileSize}), 0)::bigint`,
    })
    .from(files)
    .where(eq(files.userId, userId));
  return { fileCount: Number(row?.n ?? 0), pageCount: Number(row?.pages ?? 0), storageBytes: Number(row?.bytes ?? 0) };
}

/** An upload holds its quota while being received, once received, or while its URL (plus grace) is valid. */
export const activeReservation = (now: Date): SQL =>
  or(
    inArray(uploads.status, ['uploading', 'uploaded']),
    and(eq(uploads.status, 'pending'), sql`${uploads.expiresAt} > ${new Date(now.getTime() - COMPLETE_GRACE_MS)}`),
  )!;

/** Files, pages and bytes announced by uploads not completed yet. */
export async function reservedUsage(db: DbOrTx, userId: string, now = new Date()): Promise<Usage> {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      pages: sql<number>`coalesce(sum(${uploads.estimatedPages}), 0)::bigint`,
      bytes: sql<number>`coalesce(sum(${uploads.declaredSize}), 0)::bigint`,
    })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), activeReservation(now)));
  return { fileCount: Number(row?.n ?? 0), pageCount: Number(row?.pages ?? 0), storageBytes: Number(row?.bytes ?? 0) };
}

/** Takes the per-user lock that serialises quota decisions (prepare-upload, page re-checks). */
export async function lockUser(tx: DbOrTx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export const bytesToMb = (bytes: number): number => Math.ceil((bytes / 1_048_576) * 100) / 100;

// ------------------------------------------------------------------ statistics

export async function fileStatistics(db: Db, userId: string): Promise<FileStatistics> {
  const [agg] = await db
    .select({
      total: sql<number>`count(*)::int`,
      valid: sql<number>`count(*) filter (where ${files.isValid} is true)::int`,
      invalid: sql<number>`count(*) filter (where ${files.isValid} is false)::int`,
      pending: sql<number>`count(*) filter (where ${files.isValid} is null)::int`,
      pages: sql<number>`coalesce(sum(${pageCountSql}), 0)::bigint`,
      bytes: sql<number>`coalesce(sum(${files.fileSize}), 0)::bigint`,
      oldest: sql<Date | null>`min(${files.createdAt})`,
      newest: sql<Date | null>`max(${files.createdAt})`,
    })
    .from(files)
    .where(eq(files.userId, userId));
  const byType = await db
    .select({
      type: files.fileType,
      n: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${files.fileSize}), 0)::bigint`,
      pages: sql<number>`coalesce(sum(${pageCountSql}), 0)::bigint`,
    })
    .from(files)
    .where(eq(files.userId, userId))
    .groupBy(files.fileType);
  const [inDatasets] = await db
    .select({ n: sql<number>`count(distinct ${datasetFiles.fileId})::int` })
    .from(datasetFiles)
    .innerJoin(files, eq(files.id, datasetFiles.fileId))
    .innerJoin(datasets, eq(datasets.id, datasetFiles.datasetId))
    .where(and(eq(files.userId, userId), ne(datasets.status, 'deleted')));
  const reserved = await reservedUsage(db, userId);
  const toDate = (v: Date | string | null | undefined) => (v ? new Date(v) : null);
  const bytes = Number(agg?.bytes ?? 0);
  return {
    total_files: agg?.total ?? 0,
    valid_files: agg?.valid ?? 0,
    invalid_files: agg?.invalid ?? 0,
    pending_files: agg?.pending ?? 0,
    total_pages: Number(agg?.pages ?? 0),
    total_size_bytes: bytes,
    total_size_mb: bytesToMb(bytes),
    by_type: Object.fromEntries(byType.map((t) => [t.type, { count: t.n, size_bytes: Number(t.bytes), pages: Number(t.pages) }])),
    files_in_datasets: inDatasets?.n ?? 0,
    pending_uploads: reserved.fileCount,
    oldest_file_at: iso(toDate(agg?.oldest)),
    newest_file_at: iso(toDate(agg?.newest)),
  };
}

// ------------------------------------------------------------------ cleanup

export interface CleanupDeps {
  db: Db;
  storage: BlobStore;
  /** re-checks files whose validation never finished (crash during complete) */
  revalidate: (row: FileRow) => Promise<boolean | null>;
}

/** a file still unchecked after this was interrupted */
const PENDING_STALE_MS = 10 * 60 * 1000;

/**
 * Finds (and with dry_run=false repairs) what a crash can leave behind, for one user:
 * blobs no row refers to, file rows whose bytes are gone, uploads past their time, and files
 * whose validation never finished.
 */
export async function cleanupOrphaned(deps: CleanupDeps, userId: string, dryRun: boolean): Promise<CleanupResponse> {
  const { db, storage } = deps;
  const now = new Date();

  // 1. uploads past their time: pending/uploading after URL expiry + grace, uploaded after the retention
  const expired = await db
    .select({ id: uploads.id, filename: uploads.filename, storageKey: uploads.storageKey, status: uploads.status })
    .from(uploads)
    .where(
      and(
        eq(uploads.userId, userId),
        or(
          and(inArray(uploads.status, ['pending', 'uploading']), lt(uploads.expiresAt, new Date(now.getTime() - COMPLETE_GRACE_MS))),
          and(eq(uploads.status, 'uploaded'), lt(uploads.expiresAt, new Date(now.getTime() - UPLOADED_RETENTION_MS))),
        ),
      ),
    );
  if (!dryRun) {
    for (const u of expired) {
      const [marked] = await db
        .update(uploads)
        .set({ status: 'expired', errorMessage: 'The upload expired before it was completed', updatedAt: now })
        .where(and(eq(uploads.id, u.id), eq(uploads.status, u.status)))
        .returning({ id: uploads.id });
      if (marked) await storage.delete(u.storageKey);
    }
  }

  // 2. blobs nobody refers to. Live uploads are read before files: an upload turns into a
  //    file in one transaction, so a blob is always in one of the two snapshots.
  const expiredIds = new Set(expired.map((u) => u.id));
  const expiredKeys = new Set(expired.map((u) => u.storageKey));
  const liveUploadKeysOf = async () =>
    new Set(
      (
        await db
          .select({ id: uploads.id, key: uploads.storageKey })
          .from(uploads)
          .where(and(eq(uploads.userId, userId), inArray(uploads.status, ['pending', 'uploading', 'uploaded'])))
      )
        .filter((u) => !expiredIds.has(u.id))
        .map((u) => u.key),
    );
  const liveUploadKeys = await liveUploadKeysOf();
  const fileKeys = new Set(
    (await db.select({ key: files.storageKey }).from(files).where(eq(files.userId, userId))).map((r) => r.key),
  );
  const orphans: CleanupResponse['orphaned_blobs'] = [];
  const present = new Set<string>();
  for await (const blob of storage.list(userPrefix(userId))) {
    present.add(blob.key);
    // expired uploads' bytes are reported (and deleted) with the uploads
    if (fileKeys.has(blob.key) || liveUploadKeys.has(blob.key) || expiredKeys.has(blob.key)) continue;
    orphans.push({ key: blob.key, size: blob.size, last_modified: iso(blob.lastModified) });
  }
  if (!dryRun && orphans.length > 0) {
    // re-check right before deleting: an upload may have been prepared or completed since
    const live = await liveUploadKeysOf();
    for (const o of orphans) {
      if (live.has(o.key)) continue;
      const [f] = await db.select({ id: files.id }).from(files).where(eq(files.storageKey, o.key));
      if (!f) await storage.delete(o.key);
    }
  }

  // 3. file rows whose bytes are gone
  const rows = await db.select().from(files).where(eq(files.userId, userId)).orderBy(asc(files.createdAt));
  const missing = rows.filter((r) => !present.has(r.storageKey));
  const confirmedMissing: FileRow[] = [];
  for (const r of missing) if ((await storage.size(r.storageKey)) === null) confirmedMissing.push(r);
  if (!dryRun && confirmedMissing.length > 0) {
    await db.delete(files).where(and(eq(files.userId, userId), inArray(files.id, confirmedMissing.map((r) => r.id))));
  }

  // 4. files whose validation was interrupted
  const stale = rows.filter(
    (r) => r.isValid === null && now.getTime() - r.createdAt.getTime() > PENDING_STALE_MS && !confirmedMissing.includes(r),
  );
  const revalidated: CleanupResponse['revalidated_files'] = [];
  for (const r of stale) {
    revalidated.push({ id: r.id, filename: r.filename, is_valid: dryRun ? null : await deps.revalidate(r) });
  }

  const orphanedBytes = orphans.reduce((n, o) => n + o.size, 0);
  const parts = [
    `${orphans.length} orphaned blob${orphans.length === 1 ? '' : 's'} (${orphanedBytes} bytes)`,
    `${confirmedMissing.length} file${confirmedMissing.length === 1 ? '' : 's'} without bytes`,
    `${expired.length} expired upload${expired.length === 1 ? '' : 's'}`,
    `${stale.length} unchecked file${stale.length === 1 ? '' : 's'}`,
  ];
  return {
    dry_run: dryRun,
    orphaned_blobs: orphans,
    orphaned_bytes: orphanedBytes,
    missing_files: confirmedMissing.map((r) => ({ id: r.id, filename: r.filename })),
    expired_uploads: expired.map((u) => ({ id: u.id, filename: u.filename })),
    revalidated_files: revalidated,
    message: dryRun ? `Dry run: found ${parts.join(', ')}. Nothing was changed.` : `Cleaned up ${parts.join(', ')}.`,
  };
}

// ------------------------------------------------------------------ misc

/** Files of the user among `ids` (missing or foreign ids are reported by the caller). */
export async function ownFilesAmong(db: DbOrTx, userId: string, ids: string[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(files).where(and(eq(files.userId, userId), inArray(files.id, ids)));
}

export async function countFiles(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(files).where(eq(files.userId, userId));
  return Number(row?.n ?? 0);
}
