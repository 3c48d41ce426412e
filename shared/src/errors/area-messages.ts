// Error texts of particular areas: credit request submission, chunking job
// creation and 'Job creation failed'.
import { detailMessages, toAppError } from './app-error';

// ---- Credit request submission -------------------------------------------------------

export const CREDIT_REQUEST_ERRORS = {
  badRequest: 'Invalid request data. Please check your input and try again.',
  unauthorized: 'You are not authorized to submit credit requests. Please log in again.',
  forbidden: 'You do not have permission to submit credit requests.',
  tooManyRequests: 'Too many requests. Please wait a moment before trying again.',
  server: 'Server error. Please try again later or contact support if the problem persists.',
  unknown: 'An unexpected error occurred. Please try again.',
} as const;

/** The panel title for these messages. */
export const SUBMISSION_FAILED_TITLE = 'Submission Failed';

/** A `detail` as text: a string as is, a list as its messages joined by commas. */
function detailText(detail: unknown): string | undefined {
  if (typeof detail === 'string') return detail.trim() ? detail : undefined;
  const messages = detailMessages(detail);
  return messages.length ? messages.join(', ') : undefined;
}

function rawServerMessage(error: ReturnType<typeof toAppError>): string | undefined {
  // serverMessage falls back to `message` when there is no detail; keep it only then.
  return detailText(error.detail) ?? error.serverMessage;
}

export function creditRequestErrorMessage(error: unknown): string {
  const e = toAppError(error);
  const status = e.status;
  if (status === 400) return rawServerMessage(e) ?? CREDIT_REQUEST_ERRORS.badRequest;
  if (status === 401 || e.kind === 'refresh') return CREDIT_REQUEST_ERRORS.unauthorized;
  if (status === 403) return CREDIT_REQUEST_ERRORS.forbidden;
  if (status === 429) return CREDIT_REQUEST_ERRORS.tooManyRequests;
  if (status !== undefined && status >= 500) return CREDIT_REQUEST_ERRORS.server;
  const detail = detailText(e.detail);
  if (detail) return detail;
  return CREDIT_REQUEST_ERRORS.unknown;
}

// ---- Job creation ---------------------------------------------------------------------

export const JOB_CREATION_FAILED_TITLE = 'Job creation failed';

/**
 * The toast description for a failed pipeline/extraction creation: the server detail
 * (a list → its messages joined by commas; a string as is; anything else as JSON), or the
 * error's message.
 */
export function jobCreationErrorDetail(error: unknown): string {
  const e = toAppError(error);
  const detail = e.detail;
  if (detail !== undefined && detail !== null) {
    if (typeof detail === 'string' && detail.trim()) return detail;
    const messages = detailMessages(detail);
    if (Array.isArray(detail) && messages.length) return messages.join(', ');
    if (typeof detail !== 'string') return JSON.stringify(detail);
  }
  return e.message;
}

// ---- Chunking job creation ------------------------------------------------------------

export type ChunkingErrorCase =
  | 'ocr_required'
  | 'file_not_found'
  | 'access_denied'
  | 'connection_error'
  | 'server_error'
  | 'invalid_response'
  | 'unknown';

export interface ClassifiedError {
  case: ChunkingErrorCase;
  title: string;
  description: string;
}

export const CHUNKING_INVALID_RESPONSE: ClassifiedError = {
  case: 'invalid_response',
  title: 'Invalid Response',
  description: 'The server did not return a job id.',
};

/** Classifies a failed `POST chunking/test` by its message, then by its status. */
export function classifyChunkingCreateError(error: unknown): ClassifiedError {
  const e = toAppError(error);
  const text = `${e.serverMessage ?? ''} ${e.message}`.toLowerCase();
  if (/\bocr\b/.test(text) && /(requir|must|first|need|not (been )?(run|performed|completed)|missing|no ocr)/.test(text)) {
    return { case: 'ocr_required', title: 'OCR Required', description: 'OCR must be run first' };
  }
  if (/not found/.test(text)) return fileNotFound(e.message);
  if (/access|permission|forbidden/.test(text)) return accessDenied(e.message);
  if (e.kind === 'network' || /network|fetch/.test(text)) {
    return { case: 'connection_error', title: 'Connection Error', description: e.message };
  }
  // No telling message: a bare 404/403 still means what its status says.
  if (e.status === 404) return fileNotFound(e.message);
  if (e.status === 403) return accessDenied(e.message);
  if (e.status !== undefined) {
    return { case: 'server_error', title: `Server Error (${e.status})`, description: e.message };
  }
  return { case: 'unknown', title: 'Error', description: e.message };
}

function fileNotFound(description: string): ClassifiedError {
  return { case: 'file_not_found', title: 'File Not Found', description };
}

function accessDenied(description: string): ClassifiedError {
  return { case: 'access_denied', title: 'Access Denied', description };
}
