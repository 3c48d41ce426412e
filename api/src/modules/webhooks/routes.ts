// Webhooks: endpoints of the signed-in user (POST / GET /webhooks/, GET / PATCH / DELETE
// /webhooks/{id}), their delivery log (GET /webhooks/{id}/deliveries), "send test event"
// (POST /webhooks/{id}/test) and "redeliver" (POST /webhooks/{id}/deliveries/{deliveryId}/redeliver);
// the administrator's setting GET / PUT /admin/webhooks/settings. See docs/api-keys-webhooks.md.
import {
  IdParamsSchema,
  PaginationQuerySchema,
  UuidSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookEndpointCreatedSchema,
  WebhookEndpointCreateSchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointUpdateSchema,
  WebhookSettingsSchema,
} from '@quarry/shared/schemas';
import { z } from 'zod';
import { cancelJob } from '../../jobs/store';
import { HttpError } from '../../lib/errors';
import { byIdRoute, errorResponses, tagRoutes } from '../../lib/openapi';
import { settingsRoutes } from '../../lib/settings-routes';
import type { App } from '../../types';
import { addLocalWaker } from './queue';
import {
  createEndpoint,
  deleteEndpoint,
  deliveryView,
  listDeliveries,
  listEndpoints,
  ownEndpoint,
  redeliver,
  sendTestEvent,
  toEndpoint,
  updateEndpoint,
} from './service';
import { allowPrivateTargets, setAllowPrivateTargets } from './settings';

const DeliveryParamsSchema = z.object({ id: UuidSchema, deliveryId: UuidSchema });

export default async function webhookRoutes(app: App) {
  const tags = ['webhooks'];
  tagRoutes(app, ...tags);
  const db = app.database.db;
  // deliveries queued by this process wake its workers at once (PGlite has no NOTIFY listener)
  const unregister = addLocalWaker(() => void app.jobs.signal.notify({ kind: 'queued', id: 'webhooks' }));
  app.addHook('onClose', async () => {
    unregister();
  });

  app.post(
    '/webhooks/',
    {
      schema: {
        summary: 'Register a webhook endpoint (its signing secret is in this answer only)',
        description:
          'Deliveries follow Standard Webhooks: headers webhook-id (one per event, the same on every retry), webhook-timestamp and ' +
          'webhook-signature (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the base64-decoded secret after `whsec_`). ' +
          'Omit `secret` and the server generates one. Private, loopback and link-local targets are refused unless an administrator allows them.',
        body: WebhookEndpointCreateSchema,
        response: { 201: WebhookEndpointCreatedSchema, ...errorResponses(422) },
      },
    },
    async (req, reply) => reply.code(201).send(await createEndpoint(db, req.user.id, req.body)),
  );

  app.get(
    '/webhooks/',
    { schema: { summary: "The caller's webhook endpoints", response: { 200: WebhookEndpointListSchema } } },
    async (req) => {
      const endpoints = await listEndpoints(db, req.user.id);
      return { endpoints, total_count: endpoints.length };
    },
  );

  app.get('/webhooks/:id', byIdRoute(WebhookEndpointSchema), async (req) => toEndpoint(await ownEndpoint(db, req.user.id, req.params.id)));

  app.patch(
    '/webhooks/:id',
    byIdRoute(WebhookEndpointSchema, { summary: 'Change the URL, events, description or enabled', body: WebhookEndpointUpdateSchema }),
    async (req) => updateEndpoint(db, req.user.id, req.params.id, req.body),
  );

  app.delete(
    '/webhooks/:id',
    {
      schema: { summary: 'Delete an endpoint: its pending retries stop', params: IdParamsSchema, response: { 204: z.null(), ...errorResponses(404, 422) } },
    },
    async (req, reply) => {
      const pendingJobs = await deleteEndpoint(db, req.user.id, req.params.id);
      for (const jobId of pendingJobs) {
        await cancelJob(app.jobs, req.user.id, jobId).catch((err: unknown) => {
          if (!(err instanceof HttpError)) throw err; // already finished: nothing to stop
        });
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: { summary: 'Delivery log of an endpoint, newest first, with every attempt', params: IdParamsSchema, querystring: PaginationQuerySchema, response: { 200: WebhookDeliveryListSchema, ...errorResponses(404, 422) } },
    },
    async (req) => {
      const { deliveries, total } = await listDeliveries(db, req.user.id, req.params.id, req.query.limit, req.query.offset);
      return { deliveries, total_count: total };
    },
  );

  app.post(
    '/webhooks/:id/test',
    {
      schema: { summary: 'Send a webhook.test event to this endpoint', params: IdParamsSchema, response: { 202: WebhookDeliverySchema, ...errorResponses(404, 422) } },
    },
    async (req, reply) => reply.code(202).send(await deliveryView(db, await sendTestEvent(db, req.user.id, req.params.id))),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      schema: {
        summary: 'Send a finished delivery again (same webhook-id and body, a fresh retry schedule)',
        params: DeliveryParamsSchema,
        response: { 202: WebhookDeliverySchema, ...errorResponses(404, 409, 422) },
      },
    },
    async (req, reply) => {
      await redeliver(db, req.user.id, req.params.id, req.params.deliveryId);
      return reply.code(202).send(await deliveryView(db, req.params.deliveryId));
    },
  );

  settingsRoutes(app, '/admin/webhooks/settings', {
    answer: WebhookSettingsSchema,
    body: WebhookSettingsSchema,
    tags: ['admin', ...tags],
    summaries: { put: 'Allow or refuse deliveries to private, loopback and link-local addresses' },
    read: async () => ({ allow_private_targets: await allowPrivateTargets(db) }),
    write: async (body) => {
      await setAllowPrivateTargets(db, body.allow_private_targets);
      return { allow_private_targets: body.allow_private_targets };
    },
  });
}
