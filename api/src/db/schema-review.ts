// Tables of the review loop (docs/review-api.md, docs/decisions/0016-review-record-and-corrections.md). Re-exported by ./schema (import them from there).
//
// review_corrections: a user's corrections of a file's unified record, one row per change,
//   never overwriting the model's result (extraction_results stays as stored). Applied in
//   creation order to the record built from the extraction they were made on (base_version);
//   undo sets undone_at (the row stays: the history shows it). Rows of a list are named by a
//   stable key (o<index in the model's list> or a<correction id> for an added row), so undoing
//   one correction never moves another one to a different row.
// file_reviews: a file marked Reviewed, with the record as it was then (corrections applied):
//   the ground truth evaluation compares later runs against. Unmarking deletes the row.
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, primaryId, ts } from './columns';
import { owner, users } from './schema-users';
import { files } from './schema-documents';

/** What a correction changes: a field, a cell of a list's row, or a whole row (added / deleted). */
export type CorrectionTarget =
  | { kind: 'field'; key: string }
  | { kind: 'cell'; list: string; row: string; column: string }
  | { kind: 'row'; list: string; row: string; after?: string | null };

export const reviewCorrections = pgTable(
  'review_corrections',
  {
    id: primaryId(),
    userId: owner(),
    fileId: belongsTo('file_id', () => files.id),
    /** who made it (the file's owner today; kept apart so shared review needs no migration) */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** set | add_row | delete_row */
    action: text('action').notNull(),
    /** the record path it was made at, as the user saw it ($.items[2].price) */
    path: text('path').notNull(),
    target: jsonb('target').$type<CorrectionTarget>().notNull(),
    /** boxed as {v: value}: a bare JSON string would be read back as JSON text by PGlite */
    oldValue: jsonb('old_value').$type<{ v: unknown }>(),
    newValue: jsonb('new_value').$type<{ v: unknown }>(),
    /** version of the model's record it was made on; a re-extraction makes it stale */
    baseVersion: text('base_version').notNull(),
    createdAt: createdAt(),
    undoneAt: ts('undone_at'),
    undoneBy: uuid('undone_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('review_corrections_user_file_idx').on(t.userId, t.fileId, t.createdAt),
    check('review_corrections_action_check', sql`${t.action} in ('set','add_row','delete_row')`),
  ],
);

export const fileReviews = pgTable(
  'file_reviews',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    userId: owner(),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at').notNull().defaultNow(),
    /** the record when it was marked (corrections applied): ground truth for evaluation */
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
    baseVersion: text('base_version').notNull(),
    /** the extraction job whose results made the record's original */
    jobId: uuid('job_id'),
  },
  (t) => [index('file_reviews_user_idx').on(t.userId, t.reviewedAt)],
);

export type ReviewCorrectionRow = typeof reviewCorrections.$inferSelect;
export type FileReviewRow = typeof fileReviews.$inferSelect;
