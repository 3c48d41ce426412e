// Feedback widget: POST /feedback/, GET /feedback/, GET /feedback/{id}, GET /feedback/stats/summary.
import {
  FeedbackCreateSchema,
  FeedbackListQuerySchema,
  FeedbackListResponseSchema,
  FeedbackSchema,
  FeedbackStatsSchema,
} from '@quarry/shared/schemas';
import { RateLimiter } from '../../lib/rate-limit';
import { byIdRoute, errorResponses, tagRoutes } from '../../lib/openapi';
import { cachedList } from '../../lib/list-cache-hooks';
import type { App } from '../../types';
import { createFeedback, feedbackStats, getFeedback, listFeedback, toFeedback } from './service';

export default async function feedbackRoutes(app: App) {
  tagRoutes(app, 'feedback');
  const limiter = new RateLimiter(app.config.rateLimits.feedbackPerUser, 3600 * 1000);
  const viewer = (u: { id: string; isSuperuser: boolean }) => ({ id: u.id, isSuperuser: u.isSuperuser });

  app.post(
    '/feedback/',
    {
      schema: {
        summary: 'Send feedback',
        body: FeedbackCreateSchema,
        response: { 201: FeedbackSchema, ...errorResponses(422, 429) },
      },
    },
    async (req, reply) => {
      limiter.consume(req.user.id, 'Too many feedback messages. Please wait before trying again.');
      const row = await createFeedback(app.database.db, req.user.id, req.body);
      return reply.code(201).send(toFeedback(row, req.user.email));
    },
  );

  app.get(
    '/feedback/',
    {
      config: cachedList('own-or-all'),
      schema: {
        summary: 'Feedback list: own, or everyone\'s for superusers. Newest first.',
        querystring: FeedbackListQuerySchema,
        response: { 200: FeedbackListResponseSchema, ...errorResponses(422) },
      },
    },
    async (req) => {
      const { items, total } = await listFeedback(app.database.db, viewer(req.user), req.query);
      return { feedback: items, total_count: total };
    },
  );

  app.get(
    '/feedback/stats/summary',
    {
      schema: {
        summary: 'Counts by category (same scope as the list)',
        response: { 200: FeedbackStatsSchema },
      },
    },
    async (req) => feedbackStats(app.database.db, viewer(req.user)),
  );

  app.get(
    '/feedback/:id',
    byIdRoute(FeedbackSchema),
    async (req) => getFeedback(app.database.db, viewer(req.user), req.params.id),
  );
}
