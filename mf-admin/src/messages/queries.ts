// What visitors and users wrote: GET /admin/contact-messages, and the feedback the API
// already stores (GET /feedback/ answers everyone's to a superuser, with its summary), and the
// mail that had no SMTP server to go to (GET /admin/mail-outbox).
import { api, useCurrentUser } from '@quarry/shared';
import { AdminContactMessageListResponseSchema, FeedbackListResponseSchema, FeedbackStatsSchema, MailOutboxListResponseSchema } from '@quarry/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { adminRoot } from '../common/keys';

export const MESSAGES_PAGE_SIZE = 100;

export const messageKeys = {
  all: (userId: string | undefined) => adminRoot('messages', userId),
  contact: (userId: string | undefined) => [...messageKeys.all(userId), 'contact'] as const,
  feedback: (userId: string | undefined) => [...messageKeys.all(userId), 'feedback'] as const,
  feedbackStats: (userId: string | undefined) => [...messageKeys.all(userId), 'feedback-stats'] as const,
  outbox: (userId: string | undefined) => [...messageKeys.all(userId), 'mail-outbox'] as const,
};

/** Mail the API could not send (no SMTP_URL): password-reset links to hand to their users. */
export function useMailOutbox() {
  const userId = useCurrentUser()?.id;
  return useQuery({
    queryKey: messageKeys.outbox(userId),
    queryFn: ({ signal }) => api.get('/admin/mail-outbox', { signal, schema: MailOutboxListResponseSchema }),
  });
}

export function useContactMessages() {
  const userId = useCurrentUser()?.id;
  return useQuery({
    queryKey: messageKeys.contact(userId),
    queryFn: ({ signal }) => api.get('/admin/contact-messages', { signal, query: { limit: MESSAGES_PAGE_SIZE }, schema: AdminContactMessageListResponseSchema }),
  });
}

export function useFeedback() {
  const userId = useCurrentUser()?.id;
  return useQuery({
    queryKey: messageKeys.feedback(userId),
    queryFn: ({ signal }) => api.get('/feedback/', { signal, query: { limit: MESSAGES_PAGE_SIZE }, schema: FeedbackListResponseSchema }),
  });
}

export function useFeedbackStats() {
  const userId = useCurrentUser()?.id;
  return useQuery({
    queryKey: messageKeys.feedbackStats(userId),
    queryFn: ({ signal }) => api.get('/feedback/stats/summary', { signal, schema: FeedbackStatsSchema }),
  });
}
