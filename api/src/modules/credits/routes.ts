// Credit requests (docs/product/admin.md, Credit requests): users ask, superusers review.
import {
  AdminCreditRequestListQuerySchema,
  AdminCreditRequestListResponseSchema,
  AdminCreditRequestSchema,
  CreditRequestCreateSchema,
  CreditRequestListResponseSchema,
  CreditRequestReviewSchema,
  CreditRequestSchema,
  CreditRequestStatsSchema,
  CreditSettingsSchema,
  CreditSettingsUpdateSchema,
  IdParamsSchema,
} from '@quarry/shared/schemas';
import { errorResponses, tagRoutes } from '../../lib/openapi';
import { settingsRoutes } from '../../lib/settings-routes';
import type { App } from '../../types';
import { getCreditSettings, setLowBalanceThreshold } from '../admin/settings';
import {
  createCreditRequest,
  creditRequestStats,
  getAdminCreditRequest,
  listAllCreditRequests,
  listMyCreditRequests,
  reviewCreditRequest,
  toCreditRequest,
} from './service';

export default async function creditRoutes(app: App) {
  tagRoutes(app, 'credits');
  const initialCredits = app.config.initialCreditBalance;

  settingsRoutes(app, '/admin/settings/credits', {
    answer: CreditSettingsSchema,
    body: CreditSettingsUpdateSchema,
    tags: ['admin'],
    summaries: {
      get: 'The low-balance threshold (default 10 % of the starting grant)',
      put: 'Set the balance below which users see the low-balance warning',
    },
    read: () => getCreditSettings(app.database.db, initialCredits),
    write: async (body) => {
      await setLowBalanceThreshold(app.database.db, body.low_balance_threshold);
      return getCreditSettings(app.database.db, initialCredits);
    },
  });

  app.post(
    '/credit-requests/',
    {
      schema: {
        summary: 'Ask an administrator for credits',
        body: CreditRequestCreateSchema,
        response: { 201: CreditRequestSchema, ...errorResponses(422) },
      },
    },
    async (req, reply) => {
      const row = await createCreditRequest(app.database.db, req.user.id, req.body);
      return reply.code(201).send(toCreditRequest(row));
    },
  );

  app.get(
    '/credit-requests/my-requests',
    {
      schema: {
        summary: "The caller's credit requests, newest first",
        response: { 200: CreditRequestListResponseSchema },
      },
    },
    async (req) => {
      const rows = await listMyCreditRequests(app.database.db, req.user.id);
      return { credit_requests: rows.map(toCreditRequest), total_count: rows.length };
    },
  );

  const admin = { onRequest: app.requireSuperuser };
  const adminTags = ['admin'];

  app.get(
    '/admin/credit-requests/',
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: 'All credit requests (an array), newest first',
        querystring: AdminCreditRequestListQuerySchema,
        response: { 200: AdminCreditRequestListResponseSchema, ...errorResponses(422) },
      },
    },
    async (req) =>
      listAllCreditRequests(app.database.db, {
        status: req.query.status_filter,
        limit: req.query.limit,
        offset: req.query.offset,
      }),
  );

  app.get(
    '/admin/credit-requests/stats',
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: 'Counters for the admin screen',
        response: { 200: CreditRequestStatsSchema },
      },
    },
    async () => creditRequestStats(app.database.db),
  );

  app.put(
    '/admin/credit-requests/:id/review',
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: 'Approve (adds the credits) or reject (notes required) a pending request',
        params: IdParamsSchema,
        body: CreditRequestReviewSchema,
        response: { 200: AdminCreditRequestSchema, ...errorResponses(404, 409, 422) },
      },
    },
    async (req) => {
      const { request, newBalance } = await reviewCreditRequest(app.database.db, req.params.id, req.user.id, {
        status: req.body.status,
        admin_notes: req.body.admin_notes ?? null,
      });
      const approved = request.status === 'approved';
      await app.realtime.publishToUser(request.userId, {
        event: 'credit_request_reviewed',
        message: approved
          ? `Your credit request for ${request.amount} credits was approved`
          : `Your credit request for ${request.amount} credits was rejected`,
        credit_request_id: request.id,
        status: request.status,
        ...(newBalance !== null ? { credit_balance: newBalance } : {}),
      });
      return getAdminCreditRequest(app.database.db, request.id);
    },
  );
}
