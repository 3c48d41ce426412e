// Reading jobs: one job of its owner (404 otherwise), lists with filters, statistics,
// dependencies, events, queue counts. Presentation is in answers.ts.
import type { JobActual, JobDependencies, JobEvent, JobSetupNames, JobSortColumn, JobStatistics, JobStatus, MonitorChild } from '@quarry/shared/schemas';
import { aliasedTable, and, asc, desc, eq, gte, inArray, isNull, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import { countsByValue } from '../lib/counts';
import { chunkingRuns, chunks, datasets, extractionResults, files, jobDependencies, jobEvents, jobs, ocrResults, outputSchemas, prompts, users, type JobEventRow, type JobRow } from '../db/schema';
import { notFound } from '../lib/errors';
import { containsPattern, orderWithTies } from '../lib/list-query';
import { countBilledJobs, jobUsagePolicy } from './billing';
import { toJobEvent } from './events';
import { toJobRef, type JobExtras } from './answers';
import { INTERNAL_JOB_TYPES } from './types';

// the newest event that tells the job's state: a credits notice written after it ended (the
// refund after a failure) stays in the event log but is not its last message
const lastEventField = (field: 'phase' | 'message') =>
  sql<string | null>`(select e.${sql.raw(field)} from ${jobEvents} e where e.job_id = ${jobs.id} and e.sub_phase is distinct from 'credits_refunded' order by e.id desc limit 1)`;

/** Rows with file name and last event, for lists and single reads. */
async function selectJobs(db: DbOrTx, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  const rows = await db
    .select({ job: jobs, filename: files.filename, datasetName: datasets.name, lastPhase: lastEventField('phase'), lastMessage: lastEventField('message') })
    .from(jobs)
    .leftJoin(files, eq(files.id, jobs.fileId))
    .leftJoin(datasets, eq(datasets.id, jobs.datasetId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ row: r.job, extras: { filename: r.filename, datasetName: r.datasetName, lastPhase: r.lastPhase, lastMessage: r.lastMessage } }));
}

export async function getOwnJobRow(db: DbOrTx, userId: string, id: string, jobType?: string): Promise<JobRow> {
  const conditions = [eq(jobs.id, id), eq(jobs.userId, userId)];
  if (jobType) conditions.push(eq(jobs.jobType, jobType));
  const [row] = await db.select().from(jobs).where(and(...conditions));
  if (!row) throw notFound('Job not found');
  return row;
}

export async function getJob(db: DbOrTx, userId: string, id: string, jobType?: string): Promise<{ row: JobRow; extras: JobExtras }> {
  const conditions = [eq(jobs.id, id), eq(jobs.userId, userId)];
  if (jobType) conditions.push(eq(jobs.jobType, jobType));
  const [found] = await selectJobs(db, and(...conditions), [], 1, 0);
  if (!found) throw notFound('Job not found');
  return found;
}

export async function jobEventRows(db: DbOrTx, jobId: string, limit = 5000): Promise<JobEventRow[]> {
  return db.select().from(jobEvents).where(eq(jobEvents.jobId, jobId)).orderBy(asc(jobEvents.id)).limit(limit);
}

export interface ListFilter {
  offset: number;
  limit: number;
  jobType?: string | undefined;
  status?: JobStatus | undefined;
  includeChildren?: boolean;
  fileId?: string | undefined;
  /** part of the job's name, its file's name or its dataset's name */
  search?: string | undefined;
  createdFrom?: Date | undefined;
  /** exclusive */
  createdBefore?: Date | undefined;
  sort?: JobSortColumn;
  order?: 'asc' | 'desc';
}

const SORT_COLUMNS: Record<JobSortColumn, SQL> = {
  created_at: sql`${jobs.createdAt}`,
  name: sql`lower(${jobs.name})`,
  status: sql`${jobs.status}`,
  job_type: sql`${jobs.jobType}`,
};

