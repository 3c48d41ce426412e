// OCR (docs/product/jobs.md): POST/GET ocr/jobs, GET ocr/jobs/{id},
// POST ocr/jobs/{id}/start, DELETE ocr/jobs/{id} (cancel), GET ocr/results/{id},
// GET ocr/statistics, PUT ocr/jobs/{id}/complete and /fail, GET files/{id}/ocr/lines.
// OCR jobs are jobs of type `ocr` (the queue runs them; see handler.ts).
import {
  ErrorResponseSchema,
  OcrCompleteSchema,
  OcrFailSchema,
  OcrJobCreateSchema,
  OcrJobDetailSchema,
  OcrJobListQuerySchema,
  OcrJobListResponseSchema,
  OcrJobSchema,
  OcrLinesResponseSchema,
  OcrResultSchema,
  OcrStatisticsSchema,
} from '@quarry/shared/schemas';
import { and, eq } from 'drizzle-orm';
import { files, jobs } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { byIdRoute, errorResponses, tagRoutes } from '../../lib/openapi';
import { getJob, jobsPage, listJobs, monitorFields } from '../../jobs/reads';
import { cancelJob, completeJob, createJob, failJob, startJob } from '../../jobs/store';
import type { App } from '../../types';
import { lockFile } from '../chunk-runs/service';
import {
  currentOcrResult,
  insertOcrResult,
  numberLines,
  ocrResultOfJob,
  ocrStatistics,
  pagesFromText,
  summaryFromResult,
  textFromPages,
  toOcrJob,
  toOcrResult,
} from './service';

