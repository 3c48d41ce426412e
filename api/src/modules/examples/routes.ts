// Examples (docs/product/prompts-and-schemas.md): POST and GET /examples/, GET, PUT and DELETE /examples/{id},
// POST /examples/{id}/validate, GET /examples/by-prompt/{id} and /examples/by-schema/{id}.
import {
  ExampleCreateSchema,
  ExampleListQuerySchema,
  ExampleListResponseSchema,
  ExampleSchema,
  ExampleUpdateSchema,
  ExampleValidateResponseSchema,
  IdParamsSchema,
  PaginationQuerySchema,
} from '@quarry/shared/schemas';
import { byIdRoute, deleteByIdRoute, errorResponses, tagRoutes } from '../../lib/openapi';
import type { App } from '../../types';
import {
  createExample,
  deleteExample,
  examplesByPrompt,
  examplesBySchema,
  getOwnExample,
  listExamples,
  toExample,
  updateExample,
  validateExample,
} from './service';

export default async function exampleRoutes(app: App) {
  tagRoutes(app, 'examples');
  const db = app.database.db;
  const list = { 200: ExampleListResponseSchema, ...errorResponses(401, 403, 404, 422) };

  app.post(
    '/examples/',
    {
      schema: {
        summary: 'Add an example to one of the caller\'s prompts (input and output text required)',
        body: ExampleCreateSchema,
        response: { 201: ExampleSchema, ...errorResponses(404, 422) },
      },
    },
    async (req, reply) => reply.code(201).send(await createExample(db, req.user.id, req.body)),
  );

  app.get(
    '/examples/',
    { schema: { querystring: ExampleListQuerySchema, response: list } },
    async (req) => listExamples(db, req.user.id, req.query),
  );

  app.get(
    '/examples/by-prompt/:id',
    { schema: { summary: 'Examples of a prompt', params: IdParamsSchema, querystring: PaginationQuerySchema, response: list } },
    async (req) => examplesByPrompt(db, req.user.id, req.params.id, req.query),
  );

  app.get(
    '/examples/by-schema/:id',
    {
      schema: {
        summary: 'Examples using an output schema (their own, or their prompt\'s)',
        params: IdParamsSchema,
        querystring: PaginationQuerySchema,
        response: list,
      },
    },
    async (req) => examplesBySchema(db, req.user.id, req.params.id, req.query),
  );

  app.get('/examples/:id', byIdRoute(ExampleSchema), async (req) => toExample(await getOwnExample(db, req.user.id, req.params.id)));

  app.put('/examples/:id', byIdRoute(ExampleSchema, { body: ExampleUpdateSchema }), async (req) =>
    updateExample(db, req.user.id, req.params.id, req.body),
  );

  app.delete(
    '/examples/:id',
    deleteByIdRoute(),
    async (req, reply) => {
      await deleteExample(db, req.user.id, req.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/examples/:id/validate',
    byIdRoute(ExampleValidateResponseSchema, {
      summary: 'Check the output text: valid JSON matching the example\'s (or its prompt\'s) schema; sets is_validated',
    }),
    async (req) => validateExample(db, req.user.id, req.params.id),
  );
}