export async function listJobs(db: DbOrTx, userId: string, f: ListFilter) {
  const conditions: SQL[] = [eq(jobs.userId, userId), notInArray(jobs.jobType, [...INTERNAL_JOB_TYPES])];
  if (f.jobType) conditions.push(eq(jobs.jobType, f.jobType));
  if (f.status) conditions.push(eq(jobs.status, f.status));
  if (f.fileId) conditions.push(eq(jobs.fileId, f.fileId));
  // a stage job of a pipeline is listed with its own type only (its monitor links to it)
  if (!f.includeChildren && !f.jobType) conditions.push(isNull(jobs.parentId));
  if (f.createdFrom) conditions.push(gte(jobs.createdAt, f.createdFrom));
  if (f.createdBefore) conditions.push(lt(jobs.createdAt, f.createdBefore));
  if (f.search) {
    const p = containsPattern(f.search);
    conditions.push(sql`(${jobs.name} ilike ${p} or ${files.filename} ilike ${p} or ${datasets.name} ilike ${p})`);
  }
  const where = and(...conditions);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .leftJoin(files, eq(files.id, jobs.fileId))
    .leftJoin(datasets, eq(datasets.id, jobs.datasetId))
    .where(where);
  // ties broken by id in the same direction, so pages never repeat or skip a job
  const items = await selectJobs(db, where, orderWithTies(f.order ?? 'desc', SORT_COLUMNS[f.sort ?? 'created_at'], jobs.id), f.limit, f.offset);
  return { items, total: count?.n ?? 0 };
}

/** A list answer of jobs: the page of `f`, each job presented by `present`, and how many match. */
export async function jobsPage<T>(db: DbOrTx, userId: string, f: ListFilter, present: (row: JobRow, extras: JobExtras) => T) {
  const { items, total } = await listJobs(db, userId, f);
  return { jobs: items.map((i) => present(i.row, i.extras)), total_count: total };
}

export async function jobStatistics(db: Db, userId: string): Promise<JobStatistics> {
  const rows = await db
    .select({ type: jobs.jobType, status: jobs.status, n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), notInArray(jobs.jobType, [...INTERNAL_JOB_TYPES])))
    .groupBy(jobs.jobType, jobs.status);
  const byStatus: Record<string, number> = {};
  const byType: Record<string, number> = {};
  let total = 0;
  for (const r of rows) {
    byStatus[r.status] = (byStatus[r.status] ?? 0) + r.n;
    byType[r.type] = (byType[r.type] ?? 0) + r.n;
    total += r.n;
  }
  const [times] = await db
    .select({
      avg: sql<number | null>`avg(extract(epoch from (${jobs.completedAt} - ${jobs.startedAt})))::float8`,
      sum: sql<number | null>`sum(extract(epoch from (${jobs.completedAt} - ${jobs.startedAt})))::float8`,
    })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.status, 'completed'), sql`${jobs.startedAt} is not null`));
  const policy = await jobUsagePolicy(db);
  const thisWeek = await countBilledJobs(db, userId, policy.periodStart);
  const [credits] = await db
    .select({ used: sql<number>`coalesce(sum(${jobs.creditCost}), 0)::int` })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.billed, true), policy.periodStart ? sql`${jobs.createdAt} >= ${policy.periodStart}` : undefined));
  const [user] = await db.select({ balance: users.creditBalance }).from(users).where(eq(users.id, userId));
  const completed = byStatus.completed ?? 0;
  const failed = byStatus.failed ?? 0;
  const round = (n: number | null | undefined) => (n === null || n === undefined ? null : Math.round(n * 1000) / 1000);
  return {
    total_jobs: total,
    by_status: byStatus,
    by_type: byType,
    active_jobs: (byStatus.pending ?? 0) + (byStatus.queued ?? 0) + (byStatus.running ?? 0),
    completed_jobs: completed,
    failed_jobs: failed,
    cancelled_jobs: byStatus.cancelled ?? 0,
    success_rate: completed + failed > 0 ? Math.round((completed / (completed + failed)) * 10000) / 10000 : null,
    average_processing_time_seconds: round(times?.avg),
    total_processing_time_seconds: round(times?.sum) ?? 0,
    jobs_this_week: thisWeek,
    weekly_limit: policy.limit,
    credits_used_this_week: credits?.used ?? 0,
    credit_cost_per_job: policy.creditCost,
    credit_balance: user?.balance ?? 0,
  };
}

