// Metered model calls: the test pages' calls to a language model (POST test/llm/simple,
// test/llm/structured, prompts/{id}/playground). Each one, before the provider is called:
//
//   1. access — an administrator may switch them off for everyone but superusers (403);
//   2. rate  — at most `calls_per_minute` per user over the last 60 s (429, Retry-After);
//   3. cost  — the credit rule of extraction: what a job costs (the weekly_jobs resource
//              type's credit_cost, whatever the provider, the offline extractor included) is
//              taken from the balance with a ledger entry (kind 'model_call'); 402 when the
//              balance is short. Not returned when the call fails, as for a job.
//
// 2 and 3 run in one transaction under the user's row lock, and the ledger entry is the
// record the limit counts: the limit holds across API processes and concurrent requests,
// and the admin's usage view reads the same rows. The limit is keyed on the authenticated
// principal (`ModelCallPrincipal`): its user, so calls made with an API key count against the
// key's user like the user's own; a separate limit per key adds the key to the principal and
// to the record.
import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { ModelCallAccess, ModelCallSettings, ModelCallSettingsUpdate, ModelCallUsage } from '@quarry/shared/schemas';
import { MODEL_CALL_MESSAGES } from '@quarry/shared/schemas';
import type { Db, DbOrTx } from '../../db';
import { appSettings, creditTransactions, users } from '../../db/schema';
import { jobUsagePolicy } from '../../jobs/billing';
import { forbidden, HttpError, notFound } from '../../lib/errors';
import { isoStrict } from '../../lib/time';

export const MODEL_CALL_KIND = 'model_call';
const ACCESS_KEY = 'model_calls_access';
const PER_MINUTE_KEY = 'model_calls_per_minute';
const WINDOW_SECONDS = 60;

export type ModelCallEndpoint = 'llm_test_simple' | 'llm_test_structured' | 'prompt_playground';

const ENDPOINT_LABEL: Record<ModelCallEndpoint, string> = {
  llm_test_simple: 'LLM test (simple)',
  llm_test_structured: 'LLM test (structured)',
  prompt_playground: 'Prompt playground',
};

/** Who is calling: the limit and the record are per principal. */
export interface ModelCallPrincipal {
  userId: string;
  isSuperuser: boolean;
}

export interface ModelCallDefaults {
  callsPerMinute: number;
}

interface StoredSettings {
  access: ModelCallAccess;
  callsPerMinute: number;
  updatedAt: Date | null;
}

async function storedSettings(db: DbOrTx, defaults: ModelCallDefaults): Promise<StoredSettings> {
  const rows = await db.select().from(appSettings).where(inArray(appSettings.key, [ACCESS_KEY, PER_MINUTE_KEY]));
  const access = rows.find((r) => r.key === ACCESS_KEY)?.value;
  const perMinute = Number(rows.find((r) => r.key === PER_MINUTE_KEY)?.value);
  const times = rows.map((r) => r.updatedAt.getTime());
  return {
    access: access === 'superusers' ? 'superusers' : 'everyone',
    callsPerMinute: Number.isInteger(perMinute) && perMinute > 0 ? perMinute : defaults.callsPerMinute,
    updatedAt: times.length ? new Date(Math.max(...times)) : null,
  };
}

export async function getModelCallSettings(db: DbOrTx, defaults: ModelCallDefaults): Promise<ModelCallSettings> {
  const [s, policy] = await Promise.all([storedSettings(db, defaults), jobUsagePolicy(db)]);
  return { access: s.access, calls_per_minute: s.callsPerMinute, credit_cost: policy.creditCost, updated_at: s.updatedAt ? s.updatedAt.toISOString() : null };
}

export async function updateModelCallSettings(db: Db, input: ModelCallSettingsUpdate): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const [key, value] of [
      [ACCESS_KEY, input.access],
      [PER_MINUTE_KEY, String(input.calls_per_minute)],
    ] as const) {
      await tx.insert(appSettings).values({ key, value, updatedAt: now }).onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } });
    }
  });
}

/** What the caller's test pages show: allowed, cost per call, calls per minute, balance. */
export async function modelCallPolicy(db: Db, principal: ModelCallPrincipal & { creditBalance: number }, defaults: ModelCallDefaults) {
  const s = await getModelCallSettings(db, defaults);
  return {
    allowed: s.access === 'everyone' || principal.isSuperuser,
    credit_cost: s.credit_cost,
    calls_per_minute: s.calls_per_minute,
    credit_balance: principal.creditBalance,
  };
}

