// The HS256 secret: JWT_SECRET, else generated once and kept in DATA_DIR/secret (embedded)
// or in app_settings (PostgreSQL server, so every API process shares it).
import { eq } from 'drizzle-orm';
import { embeddedPaths, type Config } from '../config';
import type { Database } from '../db';
import { readOrCreateFile } from '../db/lock';
import { appSettings } from '../db/schema';
import { newSecret } from './tokens';

const KEY = 'jwt_secret';

export async function resolveJwtSecret(config: Config, database: Database): Promise<string> {
  if (config.jwtSecret) {
    if (config.jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
    return config.jwtSecret;
  }
  if (database.kind === 'pglite') return readOrCreateFile(embeddedPaths(config).secretFile, newSecret);
  await database.db.insert(appSettings).values({ key: KEY, value: newSecret() }).onConflictDoNothing();
  const [row] = await database.db.select().from(appSettings).where(eq(appSettings.key, KEY));
  return row!.value;
}
