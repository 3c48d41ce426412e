// Datasets (docs/product/files-and-datasets.md): named groups of the caller's files. file_count, total_pages and
// total_size are computed from the member files on every read, so they are right whatever
// happens to the files (validated, deleted with force, ...). Status: active -> archived ->
// active; any -> deleted (soft: the row stays, readable, and no longer changes).
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { DATASET_DETAIL_JOBS } from '@quarry/shared/schemas';
import type { Dataset, DatasetDetail, DatasetSortColumn, DatasetStatus, ExportFormat, SortOrder } from '@quarry/shared/schemas';
import type { Db, DbOrTx } from '../../db';
import { datasetFiles, datasets, fileReviews, files, jobs, type DatasetRow, type FileRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { containsPattern } from '../../lib/list-query';
import { iso, isoStrict } from '../../lib/time';
import { datasetScope, evaluate } from '../evaluation/service';
import { fileJsonColumns, isoSqlOf, pageCountSql, retryOnDeadlock, toFile } from '../files/service';

interface Stats {
  fileCount: number;
  totalPages: number;
  totalSize: number;
  /** member files marked Reviewed (docs/review-api.md) */
  reviewed: number;
}

async function statsOf(db: DbOrTx, ids: string[]): Promise<Map<string, Stats>> {
  const out = new Map<string, Stats>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      id: datasetFiles.datasetId,
      n: sql<number>`count(*)::int`,
      pages: sql<number>`coalesce(sum(${pageCountSql}), 0)::bigint`,
      bytes: sql<number>`coalesce(sum(${files.fileSize}), 0)::bigint`,
      reviewed: sql<number>`count(${fileReviews.fileId})::int`,
    })
    .from(datasetFiles)
    .innerJoin(files, eq(files.id, datasetFiles.fileId))
    .leftJoin(fileReviews, eq(fileReviews.fileId, datasetFiles.fileId))
    .where(inArray(datasetFiles.datasetId, ids))
    .groupBy(datasetFiles.datasetId);
  for (const r of rows) out.set(r.id, { fileCount: r.n, totalPages: Number(r.pages), totalSize: Number(r.bytes), reviewed: r.reviewed });
  return out;
}

type MemberFile = FileRow & { reviewedAt: Date | null };

async function filesOf(db: DbOrTx, ids: string[]): Promise<Map<string, MemberFile[]>> {
  const out = new Map<string, MemberFile[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ datasetId: datasetFiles.datasetId, file: files, reviewedAt: fileReviews.reviewedAt })
    .from(datasetFiles)
    .innerJoin(files, eq(files.id, datasetFiles.fileId))
    .leftJoin(fileReviews, eq(fileReviews.fileId, datasetFiles.fileId))
    .where(inArray(datasetFiles.datasetId, ids))
    .orderBy(asc(datasetFiles.addedAt), asc(files.filename));
  for (const r of rows) {
    const list = out.get(r.datasetId) ?? [];
    list.push({ ...r.file, reviewedAt: r.reviewedAt });
    out.set(r.datasetId, list);
  }
  return out;
}

async function present(db: DbOrTx, rows: DatasetRow[], withFiles: boolean): Promise<Dataset[]> {
  const ids = rows.map((r) => r.id);
  // `db` may be a transaction (one connection): ask one query at a time.
  const stats = await statsOf(db, ids);
  const members = withFiles ? await filesOf(db, ids) : new Map<string, MemberFile[]>();
  return rows.map((row) => {
    const s = stats.get(row.id) ?? { fileCount: 0, totalPages: 0, totalSize: 0, reviewed: 0 };
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      status: row.status as DatasetStatus,
      file_count: s.fileCount,
      total_pages: s.totalPages,
      total_size: s.totalSize,
      reviewed_count: s.reviewed,
      created_at: isoStrict(row.createdAt),
      updated_at: isoStrict(row.updatedAt),
      archived_at: iso(row.archivedAt),
      deleted_at: iso(row.deletedAt),
      files: (members.get(row.id) ?? []).map((f) => ({ ...toFile(f), reviewed_at: iso(f.reviewedAt) })),
    };
  });
}

