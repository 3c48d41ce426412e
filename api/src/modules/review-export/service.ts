// What an export covers (one file, a dataset, an extraction or pipeline job), checked and scoped
// to the caller (another user's id is 404), and the streamed answer in the asked format.
// Every export is of the files' current review records (corrections applied): a job names the
// files it worked on, and their records are what the review shows now.
import type { ExportQuery } from '@quarry/shared/schemas';
import { Readable } from 'node:stream';
import type { DbOrTx } from '../../db';
import { bulkIterable } from '../../db/priority';
import { HttpError } from '../../lib/errors';
import { getOwnJobRow } from '../../jobs/reads';
import { getOwnFile } from '../files/service';
import { loadReviewRecords } from '../review/record';
import { ownDatasetFileIds } from '../review/scope';
import type { ExportOptions } from './table';
import { csvExport, jsonExport, xlsxExport, type RecordSource } from './writers';

export interface ExportScope {
  kind: 'file' | 'dataset' | 'job';
  id: string;
  /** names the downloaded file */
  name: string;
  fileIds: string[];
}

export async function fileScope(db: DbOrTx, userId: string, fileId: string): Promise<ExportScope> {
  const f = await getOwnFile(db, userId, fileId);
  return { kind: 'file', id: f.id, name: f.filename.replace(/\.[^.]+$/, ''), fileIds: [f.id] };
}

/** Every file of the dataset, valid or not (a file that failed validation shows as "not extracted"). */
export async function datasetScope(db: DbOrTx, userId: string, datasetId: string): Promise<ExportScope> {
  return { kind: 'dataset', ...(await ownDatasetFileIds(db, userId, datasetId)) };
}

const EXPORTABLE_JOBS = ['extraction', 'full_pipeline'];

export async function jobScope(db: DbOrTx, userId: string, jobId: string): Promise<ExportScope> {
  const job = await getOwnJobRow(db, userId, jobId);
  if (!EXPORTABLE_JOBS.includes(job.jobType)) throw new HttpError(400, `Only extraction and pipeline jobs can be exported (this is a ${job.jobType} job)`);
  if (!['completed', 'failed', 'cancelled'].includes(job.status)) throw new HttpError(409, `The job is ${job.status}: export it when it has finished`);
  const list = (job.config as { files?: { id: string }[] }).files ?? [];
  return { kind: 'job', id: job.id, name: job.name, fileIds: list.map((f) => f.id) };
}

const TYPES = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** "Invoices March" -> "invoices-march"; never empty, never a path */
const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[^\w\s.-]/g, '')
    .trim()
    .replace(/[\s.]+/g, '-')
    .toLowerCase()
    .slice(0, 80) || 'export';

export function exportFilename(scope: ExportScope, q: ExportQuery): string {
  const part = q.format === 'csv' ? `-${q.part}` : '';
  return `${slug(scope.name)}-review${part}.${q.format}`;
}

export function exportStream(db: DbOrTx, userId: string, scope: ExportScope, q: ExportQuery): { stream: Readable; contentType: string } {
  // an export of hundreds of files reads statement after statement: bulk work, which the embedded
  // database lets requests overtake
  const source: RecordSource = () => bulkIterable(loadReviewRecords(db, userId, scope.fileIds));
  const o: ExportOptions = { provenance: q.provenance, checks: q.checks };
  const meta = { kind: scope.kind, id: scope.id, name: scope.name, files: scope.fileIds.length };
  const stream =
    q.format === 'xlsx'
      ? xlsxExport(source, o)
      : Readable.from(q.format === 'json' ? jsonExport(source, o, meta) : csvExport(source, o, q.part), { objectMode: false });
  return { stream, contentType: TYPES[q.format] };
}
