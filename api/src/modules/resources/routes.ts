// Admin resource types (quotas): list, update, delete, seed. Superuser only.
import { z } from 'zod';
import {
  IdParamsSchema,
  ResourceTypeDeleteQuerySchema,
  ResourceTypeListResponseSchema,
  ResourceTypeSchema,
  ResourceTypeUpdateSchema,
  SeedResourcesBodySchema,
  SeedResourcesResponseSchema,
} from '@quarry/shared/schemas';
import { errorResponses, tagRoutes } from '../../lib/openapi';
import type { App } from '../../types';
import {
  deleteResourceType,
  listResourceTypes,
  seedResourceTypes,
  toResourceType,
  updateResourceType,
} from './service';

export default async function resourceRoutes(app: App) {
  const guard = { onRequest: app.requireSuperuser };
  tagRoutes(app, 'admin');

  app.get(
    '/admin/resource-types',
    {
      ...guard,
      schema: {
        summary: 'List resource types',
        response: { 200: ResourceTypeListResponseSchema },
      },
    },
    async () => {
      const rows = await listResourceTypes(app.database.db);
      return { resource_types: rows.map(toResourceType), total_count: rows.length };
    },
  );

  app.put(
    '/admin/resource-types/:id',
    {
      ...guard,
      schema: {
        summary: 'Update a resource type (fields sent are changed)',
        params: IdParamsSchema,
        body: ResourceTypeUpdateSchema,
        response: { 200: ResourceTypeSchema, ...errorResponses(404, 409, 422) },
      },
    },
    async (req) => toResourceType(await updateResourceType(app.database.db, req.params.id, req.body)),
  );

  app.delete(
    '/admin/resource-types/:id',
    {
      ...guard,
      schema: {
        summary: 'Delete a resource type (204); 409 naming what uses it when it is in use, unless force=true',
        params: IdParamsSchema,
        querystring: ResourceTypeDeleteQuerySchema,
        response: { 204: z.undefined(), ...errorResponses(404, 409) },
      },
    },
    async (req, reply) => {
      await deleteResourceType(app.database.db, app.usage, req.params.id, { force: req.query.force });
      return reply.code(204).send();
    },
  );

  app.post(
    '/admin/seed-resources',
    {
      ...guard,
      schema: {
        summary: 'Seed resource types (defaults when resource_types is null)',
        body: SeedResourcesBodySchema.nullish(),
        response: { 200: SeedResourcesResponseSchema, ...errorResponses(422) },
      },
    },
    async (req) => {
      const body = req.body ?? { overwrite_existing: false, resource_types: null };
      const result = await seedResourceTypes(app.database.db, body.resource_types, body.overwrite_existing);
      return {
        message: `Seeded resource types: ${result.created} created, ${result.updated} updated, ${result.skipped} skipped`,
        created_count: result.created,
        updated_count: result.updated,
        skipped_count: result.skipped,
        resource_types: result.rows.map(({ row, action }) => ({ ...toResourceType(row), action })),
      };
    },
  );
}
