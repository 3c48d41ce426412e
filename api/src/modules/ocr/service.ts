// OCR results: one row per OCR of a file (pages with their lines, text, markdown). A file's
// current OCR is its newest successful result; chunking numbers lines from it.
import type { OcrJob, OcrResult, OcrResultsSummary, OcrStatistics, JobStatus } from '@quarry/shared/schemas';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db';
import { countsByValue } from '../../lib/counts';
import { files, jobs, ocrResults, type JobRow, type OcrResultRow, type StoredOcrPage } from '../../db/schema';
import { isoStrict } from '../../lib/time';
import { toJobView, type JobExtras } from '../../jobs/answers';
import { PAGE_SEPARATOR } from '../../processing/ocr/types';
import type { UnsureWord } from '../../lib/unsure-words';

export interface NumberedLine {
  number: number;
  page: number;
  text: string;
}

/** Every line of every page, numbered from 1 across the document (the OCR library's convention). */
export function numberLines(pages: StoredOcrPage[]): NumberedLine[] {
  const out: NumberedLine[] = [];
  for (const p of pages) for (const text of p.lines) out.push({ number: out.length + 1, page: p.page_number, text });
  return out;
}

/** The words OCR read with little confidence, by line number across the document (as numberLines numbers them). */
export function unsureWordsByLine(pages: StoredOcrPage[]): Map<number, UnsureWord[]> {
  const out = new Map<number, UnsureWord[]>();
  let before = 0;
  for (const p of pages) {
    for (const u of p.unsure_words ?? []) if (u.line >= 1 && u.line <= p.lines.length) out.set(before + u.line, u.words);
    before += p.lines.length;
  }
  return out;
}

export interface NewOcrResult {
  userId: string;
  fileId: string;
  jobId: string | null;
  pages: StoredOcrPage[];
  text: string;
  markdown: string;
  engine: string | null;
  confidence?: number | null | undefined;
  processingTime: number;
}

export async function insertOcrResult(tx: Tx, r: NewOcrResult): Promise<OcrResultRow> {
  const lineCount = r.pages.reduce((n, p) => n + p.lines.length, 0);
  const [row] = await tx
    .insert(ocrResults)
    .values({
      userId: r.userId,
      fileId: r.fileId,
      jobId: r.jobId,
      success: true,
      pages: r.pages,
      lineCount,
      text: r.text,
      markdown: r.markdown,
      textLength: r.text.length,
      pageCount: r.pages.length,
      engine: r.engine,
      confidence: r.confidence ?? null,
      processingTime: r.processingTime,
    })
    .returning();
  return row!;
}

/** Pages from text submitted by a client (pages separated by a form feed line). */
export function pagesFromText(text: string): StoredOcrPage[] {
  const normalised = text.replace(/\r\n?/g, '\n');
  const parts = normalised.includes('\f') ? normalised.split(/\n?\f\n?/) : [normalised];
  return parts.map((p, i) => ({ page_number: i + 1, source: 'manual' as const, lines: p === '' ? [] : p.split('\n') }));
}

export const textFromPages = (pages: StoredOcrPage[]): string => pages.map((p) => p.lines.join('\n')).join(PAGE_SEPARATOR);

/** The file's current OCR (newest successful), or null. */
export async function currentOcrResult(db: DbOrTx, userId: string, fileId: string): Promise<OcrResultRow | null> {
  const [row] = await db
    .select()
    .from(ocrResults)
    .where(and(eq(ocrResults.fileId, fileId), eq(ocrResults.userId, userId), eq(ocrResults.success, true)))
    .orderBy(desc(ocrResults.createdAt), desc(ocrResults.id))
    .limit(1);
  return row ?? null;
}

export async function ocrResultOfJob(db: DbOrTx, jobId: string): Promise<OcrResultRow | null> {
  const [row] = await db.select().from(ocrResults).where(eq(ocrResults.jobId, jobId));
  return row ?? null;
}

export async function ocrResultById(db: DbOrTx, userId: string, id: string): Promise<OcrResultRow | null> {
  const [row] = await db.select().from(ocrResults).where(and(eq(ocrResults.id, id), eq(ocrResults.userId, userId)));
  return row ?? null;
}

