import { z } from 'zod';
import {
  ADMIN_CREDIT_REQUEST_LIMIT,
  ADMIN_NOTES_MAX_LENGTH,
  CREDIT_REQUEST_FEEDBACK_MAX_LENGTH,
  CREDIT_REQUEST_MAX_AMOUNT,
  CREDIT_REQUEST_STATUSES,
  EXPECTED_DURATION_VALUES,
  INITIAL_CREDIT_BALANCE,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_DESCRIPTION_MIN_LENGTH,
  URGENCY_VALUES,
  USAGE_PURPOSE_VALUES,
} from '../constants';
import { listResponse, timestamps, TimestampSchema, trimmedString, UuidSchema } from './common';

export const UrgencySchema = z.enum(URGENCY_VALUES);
export type Urgency = z.infer<typeof UrgencySchema>;
export const UsagePurposeSchema = z.enum(USAGE_PURPOSE_VALUES);
export type UsagePurpose = z.infer<typeof UsagePurposeSchema>;
export const ExpectedDurationSchema = z.enum(EXPECTED_DURATION_VALUES);
export type ExpectedDuration = z.infer<typeof ExpectedDurationSchema>;
export const CreditRequestStatusSchema = z.enum(CREDIT_REQUEST_STATUSES);
export type CreditRequestStatus = z.infer<typeof CreditRequestStatusSchema>;

export const CREDIT_REQUEST_MESSAGES = {
  amount: 'Please enter a valid amount greater than 0',
  amountMax: 'Maximum request amount is 10,000 credits',
  usagePurpose: 'Please select a usage purpose',
  projectDescription: 'Please provide details about your project',
  projectDescriptionMin: 'Please provide more details (minimum 50 characters)',
  projectDescriptionMax: 'Project description cannot exceed 2000 characters',
  feedbackMax: 'Feedback cannot exceed 2000 characters',
  rejectNotes: 'Please provide notes explaining why this request is being rejected',
} as const;

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** `POST /credit-requests/` — validated exactly as the form validates it. */
export const CreditRequestCreateSchema = z.strictObject({
  amount: z
    .number({ error: CREDIT_REQUEST_MESSAGES.amount })
    .int({ error: CREDIT_REQUEST_MESSAGES.amount })
    .gt(0, { error: CREDIT_REQUEST_MESSAGES.amount })
    .max(CREDIT_REQUEST_MAX_AMOUNT, { error: CREDIT_REQUEST_MESSAGES.amountMax }),
  usage_purpose: z.enum(USAGE_PURPOSE_VALUES, { error: CREDIT_REQUEST_MESSAGES.usagePurpose }),
  project_description: trimmedString({
    required: CREDIT_REQUEST_MESSAGES.projectDescription,
    min: PROJECT_DESCRIPTION_MIN_LENGTH,
    minMessage: CREDIT_REQUEST_MESSAGES.projectDescriptionMin,
    max: PROJECT_DESCRIPTION_MAX_LENGTH,
    maxMessage: CREDIT_REQUEST_MESSAGES.projectDescriptionMax,
  }),
  feedback: z.preprocess(
    emptyToNull,
    z.string().trim().max(CREDIT_REQUEST_FEEDBACK_MAX_LENGTH, { error: CREDIT_REQUEST_MESSAGES.feedbackMax }).nullish(),
  ),
  urgency: UrgencySchema.default('normal'),
  expected_duration: z.preprocess(emptyToNull, ExpectedDurationSchema.nullish()),
});
export type CreditRequestCreate = z.input<typeof CreditRequestCreateSchema>;

/** A credit request as its owner sees it. */
export const CreditRequestSchema = z.object({
  id: UuidSchema,
  user_id: UuidSchema,
  amount: z.number().int(),
  usage_purpose: z.string(),
  project_description: z.string(),
  feedback: z.string().nullable(),
  urgency: UrgencySchema,
  expected_duration: z.string().nullable(),
  status: CreditRequestStatusSchema,
  admin_notes: z.string().nullable(),
  reviewed_by: UuidSchema.nullable(),
  reviewed_at: TimestampSchema.nullable(),
  ...timestamps,
});
export type CreditRequest = z.infer<typeof CreditRequestSchema>;

