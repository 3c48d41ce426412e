// What visitors and users wrote: GET /admin/contact-messages, and the feedback the API
// already stores (GET /feedback/ answers everyone's to a superuser, with its summary), and the
// mail that had no SMTP server to go to (GET /admin/mail-outbox).
import { api, queryKeys, useSignedInQuery } from '@quarry/shared';
import { AdminContactMessageListResponseSchema, FeedbackListResponseSchema, FeedbackStatsSchema, MailOutboxListResponseSchema } from '@quarry/shared/schemas';

export const MESSAGES_PAGE_SIZE = 100;

const keys = queryKeys('admin', 'messages');
export const messageKeys = {
  all: keys.all,
  contact: (userId: string | undefined) => keys.of(userId, 'contact'),
  feedback: (userId: string | undefined) => keys.of(userId, 'feedback'),
  feedbackStats: (userId: string | undefined) => keys.of(userId, 'feedback-stats'),
  outbox: (userId: string | undefined) => keys.of(userId, 'mail-outbox'),
};

/** Mail the API could not send (no SMTP_URL): password-reset links to hand to their users. */
export function useMailOutbox() {
  return useSignedInQuery(messageKeys.outbox, (signal) => api.get('admin/mail-outbox', { signal, schema: MailOutboxListResponseSchema }));
}

export function useContactMessages() {
  return useSignedInQuery(
    messageKeys.contact,
    (signal) => api.get('admin/contact-messages', { signal, query: { limit: MESSAGES_PAGE_SIZE }, schema: AdminContactMessageListResponseSchema }),
  );
}

export function useFeedback() {
  return useSignedInQuery(messageKeys.feedback, (signal) => api.get('feedback/', { signal, query: { limit: MESSAGES_PAGE_SIZE }, schema: FeedbackListResponseSchema }));
}

export function useFeedbackStats() {
  return useSignedInQuery(messageKeys.feedbackStats, (signal) => api.get('feedback/stats/summary', { signal, schema: FeedbackStatsSchema }));
}
