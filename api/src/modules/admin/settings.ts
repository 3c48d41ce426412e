// Site settings (spec 2 §2 /admin/settings): the site name every visitor sees and the
// administrators' contact address, stored in app_settings.
import { inArray } from 'drizzle-orm';
import type { SiteSettings, SiteSettingsUpdate } from '@quarry/shared/schemas';
import type { Db, DbOrTx } from '../../db';
import { appSettings } from '../../db/schema';

const SITE_NAME = 'site_name';
const ADMIN_EMAIL = 'admin_email';
export const DEFAULT_SITE_NAME = 'Quarry';

export async function getSiteSettings(db: DbOrTx, defaults: { adminEmail: string | null }): Promise<SiteSettings> {
  const rows = await db.select().from(appSettings).where(inArray(appSettings.key, [SITE_NAME, ADMIN_EMAIL]));
  const name = rows.find((r) => r.key === SITE_NAME);
  const email = rows.find((r) => r.key === ADMIN_EMAIL);
  const times = rows.map((r) => r.updatedAt.getTime());
  return {
    site_name: name?.value ?? DEFAULT_SITE_NAME,
    admin_email: email?.value ?? defaults.adminEmail,
    updated_at: times.length ? new Date(Math.max(...times)).toISOString() : null,
  };
}

export async function updateSiteSettings(db: Db, input: Required<SiteSettingsUpdate>): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const [key, value] of [
      [SITE_NAME, input.site_name],
      [ADMIN_EMAIL, input.admin_email.toLowerCase()],
    ] as const) {
      await tx
        .insert(appSettings)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } });
    }
  });
}
