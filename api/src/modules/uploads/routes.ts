// Uploads (docs/product/files-and-datasets.md): POST uploads/prepare-upload, PUT uploads/blob/{upload_id} (the
// local driver's signed URL: raw bytes, no bearer token: the signature is the permission),
// POST uploads/complete.
import type { Readable } from 'node:stream';
import {
  BlobPutResponseSchema,
  CompleteUploadBodySchema,
  CompleteUploadResponseSchema,
  PrepareUploadBodySchema,
  PrepareUploadErrorSchema,
  PrepareUploadResponseSchema,
  SignedQuerySchema,
} from '@quarry/shared/schemas';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors';
import { errorResponses, tagRoutes } from '../../lib/openapi';
import { uploadSignatureParts } from '../../storage';
import type { App } from '../../types';
import { completeUpload } from './complete';
import type { UploadDeps } from './deps';
import { prepareUpload } from './prepare';
import { receiveBlob } from './receive';

export const uploadDeps = (app: App): UploadDeps => ({
  db: app.database.db,
  storage: app.storage,
  validator: app.fileValidator,
  publish: (userId, message) => app.realtime.publishToUser(userId, message),
  urlTtlSeconds: app.config.storage.urlTtlSeconds,
  maxUploadBytes: app.config.storage.maxUploadBytes,
});

/** The API's origin as the client sees it (PUBLIC_API_URL, else the request's; proxies via X-Forwarded-*). */
export const publicBaseUrl = (app: App, req: FastifyRequest): string =>
  app.config.storage.publicBaseUrl ?? `${req.protocol}://${req.host}`;

const INTERRUPTED = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'ECONNABORTED', 'EPIPE']);

export default async function uploadRoutes(app: App) {
  tagRoutes(app, 'uploads');
  const deps = uploadDeps(app);

  app.post(
    '/uploads/prepare-upload',
    {
      schema: {
        summary: 'Announce files to upload: checks types and quotas, reserves them, answers one signed PUT URL per file',
        description:
          'Allowed types: pdf, jpeg/jpg, png, gif, bmp, tiff (by file name and MIME type). Refusals answer ' +
          '{detail, success: false, error_message, quota_info}: 400 unsupported or mismatched types, 403 a quota ' +
          '(max_file_count, max_pages, storage_used) would be passed, 413 a file is larger than MAX_UPLOAD_BYTES. ' +
          'Nothing is stored before the PUT. Estimated pages: PDF max(1, ceil(size/100000)), image 1.',
        body: PrepareUploadBodySchema,
        response: {
          200: PrepareUploadResponseSchema,
          400: PrepareUploadErrorSchema,
          403: PrepareUploadErrorSchema,
          413: PrepareUploadErrorSchema,
          ...errorResponses(422),
        },
      },
    },
    async (req, reply) => {
      const outcome = await prepareUpload(deps, req.user.id, req.body.files, publicBaseUrl(app, req));
      if (outcome.ok) return outcome.response;
      return reply.code(outcome.status).send({
        detail: outcome.message,
        success: false as const,
        error_message: outcome.message,
        quota_info: outcome.quotaInfo,
      });
    },
  );

  app.post(
    '/uploads/complete',
    {
      schema: {
        summary: 'Report the uploads as sent: stores file rows, checks each file from its bytes, answers validity',
        description:
          'Validity comes from the bytes: magic numbers must match the type; a PDF must open (pdfjs) and its real ' +
          'page count becomes actual_pages (encrypted, damaged or truncated PDFs are invalid); an image must decode. ' +
          'Uploads of the session that are not listed are closed as failed. A second complete of a completed ' +
          'session answers the stored results again (already_completed: true) and changes nothing; 409 while ' +
          'another complete of the same session is running. Events: upload_complete / upload_failed, then ' +
          'validation_passed / validation_failed on the user\'s socket.',
        body: CompleteUploadBodySchema,
        response: { 200: CompleteUploadResponseSchema, ...errorResponses(404, 409, 422) },
      },
    },
    async (req) => completeUpload(deps, req.user.id, req.body.upload_session_id, req.body.completed_uploads),
  );

  // The local driver's signed PUT: raw body streamed to storage, never buffered.
  await app.register(async (child) => {
    const raw = child.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    raw.put(
      '/uploads/blob/:uploadId',
      {
        schema: {
          summary: 'Signed upload URL (local storage): PUT the raw bytes with the Content-Type announced',
          description:
            'No bearer token: the expiring HMAC signature in the query is the permission. The body must be exactly ' +
            'the announced size (larger: 413, smaller: 400); Content-Type must match the announced type (415); a ' +
            'changed or expired URL answers 403. A repeated PUT before complete replaces the bytes.',
          params: z.object({ uploadId: z.uuid() }),
          querystring: SignedQuerySchema,
          response: { 200: BlobPutResponseSchema, ...errorResponses(400, 403, 404, 409, 413, 422) },
        },
      },
      async (req) => {
        if (app.storage.kind !== 'local') throw new HttpError(404, 'Uploads go straight to object storage: use the signed_url from prepare-upload');
        const lengthHeader = req.headers['content-length'];
        const contentLength = lengthHeader !== undefined && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : null;
        try {
          const done = await receiveBlob(
            deps,
            (u, expires, signature) =>
              app.storageSigner.verify(
                uploadSignatureParts({ uploadId: u.id, key: u.storageKey, size: u.declaredSize, contentType: u.contentType, expires }),
                signature,
              ),
            {
              uploadId: req.params.uploadId,
              expires: req.query.expires,
              signature: req.query.signature,
              contentType: req.headers['content-type'],
              contentLength,
              body: req.body as Readable,
            },
          );
          return { upload_id: done.upload.id, size: done.size, sha256: done.sha256 };
        } catch (err) {
          if (INTERRUPTED.has((err as NodeJS.ErrnoException).code ?? '') || (err as Error).message === 'aborted') {
            throw new HttpError(400, 'The upload was interrupted before all bytes arrived');
          }
          throw err;
        }
      },
    );
  });
}