export function summaryFromResult(row: OcrResultRow, filename: string | null): OcrResultsSummary {
  return {
    ocr_text_length: row.textLength,
    text_length: row.textLength,
    processing_time_seconds: row.processingTime,
    processing_time: row.processingTime,
    page_count: row.pageCount,
    line_count: row.lineCount,
    engine: row.engine,
    result_id: row.id,
    file_id: row.fileId,
    filename,
  };
}

export function toOcrJob(row: JobRow, extras: Partial<JobExtras>, text?: string | null): OcrJob {
  const s = row.resultsSummary as Partial<OcrResultsSummary> | null;
  const summary: OcrResultsSummary | null =
    s && typeof s.result_id === 'string'
      ? {
          ...(text !== undefined && text !== null ? { ocr_text: text } : {}),
          ocr_text_length: s.ocr_text_length ?? 0,
          text_length: s.text_length ?? s.ocr_text_length ?? 0,
          processing_time_seconds: s.processing_time_seconds ?? 0,
          processing_time: s.processing_time ?? s.processing_time_seconds ?? 0,
          page_count: s.page_count ?? 0,
          line_count: s.line_count ?? 0,
          engine: s.engine ?? null,
          result_id: s.result_id,
          file_id: s.file_id ?? row.fileId,
          filename: s.filename ?? extras.filename ?? null,
        }
      : null;
  return {
    ...toJobView(row, extras),
    job_type: 'ocr',
    results_summary: summary,
    attempts: row.attempts,
  };
}

export function toOcrResult(job: JobRow | null, result: OcrResultRow | null): OcrResult {
  if (result) {
    return {
      success: true,
      processing_time: result.processingTime,
      error: null,
      ocr_markdown: result.markdown,
      ocr_text: result.text,
      job_id: result.jobId,
      file_id: result.fileId,
      result_id: result.id,
      status: (job?.status as JobStatus | undefined) ?? null,
      text_length: result.textLength,
      page_count: result.pageCount,
      engine: result.engine,
      created_at: isoStrict(result.createdAt),
    };
  }
  const status = (job?.status as JobStatus | undefined) ?? null;
  const pendingMessage =
    status === 'cancelled'
      ? 'The OCR job was cancelled before it finished'
      : status === 'failed'
        ? null
        : status
          ? `The OCR job is ${status}; no result yet`
          : 'No OCR result for this file; run OCR first';
  return {
    success: false,
    processing_time: null,
    error: job?.errorMessage ?? pendingMessage,
    ocr_markdown: null,
    ocr_text: null,
    job_id: job?.id ?? null,
    file_id: job?.fileId ?? null,
    result_id: null,
    status,
    text_length: 0,
    page_count: 0,
    engine: null,
    created_at: null,
  };
}

export async function ocrStatistics(db: Db, userId: string): Promise<OcrStatistics> {
  const [j] = await db
    .select({
      total: sql<number>`count(*)::int`,
      ...countsByValue(jobs.status, ['pending', 'queued', 'running', 'completed', 'failed', 'cancelled']),
    })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.jobType, 'ocr')));
  const [r] = await db
    .select({
      files: sql<number>`count(distinct ${ocrResults.fileId})::int`,
      pages: sql<number>`coalesce(sum(${ocrResults.pageCount}), 0)::int`,
      chars: sql<number>`coalesce(sum(${ocrResults.textLength}), 0)::bigint`,
      avg: sql<number | null>`avg(${ocrResults.processingTime})::float8`,
    })
    .from(ocrResults)
    .innerJoin(files, eq(files.id, ocrResults.fileId))
    .where(and(eq(ocrResults.userId, userId), eq(ocrResults.success, true)));
  const completed = j?.completed ?? 0;
  const failed = j?.failed ?? 0;
  return {
    total_jobs: j?.total ?? 0,
    pending_jobs: j?.pending ?? 0,
    queued_jobs: j?.queued ?? 0,
    running_jobs: j?.running ?? 0,
    completed_jobs: completed,
    failed_jobs: failed,
    cancelled_jobs: j?.cancelled ?? 0,
    success_rate: completed + failed > 0 ? Math.round((completed / (completed + failed)) * 10000) / 10000 : null,
    files_with_ocr: r?.files ?? 0,
    total_pages_processed: r?.pages ?? 0,
    total_characters_extracted: Number(r?.chars ?? 0),
    average_processing_time_seconds: r?.avg === null || r?.avg === undefined ? null : Math.round(r.avg * 1000) / 1000,
  };
}