/** `GET /credit-requests/my-requests` (newest first). */
export const CreditRequestListResponseSchema = listResponse('credit_requests', CreditRequestSchema);
export type CreditRequestListResponse = z.infer<typeof CreditRequestListResponseSchema>;

/** A credit request as the admin screens see it. */
export const AdminCreditRequestSchema = CreditRequestSchema.extend({
  user: z.object({
    id: UuidSchema,
    name: z.string().nullable(),
    email: z.string(),
    current_balance: z.number().int(),
  }),
  /** the reviewer, once reviewed */
  reviewer: z.object({ id: UuidSchema, name: z.string().nullable(), email: z.string() }).nullable(),
});
export type AdminCreditRequest = z.infer<typeof AdminCreditRequestSchema>;

/** `GET /admin/credit-requests/` answers a plain array (docs/product/admin.md). */
export const AdminCreditRequestListResponseSchema = z.array(AdminCreditRequestSchema);
export type AdminCreditRequestListResponse = z.infer<typeof AdminCreditRequestListResponseSchema>;

export const AdminCreditRequestListQuerySchema = z.object({
  status_filter: CreditRequestStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(ADMIN_CREDIT_REQUEST_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AdminCreditRequestListQuery = z.input<typeof AdminCreditRequestListQuerySchema>;

/** `PUT /admin/credit-requests/{id}/review`. Rejection needs non-empty notes. */
export const CreditRequestReviewSchema = z
  .strictObject({
    status: z.enum(['approved', 'rejected'], { error: 'status must be "approved" or "rejected"' }),
    admin_notes: z.preprocess(emptyToNull, z.string().trim().max(ADMIN_NOTES_MAX_LENGTH).nullish()),
  })
  .refine((v) => v.status !== 'rejected' || (v.admin_notes ?? '').length > 0, {
    error: CREDIT_REQUEST_MESSAGES.rejectNotes,
    path: ['admin_notes'],
  });
export type CreditRequestReview = z.input<typeof CreditRequestReviewSchema>;

/** `GET /admin/credit-requests/stats` */
export const CreditRequestStatsSchema = z.object({
  pending_count: z.number().int(),
  approved_count: z.number().int(),
  rejected_count: z.number().int(),
  total_pending_credits: z.number().int(),
  total_approved_credits: z.number().int(),
});
export type CreditRequestStats = z.infer<typeof CreditRequestStatsSchema>;

/** `GET /admin/settings/credits` and the answer of the PUT. */
export const CreditSettingsSchema = z.object({
  /** a balance below this shows the low-balance warning */
  low_balance_threshold: z.number().int(),
  /** 10 % of the starting grant: what applies until an admin sets one */
  default_low_balance_threshold: z.number().int(),
  /** credits a new account starts with */
  initial_credit_balance: z.number().int(),
  updated_at: TimestampSchema.nullable(),
});
export type CreditSettings = z.infer<typeof CreditSettingsSchema>;

export const LOW_BALANCE_THRESHOLD_MESSAGE = 'Enter a whole number of credits from 0 to 1,000,000';

/** `PUT /admin/settings/credits` */
export const CreditSettingsUpdateSchema = z.strictObject({
  low_balance_threshold: z
    .number({ error: LOW_BALANCE_THRESHOLD_MESSAGE })
    .int({ error: LOW_BALANCE_THRESHOLD_MESSAGE })
    .min(0, { error: LOW_BALANCE_THRESHOLD_MESSAGE })
    .max(1_000_000, { error: LOW_BALANCE_THRESHOLD_MESSAGE }),
});
export type CreditSettingsUpdate = z.input<typeof CreditSettingsUpdateSchema>;

/** Until an admin sets one (and what a client assumes before it knows): 10 % of the starting grant. */
export const DEFAULT_LOW_BALANCE_THRESHOLD = Math.ceil(INITIAL_CREDIT_BALANCE / 10);

/** A balance below the threshold is low; an unknown balance is not. */
export const isBelowThreshold = (balance: number | null | undefined, threshold: number): boolean =>
  typeof balance === 'number' && Number.isFinite(balance) && balance < threshold;
