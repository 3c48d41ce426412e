// Password change, forgotten password, the user's sessions, and the undelivered mail the
// superusers read when no SMTP server is configured.
import {
  FORGOT_PASSWORD_ANSWER,
  ForgotPasswordBodySchema,
  IdParamsSchema,
  MailOutboxListResponseSchema,
  MessageResponseSchema,
  PasswordChangeBodySchema,
  ResetPasswordBodySchema,
  SessionListResponseSchema,
  SessionsRevokedResponseSchema,
} from '@quarry/shared/schemas';
import { errorResponses, tagRoutes } from '../../lib/openapi';
import { forbidden } from '../../lib/errors';
import { isoStrict } from '../../lib/time';
import type { App } from '../../types';
import { AccountSecurity } from './account';
import { recentOutbox } from './mail';

const OUTBOX_LIMIT = 100;
const NEEDS_SESSION = 'Sign in with your password to do this: an API key cannot';

export default async function accountRoutes(app: App, security: AccountSecurity) {
  tagRoutes(app, 'auth');

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        summary: 'Send a one-time password-reset link to the address (same answer whether or not it has an account)',
        description:
          'The link (`/reset-password?token=…`) works once and for PASSWORD_RESET_TTL_SECONDS (1 hour). With SMTP_URL set it is mailed; ' +
          'without, it is written to the API log and listed to superusers in `GET /admin/mail-outbox`.',
        body: ForgotPasswordBodySchema,
        response: { 202: MessageResponseSchema, ...errorResponses(422, 429) },
      },
    },
    async (req, reply) => {
      security.requestReset(req.body.email, req.ip);
      return reply.code(202).send({ message: FORGOT_PASSWORD_ANSWER });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        summary: "Set a new password with a reset link's token; every session of the account ends",
        body: ResetPasswordBodySchema,
        response: { 200: MessageResponseSchema, ...errorResponses(400, 422, 429) },
      },
    },
    async (req) => {
      await security.resetPassword(req.body.token, req.body.new_password, req.ip);
      return { message: 'Your password has been reset. Please log in with the new password.' };
    },
  );

  app.post(
    '/users/me/password',
    {
      schema: {
        summary: 'Change my password (the current one is required); my other sessions end, this one stays',
        body: PasswordChangeBodySchema,
        response: { 200: SessionsRevokedResponseSchema, ...errorResponses(422, 429) },
      },
    },
    async (req) => {
      if (req.apiKey) throw forbidden(NEEDS_SESSION);
      const revoked = await security.changePassword(req.user, req.sessionId, req.body.current_password, req.body.new_password);
      return { message: 'Password changed', revoked };
    },
  );

  app.get(
    '/users/me/sessions',
    {
      schema: {
        summary: 'My signed-in sessions (device, created, last used), the current one marked',
        response: { 200: SessionListResponseSchema },
      },
    },
    async (req) => ({ sessions: await security.listSessions(req.user.id, req.sessionId) }),
  );

  app.post(
    '/users/me/sessions/revoke-others',
    {
      schema: {
        summary: 'Sign out of every other session (their tokens stop working, their sockets close)',
        response: { 200: SessionsRevokedResponseSchema },
      },
    },
    async (req) => {
      if (req.apiKey) throw forbidden(NEEDS_SESSION);
      const revoked = await security.revokeSessions(req.user.id, { except: req.sessionId });
      return { message: `Signed out of ${revoked} other session${revoked === 1 ? '' : 's'}`, revoked };
    },
  );

  app.delete(
    '/users/me/sessions/:id',
    {
      schema: {
        summary: 'Sign out of one of my sessions',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, ...errorResponses(404, 422) },
      },
    },
    async (req) => {
      await security.revokeSession(req.user.id, req.params.id);
      return { message: 'Session signed out' };
    },
  );

  app.get(
    '/admin/mail-outbox',
    {
      onRequest: app.requireSuperuser,
      schema: {
        tags: ['admin'],
        summary: 'Mail that was not sent because SMTP_URL is not set (password-reset links), newest first',
        response: { 200: MailOutboxListResponseSchema },
      },
    },
    async () => ({
      smtp_configured: security.mailer.delivers,
      messages: (await recentOutbox(app.database.db, OUTBOX_LIMIT)).map((m) => ({
        id: m.id,
        to_email: m.toEmail,
        subject: m.subject,
        body: m.body,
        created_at: isoStrict(m.createdAt),
      })),
    }),
  );
}
