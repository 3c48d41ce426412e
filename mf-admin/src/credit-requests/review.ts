import { AppError } from '@quarry/shared';
import { CREDIT_REQUEST_MESSAGES } from '@quarry/shared/schemas';

/** Rejection needs notes; approval does not. Returns the message to show, or null. */
export function reviewNotesError(status: 'approved' | 'rejected', notes: string): string | null {
  return status === 'rejected' && notes.trim() === '' ? CREDIT_REQUEST_MESSAGES.rejectNotes : null;
}

/** The server detail, or 'Failed to approve request' / 'Failed to reject request'; anything else is unexpected. */
export function reviewErrorText(error: unknown, status: 'approved' | 'rejected'): string {
  if (!(error instanceof AppError)) return 'An unexpected error occurred';
  return error.serverMessage ?? (status === 'approved' ? 'Failed to approve request' : 'Failed to reject request');
}
