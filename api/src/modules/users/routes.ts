// GET users/me, GET users/me/resource-limits, GET/POST users/preferences/email.
import { eq } from 'drizzle-orm';
import {
  EmailPreferencesSchema,
  EmailPreferencesUpdateSchema,
  ResourceLimitsResponseSchema,
  UserSchema,
} from '@quarry/shared/schemas';
import { users } from '../../db/schema';
import { errorResponses, tagRoutes } from '../../lib/openapi';
import type { App } from '../../types';
import { getCreditSettings } from '../admin/settings';
import { computeResourceLimits } from '../resources/service';
import { toUser } from './service';

export default async function userRoutes(app: App) {
  tagRoutes(app, 'users');

  app.get(
    '/users/me',
    {
      schema: { summary: 'The current user', response: { 200: UserSchema } },
    },
    async (req) => toUser(req.user),
  );

  app.get(
    '/users/me/resource-limits',
    {
      schema: {
        summary: 'Credit balance and resource limits with current usage',
        response: { 200: ResourceLimitsResponseSchema },
      },
    },
    async (req) => {
      const [limits, credits] = await Promise.all([
        computeResourceLimits(app.database.db, app.usage, req.user.id),
        getCreditSettings(app.database.db, app.config.initialCreditBalance),
      ]);
      return { credit_balance: req.user.creditBalance, low_balance_threshold: credits.low_balance_threshold, resource_limits: limits };
    },
  );

  app.get(
    '/users/preferences/email',
    {
      schema: { response: { 200: EmailPreferencesSchema } },
    },
    async (req) => ({ notifications_enabled: req.user.notificationsEnabled }),
  );

  app.post(
    '/users/preferences/email',
    {
      schema: {
        body: EmailPreferencesUpdateSchema,
        response: { 200: EmailPreferencesSchema, ...errorResponses(422) },
      },
    },
    async (req) => {
      const [row] = await app.database.db
        .update(users)
        .set({ notificationsEnabled: req.body.notifications_enabled, updatedAt: new Date() })
        .where(eq(users.id, req.user.id))
        .returning({ notificationsEnabled: users.notificationsEnabled });
      return { notifications_enabled: row!.notificationsEnabled };
    },
  );
}
