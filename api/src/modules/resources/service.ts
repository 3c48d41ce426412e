import { asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_RESOURCE_TYPES } from '@quarry/shared/constants';
import type {
  ResetPeriod,
  ResourceLimitEntry,
  ResourceType,
  ResourceTypeDefinition,
  ResourceTypeUpdate,
  SeedAction,
} from '@quarry/shared/schemas';
import { ResourceTypeDefinitionSchema } from '@quarry/shared/schemas';
import type { Db, DbOrTx } from '../../db';
import { appSettings, resourceTypes, users, type ResourceTypeRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { iso, isoStrict } from '../../lib/time';
import type { UsageRegistry } from '../usage/registry';

export function toResourceType(row: ResourceTypeRow): ResourceType {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    unit: row.unit,
    reset_period: row.resetPeriod as ResourceType['reset_period'],
    aggregation_type: row.aggregationType as ResourceType['aggregation_type'],
    default_limit: row.defaultLimit,
    default_alert_threshold: row.defaultAlertThreshold,
    credit_cost: row.creditCost,
    created_at: isoStrict(row.createdAt),
    updated_at: isoStrict(row.updatedAt),
  };
}

export async function listResourceTypes(db: DbOrTx): Promise<ResourceTypeRow[]> {
  return db.select().from(resourceTypes).orderBy(asc(resourceTypes.createdAt), asc(resourceTypes.name));
}

export async function updateResourceType(db: Db, id: string, patch: ResourceTypeUpdate): Promise<ResourceTypeRow> {
  const set: Partial<typeof resourceTypes.$inferInsert> = { updatedAt: new Date() };
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.description !== undefined) set.description = patch.description ?? null;
  if (patch.unit !== undefined) set.unit = patch.unit ?? null;
  if (patch.reset_period !== undefined) set.resetPeriod = patch.reset_period;
  if (patch.aggregation_type !== undefined) set.aggregationType = patch.aggregation_type;
  if (patch.default_limit !== undefined) set.defaultLimit = patch.default_limit;
  if (patch.default_alert_threshold !== undefined) set.defaultAlertThreshold = patch.default_alert_threshold;
  if (patch.credit_cost !== undefined) set.creditCost = patch.credit_cost;
  try {
    const [row] = await db.update(resourceTypes).set(set).where(eq(resourceTypes.id, id)).returning();
    if (!row) throw notFound('Resource type not found');
    return row;
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code === '23505' || (err as { code?: string }).code === '23505') {
      throw conflict('A resource type with this name already exists');
    }
    throw err;
  }
}

/**
 * Deletes a resource type unless it is in use: something enforces it (a registered
 * usage counter) and at least one user has usage counted against it. The 409 says what.
 */
export async function deleteResourceType(
  db: Db,
  usage: UsageRegistry,
  id: string,
  { force = false }: { force?: boolean } = {},
): Promise<void> {
  const [type] = await db.select().from(resourceTypes).where(eq(resourceTypes.id, id));
  if (!type) throw notFound('Resource type not found');
  const usedBy = usage.usedBy(type.name);
  if (usedBy && !force) {
    const { start } = periodBounds(type.resetPeriod as ResetPeriod);
    const everyone = await db.select({ id: users.id }).from(users);
    let counted = 0;
    for (const u of everyone) {
      if ((await usage.measure(type.name, { db, userId: u.id, periodStart: start })) > 0) counted += 1;
    }
    if (counted > 0) {
      throw conflict(
        `Resource type "${type.name}" is in use and cannot be deleted: ${usedBy} enforces it, and ` +
          `${counted} user${counted === 1 ? ' has' : 's have'} usage counted against it. Change its limit instead, or delete it with force=true (no limit then).`,
      );
    }
  }
  const deleted = await db.delete(resourceTypes).where(eq(resourceTypes.id, id)).returning({ id: resourceTypes.id });
  if (deleted.length === 0) throw notFound('Resource type not found');
}

export interface SeedResult {
  created: number;
  updated: number;
  skipped: number;
  rows: { row: ResourceTypeRow; action: SeedAction }[];
}

