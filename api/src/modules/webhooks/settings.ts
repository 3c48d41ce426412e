// The administrator's webhook setting, kept in app_settings (it holds across API and worker
// processes): may deliveries go to private, loopback and link-local addresses?
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { appSettings } from '../../db/schema';

const ALLOW_PRIVATE_KEY = 'webhooks.allow_private_targets';

export async function allowPrivateTargets(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, ALLOW_PRIVATE_KEY));
  return row?.value === 'true';
}

export async function setAllowPrivateTargets(db: DbOrTx, allow: boolean): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: ALLOW_PRIVATE_KEY, value: String(allow) })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: String(allow), updatedAt: new Date() } });
}