/** 403 when an administrator switched model calls off for non-superusers. Cheap: call it before any other work. */
export async function assertModelCallsAllowed(db: Db, principal: ModelCallPrincipal, defaults: ModelCallDefaults): Promise<void> {
  if (principal.isSuperuser) return;
  const s = await storedSettings(db, defaults);
  if (s.access === 'superusers') throw forbidden(MODEL_CALL_MESSAGES.switchedOff);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Admits one model call: checks the switch, the per-minute limit and the balance, then takes
 * the credits and writes the ledger entry, in one transaction under the user's row lock.
 * Throws 403 / 429 / 402 with a readable detail; answers the credits taken.
 */
export async function chargeModelCall(
  db: Db,
  principal: ModelCallPrincipal,
  call: { endpoint: ModelCallEndpoint; referenceId: string | null; provider: string },
  defaults: ModelCallDefaults,
): Promise<{ creditCost: number; balanceAfter: number }> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ balance: users.creditBalance }).from(users).where(eq(users.id, principal.userId)).for('update');
    if (!user) throw notFound('User not found');
    const settings = await storedSettings(tx, defaults);
    if (settings.access === 'superusers' && !principal.isSuperuser) throw forbidden(MODEL_CALL_MESSAGES.switchedOff);

    const windowStart = sql`now() - (${WINDOW_SECONDS} * interval '1 second')`;
    const [recent] = await tx
      .select({ n: count(), oldest: sql<Date | string | null>`min(${creditTransactions.createdAt})` })
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, principal.userId), eq(creditTransactions.kind, MODEL_CALL_KIND), gte(creditTransactions.createdAt, windowStart)));
    const used = recent?.n ?? 0;
    if (used >= settings.callsPerMinute) {
      const oldest = recent?.oldest ? new Date(recent.oldest).getTime() : Date.now();
      const wait = Math.max(1, Math.ceil((oldest + WINDOW_SECONDS * 1000 - Date.now()) / 1000));
      throw new HttpError(
        429,
        `Too many model calls: at most ${plural(settings.callsPerMinute, 'call')} a minute from the test pages. Try again in ${plural(wait, 'second')}.`,
        { 'Retry-After': String(wait) },
      );
    }

    const cost = (await jobUsagePolicy(tx)).creditCost;
    if (user.balance < cost) {
      throw new HttpError(
        402,
        `Insufficient credits: a model call costs ${plural(cost, 'credit')} (as a job does) and your balance is ${user.balance}. Request more credits to run jobs.`,
      );
    }
    const [updated] = await tx
      .update(users)
      .set({ creditBalance: sql`${users.creditBalance} - ${cost}`, updatedAt: new Date() })
      .where(eq(users.id, principal.userId))
      .returning({ balance: users.creditBalance });
    // written at cost 0 too: it is also the record the limit and the admin's usage view count
    await tx.insert(creditTransactions).values({
      userId: principal.userId,
      amount: -cost,
      balanceAfter: updated!.balance,
      kind: MODEL_CALL_KIND,
      referenceId: call.referenceId,
      description: `${ENDPOINT_LABEL[call.endpoint]}: model call (${call.provider})`,
    });
    return { creditCost: cost, balanceAfter: updated!.balance };
  });
}

/** Model calls per user since `days` ago, most calls first (at most 100 users), and the totals. */
export async function modelCallUsage(db: Db, days: number): Promise<ModelCallUsage> {
  const since = new Date(Date.now() - days * 86_400_000);
  const where = and(eq(creditTransactions.kind, MODEL_CALL_KIND), gte(creditTransactions.createdAt, since));
  const calls = sql<number>`count(*)::int`;
  const credits = sql<number>`coalesce(sum(-${creditTransactions.amount}), 0)::int`;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ userId: creditTransactions.userId, email: users.email, calls, credits, last: sql<Date | string>`max(${creditTransactions.createdAt})` })
      .from(creditTransactions)
      .innerJoin(users, eq(users.id, creditTransactions.userId))
      .where(where)
      .groupBy(creditTransactions.userId, users.email)
      .orderBy(desc(calls), desc(credits))
      .limit(100),
    db.select({ calls, credits }).from(creditTransactions).where(where),
  ]);
  return {
    since: since.toISOString(),
    total_calls: totals?.calls ?? 0,
    total_credits: totals?.credits ?? 0,
    users: rows.map((r) => ({ user_id: r.userId, email: r.email, calls: r.calls, credits: r.credits, last_call_at: isoStrict(new Date(r.last)) })),
  };
}