export async function jobDependenciesOf(db: Db, userId: string, id: string): Promise<JobDependencies> {
  const row = await getOwnJobRow(db, userId, id);
  const dep = aliasedTable(jobs, 'dep');
  const [parent] = row.parentId ? await db.select().from(jobs).where(eq(jobs.id, row.parentId)) : [];
  const children = await db.select().from(jobs).where(eq(jobs.parentId, id)).orderBy(asc(jobs.createdAt), asc(jobs.id));
  // the jobs at the `other` end of the dependency rows whose `self` end is this job, oldest first
  type End = typeof jobDependencies.jobId | typeof jobDependencies.dependsOnId;
  const linked = (self: End, other: End) =>
    db
      .select({ job: dep })
      .from(jobDependencies)
      .innerJoin(dep, eq(dep.id, other))
      .where(eq(self, id))
      .orderBy(asc(dep.createdAt));
  const dependsOn = await linked(jobDependencies.jobId, jobDependencies.dependsOnId);
  const dependents = await linked(jobDependencies.dependsOnId, jobDependencies.jobId);
  const blockedBy = dependsOn.filter((d) => d.job.status !== 'completed').map((d) => d.job.id);
  return {
    job_id: id,
    parent: parent ? toJobRef(parent) : null,
    root_job_id: row.rootId ?? row.id,
    children: children.map(toJobRef),
    depends_on: dependsOn.map((d) => toJobRef(d.job)),
    dependents: dependents.map((d) => toJobRef(d.job)),
    blocked: blockedBy.length > 0,
    blocked_by: blockedBy,
  };
}


/** Running / queued counts (health, statistics). */
export async function queueCounts(db: DbOrTx, jobType?: string): Promise<{ queued: number; running: number }> {
  const [row] = await db
    .select({
      ...countsByValue(jobs.status, ['queued', 'running']),
    })
    .from(jobs)
    .where(and(inArray(jobs.status, ['queued', 'running']), jobType ? eq(jobs.jobType, jobType) : undefined));
  return { queued: row?.queued ?? 0, running: row?.running ?? 0 };
}

// ------------------------------------------------------------------ what a monitor shows

/** chosen: the newest events a monitor's answer carries (the count says how many there are); the monitors refetch up to twice a second while a job runs, so the answer stays small */
export const MONITOR_EVENT_LIMIT = 500;

/** The job and every job below it (a pipeline's stage jobs), ids only; the job itself first. */
export async function treeJobIds(db: DbOrTx, row: Pick<JobRow, 'id' | 'rootId'>): Promise<string[]> {
  if (row.rootId && row.rootId !== row.id) return [row.id]; // a stage job has no children of its own
  const kids = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.rootId, row.id)).orderBy(asc(jobs.createdAt), asc(jobs.id));
  return [row.id, ...kids.map((k) => k.id).filter((id) => id !== row.id)];
}

/**
 * The events a monitor's log shows, as the server stored them: the job's own and, for a
 * pipeline, its stage jobs' (the same ones the live channel pushed). The newest
 * MONITOR_EVENT_LIMIT in order, and how many there are in all.
 */
export async function monitorEvents(db: DbOrTx, ids: string[]): Promise<{ rows: JobEventRow[]; total: number }> {
  const where = ids.length === 1 ? eq(jobEvents.jobId, ids[0]!) : inArray(jobEvents.jobId, ids);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(jobEvents).where(where);
  const rows = await db.select().from(jobEvents).where(where).orderBy(desc(jobEvents.id)).limit(MONITOR_EVENT_LIMIT);
  return { rows: rows.reverse(), total: count?.n ?? 0 };
}

/** A pipeline's stage jobs as its monitor shows them: status, progress, the last thing each said. */
export async function monitorChildren(db: DbOrTx, parentId: string): Promise<MonitorChild[]> {
  const rows = await db
    .select({ job: jobs, filename: files.filename, lastMessage: lastEventField('message') })
    .from(jobs)
    .leftJoin(files, eq(files.id, jobs.fileId))
    .where(eq(jobs.parentId, parentId))
    .orderBy(asc(jobs.createdAt), asc(jobs.id));
  return rows.map(({ job, filename, lastMessage }) => ({
    id: job.id,
    job_type: job.jobType,
    status: job.status as JobStatus,
    progress_percentage: job.status === 'completed' ? 100 : (job.progressPercentage ?? 0),
    message: lastMessage,
    updated_at: job.updatedAt.toISOString(),
    file_id: job.fileId,
    filename: filename ?? null,
  }));
}

/** the credits returned for the job's current failure (a retry clears error_details and charges again) */
const refunded = (details: Record<string, unknown> | null): number => (typeof details?.credits_refunded === 'number' ? details.credits_refunded : 0);

/**
 * What a job did, counted from what it stored (not from what a page received): pages OCRed,
 * chunks made (or, for an extraction on its own, chunks extracted), tokens used, credits
 * charged. Null where the job has no such stage.
 */
