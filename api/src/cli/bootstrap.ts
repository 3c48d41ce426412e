// QUARRY_ADMIN_EMAIL / QUARRY_ADMIN_PASSWORD: create a superuser at start when none exists.
import type { FastifyInstance } from 'fastify';
import { RegisterBodySchema } from '@quarry/shared/schemas';
import { assertStrongPassword } from '../auth/passwords';
import { HttpError } from '../lib/errors';
import { countSuperusers, upsertSuperuser } from '../modules/users/service';

export async function bootstrapAdminFromEnv(app: FastifyInstance): Promise<void> {
  const { email, password } = app.config.admin;
  if (!email && !password) return;
  if (!email || !password) {
    throw new Error('Set both QUARRY_ADMIN_EMAIL and QUARRY_ADMIN_PASSWORD (or neither)');
  }
  const db = app.database.db;
  if ((await countSuperusers(db)) > 0) return;
  const parsed = RegisterBodySchema.safeParse({ email, password });
  if (!parsed.success) {
    throw new Error(`QUARRY_ADMIN_EMAIL/QUARRY_ADMIN_PASSWORD rejected: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  }
  try {
    assertStrongPassword(password, [parsed.data.email]);
  } catch (err) {
    if (err instanceof HttpError) throw new Error(`QUARRY_ADMIN_PASSWORD rejected: ${err.message}`);
    throw err;
  }
  const { user, action } = await upsertSuperuser(db, {
    email: parsed.data.email,
    passwordHash: await app.passwords.hash(password),
    resetPassword: false,
    initialCredits: app.config.initialCreditBalance,
  });
  app.log.info({ email: user.email, action }, 'superuser from QUARRY_ADMIN_EMAIL ready');
}
