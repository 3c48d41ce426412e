// API keys: POST / GET /api-keys/, DELETE /api-keys/{id} (revoke) for the signed-in user;
// GET /admin/users/{id}/api-keys and DELETE /admin/api-keys/{id} for superusers.
// A key cannot create keys: a leaked key must not be able to mint a successor that outlives
// its revocation.
import {
  ApiKeyCreatedSchema,
  ApiKeyCreateSchema,
  ApiKeyListSchema,
  ApiKeySchema,
} from '@quarry/shared/schemas';
import { byIdRoute, errorResponses, tagRoutes } from '../../lib/openapi';
import { forbidden, notFound } from '../../lib/errors';
import type { App } from '../../types';
import { createApiKey, listApiKeys, revokeApiKey, toApiKey, userExists } from './service';

export default async function apiKeyRoutes(app: App) {
  const tags = ['api-keys'];
  tagRoutes(app, ...tags);
  const db = app.database.db;
  const adminTags = ['admin', ...tags];

  const keysOf = async (userId: string) => {
    const keys = await listApiKeys(db, userId);
    return { api_keys: keys, total_count: keys.length };
  };
  /** `owner` null: a superuser revoking anyone's key. The key stops working on every API process at once. */
  const revoke = async (owner: string | null, id: string, by: string) => {
    const row = await revokeApiKey(db, owner, id, by);
    await app.apiKeys.revoked([row.id]);
    return toApiKey(row);
  };

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
    async (req) => keysOf(req.user.id),
  );

  app.delete(
    '/api-keys/:id',
    byIdRoute(ApiKeySchema, { summary: 'Revoke an API key: it stops working at once on every API process' }),
    async (req) => revoke(req.user.id, req.params.id, req.user.id),
  );

  app.get(
    '/admin/users/:id/api-keys',
    { onRequest: app.requireSuperuser, ...byIdRoute(ApiKeyListSchema, { tags: adminTags, summary: "A user's API keys (superusers)" }) },
    async (req) => {
      if (!(await userExists(db, req.params.id))) throw notFound('User not found');
      return keysOf(req.params.id);
    },
  );

  app.delete(
    '/admin/api-keys/:id',
    { onRequest: app.requireSuperuser, ...byIdRoute(ApiKeySchema, { tags: adminTags, summary: "Revoke any user's API key (superusers)" }) },
    async (req) => revoke(null, req.params.id, req.user.id),
  );
}
