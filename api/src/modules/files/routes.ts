// Files (docs/product/files-and-datasets.md): GET files/my-files, GET files/statistics/summary,
// POST files/cleanup-orphaned, POST files/bulk, GET files/{id}, GET files/{id}/datasets, DELETE files/{id},
// GET files/{id}/download-url and the signed GET files/{id}/content.
// Also registers the quota counters behind users/me/resource-limits.
import {
  CleanupBodySchema,
  CleanupQuerySchema,
  CleanupResponseSchema,
  FileBulkRequestSchema,
  FileBulkResponseSchema,
  FileDatasetsResponseSchema,
  FileDeleteQuerySchema,
  FileDeleteResponseSchema,
  FileDownloadUrlResponseSchema,
  FileListQuerySchema,
  FileListResponseSchema,
  FileSchema,
  FileStatisticsSchema,
  IdParamsSchema,
  SignedQuerySchema,
} from '@quarry/shared/schemas';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { files } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { fastSerializerCompiler } from '../../lib/fast-serializer';
import { byIdRoute, errorResponses, tagRoutes } from '../../lib/openapi';
import { isoStrict } from '../../lib/time';
import { BlobNotFoundError, contentDisposition, downloadSignatureParts } from '../../storage';
import { cachedList } from '../../lib/list-cache-hooks';
import type { App } from '../../types';
import { publicBaseUrl, uploadDeps } from '../uploads/routes';
import { validateStoredFile } from '../uploads/validate';
import { bulkAddToDataset, bulkDelete } from './bulk';
import {
  bytesToMb,
  cleanupOrphaned,
  datasetsOfFile,
  deleteFile,
  fileStatistics,
  getOwnFile,
  listFilesJson,
  storedUsage,
  toFile,
} from './service';