export default async function ocrRoutes(app: App) {
  tagRoutes(app, 'ocr');
  const db = app.database.db;
  const rt = app.jobs;

  /** The job (without its text) once `change` is done: what its creation and its transitions answer */
  const ocrJob = async (userId: string, id: string, change?: Promise<unknown>) => {
    await change;
    const { row, extras } = await getJob(db, userId, id, 'ocr');
    return toOcrJob(row, extras, null);
  };

  app.post(
    '/ocr/jobs',
    {
      schema: {
        summary: 'Create an OCR job for a file (pending: POST ocr/jobs/{id}/start queues it)',
        description: 'Counts against weekly_jobs and takes its credit cost (429 / 402 as POST /jobs/). A file that failed validation is refused (422).',
        body: OcrJobCreateSchema,
        response: { 201: OcrJobSchema, 402: ErrorResponseSchema, ...errorResponses(404, 422, 429) },
      },
    },
    async (req, reply) => {
      const row = await createJob(rt, req.user.id, {
        job_type: 'ocr',
        file_id: req.body.file_id,
        name: req.body.name ?? null,
        description: req.body.description ?? null,
      });
      return reply.code(201).send(await ocrJob(req.user.id, row.id));
    },
  );

  app.get(
    '/ocr/jobs',
    {
      schema: {
        summary: "The caller's OCR jobs, newest first (status_filter: one status)",
        querystring: OcrJobListQuerySchema,
        response: { 200: OcrJobListResponseSchema, ...errorResponses(422) },
      },
    },
    async (req) => {
      const { offset, limit, status_filter: status } = req.query;
      return { ...(await jobsPage(db, req.user.id, { offset, limit, jobType: 'ocr', status }, toOcrJob)), offset, limit };
    },
  );

  app.get(
    '/ocr/statistics',
    { schema: { summary: "Counts of the caller's OCR jobs and results", response: { 200: OcrStatisticsSchema } } },
    async (req) => ocrStatistics(db, req.user.id),
  );

  app.get(
    '/ocr/jobs/:id',
    byIdRoute(OcrJobDetailSchema, {
      summary: 'An OCR job with what its monitor shows (the newest events, event_count, actual figures); once completed, results_summary carries the text',
    }),
    async (req) => {
      const { row, extras } = await getJob(db, req.user.id, req.params.id, 'ocr');
      const result = row.status === 'completed' ? await ocrResultOfJob(db, row.id) : null;
      return { ...toOcrJob(row, extras, result ? result.text : null), ...(await monitorFields(db, row)) };
    },
  );

  app.post(
    '/ocr/jobs/:id/start',
    byIdRoute(OcrJobSchema, { summary: 'Queue an OCR job (409 unless pending or failed)' }, 409),
    async (req) => ocrJob(req.user.id, req.params.id, startJob(rt, req.user.id, req.params.id, 'ocr')),
  );

  app.delete(
    '/ocr/jobs/:id',
    byIdRoute(OcrJobSchema, { summary: 'Cancel an OCR job (answers the cancelled job; a running OCR stops at its next page). 409 once finished' }, 409),
    async (req) => ocrJob(req.user.id, req.params.id, cancelJob(rt, req.user.id, req.params.id, 'ocr')),
  );

  app.put(
    '/ocr/jobs/:id/complete',
    byIdRoute(
      OcrJobSchema,
      { summary: 'Mark an OCR job completed, optionally with text recognised elsewhere (pages separated by a form feed)', body: OcrCompleteSchema },
      409,
    ),
    async (req) => {
      const body = req.body;
      await completeJob(rt, req.user.id, req.params.id, 'ocr', {
        message: 'OCR job marked as completed',
        write: async (tx, job) => {
          const existing = await ocrResultOfJob(tx, job.id);
          if (existing && body?.ocr_text === undefined) return summaryFromResult(existing, String(job.config.file_name ?? ''));
          if (body?.ocr_text === undefined) return {};
          if (existing) throw conflict('This OCR job already has a stored result');
          const file = job.fileId ? await lockFile(tx, req.user.id, job.fileId, 'share') : null;
          if (!file) throw conflict('The file of this OCR job was deleted; the text cannot be stored');
          const pages = pagesFromText(body.ocr_text);
          const row = await insertOcrResult(tx, {
            userId: req.user.id,
            fileId: file.id,
            jobId: job.id,
            pages,
            text: textFromPages(pages),
            markdown: body.ocr_markdown ?? textFromPages(pages),
            engine: 'manual',
            processingTime: body.processing_time ?? 0,
          });
          return summaryFromResult(row, file.filename);
        },
      });
      return ocrJob(req.user.id, req.params.id);
    },
  );

  app.put(
    '/ocr/jobs/:id/fail',
    byIdRoute(OcrJobSchema, { summary: 'Mark an OCR job failed with a message', body: OcrFailSchema }, 409),
    async (req) =>
      ocrJob(req.user.id, req.params.id, failJob(rt, req.user.id, req.params.id, 'ocr', { message: req.body?.error_message ?? req.body?.error })),
  );

  app.get(
    '/ocr/results/:id',
    byIdRoute(OcrResultSchema, {
      summary: "An OCR result by OCR job id, or a file's current OCR by file id",
      description: 'success false with the stored error (or why there is no result yet) for a job without a result.',
    }),
    async (req) => {
      const [job] = await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, req.params.id), eq(jobs.userId, req.user.id), eq(jobs.jobType, 'ocr')));
      if (job) return toOcrResult(job, await ocrResultOfJob(db, job.id));
      const [file] = await db.select({ id: files.id }).from(files).where(and(eq(files.id, req.params.id), eq(files.userId, req.user.id)));
      if (!file) throw notFound('OCR job or file not found');
      const result = await currentOcrResult(db, req.user.id, file.id);
      if (result) return toOcrResult(null, result);
      // the file's latest OCR job tells why there is none
      const { items } = await listJobs(db, req.user.id, { offset: 0, limit: 1, jobType: 'ocr', fileId: file.id });
      return { ...toOcrResult(items[0]?.row ?? null, null), file_id: file.id };
    },
  );

  app.get(
    '/files/:id/ocr/lines',
    byIdRoute(OcrLinesResponseSchema, { tags: ['files', 'ocr'], summary: "The file's current OCR as numbered lines (1-based across pages)" }),
    async (req) => {
      const [file] = await db.select({ id: files.id }).from(files).where(and(eq(files.id, req.params.id), eq(files.userId, req.user.id)));
      if (!file) throw notFound('File not found');
      const result = await currentOcrResult(db, req.user.id, file.id);
      if (!result) throw notFound('This file has no OCR result yet; run OCR first');
      const lines = numberLines(result.pages);
      return { file_id: file.id, result_id: result.id, page_count: result.pageCount, total_lines: lines.length, lines };
    },
  );
}
