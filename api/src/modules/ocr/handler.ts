// The `ocr` job type: one durable step.
//   ocr      read the file's bytes, run the OCR library (progress events per page: file name,
//            bytes downloaded, page i of n, text length, processing time), then store the
//            result in the step's fenced transaction. A worker that dies mid-OCR leaves no
//            result; the job is run again from the start of this step. A job resumed after
//            the result was stored does not OCR again (one result per job).
// Failures the user can act on (corrupt / encrypted / empty PDF, undecodable image, file
// deleted) fail the job with the library's readable message; they are not retried.
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { files } from '../../db/schema';
import { notFound, validationError } from '../../lib/errors';
import { JobError, type JobHandler, type JobOutcome } from '../../jobs/types';
import { isAbortError, isOcrError, runOcr, type OcrProgress, type OcrResult } from '../../processing/ocr';
import { BlobNotFoundError } from '../../storage';
import { jobWorkDir, tempRootOf } from '../../processing/workdir';
import { insertOcrResult } from './service';

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

async function readAll(stream: Readable, signal: AbortSignal): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) {
    if (signal.aborted) {
      stream.destroy();
      break;
    }
    parts.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(parts);
}

export interface OcrStepOutput {
  result_id: string;
  text_length: number;
  page_count: number;
  line_count: number;
  engine: string;
  processing_time: number;
  filename: string;
  file_size: number;
  confidence: number | null;
}

