import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Feedback, FeedbackCategory, FeedbackStats } from '@quarry/shared/schemas';
import type { Db } from '../../db';
import { countsByValue } from '../../lib/counts';
import { feedback, users, type FeedbackRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { pageTotal, totalOverAll } from '../../lib/paging';
import { isoStrict, iso } from '../../lib/time';

/** Who is asking: users see their own feedback, superusers everyone's. */
export interface Viewer {
  id: string;
  isSuperuser: boolean;
}

const scope = (viewer: Viewer): SQL | undefined => (viewer.isSuperuser ? undefined : eq(feedback.userId, viewer.id));

export const toFeedback = (row: FeedbackRow, userEmail: string): Feedback => ({
  id: row.id,
  user_id: row.userId,
  user_email: userEmail,
  category: row.category as FeedbackCategory,
  message: row.message,
  url: row.url,
  user_agent: row.userAgent,
  created_at: isoStrict(row.createdAt),
});

export async function createFeedback(
  db: Db,
  userId: string,
  input: { category: FeedbackCategory; message: string; url?: string | null; user_agent?: string | null },
): Promise<FeedbackRow> {
  const [row] = await db
    .insert(feedback)
    .values({
      userId,
      category: input.category,
      message: input.message,
      url: input.url ?? null,
      userAgent: input.user_agent ?? null,
    })
    .returning();
  return row!;
}

export async function listFeedback(
  db: Db,
  viewer: Viewer,
  q: { offset: number; limit: number; category?: FeedbackCategory },
): Promise<{ items: Feedback[]; total: number }> {
  const where = and(scope(viewer), q.category ? eq(feedback.category, q.category) : undefined);
  const rows = await db
    .select({ f: feedback, email: users.email, total: totalOverAll() })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .where(where)
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(q.limit)
    .offset(q.offset);
  const total = await pageTotal(db, rows, q.offset, feedback, where);
  return { items: rows.map((r) => toFeedback(r.f, r.email)), total };
}

/** 404 for someone else's feedback (unless superuser) — no existence oracle. */
export async function getFeedback(db: Db, viewer: Viewer, id: string): Promise<Feedback> {
  const [row] = await db
    .select({ f: feedback, email: users.email })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .where(and(eq(feedback.id, id), scope(viewer)));
  if (!row) throw notFound('Feedback not found');
  return toFeedback(row.f, row.email);
}

export async function feedbackStats(db: Db, viewer: Viewer): Promise<FeedbackStats> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      ...countsByValue(feedback.category, ['bug', 'feature', 'improvement', 'other']),
      recent: sql<number>`count(*) filter (where ${feedback.createdAt} > now() - interval '7 days')::int`,
      latest: sql<string | null>`max(${feedback.createdAt})`,
    })
    .from(feedback)
    .where(scope(viewer));
  const latest = row?.latest ? new Date(row.latest) : null;
  return {
    total_count: row?.total ?? 0,
    by_category: {
      bug: row?.bug ?? 0,
      feature: row?.feature ?? 0,
      improvement: row?.improvement ?? 0,
      other: row?.other ?? 0,
    },
    last_7_days_count: row?.recent ?? 0,
    latest_at: iso(latest),
  };
}
