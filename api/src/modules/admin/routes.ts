// Admin calls (docs/product/admin.md; superuser only, except the public site name): site settings,
// the operations view with job retry, users (disable / enable, promote / demote, balance
// adjustments) and contact messages. Credit requests and resource types have their modules.
import { count, desc } from 'drizzle-orm';
import {
  AdminContactMessageListQuerySchema,
  AdminContactMessageListResponseSchema,
  AdminJobRetryResponseSchema,
  AdminUserListQuerySchema,
  AdminUserListResponseSchema,
  AdminUserSchema,
  AdminUserUpdateSchema,
  BalanceAdjustmentCreateSchema,
  BalanceAdjustmentSchema,
  IdParamsSchema,
  ModelCallSettingsSchema,
  ModelCallSettingsUpdateSchema,
  ModelCallUsageQuerySchema,
  ModelCallUsageSchema,
  OperationsOverviewSchema,
  PublicSiteSettingsSchema,
  SiteSettingsSchema,
  SiteSettingsUpdateSchema,
  type ContactType,
} from '@quarry/shared/schemas';
import { contactMessages } from '../../db/schema';
import { errorResponses, tagRoutes } from '../../lib/openapi';
import { settingsRoutes } from '../../lib/settings-routes';
import { isoStrict } from '../../lib/time';
import { cachedList } from '../../lib/list-cache-hooks';
import type { App } from '../../types';
import { getModelCallSettings, modelCallUsage, updateModelCallSettings } from '../credits/model-calls';
import { toUser } from '../users/service';
import { operationsOverview, retryFailedJob } from './operations';
import { getSiteSettings, updateSiteSettings } from './settings';
import { adjustBalance, getUser, listUsers, updateUser } from './users';