export async function presentDataset(db: DbOrTx, row: DatasetRow): Promise<Dataset> {
  return (await present(db, [row], true))[0]!;
}

async function ownDataset(db: DbOrTx, userId: string, id: string, lock = false): Promise<DatasetRow> {
  const q = db.select().from(datasets).where(and(eq(datasets.id, id), eq(datasets.userId, userId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Dataset not found');
  return row;
}

export async function getDataset(db: Db, userId: string, id: string): Promise<Dataset> {
  return presentDataset(db, await ownDataset(db, userId, id));
}

const EXPORT_LINKS: { format: ExportFormat; label: string }[] = [
  { format: 'json', label: 'JSON' },
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'XLSX' },
];

/**
 * A dataset's page: the dataset and its files, its newest top-level jobs, the downloads of its
 * reviewed records and the evaluation of its newest completed extraction run (what
 * `GET datasets/{id}/evaluation` answers, without the per-field figures).
 */
export async function datasetDetail(db: Db, userId: string, id: string): Promise<DatasetDetail> {
  const dataset = await getDataset(db, userId, id);
  const own = and(eq(jobs.userId, userId), eq(jobs.datasetId, id), isNull(jobs.parentId));
  const rows = await db.select().from(jobs).where(own).orderBy(desc(jobs.createdAt), desc(jobs.id)).limit(DATASET_DETAIL_JOBS);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(own);
  // a deleted dataset stays readable, but nothing is measured on it any more
  const evaluation =
    dataset.status === 'deleted'
      ? { reviewed_files: 0, total_files: dataset.file_count, run: null, overall: null, message: 'This dataset has been deleted' }
      : await evaluate(db, userId, await datasetScope(db, userId, id));
  return {
    ...dataset,
    jobs: rows.map((j) => ({
      id: j.id,
      name: j.name,
      job_type: j.jobType,
      status: j.status,
      progress_percentage: j.progressPercentage,
      created_at: isoStrict(j.createdAt),
      completed_at: iso(j.completedAt),
    })),
    jobs_total: total?.n ?? 0,
    exports: EXPORT_LINKS.map((e) => ({ ...e, path: `datasets/${id}/export?format=${e.format}` })),
    evaluation: {
      reviewed_files: evaluation.reviewed_files,
      total_files: evaluation.total_files,
      run: evaluation.run,
      overall: evaluation.overall,
      message: evaluation.message,
    },
  };
}

/** The caller's files among `ids`, row-locked (FOR SHARE) so none is deleted before the transaction ends. */
async function usableFiles(tx: DbOrTx, userId: string, ids: string[]): Promise<FileRow[]> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select()
    .from(files)
    .where(and(eq(files.userId, userId), inArray(files.id, unique)))
    .for('share');
  const found = new Set(rows.map((r) => r.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) throw notFound(`File${missing.length === 1 ? '' : 's'} not found: ${missing.join(', ')}`);
  const invalid = rows.filter((r) => r.isValid === false);
  if (invalid.length > 0) {
    throw badRequest(`Invalid files cannot be added to a dataset: ${invalid.map((r) => r.filename).join(', ')}`);
  }
  return rows;
}

function assertChangeable(row: DatasetRow, what: 'files' | 'details'): void {
  if (row.status === 'deleted') throw conflict(`Dataset "${row.name}" has been deleted`);
  if (row.status === 'archived' && what === 'files') {
    throw conflict(`Dataset "${row.name}" is archived: unarchive it to change its files`);
  }
}

export async function createDataset(
  db: Db,
  userId: string,
  input: { name: string; description?: string | null | undefined; file_ids: string[] },
): Promise<Dataset> {
  return db.transaction(async (tx) => {
    const chosen = await usableFiles(tx, userId, input.file_ids);
    const [row] = await tx
      .insert(datasets)
      .values({ userId, name: input.name, description: input.description || null })
      .returning();
    await tx.insert(datasetFiles).values(chosen.map((f) => ({ datasetId: row!.id, fileId: f.id })));
    return presentDataset(tx, row!);
  });
}

export async function updateDataset(
  db: Db,
  userId: string,
  id: string,
  patch: { name?: string | undefined; description?: string | null | undefined },
): Promise<Dataset> {
  return db.transaction(async (tx) => {
    const row = await ownDataset(tx, userId, id, true);
    assertChangeable(row, 'details');
    const set: Partial<typeof datasets.$inferInsert> = { updatedAt: new Date() };
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.description !== undefined) set.description = patch.description || null;
    const [updated] = await tx.update(datasets).set(set).where(eq(datasets.id, id)).returning();
    return presentDataset(tx, updated!);
  });
}

export async function addFiles(db: Db, userId: string, id: string, fileIds: string[]) {
  return retryOnDeadlock(() => db.transaction(async (tx) => {
    await ownDataset(tx, userId, id); // 404 first
    // lock order everywhere: files, then datasets (DELETE files/{id} does the same)
    const chosen = await usableFiles(tx, userId, fileIds);
    const row = await ownDataset(tx, userId, id, true);
    assertChangeable(row, 'files');
    const inserted = await tx
      .insert(datasetFiles)
      .values(chosen.map((f) => ({ datasetId: id, fileId: f.id })))
      .onConflictDoNothing()
      .returning({ fileId: datasetFiles.fileId });
    return membershipAnswer(tx, id, fileIds, { added: inserted.map((r) => r.fileId), removed: [] });
  }));
}

/**
 * The dataset after files were added or removed, with which of the `asked` ids changed:
 * updated_at moves only when the membership did.
 */
async function membershipAnswer(tx: DbOrTx, id: string, asked: string[], change: { added: string[]; removed: string[] }) {
  const changed = new Set([...change.added, ...change.removed]);
  if (changed.size > 0) await tx.update(datasets).set({ updatedAt: new Date() }).where(eq(datasets.id, id));
  const [fresh] = await tx.select().from(datasets).where(eq(datasets.id, id));
  return {
    ...(await presentDataset(tx, fresh!)),
    added_file_ids: change.added,
    removed_file_ids: change.removed,
    unchanged_file_ids: [...new Set(asked)].filter((f) => !changed.has(f)),
  };
}

/**
 * Adds what it can of `fileIds` to the dataset and says why it left the others out (another
 * user's or an unknown file, an invalid file, one already in the dataset): the bulk action of
 * the file list. A foreign dataset is a 404 and an archived or deleted one a 409, for all files.
 */
export async function addFilesLenient(
  db: Db,
  userId: string,
  id: string,
  fileIds: string[],
): Promise<{ done: string[]; refused: { id: string; reason: string }[]; dataset: DatasetRow }> {
  return retryOnDeadlock(() => db.transaction(async (tx) => {
    await ownDataset(tx, userId, id); // 404 first
    const unique = [...new Set(fileIds)];
    // lock order everywhere: files, then datasets
    const rows = await tx.select().from(files).where(and(eq(files.userId, userId), inArray(files.id, unique))).for('share');
    const row = await ownDataset(tx, userId, id, true);
    assertChangeable(row, 'files');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const usable = rows.filter((r) => r.isValid !== false).map((r) => r.id);
    const inserted = usable.length
      ? await tx
          .insert(datasetFiles)
          .values(usable.map((fileId) => ({ datasetId: id, fileId })))
          .onConflictDoNothing()
          .returning({ fileId: datasetFiles.fileId })
      : [];
    const added = new Set(inserted.map((r) => r.fileId));
    if (added.size > 0) await tx.update(datasets).set({ updatedAt: new Date() }).where(eq(datasets.id, id));
    const refused = unique
      .filter((f) => !added.has(f))
      .map((f) => {
        const file = byId.get(f);
        const reason = !file
          ? 'File not found'
          : file.isValid === false
            ? `"${file.filename}" is invalid and cannot be added to a dataset`
            : `"${file.filename}" is already in dataset "${row.name}"`;
        return { id: f, reason };
      });
    return { done: unique.filter((f) => added.has(f)), refused, dataset: row };
  }));
}

export async function removeFiles(db: Db, userId: string, id: string, fileIds: string[]) {
  return db.transaction(async (tx) => {
    const row = await ownDataset(tx, userId, id, true);
    assertChangeable(row, 'files');
    const unique = [...new Set(fileIds)];
    const own = await tx.select({ id: files.id }).from(files).where(and(eq(files.userId, userId), inArray(files.id, unique)));
    const ownSet = new Set(own.map((f) => f.id));
    const missing = unique.filter((f) => !ownSet.has(f));
    if (missing.length > 0) throw notFound(`File${missing.length === 1 ? '' : 's'} not found: ${missing.join(', ')}`);
    const deleted = await tx
      .delete(datasetFiles)
      .where(and(eq(datasetFiles.datasetId, id), inArray(datasetFiles.fileId, unique)))
      .returning({ fileId: datasetFiles.fileId });
    return membershipAnswer(tx, id, unique, { added: [], removed: deleted.map((r) => r.fileId) });
  });
}

/** active -> archived, archived -> active, active|archived -> deleted; anything else is a 409. */
export async function changeStatus(db: Db, userId: string, id: string, to: 'archived' | 'active' | 'deleted'): Promise<Dataset> {
  const from: DatasetStatus[] = to === 'archived' ? ['active'] : to === 'active' ? ['archived'] : ['active', 'archived'];
  const now = new Date();
  const set: Partial<typeof datasets.$inferInsert> = { status: to, updatedAt: now };
  if (to === 'archived') set.archivedAt = now;
  if (to === 'active') set.archivedAt = null;
  if (to === 'deleted') set.deletedAt = now;
  const [updated] = await db
    .update(datasets)
    .set(set)
    .where(and(eq(datasets.id, id), eq(datasets.userId, userId), inArray(datasets.status, from)))
    .returning();
  if (updated) return presentDataset(db, updated);
  const row = await ownDataset(db, userId, id);
  if (row.status === 'deleted') throw conflict(`Dataset "${row.name}" has been deleted`);
  if (to === 'archived') throw conflict(`Dataset "${row.name}" is already archived`);
  throw conflict(`Dataset "${row.name}" is not archived`);
}

type DatasetListVariant = { status: boolean; search: boolean; withFiles: boolean; sort: DatasetSortColumn; order: SortOrder };

/** ORDER BY of a dataset page over the `matched` columns (`p` = '' or 'p.'); ties broken by id, same direction. */
const DATASET_ORDER: Record<DatasetSortColumn, (p: string) => string> = {
  created_at: (p) => `${p}created_at`,
  name: (p) => `lower(${p}name)`,
  file_count: (p) => `${p}fc`,
};
const datasetOrderBy = (v: Pick<DatasetListVariant, 'sort' | 'order'>, p: string): SQL => {
  const dir = v.order === 'asc' ? 'asc' : 'desc';
  return sql.raw(`${DATASET_ORDER[v.sort](p)} ${dir}, ${p}id ${dir}`);
};

/**
 * The page query of listDatasetsJson, prepared once per database and filter shape. One row:
 * the count of matching datasets and the page's datasets as the JSON array the presenter
 * (present()) writes, their member files included, as text. Placeholders: user, status (with
 * status), pattern (with search), limit, offset.
 */
function prepareDatasetPage(db: Db, v: DatasetListVariant) {
  const user = sql.placeholder('user');
  const filters = sql.join(
    [
      sql`d.user_id = ${user}`,
      v.status ? sql`d.status = ${sql.placeholder('status')}` : sql`d.status <> 'deleted'`,
      ...(v.search
        ? [sql`(d.name ilike ${sql.placeholder('pattern')} or coalesce(d.description, '') ilike ${sql.placeholder('pattern')})`]
        : []),
    ],
    sql` and `,
  );
  const memberFiles = v.withFiles
    ? sql`(select coalesce(json_agg(j.doc order by df.added_at, f.filename), '[]')
         from dataset_files df
         join files f on f.id = df.file_id
         left join file_reviews r on r.file_id = df.file_id
         cross join lateral (select row_to_json(m) as doc from (select ${fileJsonColumns('f', 'r')}) m) j
         where df.dataset_id = p.id)`
    : sql`'[]'::json`;
  // the member count of every matching dataset, only when the list is sorted by it
  const fileCount =
    v.sort === 'file_count'
      ? sql`, (select count(*) from dataset_files df join files f on f.id = df.file_id where df.dataset_id = d.id)::int as fc`
      : sql``;
  const listed = sql`(
    with matched as (select d.*${fileCount} from datasets d where ${filters}),
    page as (
      select * from matched order by ${datasetOrderBy(v, '')}
      limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
    )
    select (select count(*) from matched)::int as n,
      (select coalesce(json_agg(j.doc order by ${datasetOrderBy(v, 'p.')}), '[]')::text
       from page p
       left join lateral (
         select count(*)::int as n,
           coalesce(sum(case when f.is_valid is false then 0 else coalesce(f.actual_pages, f.estimated_pages) end), 0)::bigint as pages,
           coalesce(sum(f.file_size), 0)::bigint as bytes,
           count(r.file_id)::int as reviewed
         from dataset_files df
         join files f on f.id = df.file_id
         left join file_reviews r on r.file_id = df.file_id
         where df.dataset_id = p.id
       ) s on true
       cross join lateral (select row_to_json(x) as doc from (select
         p.id, p.name, p.description, p.status,
         s.n as file_count, s.pages as total_pages, s.bytes as total_size,
         ${sql.raw(isoSqlOf('p.created_at'))} as created_at, ${sql.raw(isoSqlOf('p.updated_at'))} as updated_at,
         ${sql.raw(isoSqlOf('p.archived_at'))} as archived_at, ${sql.raw(isoSqlOf('p.deleted_at'))} as deleted_at,
         ${memberFiles} as files,
         s.reviewed as reviewed_count
       ) x) j
      ) as datasets
  ) as listed`;
  const name = `quarry_dataset_page_json${v.status ? '_status' : ''}${v.search ? '_search' : ''}${v.withFiles ? '_files' : ''}_${v.sort}_${v.order}`;
  return db
    .select({ n: sql<number>`listed.n`, datasets: sql<string>`listed.datasets` })
    .from(listed)
    .prepare(name);
}
const datasetPageQueries = new WeakMap<Db, Map<string, ReturnType<typeof prepareDatasetPage>>>();

/**
 * A page of the caller's datasets in one query, written as JSON by the database (the answer
 * of present(), keys in the order the route's serializer wrote them: reviewed_count, optional,
 * last): four queries and the mapping of every member file before.
 */
export async function listDatasetsJson(
  db: Db,
  userId: string,
  q: {
    offset: number;
    limit: number;
    status?: DatasetStatus | undefined;
    search?: string | undefined;
    include_files: boolean;
    sort?: DatasetSortColumn | undefined;
    order?: SortOrder | undefined;
  },
): Promise<{ datasetsJson: string; total: number }> {
  const v: DatasetListVariant = {
    status: Boolean(q.status),
    search: Boolean(q.search),
    withFiles: q.include_files,
    sort: q.sort ?? 'created_at',
    order: q.order ?? 'desc',
  };
  let byVariant = datasetPageQueries.get(db);
  if (!byVariant) datasetPageQueries.set(db, (byVariant = new Map()));
  const key = `${v.status}:${v.search}:${v.withFiles}:${v.sort}:${v.order}`;
  let query = byVariant.get(key);
  if (!query) byVariant.set(key, (query = prepareDatasetPage(db, v)));
  const [row] = await query.execute({
    user: userId,
    limit: q.limit,
    offset: q.offset,
    ...(q.status ? { status: q.status } : {}),
    ...(q.search ? { pattern: containsPattern(q.search) } : {}),
  });
  return { datasetsJson: row?.datasets ?? '[]', total: row?.n ?? 0 };
}
