// POST auth/login, auth/refresh, auth/logout and POST users/register; the password and
// session calls of account-routes.ts.
import {
  LoginBodySchema,
  MessageResponseSchema,
  RegisterBodySchema,
  RegisterResponseSchema,
  TokenResponseSchema,
} from '@quarry/shared/schemas';
import { REFRESH_COOKIE_NAME, REFRESH_COOKIE_PATH, SESSION_HINT_COOKIE_NAME } from '@quarry/shared/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../../auth/guard';
import { assertStrongPassword } from '../../auth/passwords';
import { errorResponses } from '../../lib/openapi';
import type { App } from '../../types';
import { createUser, toUser } from '../users/service';
import { AccountSecurity } from './account';
import accountRoutes from './account-routes';
import { AuthService, type ClientMeta, type IssuedSession } from './service';

export default async function authRoutes(app: App) {
  const auth = new AuthService(app);
  const security = new AccountSecurity(app);
  app.addHook('onClose', async () => {
    await security.settled();
    security.close();
  });
  await accountRoutes(app, security);
  const meta = (req: FastifyRequest): ClientMeta => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
  });
  // The hint cookie lives exactly as long as the refresh cookie and holds no secret.
  const hintOptions = { httpOnly: false, sameSite: 'lax' as const, secure: app.config.cookieSecure, path: '/' };
  const setRefreshCookie = (reply: FastifyReply, session: IssuedSession) =>
    reply
      .setCookie(REFRESH_COOKIE_NAME, session.refreshToken, {
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.cookieSecure,
        path: REFRESH_COOKIE_PATH,
        maxAge: app.config.refreshTokenTtlSeconds,
      })
      .setCookie(SESSION_HINT_COOKIE_NAME, '1', { ...hintOptions, maxAge: app.config.refreshTokenTtlSeconds });
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply
      .clearCookie(REFRESH_COOKIE_NAME, {
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.cookieSecure,
        path: REFRESH_COOKIE_PATH,
      })
      .clearCookie(SESSION_HINT_COOKIE_NAME, hintOptions);

  app.post(
    '/users/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account (answers an access token; sets the refresh cookie)',
        body: RegisterBodySchema,
        response: { 201: RegisterResponseSchema, ...errorResponses(409, 422, 429) },
      },
    },
    async (req, reply) => {
      auth.limits.registerPerIp.consume(`ip:${req.ip}`, 'Too many registration attempts. Please wait before trying again.');
      const { email, password, full_name } = req.body;
      assertStrongPassword(password, [email, ...(full_name ? [full_name] : [])]);
      const user = await createUser(app.database.db, {
        email,
        passwordHash: await app.passwords.hash(password),
        fullName: full_name ? full_name : null,
        initialCredits: app.config.initialCreditBalance,
      });
      const session = await auth.startSession(user, meta(req));
      setRefreshCookie(reply, session);
      return reply.code(201).send({
        access_token: session.accessToken,
        token_type: 'bearer' as const,
        expires_in: session.expiresIn,
        user: toUser(user),
      });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in (form-encoded username + password; JSON accepted)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: LoginBodySchema,
        response: { 200: TokenResponseSchema, ...errorResponses(401, 403, 422, 423, 429) },
      },
    },
    async (req, reply) => {
      const session = await auth.login(req.body.username, req.body.password, meta(req));
      setRefreshCookie(reply, session);
      return { access_token: session.accessToken, token_type: 'bearer' as const, expires_in: session.expiresIn };
    },
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'New access token from the refresh cookie (the cookie is rotated)',
        response: { 200: TokenResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (req, reply) => {
      try {
        const session = await auth.refresh(req.cookies[REFRESH_COOKIE_NAME], meta(req));
        setRefreshCookie(reply, session);
        return { access_token: session.accessToken, token_type: 'bearer' as const, expires_in: session.expiresIn };
      } catch (err) {
        clearRefreshCookie(reply);
        throw err;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session of the refresh cookie and of the bearer token, clear the cookie (always 200)',
        description:
          'Either credential is enough: with only `Authorization: Bearer <access token>` the session that token belongs to ends ' +
          '(the token and that session\'s refresh cookie stop working, its sockets close with 4401).',
        response: { 200: MessageResponseSchema },
      },
    },
    async (req, reply) => {
      await auth.logout(req.cookies[REFRESH_COOKIE_NAME], bearerToken(req));
      clearRefreshCookie(reply);
      return { message: 'Successfully logged out' };
    },
  );
}