export default async function adminRoutes(app: App) {
  const guard = { onRequest: app.requireSuperuser };
  tagRoutes(app, 'admin');
  const db = app.database.db;
  const settingsDefaults = { adminEmail: app.config.admin.email };

  // Public on purpose: the product shows its name before anyone signs in.
  app.get(
    '/site',
    {
      schema: {
        tags: ['site'],
        summary: 'The site name (public)',
        response: { 200: PublicSiteSettingsSchema },
      },
    },
    async () => ({ site_name: (await getSiteSettings(db, settingsDefaults)).site_name }),
  );

  settingsRoutes(app, '/admin/settings', {
    answer: SiteSettingsSchema,
    body: SiteSettingsUpdateSchema,
    summaries: { get: 'Site settings', put: 'Change the site name and admin email (a non-empty name, a valid address)' },
    read: () => getSiteSettings(db, settingsDefaults),
    write: async (body) => {
      await updateSiteSettings(db, body);
      return getSiteSettings(db, settingsDefaults);
    },
  });

  const modelCallDefaults = { callsPerMinute: app.config.rateLimits.modelCallsPerMinute };
  settingsRoutes(app, '/admin/settings/model-calls', {
    answer: ModelCallSettingsSchema,
    body: ModelCallSettingsUpdateSchema,
    summaries: {
      get: "Model calls from the test pages: who may make them, how many a minute, and what one costs (a job's credits)",
      put: "Switch the test pages' model calls off for non-superusers (access superusers) or on (everyone), and set the per-user limit a minute",
    },
    read: () => getModelCallSettings(db, modelCallDefaults),
    write: async (body) => {
      await updateModelCallSettings(db, body);
      return getModelCallSettings(db, modelCallDefaults);
    },
  });

  app.get(
    '/admin/model-calls/usage',
    {
      ...guard,
      schema: {
        summary: 'Model calls from the test pages per user over the last `days` (30): calls and credits charged, most calls first',
        querystring: ModelCallUsageQuerySchema,
        response: { 200: ModelCallUsageSchema, ...errorResponses(422) },
      },
    },
    async (req) => modelCallUsage(db, req.query.days),
  );

  app.get(
    '/admin/operations',
    {
      ...guard,
      schema: {
        summary: 'Queue by type and status, oldest queued age, workers, last-hour throughput, recent failures',
        response: { 200: OperationsOverviewSchema },
      },
    },
    async () => operationsOverview(db, app.config.jobs.workerHeartbeatMs),
  );

  app.post(
    '/admin/jobs/:id/retry',
    {
      ...guard,
      schema: {
        summary: "Queue any user's failed job again (it resumes after its last finished step)",
        params: IdParamsSchema,
        response: { 200: AdminJobRetryResponseSchema, ...errorResponses(404, 409, 422) },
      },
    },
    async (req) => {
      const row = await retryFailedJob(app.jobs, req.params.id);
      return { id: row.id, status: row.status, message: `Job "${row.name}" is queued again` };
    },
  );

  app.get(
    '/admin/users',
    {
      ...guard,
      config: cachedList('all'),
      schema: {
        summary: 'Users (search matches email and name; sort by created_at, email, full_name or credit_balance, newest first)',
        querystring: AdminUserListQuerySchema,
        response: { 200: AdminUserListResponseSchema, ...errorResponses(422) },
      },
    },
    async (req) => {
      const { rows, total } = await listUsers(db, req.query);
      return { users: rows.map(toUser), total_count: total };
    },
  );

  app.get(
    '/admin/users/:id',
    {
      ...guard,
      schema: {
        summary: 'One user (the admin user page)',
        params: IdParamsSchema,
        response: { 200: AdminUserSchema, ...errorResponses(404, 422) },
      },
    },
    async (req) => toUser(await getUser(db, req.params.id)),
  );

  app.patch(
    '/admin/users/:id',
    {
      ...guard,
      schema: {
        summary: 'Disable / enable or promote / demote a user; never leaves no active superuser',
        params: IdParamsSchema,
        body: AdminUserUpdateSchema,
        response: { 200: AdminUserSchema, ...errorResponses(404, 409, 422) },
      },
    },
    async (req) => {
      const row = await updateUser(db, req.user.id, req.params.id, req.body);
      // HTTP calls answer 403 at once and open sockets close, everywhere; other changes (enabled,
      // promoted, demoted) drop the cached row the list routes' guard reads, everywhere
      if (req.body.is_active === false) await app.sessions.usersDisabled([row.id]);
      else await app.sessions.usersChanged([row.id]);
      return toUser(row);
    },
  );

  app.post(
    '/admin/users/:id/credit-adjustments',
    {
      ...guard,
      schema: {
        summary: "Add (or take) credits, recorded in the user's credit ledger with the reason",
        params: IdParamsSchema,
        body: BalanceAdjustmentCreateSchema,
        response: { 201: BalanceAdjustmentSchema, ...errorResponses(404, 409, 422) },
      },
    },
    async (req, reply) => {
      const adjustment = await adjustBalance(db, { id: req.user.id, email: req.user.email }, req.params.id, req.body);
      await app.realtime.publishToUser(req.params.id, {
        event: 'credit_balance_adjusted',
        message:
          adjustment.amount > 0
            ? `An administrator added ${adjustment.amount} credits to your balance`
            : `An administrator took ${-adjustment.amount} credits from your balance`,
        credit_balance: adjustment.balance_after,
      });
      return reply.code(201).send(adjustment);
    },
  );

  app.get(
    '/admin/contact-messages',
    {
      ...guard,
      schema: {
        summary: 'Messages sent through the public contact form, newest first',
        querystring: AdminContactMessageListQuerySchema,
        response: { 200: AdminContactMessageListResponseSchema, ...errorResponses(422) },
      },
    },
    async (req) => {
      const rows = await db
        .select()
        .from(contactMessages)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(req.query.limit)
        .offset(req.query.offset);
      const [total] = await db.select({ n: count() }).from(contactMessages);
      return {
        messages: rows.map((r) => ({
          id: r.id,
          name: r.name,
          email: r.email,
          message: r.message,
          contact_type: r.contactType as ContactType,
          created_at: isoStrict(r.createdAt),
        })),
        total_count: total?.n ?? 0,
      };
    },
  );
}
