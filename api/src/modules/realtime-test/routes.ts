// POST test/websocket-notification: the /websocket-test page sends itself an event.
import { TestNotificationBodySchema, TestNotificationResponseSchema } from '@quarry/shared/schemas';
import { forbidden } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import type { App } from '../../types';

const RESERVED = new Set(['event', 'message', 'user_id', 'timestamp']);

export default async function realtimeTestRoutes(app: App) {
  if (!app.config.enableTestEndpoints) return;
  app.post(
    '/test/websocket-notification',
    {
      schema: {
        tags: ['realtime'],
        summary: 'Send a realtime event to your own sockets',
        body: TestNotificationBodySchema,
        response: { 200: TestNotificationResponseSchema, ...errorResponses(422) },
      },
    },
    async (req) => {
      const { event, message, user_id, timestamp, extras, channel } = req.body;
      if (user_id && user_id !== req.user.id) {
        throw forbidden('Test notifications can only be sent to yourself');
      }
      const extra: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(extras ?? {})) if (!RESERVED.has(k)) extra[k] = v;
      await app.realtime.publishToUser(
        req.user.id,
        {
          ...extra,
          event,
          message,
          ...(timestamp ? { timestamp: new Date(timestamp).toISOString() } : {}),
        },
        channel ? { channel } : {},
      );
      return {
        success: true as const,
        message: 'Notification sent',
        user_id: req.user.id,
        event,
        local_connections: app.realtime.localConnectionCount(req.user.id),
      };
    },
  );
}