export const ocrHandler: JobHandler = {
  type: 'ocr',
  label: 'OCR',

  async prepare(request, { tx, userId, services }) {
    if (!request.file_id) throw validationError(['body', 'file_id'], 'file_id is required for an OCR job');
    const [file] = await tx.select().from(files).where(and(eq(files.id, request.file_id), eq(files.userId, userId)));
    if (!file) throw notFound('File not found');
    if (file.isValid === false) {
      throw validationError(
        ['body', 'file_id'],
        `File "${file.filename}" failed validation and cannot be OCR'd${file.errorMessage ? `: ${file.errorMessage}` : ''}`,
      );
    }
    return {
      name: request.name?.trim() || `OCR: ${file.filename}`,
      description: request.description ?? null,
      fileId: file.id,
      config: {
        file_name: file.filename,
        file_size: file.fileSize,
        mime_type: file.mimeType,
        engine: services.config.jobs.ocrEngine,
        model: services.config.jobs.ocrModel,
        languages: services.config.jobs.ocrLanguages,
        page_concurrency: services.config.jobs.ocrConcurrency,
      },
    };
  },

  async run(ctx): Promise<JobOutcome> {
    const { job, services } = ctx;
    let finalEvent: OcrProgress | null = null;
    const out = await ctx.step<{ result: OcrResult; filename: string; size: number }, OcrStepOutput>('ocr', {
      run: async () => {
        const [file] = job.fileId
          ? await services.db.select().from(files).where(and(eq(files.id, job.fileId), eq(files.userId, job.userId)))
          : [];
        if (!file) {
          const name = typeof job.config.file_name === 'string' ? ` ${job.config.file_name}` : '';
          throw new JobError(`The file${name} was deleted before its OCR could run`, { code: 'FILE_DELETED' });
        }
        await ctx.event({
          phase: 'preparing',
          sub_phase: 'downloading',
          message: `Reading ${file.filename} (${mb(file.fileSize)})`,
          progress_percentage: 0,
          current_value: 0,
          total_value: file.fileSize,
          units: 'bytes',
          details: { filename: file.filename, file_name: file.filename, bytes_downloaded: 0, file_size: file.fileSize, text_length: 0, processing_time: 0 },
        });
        let bytes: Buffer;
        try {
          bytes = await readAll(await services.storage.get(file.storageKey), ctx.signal);
        } catch (err) {
          if (err instanceof BlobNotFoundError) {
            throw new JobError(`The stored bytes of ${file.filename} are missing; upload the file again`, { code: 'FILE_MISSING' });
          }
          throw err;
        }
        if (ctx.signal.aborted) throw ctx.signal.reason;
        let result: OcrResult;
        // the run's files (the PDF, rendered pages) live in this job's folder, removed below;
        // a killed process's folder is swept at the next start (processing/workdir.ts)
        const work = await jobWorkDir(services.tempRoot ?? tempRootOf(services.config), job.id);
        const jobs = services.config.jobs;
        try {
          result = await runOcr(
            { bytes, mimeType: file.mimeType, filename: file.filename },
            {
              concurrency: jobs.ocrConcurrency,
              engine: jobs.ocrEngine,
              model: jobs.ocrModel,
              languages: jobs.ocrLanguages,
              workDir: work.path,
              maxPagePixels: jobs.ocrMaxPagePixels,
              maxPages: jobs.pdfMaxPages,
              pdfStreamLimits: { maxStreamBytes: jobs.pdfMaxStreamBytes, maxTotalBytes: jobs.pdfMaxInflatedBytes },
              ...(services.processing ? { pool: services.processing } : {}),
              signal: ctx.signal,
              onProgress: (e) => {
                if (e.phase === 'completed') {
                  finalEvent = e; // recorded with the completion, once the result is stored
                  return;
                }
                void ctx.event({
                  phase: e.phase,
                  sub_phase: e.sub_phase,
                  event_type: e.event_type,
                  message: e.message,
                  progress_percentage: e.percentage,
                  current_value: e.current,
                  total_value: e.total,
                  units: e.units,
                  details: { ...e.details, file_name: e.details.filename },
                });
              },
            },
          );
        } catch (err) {
          if (ctx.signal.aborted || isAbortError(err)) throw ctx.signal.aborted ? ctx.signal.reason : err;
          if (isOcrError(err)) {
            throw new JobError(err.message, { code: err.code, details: err.page !== undefined ? { page: err.page } : {}, cause: err });
          }
          throw err;
        } finally {
          await work.remove();
        }
        return { result, filename: file.filename, size: file.fileSize };
      },
      commit: async (tx, { result, filename, size }) => {
        // the file may have been deleted while its OCR ran: lock it against a concurrent delete
        const [file] = await tx.select({ id: files.id }).from(files).where(eq(files.id, job.fileId ?? '00000000-0000-0000-0000-000000000000')).for('share');
        if (!file) {
          throw new JobError(`The file ${filename} was deleted while its OCR was running; the result was not stored`, { code: 'FILE_DELETED' });
        }
        const row = await insertOcrResult(tx, {
          userId: job.userId,
          fileId: file.id,
          jobId: job.id,
          pages: result.pages.map((p) => ({
            page_number: p.page_number,
            source: p.source,
            lines: p.lines,
            ...(p.confidence !== undefined ? { confidence: p.confidence } : {}),
            ...(p.unsure_words ? { unsure_words: p.unsure_words } : {}),
          })),
          text: result.text,
          markdown: result.markdown,
          engine: result.engine,
          confidence: result.confidence,
          processingTime: result.processing_time,
        });
        return {
          result_id: row.id,
          text_length: result.text_length,
          page_count: result.page_count,
          line_count: result.lines.length,
          engine: result.engine,
          processing_time: result.processing_time,
          filename,
          file_size: size,
          confidence: result.confidence ?? null,
        };
      },
    });
    const fin = finalEvent as OcrProgress | null;
    const message = `OCR completed successfully - ${out.text_length} characters extracted`;
    return {
      summary: {
        ocr_text_length: out.text_length,
        text_length: out.text_length,
        processing_time_seconds: out.processing_time,
        processing_time: out.processing_time,
        page_count: out.page_count,
        line_count: out.line_count,
        engine: out.engine,
        result_id: out.result_id,
        file_id: job.fileId,
        filename: out.filename,
      },
      event: {
        message,
        current_value: out.page_count,
        total_value: out.page_count,
        units: 'pages',
        details: {
          ...(fin?.details ?? {}),
          filename: out.filename,
          file_name: out.filename,
          bytes_downloaded: out.file_size,
          text_length: out.text_length,
          processing_time: out.processing_time,
          page_count: out.page_count,
          engine: out.engine,
          result_id: out.result_id,
        },
      },
    };
  },

  manualSummary(job, body) {
    return { ...(body ?? {}), file_id: job.fileId };
  },
};