export async function jobActual(db: DbOrTx, row: Pick<JobRow, 'id' | 'rootId' | 'jobType' | 'billed' | 'creditCost' | 'config' | 'errorDetails'>, ids: string[]): Promise<JobActual> {
  const [ocr] = await db.select({ pages: sql<number | null>`sum(${ocrResults.pageCount})::int`, n: sql<number>`count(*)::int` }).from(ocrResults).where(inArray(ocrResults.jobId, ids));
  const [chunked] = await db
    .select({ n: sql<number>`count(${chunks.id})::int`, runs: sql<number>`count(distinct ${chunkingRuns.id})::int` })
    .from(chunkingRuns)
    .leftJoin(chunks, eq(chunks.runId, chunkingRuns.id))
    .where(inArray(chunkingRuns.jobId, ids));
  const [extracted] = await db
    .select({ n: sql<number>`count(distinct ${extractionResults.chunkId})::int`, tokens: sql<number | null>`sum(${extractionResults.tokensUsed})::int`, rows: sql<number>`count(*)::int` })
    .from(extractionResults)
    .where(inArray(extractionResults.jobId, ids));
  const stages = Array.isArray(row.config.pipeline_stages) ? (row.config.pipeline_stages as string[]) : null;
  const has = (stage: string) => (row.jobType === 'full_pipeline' ? (stages ?? ['ocr', 'chunking', 'extraction']).includes(stage) : row.jobType === stage);
  return {
    pages: (ocr?.n ?? 0) > 0 ? (ocr?.pages ?? 0) : has('ocr') ? 0 : null,
    chunks: (chunked?.runs ?? 0) > 0 ? (chunked?.n ?? 0) : (extracted?.rows ?? 0) > 0 ? (extracted?.n ?? 0) : has('chunking') || has('extraction') ? 0 : null,
    tokens: has('extraction') ? (extracted?.tokens ?? 0) : null,
    // a stage job is never billed: its pipeline is; failed work refunded is not charged
    credits: row.rootId && row.rootId !== row.id ? 0 : row.billed ? Math.max(0, row.creditCost - refunded(row.errorDetails)) : 0,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The names of the prompts and output schema a job's config names (the owner's only; null name: deleted since). */
export async function setupNames(db: DbOrTx, userId: string, config: Record<string, unknown>): Promise<JobSetupNames | undefined> {
  const id = (k: string) => (typeof config[k] === 'string' && UUID.test(config[k]) ? config[k] : null);
  const promptId = id('prompt_id');
  const tableId = id('table_prompt_id');
  const schemaId = id('output_schema_id');
  if (!promptId && !tableId && !schemaId) return undefined;
  const promptIds = [promptId, tableId].filter((x): x is string => x !== null);
  const names = new Map<string, string>();
  if (promptIds.length) for (const p of await db.select({ id: prompts.id, name: prompts.name }).from(prompts).where(and(eq(prompts.userId, userId), inArray(prompts.id, promptIds)))) names.set(p.id, p.name);
  if (schemaId) for (const s of await db.select({ id: outputSchemas.id, name: outputSchemas.name }).from(outputSchemas).where(and(eq(outputSchemas.userId, userId), eq(outputSchemas.id, schemaId)))) names.set(s.id, s.name);
  const named = (x: string | null) => (x ? { id: x, name: names.get(x) ?? null } : null);
  return { prompt: named(promptId), table_prompt: named(tableId), output_schema: named(schemaId) };
}

/** The fields every monitor reads from the server, for a job (and its stage jobs). */
export async function monitorState(
  db: DbOrTx,
  row: JobRow,
): Promise<{ events: JobEventRow[]; event_count: number; children: MonitorChild[]; actual: JobActual; setup_names?: JobSetupNames }> {
  const ids = await treeJobIds(db, row);
  const { rows, total } = await monitorEvents(db, ids);
  const names = await setupNames(db, row.userId, row.config);
  return {
    events: rows,
    event_count: total,
    children: ids.length > 1 ? await monitorChildren(db, row.id) : [],
    actual: await jobActual(db, row, ids),
    ...(names ? { setup_names: names } : {}),
  };
}

/**
 * monitorState as the answer fields every monitor's read carries (GET /jobs/{id}, the OCR and
 * chunking job reads): events presented, event_count, children, actual, setup_names.
 */
export async function monitorFields(
  db: DbOrTx,
  row: JobRow,
): Promise<{ events: JobEvent[]; event_count: number; children: MonitorChild[]; actual: JobActual; setup_names?: JobSetupNames }> {
  const { events, ...rest } = await monitorState(db, row);
  return { events: events.map(toJobEvent), ...rest };
}