/** Inserts the definitions (defaults when null); existing names are updated or skipped. */
export async function seedResourceTypes(
  db: Db,
  definitions: ResourceTypeDefinition[] | null | undefined,
  overwriteExisting: boolean,
): Promise<SeedResult> {
  const defs = (definitions ?? DEFAULT_RESOURCE_TYPES).map((d) => ResourceTypeDefinitionSchema.parse(d));
  return db.transaction(async (tx) => {
    const result: SeedResult = { created: 0, updated: 0, skipped: 0, rows: [] };
    for (const d of defs) {
      const values = {
        name: d.name,
        description: d.description ?? null,
        unit: d.unit ?? null,
        resetPeriod: d.reset_period,
        aggregationType: d.aggregation_type,
        defaultLimit: d.default_limit,
        defaultAlertThreshold: d.default_alert_threshold,
        creditCost: d.credit_cost,
      };
      const [created] = await tx
        .insert(resourceTypes)
        .values(values)
        .onConflictDoNothing({ target: resourceTypes.name })
        .returning();
      if (created) {
        result.created += 1;
        result.rows.push({ row: created, action: 'created' });
        continue;
      }
      if (overwriteExisting) {
        const [updated] = await tx
          .update(resourceTypes)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(resourceTypes.name, d.name))
          .returning();
        result.updated += 1;
        result.rows.push({ row: updated!, action: 'updated' });
      } else {
        const [existing] = await tx.select().from(resourceTypes).where(eq(resourceTypes.name, d.name));
        result.skipped += 1;
        result.rows.push({ row: existing!, action: 'skipped' });
      }
    }
    return result;
  });
}

const SEEDED_KEY = 'resource_types_seeded';

/** First start only: seeds the default resource types (later deletions by an admin stick). */
export async function seedDefaultResourceTypesOnce(db: Db): Promise<void> {
  const [inserted] = await db
    .insert(appSettings)
    .values({ key: SEEDED_KEY, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning();
  if (inserted) await seedResourceTypes(db, null, false);
}

// ------------------------------------------------------------------ periods

const DAY = 24 * 3600 * 1000;

/** Start of the current period and the next reset (UTC); nulls for NEVER. */
export function periodBounds(period: ResetPeriod, now = new Date()): { start: Date | null; next: Date | null } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  switch (period) {
    case 'DAILY': {
      const start = new Date(Date.UTC(y, m, d));
      return { start, next: new Date(start.getTime() + DAY) };
    }
    case 'WEEKLY': {
      const daysSinceMonday = (now.getUTCDay() + 6) % 7;
      const start = new Date(Date.UTC(y, m, d - daysSinceMonday));
      return { start, next: new Date(start.getTime() + 7 * DAY) };
    }
    case 'MONTHLY':
      return { start: new Date(Date.UTC(y, m, 1)), next: new Date(Date.UTC(y, m + 1, 1)) };
    case 'YEARLY':
      return { start: new Date(Date.UTC(y, 0, 1)), next: new Date(Date.UTC(y + 1, 0, 1)) };
    default:
      return { start: null, next: null };
  }
}

export async function computeResourceLimits(
  db: Db,
  usage: UsageRegistry,
  userId: string,
): Promise<ResourceLimitEntry[]> {
  const types = await listResourceTypes(db);
  const now = new Date();
  return Promise.all(
    types.map(async (t) => {
      const period = t.resetPeriod as ResetPeriod;
      const { start, next } = periodBounds(period, now);
      const current = await usage.measure(t.name, { db, userId, periodStart: start });
      const limit = t.defaultLimit;
      const pct = limit > 0 ? Math.round((current / limit) * 1000) / 10 : current > 0 ? 100 : 0;
      return {
        resource_type_id: t.id,
        name: t.name,
        description: t.description,
        unit: t.unit,
        limit,
        current_usage: current,
        reset_period: period.toLowerCase(),
        aggregation_type: t.aggregationType as ResourceLimitEntry['aggregation_type'],
        usage_percentage: pct,
        is_near_limit: current > 0 && pct >= t.defaultAlertThreshold,
        credit_cost: t.creditCost,
        next_reset_at: iso(next),
      };
    }),
  );
}

export async function countResourceTypes(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(resourceTypes);
  return row?.n ?? 0;
}
