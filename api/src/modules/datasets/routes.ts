// Datasets (docs/product/files-and-datasets.md): POST and GET /datasets/, GET, PUT and DELETE /datasets/{id},
// POST and DELETE /datasets/{id}/files, POST /datasets/{id}/archive and /unarchive.
import {
  DatasetCreateSchema,
  DatasetDetailSchema,
  DatasetFilesBodySchema,
  DatasetFilesResponseSchema,
  DatasetListQuerySchema,
  DatasetListResponseSchema,
  DatasetSchema,
  DatasetUpdateSchema,
  IdParamsSchema,
} from '@quarry/shared/schemas';
import { fastSerializerCompiler } from '../../lib/fast-serializer';
import { byIdRoute, errorResponses, tagRoutes } from '../../lib/openapi';
import { cachedList } from '../../lib/list-cache-hooks';
import type { App } from '../../types';
import { addFiles, changeStatus, createDataset, datasetDetail, listDatasetsJson, removeFiles, updateDataset } from './service';

export default async function datasetRoutes(app: App) {
  tagRoutes(app, 'datasets');
  const db = app.database.db;

  app.post(
    '/datasets/',
    {
      schema: {
        summary: 'Create a dataset from some of the caller\'s files',
        description: 'Invalid files (is_valid false) are refused (400); unknown or foreign file ids answer 404.',
        body: DatasetCreateSchema,
        response: { 201: DatasetSchema, ...errorResponses(400, 404, 422) },
      },
    },
    async (req, reply) => reply.code(201).send(await createDataset(db, req.user.id, req.body)),
  );

  app.get(
    '/datasets/',
    {
      config: cachedList('own'),
      serializerCompiler: fastSerializerCompiler,
      schema: {
        summary: 'The caller\'s datasets, newest first unless sort/order ask otherwise (deleted ones only with status=deleted)',
        description: 'sort: created_at (default), name or file_count; order: desc (default) or asc; ties are broken by id. search: name or description contains.',
        querystring: DatasetListQuerySchema,
        response: { 200: DatasetListResponseSchema, ...errorResponses(422) },
      },
    },
    async (req, reply) => {
      // the database writes the datasets' JSON (service.ts, listDatasetsJson): sent as it is,
      // past the serializer; the response schema above still documents it
      const { datasetsJson, total } = await listDatasetsJson(db, req.user.id, req.query);
      return reply.type('application/json; charset=utf-8').send(`{"datasets":${datasetsJson},"total_count":${total}}`);
    },
  );

  app.get(
    '/datasets/:id',
    byIdRoute(DatasetDetailSchema, {
      summary: 'A dataset with its files, its newest jobs, the downloads of its reviewed records and its evaluation summary',
    }),
    async (req) => datasetDetail(db, req.user.id, req.params.id),
  );

  app.put(
    '/datasets/:id',
    byIdRoute(DatasetSchema, { summary: 'Rename or describe a dataset (409 once deleted)', body: DatasetUpdateSchema }, 409),
    async (req) => updateDataset(db, req.user.id, req.params.id, req.body),
  );

  app.delete(
    '/datasets/:id',
    byIdRoute(DatasetSchema, { summary: 'Delete a dataset (status deleted; its files are kept)' }, 409),
    async (req) => changeStatus(db, req.user.id, req.params.id, 'deleted'),
  );

  app.post(
    '/datasets/:id/files',
    {
      schema: {
        summary: 'Add files (already present ones are reported unchanged)',
        params: IdParamsSchema,
        body: DatasetFilesBodySchema,
        response: { 200: DatasetFilesResponseSchema, ...errorResponses(400, 404, 409, 422) },
      },
    },
    async (req) => addFiles(db, req.user.id, req.params.id, req.body.file_ids),
  );

  app.delete(
    '/datasets/:id/files',
    byIdRoute(
      DatasetFilesResponseSchema,
      {
        summary: 'Remove files (JSON body {file_ids}); the files themselves are kept',
        body: DatasetFilesBodySchema,
      },
      409,
    ),
    async (req) => removeFiles(db, req.user.id, req.params.id, req.body.file_ids),
  );

  for (const [path, to, summary] of [
    ['/datasets/:id/archive', 'archived', 'Archive an active dataset (its files can no longer change)'],
    ['/datasets/:id/unarchive', 'active', 'Make an archived dataset active again'],
  ] as const) {
    app.post(
      path,
      {
        schema: { summary, params: IdParamsSchema, response: { 200: DatasetSchema, ...errorResponses(404, 409, 422) } },
      },
      async (req) => changeStatus(db, req.user.id, req.params.id, to),
    );
  }
}
