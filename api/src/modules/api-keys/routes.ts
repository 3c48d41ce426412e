// API keys: POST / GET /api-keys/, DELETE /api-keys/{id} (revoke) for the signed-in user;
// GET /admin/users/{id}/api-keys and DELETE /admin/api-keys/{id} for superusers.
// A key cannot create keys: a leaked key must not be able to mint a successor that outlives
// its revocation.
import {
  ApiKeyCreatedSchema,
  ApiKeyCreateSchema,
  ApiKeyListSchema,
  ApiKeySchema,
  IdParamsSchema,
} from '@quarry/shared/schemas';
import { errorResponses, tagRoutes } from '../../lib/openapi';
import { forbidden, notFound } from '../../lib/errors';
import type { App } from '../../types';
import { createApiKey, listApiKeys, revokeApiKey, toApiKey, userExists } from './service';

export default async function apiKeyRoutes(app: App) {
  const tags = ['api-keys'];
  tagRoutes(app, ...tags);
  const db = app.database.db;

  app.post(
    '/api-keys/',
    {
      schema: {
        summary: 'Create an API key (its secret is in this answer only)',
        description:
          'Send the key as `Authorization: Bearer <key>`. Scopes: `read` (GET and HEAD), `read+write` (everything but admin routes), ' +
          '`admin` (superusers: admin routes too). Optional expiry: `expires_in_days` or `expires_at`. Keys cannot create keys (403).',
        body: ApiKeyCreateSchema,
        response: { 201: ApiKeyCreatedSchema, ...errorResponses(422) },
      },
    },
    async (req, reply) => {
      if (req.apiKey) throw forbidden('API keys cannot create API keys; sign in to create one');
      return reply.code(201).send(await createApiKey(db, req.user, req.body));
    },
  );

  app.get(
    '/api-keys/',
    {
      schema: { summary: "The caller's API keys, newest first (revoked ones too)", response: { 200: ApiKeyListSchema } },
    },
    async (req) => {
      const keys = await listApiKeys(db, req.user.id);
      return { api_keys: keys, total_count: keys.length };
    },
  );

  app.delete(
    '/api-keys/:id',
    {
      schema: {
        summary: 'Revoke an API key: it stops working at once on every API process',
        params: IdParamsSchema,
        response: { 200: ApiKeySchema, ...errorResponses(404, 422) },
      },
    },
    async (req) => {
      const row = await revokeApiKey(db, req.user.id, req.params.id, req.user.id);
      await app.apiKeys.revoked([row.id]);
      return toApiKey(row);
    },
  );

  app.get(
    '/admin/users/:id/api-keys',
    {
      onRequest: app.requireSuperuser,
      schema: {
        tags: ['admin', ...tags],
        summary: "A user's API keys (superusers)",
        params: IdParamsSchema,
        response: { 200: ApiKeyListSchema, ...errorResponses(404, 422) },
      },
    },
    async (req) => {
      if (!(await userExists(db, req.params.id))) throw notFound('User not found');
      const keys = await listApiKeys(db, req.params.id);
      return { api_keys: keys, total_count: keys.length };
    },
  );

  app.delete(
    '/admin/api-keys/:id',
    {
      onRequest: app.requireSuperuser,
      schema: {
        tags: ['admin', ...tags],
        summary: "Revoke any user's API key (superusers)",
        params: IdParamsSchema,
        response: { 200: ApiKeySchema, ...errorResponses(404, 422) },
      },
    },
    async (req) => {
      const row = await revokeApiKey(db, null, req.params.id, req.user.id);
      await app.apiKeys.revoked([row.id]);
      return toApiKey(row);
    },
  );
}
