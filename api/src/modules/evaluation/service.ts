// Evaluation of an extraction run (docs/review-export-api.md): the files of a dataset (or of one
// extraction job) that are marked Reviewed are the ground truth (their frozen reviewed
// records); the run's own results (even superseded ones) are what is measured, and the
// completed run before it in the same scope is measured beside it. Computed on request, not
// stored. Files are read in batches and fed one at a time into the metrics (flat memory).
import type { Evaluation as EvaluationAnswer, EvaluationRun } from '@quarry/shared/schemas';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { jobs, type JobRow } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { iso, isoStrict } from '../../lib/time';
import { getOwnJobRow } from '../../jobs/reads';
import { ownDatasetFileIds } from '../review/scope';
import { loadReviewRecord, loadReviewRecords } from '../review/record';
import { Evaluation } from './metrics';

interface Scope {
  kind: 'dataset' | 'job';
  id: string;
  name: string;
  fileIds: string[];
  /** completed extraction runs of the scope, newest first */
  runs: JobRow[];
}

type JobConfig = { processing_mode?: string; provider?: string | null; files?: { id: string }[]; setup?: { prompt?: { name?: string } } };
const configOf = (j: JobRow) => j.config as JobConfig;

function toRun(j: JobRow): EvaluationRun {
  const c = configOf(j);
  return {
    job_id: j.id,
    name: j.name,
    created_at: isoStrict(j.createdAt),
    completed_at: iso(j.completedAt),
    prompt_name: c.setup?.prompt?.name ?? null,
    provider: c.provider ?? null,
  };
}

async function completedRuns(db: DbOrTx, userId: string, where: { datasetId: string } | { fileId: string }): Promise<JobRow[]> {
  const rows = await db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.userId, userId),
        eq(jobs.jobType, 'extraction'),
        eq(jobs.status, 'completed'),
        'datasetId' in where ? eq(jobs.datasetId, where.datasetId) : eq(jobs.fileId, where.fileId),
      ),
    )
    .orderBy(desc(jobs.createdAt), desc(jobs.id));
  // a single-chunk re-extraction is not a run of the whole file
  return rows.filter((j) => configOf(j).processing_mode !== 'single_chunk');
}

export async function datasetScope(db: DbOrTx, userId: string, datasetId: string): Promise<Scope> {
  return { kind: 'dataset', ...(await ownDatasetFileIds(db, userId, datasetId)), runs: await completedRuns(db, userId, { datasetId }) };
}

/** An extraction job (or a pipeline, through its extraction stage): its files, and the runs over the same dataset or file. */
export async function jobScope(db: DbOrTx, userId: string, jobId: string): Promise<{ scope: Scope; job: JobRow }> {
  let job = await getOwnJobRow(db, userId, jobId);
  if (job.jobType === 'full_pipeline') {
    const [child] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.parentId, job.id), eq(jobs.userId, userId), eq(jobs.jobType, 'extraction')))
      .orderBy(desc(jobs.createdAt));
    if (!child) throw new HttpError(400, 'This pipeline has no extraction stage to evaluate');
    job = child;
  }
  if (job.jobType !== 'extraction') throw new HttpError(400, `Only extraction runs can be evaluated (this is a ${job.jobType} job)`);
  if (configOf(job).processing_mode === 'single_chunk') throw new HttpError(400, 'A single-chunk re-extraction is not a run of whole files: evaluate the file\'s extraction job');
  if (job.status !== 'completed') throw new HttpError(409, `The extraction is ${job.status}: evaluate it once it has completed`);
  const runs = job.datasetId ? await completedRuns(db, userId, { datasetId: job.datasetId }) : job.fileId ? await completedRuns(db, userId, { fileId: job.fileId }) : [job];
  const fileIds = (configOf(job).files ?? []).map((f) => f.id);
  return { scope: { kind: 'job', id: jobId, name: job.name, fileIds, runs }, job };
}

const NO_REVIEWED = {
  dataset: 'No reviewed files in this dataset yet. Mark files Reviewed on their file page: their corrected records are the ground truth an extraction run is measured against.',
  job: 'None of the files of this extraction is reviewed yet. Mark files Reviewed on their file page: their corrected records are the ground truth an extraction run is measured against.',
};
const NO_RUN = 'No completed extraction run to evaluate: run an extraction over these files first.';

/** Figures of `run` (default the newest) and of the run before it, against the reviewed files. */
export async function evaluate(db: DbOrTx, userId: string, scope: Scope, runId?: string): Promise<EvaluationAnswer> {
  let index = 0;
  if (runId) {
    index = scope.runs.findIndex((r) => r.id === runId);
    if (index < 0) {
      await getOwnJobRow(db, userId, runId); // another user's (or no) job: 404
      throw new HttpError(400, `Job ${runId} is not a completed extraction run of ${scope.kind === 'dataset' ? 'this dataset' : "this extraction's files"}`);
    }
  }
  const run = scope.runs[index] ?? null;
  const previous = run ? (scope.runs[index + 1] ?? null) : null;
  const base = {
    scope: { kind: scope.kind, id: scope.id, name: scope.name },
    total_files: scope.fileIds.length,
    run: run ? toRun(run) : null,
    previous_run: previous ? toRun(previous) : null,
    runs: scope.runs.map(toRun),
  };

  const e = new Evaluation();
  let reviewed = 0;
  // the run's own results; the reviewed record does not depend on which run is loaded
  for await (const r of loadReviewRecords(db, userId, scope.fileIds, run ? { jobId: run.id } : {})) {
    if (!r.reviewed || !r.reviewedRecord) continue;
    reviewed++;
    if (!run) continue;
    const before = previous ? await loadReviewRecord(db, userId, r.fileId, { jobId: previous.id }) : undefined;
    e.add({
      fileId: r.fileId,
      filename: r.filename,
      truth: r.reviewedRecord,
      current: r.original,
      ...(previous ? { previous: before?.original ?? null } : {}),
    });
  }
  if (reviewed === 0 || !run) {
    return { ...base, reviewed_files: reviewed, overall: null, previous_overall: null, fields: [], message: reviewed === 0 ? NO_REVIEWED[scope.kind] : NO_RUN };
  }
  const result = e.result();
  return {
    ...base,
    reviewed_files: reviewed,
    overall: result.current.overall,
    previous_overall: result.previous?.overall ?? null,
    fields: result.comparison as EvaluationAnswer['fields'],
    message: null,
  };
}
