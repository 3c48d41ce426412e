// Output schemas (docs/product/prompts-and-schemas.md): POST and GET /output-schemas/, GET, PUT and DELETE
// /output-schemas/{id}, POST /output-schemas/validate, POST /output-schemas/{id}/validate-data,
// GET /output-schemas/statistics/summary, GET /output-schemas/{id}/llm-format.
import {
  LlmFormatResponseSchema,
  OutputSchemaCreateSchema,
  OutputSchemaDeleteQuerySchema,
  OutputSchemaListQuerySchema,
  OutputSchemaListResponseSchema,
  OutputSchemaSchema,
  OutputSchemaStatisticsSchema,
  OutputSchemaUpdateSchema,
  OutputSchemaValidateBodySchema,
  OutputSchemaValidateResponseSchema,
  ValidateDataBodySchema,
  ValidateDataResponseSchema,
} from '@quarry/shared/schemas';
import { fastSerializerCompiler } from '../../lib/fast-serializer';
import { byIdRoute, deleteByIdRoute, errorResponses, tagRoutes } from '../../lib/openapi';
import { renderSchemaDescriptions } from '../../processing/extraction/schema-descriptions';
import { cachedList } from '../../lib/list-cache-hooks';
import type { App } from '../../types';
import { checkDefinition, validateData } from './definition';
import {
  createOutputSchema,
  deleteOutputSchema,
  getOwnOutputSchema,
  listOutputSchemas,
  outputSchemaStatistics,
  toOutputSchema,
  updateOutputSchema,
} from './service';

export default async function outputSchemaRoutes(app: App) {
  tagRoutes(app, 'output-schemas');
  const db = app.database.db;

  app.post(
    '/output-schemas/',
    {
      schema: {
        summary: 'Create an output schema (the definition must pass POST /output-schemas/validate)',
        body: OutputSchemaCreateSchema,
        response: { 201: OutputSchemaSchema, ...errorResponses(422) },
      },
    },
    async (req, reply) => reply.code(201).send(await createOutputSchema(db, req.user.id, req.body)),
  );

  app.get(
    '/output-schemas/',
    {
      config: cachedList('own'),
      serializerCompiler: fastSerializerCompiler,
      schema: {
        summary: "The caller's output schemas (search; sort by updated_at, created_at, name or usage_count, recently updated first)",
        querystring: OutputSchemaListQuerySchema,
        response: { 200: OutputSchemaListResponseSchema, ...errorResponses(422) },
      },
    },
    async (req) => listOutputSchemas(db, req.user.id, req.query),
  );

  app.post(
    '/output-schemas/validate',
    {
      schema: {
        summary: 'Check a schema definition: JSON Schema meta-schema plus the product rules; every problem with its path',
        body: OutputSchemaValidateBodySchema,
        response: { 200: OutputSchemaValidateResponseSchema, ...errorResponses(422) },
      },
    },
    async (req) => {
      const check = checkDefinition(req.body.schema_definition);
      return { valid: check.valid, errors: check.errors, field_count: check.fieldCount };
    },
  );

  app.get(
    '/output-schemas/statistics/summary',
    {
      schema: { response: { 200: OutputSchemaStatisticsSchema } },
    },
    async (req) => outputSchemaStatistics(db, req.user.id),
  );

  app.get('/output-schemas/:id', byIdRoute(OutputSchemaSchema), async (req) =>
    toOutputSchema(await getOwnOutputSchema(db, req.user.id, req.params.id)),
  );

  app.put('/output-schemas/:id', byIdRoute(OutputSchemaSchema, { body: OutputSchemaUpdateSchema }), async (req) =>
    updateOutputSchema(db, req.user.id, req.params.id, req.body),
  );

  app.delete(
    '/output-schemas/:id',
    deleteByIdRoute(
      {
        summary: 'Delete an output schema: 409 naming the prompts, examples and jobs that use it, unless force=true',
        description: 'With force=true the prompts and examples using it lose the reference; jobs keep the copy of the schema they ran with.',
        querystring: OutputSchemaDeleteQuerySchema,
      },
      409,
    ),
    async (req, reply) => {
      await deleteOutputSchema(db, req.user.id, req.params.id, req.query.force);
      return reply.code(204).send();
    },
  );

  app.post(
    '/output-schemas/:id/validate-data',
    byIdRoute(ValidateDataResponseSchema, {
      summary: 'Check a JSON value ({"data": ...}) against the schema; every error with its path',
      body: ValidateDataBodySchema,
    }),
    async (req) => {
      const { row } = await getOwnOutputSchema(db, req.user.id, req.params.id);
      const result = validateData(row.schemaDefinition, req.body.data);
      return { valid: result.valid, error_count: result.errors.length, errors: result.errors };
    },
  );

  app.get(
    '/output-schemas/:id/llm-format',
    byIdRoute(LlmFormatResponseSchema, {
      summary: 'The schema as the text block a prompt\'s {{ schema_descriptions }} receives, and as JSON Schema',
    }),
    async (req) => {
      const { row } = await getOwnOutputSchema(db, req.user.id, req.params.id);
      return {
        schema_id: row.id,
        name: row.name,
        schema_descriptions: renderSchemaDescriptions(row.schemaDefinition),
        json_schema: row.schemaDefinition,
        field_count: row.fieldCount,
      };
    },
  );
}
