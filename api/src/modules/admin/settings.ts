// Site settings (/admin/settings, docs/product/admin.md): the site name every visitor sees and the
// administrators' contact address, and the balance below which users are warned, stored in
// app_settings.
import { eq, inArray } from 'drizzle-orm';
import type { CreditSettings, SiteSettings, SiteSettingsUpdate } from '@quarry/shared/schemas';
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

// ------------------------------------------------------------------ low-balance threshold

const LOW_BALANCE_THRESHOLD = 'low_balance_threshold';

/** Until an admin sets one: 10 % of the credits a new account starts with. */
export const defaultLowBalanceThreshold = (initialCredits: number): number => Math.ceil(initialCredits / 10);

export async function getCreditSettings(db: DbOrTx, initialCredits: number): Promise<CreditSettings> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, LOW_BALANCE_THRESHOLD));
  const fallback = defaultLowBalanceThreshold(initialCredits);
  const stored = row ? Number.parseInt(row.value, 10) : Number.NaN;
  return {
    low_balance_threshold: Number.isFinite(stored) && stored >= 0 ? stored : fallback,
    default_low_balance_threshold: fallback,
    initial_credit_balance: initialCredits,
    updated_at: row ? row.updatedAt.toISOString() : null,
  };
}

export async function setLowBalanceThreshold(db: DbOrTx, threshold: number): Promise<void> {
  const now = new Date();
  const value = String(threshold);
  await db
    .insert(appSettings)
    .values({ key: LOW_BALANCE_THRESHOLD, value, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } });
}
