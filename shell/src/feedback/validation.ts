// The feedback dialog's rules: a message and a category are required; the
// 1000-character counter is shown but not enforced.
import { FEEDBACK_CATEGORIES, FEEDBACK_MESSAGE_DISPLAY_LIMIT } from '@quarry/shared/constants';

export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export const FEEDBACK_MESSAGES = {
  message: 'Please provide feedback.',
  category: 'Please select a category.',
  failure: 'Failed to submit feedback. Please try again.',
} as const;

export const FEEDBACK_CATEGORY_LABELS: Record<FeedbackCategory, string> = {
  bug: 'Bug report',
  feature: 'Feature request',
  improvement: 'Improvement',
  other: 'Other',
};

export interface FeedbackValues {
  category: string;
  message: string;
}

export interface FeedbackErrors {
  category?: string;
  message?: string;
}

export function isFeedbackCategory(value: string): value is FeedbackCategory {
  return (FEEDBACK_CATEGORIES as readonly string[]).includes(value);
}

export function validateFeedback(values: FeedbackValues): FeedbackErrors {
  const errors: FeedbackErrors = {};
  if (!values.message.trim()) errors.message = FEEDBACK_MESSAGES.message;
  if (!isFeedbackCategory(values.category)) errors.category = FEEDBACK_MESSAGES.category;
  return errors;
}

/** 'N/1000' — shown, never enforced. */
export function feedbackCounter(message: string): string {
  return `${message.length}/${FEEDBACK_MESSAGE_DISPLAY_LIMIT}`;
}

/** The body of `POST /feedback/`. */
export function feedbackPayload(values: FeedbackValues, context: { url: string; userAgent: string }) {
  return {
    category: values.category as FeedbackCategory,
    message: values.message.trim(),
    url: context.url,
    user_agent: context.userAgent,
  };
}
