import { z } from 'zod';
import { FEEDBACK_CATEGORIES, FEEDBACK_MESSAGE_MAX_LENGTH } from '../constants';
import { PaginationQuerySchema, TimestampSchema, UuidSchema, listResponse, trimmedString } from './common';

export const FeedbackCategorySchema = z.enum(FEEDBACK_CATEGORIES, { error: 'Please select a category.' });
export type FeedbackCategory = z.infer<typeof FeedbackCategorySchema>;

/** `POST /feedback/` */
export const FeedbackCreateSchema = z.strictObject({
  category: FeedbackCategorySchema,
  message: trimmedString({
    required: 'Please provide feedback.',
    max: FEEDBACK_MESSAGE_MAX_LENGTH,
    maxMessage: `Feedback cannot exceed ${FEEDBACK_MESSAGE_MAX_LENGTH} characters`,
  }),
  url: z.string().trim().max(2048).nullish(),
  user_agent: z.string().trim().max(1024).nullish(),
});
export type FeedbackCreate = z.input<typeof FeedbackCreateSchema>;

export const FeedbackSchema = z.object({
  id: UuidSchema,
  user_id: UuidSchema,
  /** the author's email (useful to superusers, who see everyone's feedback) */
  user_email: z.string(),
  category: FeedbackCategorySchema,
  message: z.string(),
  url: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: TimestampSchema,
});
export type Feedback = z.infer<typeof FeedbackSchema>;

/** `GET /feedback/` — own feedback, or everyone's for a superuser. Newest first. */
export const FeedbackListQuerySchema = PaginationQuerySchema.extend({
  category: FeedbackCategorySchema.optional(),
});
export type FeedbackListQuery = z.input<typeof FeedbackListQuerySchema>;

export const FeedbackListResponseSchema = listResponse('feedback', FeedbackSchema);
export type FeedbackListResponse = z.infer<typeof FeedbackListResponseSchema>;

/** `GET /feedback/stats/summary` (same scope as the list). */
export const FeedbackStatsSchema = z.object({
  total_count: z.number().int(),
  by_category: z.object({
    bug: z.number().int(),
    feature: z.number().int(),
    improvement: z.number().int(),
    other: z.number().int(),
  }),
  last_7_days_count: z.number().int(),
  latest_at: TimestampSchema.nullable(),
});
export type FeedbackStats = z.infer<typeof FeedbackStatsSchema>;
