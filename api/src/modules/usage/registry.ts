// Usage counters behind `GET users/me/resource-limits`. A module that owns a resource
// registers how to measure it, by resource-type name:
//
//   app.usage.register('max_file_count', async ({ db, userId }) => countFilesOf(db, userId));
//   app.usage.register('weekly_jobs', async ({ db, userId, periodStart }) => countJobsSince(db, userId, periodStart));
//
// `periodStart` is the start of the current reset period (null for NEVER). A resource
// type without a provider reports 0 usage.
import type { Db } from '../../db';

export interface UsageContext {
  db: Db;
  userId: string;
  /** start of the current period (UTC) for DAILY/WEEKLY/MONTHLY/YEARLY resources, null for NEVER */
  periodStart: Date | null;
}

export type UsageProvider = (ctx: UsageContext) => Promise<number>;

export class UsageRegistry {
  private readonly providers = new Map<string, UsageProvider>();
  private readonly consumers = new Map<string, string>();

  /** `usedBy` names what enforces the limit (said when an admin tries to delete the type). */
  register(resourceName: string, provider: UsageProvider, usedBy?: string): void {
    this.providers.set(resourceName, provider);
    if (usedBy) this.consumers.set(resourceName, usedBy);
  }

  /** What enforces this resource's limit, if anything registered it. */
  usedBy(resourceName: string): string | undefined {
    return this.consumers.get(resourceName);
  }

  has(resourceName: string): boolean {
    return this.providers.has(resourceName);
  }

  async measure(resourceName: string, ctx: UsageContext): Promise<number> {
    const provider = this.providers.get(resourceName);
    if (!provider) return 0;
    const n = await provider(ctx);
    return Number.isFinite(n) ? n : 0;
  }
}
