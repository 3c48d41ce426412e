// npm run create-superuser -w @quarry/api -- --email admin@example.com --password 'S3cure-Passw0rd'
// Creates a superuser, or promotes the existing account with that email and sets its
// password. Uses DATABASE_URL or the embedded database in DATA_DIR (stop the API first:
// an embedded database serves one process at a time).
import { RegisterBodySchema } from '@quarry/shared/schemas';
import { PasswordHasher, assertStrongPassword } from '../auth/passwords';
import { loadConfig } from '../config';
import { openDatabase } from '../db';
import { HttpError } from '../lib/errors';
import { upsertSuperuser } from '../modules/users/service';
import { parseArgs } from './args';

const USAGE = 'Usage: npm run create-superuser -w @quarry/api -- --email <email> --password <password>';

export async function createSuperuserCli(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const email = typeof args.email === 'string' ? args.email : process.env.QUARRY_ADMIN_EMAIL;
  const password = typeof args.password === 'string' ? args.password : process.env.QUARRY_ADMIN_PASSWORD;
  if (!email || !password || args.help) {
    console.error(USAGE);
    return 2;
  }
  const parsed = RegisterBodySchema.safeParse({ email, password });
  if (!parsed.success) {
    console.error(`Rejected: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
    return 2;
  }
  try {
    assertStrongPassword(password, [parsed.data.email]);
  } catch (err) {
    if (err instanceof HttpError) {
      console.error(`Rejected: ${err.message}`);
      return 2;
    }
    throw err;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const hasher = new PasswordHasher(config.argon2);
    const { user, action } = await upsertSuperuser(database.db, {
      email: parsed.data.email,
      passwordHash: await hasher.hash(password),
      resetPassword: true,
      initialCredits: config.initialCreditBalance,
    });
    console.log(
      action === 'created'
        ? `Superuser ${user.email} created (id ${user.id}).`
        : `Existing account ${user.email} is now a superuser; its password was replaced.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

createSuperuserCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