export default async function fileRoutes(app: App) {
  tagRoutes(app, 'files');
  const db = app.database.db;

  // quota counters, from real rows (users/me/resource-limits)
  app.usage.register('max_file_count', async ({ db: d, userId }) => (await storedUsage(d, userId)).fileCount, 'the upload quota (files per user)');
  app.usage.register('max_pages', async ({ db: d, userId }) => (await storedUsage(d, userId)).pageCount, 'the upload quota (pages per user)');
  app.usage.register('storage_used', async ({ db: d, userId }) => bytesToMb((await storedUsage(d, userId)).storageBytes), 'the upload quota (storage per user)');

  app.get(
    '/files/my-files',
    {
      config: cachedList('own'),
      serializerCompiler: fastSerializerCompiler,
      schema: {
        summary: "The caller's files, newest first unless sort/order ask otherwise",
        description:
          'include_failed=false (default) leaves out files that failed validation; pending files are listed. total_pages sums the pages of all matching files. ' +
          'sort: created_at (default), filename, file_size or page_count; order: desc (default) or asc; ties are broken by id.',
        querystring: FileListQuerySchema,
        response: { 200: FileListResponseSchema, ...errorResponses(422) },
      },
    },
    async (req, reply) => {
      // the database writes the files' JSON (service.ts, listFilesJson): sent as it is, past
      // the serializer; the response schema above still documents it
      const { offset, limit } = req.query;
      const { filesJson, total, totalPages, reviewedCount } = await listFilesJson(db, req.user.id, req.query);
      return reply
        .type('application/json; charset=utf-8')
        .send(
          `{"files":${filesJson},"total_count":${total},"total_pages":${totalPages},"offset":${offset},"limit":${limit},"reviewed_count":${reviewedCount}}`,
        );
    },
  );

  app.get(
    '/files/statistics/summary',
    {
      schema: { summary: 'Counts, pages and bytes of the caller\'s files', response: { 200: FileStatisticsSchema } },
    },
    async (req) => fileStatistics(db, req.user.id),
  );

  app.post(
    '/files/cleanup-orphaned',
    {
      schema: {
        summary: 'Find (dry_run=true, the default) or repair what interrupted uploads and crashes left behind',
        description:
          'For the caller: stored blobs no file or open upload refers to (deleted), file rows whose bytes are gone ' +
          '(deleted, and so removed from their datasets), uploads past their time (expired, bytes deleted) and files ' +
          'whose validation never finished (checked now). dry_run in the query or in a JSON body.',
        querystring: CleanupQuerySchema,
        body: CleanupBodySchema,
        response: { 200: CleanupResponseSchema, ...errorResponses(422) },
      },
    },
    async (req) => {
      const dryRun = req.body?.dry_run ?? req.query.dry_run ?? true;
      const deps = uploadDeps(app);
      return cleanupOrphaned(
        { db, storage: app.storage, revalidate: async (row) => (await validateStoredFile(deps, row))?.isValid ?? null },
        req.user.id,
        dryRun,
      );
    },
  );

  app.post(
    '/files/bulk',
    {
      schema: {
        summary: 'Delete many files, or add them to a dataset, in one request (1 to 100 ids)',
        description:
          'Answers which ids were done and which were refused, each with its reason. An id that is not one of the ' +
          "caller's files changes nothing and is refused as not found. delete: a file in a dataset is refused unless " +
          'force=true (then removed from its datasets). add_to_dataset: dataset_id names one of the caller\'s datasets ' +
          '(404 otherwise, 409 when archived or deleted); invalid files and files already in it are refused.',
        body: FileBulkRequestSchema,
        response: { 200: FileBulkResponseSchema, ...errorResponses(404, 409, 422) },
      },
    },
    async (req) => {
      const { action, file_ids: ids, dataset_id: datasetId, force } = req.body;
      if (action === 'delete') return bulkDelete(db, app.storage, req.user.id, ids, force ?? false);
      return bulkAddToDataset(db, req.user.id, datasetId!, ids); // the body schema requires dataset_id here
    },
  );

  app.get('/files/:id', byIdRoute(FileSchema), async (req) => toFile(await getOwnFile(db, req.user.id, req.params.id)));

  app.get(
    '/files/:id/datasets',
    byIdRoute(FileDatasetsResponseSchema, { summary: 'Datasets the file belongs to' }),
    async (req) => {
      await getOwnFile(db, req.user.id, req.params.id);
      const list = await datasetsOfFile(db, req.params.id);
      return { file_id: req.params.id, datasets: list, total_count: list.length };
    },
  );

  app.delete(
    '/files/:id',
    byIdRoute(
      FileDeleteResponseSchema,
      {
        summary: 'Delete a file and its stored bytes',
        description: 'A file in an active or archived dataset is refused (409, the message names the datasets) unless force=true, which removes it from them.',
        querystring: FileDeleteQuerySchema,
      },
      409,
    ),
    async (req) => {
      const { row, removedFrom } = await deleteFile(db, app.storage, req.user.id, req.params.id, req.query.force);
      const from = removedFrom.length ? ` and removed from ${removedFrom.length} dataset${removedFrom.length === 1 ? '' : 's'}` : '';
      return { message: `File "${row.filename}" deleted${from}`, file_id: row.id, removed_from_datasets: removedFrom };
    },
  );

  app.get(
    '/files/:id/download-url',
    byIdRoute(FileDownloadUrlResponseSchema, {
      summary: 'A signed, expiring URL to the file\'s bytes (local: files/{id}/content; S3: presigned)',
      querystring: z.object({ disposition: z.enum(['attachment', 'inline']).default('attachment') }),
    }),
    async (req) => {
      const row = await getOwnFile(db, req.user.id, req.params.id);
      const expiresAt = new Date(Date.now() + app.config.storage.urlTtlSeconds * 1000);
      const signed = await app.storage.signedDownloadUrl({
        key: row.storageKey,
        fileId: row.id,
        filename: row.filename,
        contentType: row.mimeType,
        expiresAt,
        baseUrl: publicBaseUrl(app, req),
        disposition: req.query.disposition,
      });
      return { file_id: row.id, url: signed.url, expires_at: isoStrict(new Date(Math.floor(expiresAt.getTime() / 1000) * 1000)) };
    },
  );

  app.get(
    '/files/:id/content',
    {
      schema: {
        summary: 'The file\'s bytes through a signed URL from download-url (no bearer token)',
        params: IdParamsSchema,
        querystring: SignedQuerySchema,
        response: errorResponses(403, 404, 422),
      },
    },
    async (req, reply) => {
      const [row] = await db.select().from(files).where(and(eq(files.id, req.params.id)));
      if (!row) throw notFound('File not found');
      const disposition = req.query.disposition ?? 'attachment';
      const ok = app.storageSigner.verify(
        downloadSignatureParts({ fileId: row.id, key: row.storageKey, expires: req.query.expires, disposition }),
        req.query.signature,
      );
      if (!ok) throw new HttpError(403, 'Invalid download signature');
      if (Date.now() > req.query.expires * 1000) throw new HttpError(403, 'This download URL has expired: ask for a new one');
      let stream;
      try {
        stream = await app.storage.get(row.storageKey);
      } catch (err) {
        if (err instanceof BlobNotFoundError) throw notFound('The stored bytes of this file are missing');
        throw err;
      }
      return reply
        .header('content-type', row.mimeType)
        .header('content-length', String(row.fileSize))
        .header('content-disposition', contentDisposition(disposition, row.filename))
        .header('cache-control', 'private, max-age=0, no-store')
        .send(stream);
    },
  );
}
