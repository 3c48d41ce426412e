// The one error type every app sees, and the generic mapping:
// server errors are read from `detail` (a string, or a list whose first item's `msg` is
// used) or from `message`; 401 → authentication, 403 → authorization, other 4xx →
// validation, 5xx → system; a network or time-out failure → network.

export type ErrorKind =
  | 'network'
  | 'validation'
  | 'authentication'
  | 'authorization'
  | 'system'
  /** The token refresh failed (the session has been cleared). */
  | 'refresh'
  /** Anything that is not an HTTP or network failure (a bug, a thrown string...). */
  | 'unknown';

/** The default texts (docs/product/platform.md, Errors everywhere else). */
export const DEFAULT_ERROR_MESSAGES = {
  network: 'Network connection error. Please check your connection and try again.',
  validation: 'Please check your input and try again.',
  authentication: 'Authentication required. Please log in again.',
  authorization: 'You do not have permission to perform this action.',
  system: 'A system error occurred. Please try again or contact support.',
} as const;

/** What `unknown` and `refresh` errors say when nothing better is known. */
export const UNKNOWN_ERROR_MESSAGE = 'An unexpected error occurred.';
export const REFRESH_ERROR_MESSAGE = DEFAULT_ERROR_MESSAGES.authentication;

export interface AppErrorInit {
  kind: ErrorKind;
  message?: string;
  status?: number;
  /** The server's `detail` as received (string, list of {loc,msg,type}, or anything). */
  detail?: unknown;
  /** The text the server sent (detail / first msg / message), if any. */
  serverMessage?: string;
  retryable?: boolean;
  cause?: unknown;
}

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly status: number | undefined;
  readonly detail: unknown;
  readonly serverMessage: string | undefined;
  readonly retryable: boolean;

  constructor(init: AppErrorInit) {
    super(init.message ?? init.serverMessage ?? defaultMessageFor(init.kind), { cause: init.cause });
    this.name = 'AppError';
    this.kind = init.kind;
    this.status = init.status;
    this.detail = init.detail;
    this.serverMessage = init.serverMessage;
    this.retryable = init.retryable ?? defaultRetryable(init.kind, init.status);
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

/** Why a refresh failed: the server said no (401/403), answered without a token, failed, or was unreachable. */
export type RefreshFailureReason = 'rejected' | 'no_token' | 'server' | 'network' | 'unknown';

/** Raised when `POST auth/refresh` fails; the session has already been cleared. */
export class RefreshError extends AppError {
  readonly reason: RefreshFailureReason;

  constructor(init: Omit<AppErrorInit, 'kind'> & { reason?: RefreshFailureReason } = {}) {
    const { reason, ...rest } = init;
    super({ ...rest, kind: 'refresh', message: rest.message ?? REFRESH_ERROR_MESSAGE, retryable: false });
    this.name = 'RefreshError';
    this.reason = reason ?? 'unknown';
  }

  /** The server refused the session (as opposed to being unreachable or failing). */
  get isAuthFailure(): boolean {
    return this.reason === 'rejected' || this.reason === 'no_token';
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** 401 at the server or a failed refresh: the user has to sign in (again). */
export function isAuthError(value: unknown): boolean {
  return value instanceof AppError && (value.kind === 'authentication' || value.kind === 'refresh');
}

export function defaultMessageFor(kind: ErrorKind): string {
  switch (kind) {
    case 'network':
    case 'validation':
    case 'authentication':
    case 'authorization':
    case 'system':
      return DEFAULT_ERROR_MESSAGES[kind];
    case 'refresh':
      return REFRESH_ERROR_MESSAGE;
    default:
      return UNKNOWN_ERROR_MESSAGE;
  }
}

/** Network failures, 5xx, 408 and 429 are worth retrying; the rest will fail the same way. */
export function defaultRetryable(kind: ErrorKind, status?: number): boolean {
  if (kind === 'network') return true;
  if (status === 408 || status === 429) return true;
  return kind === 'system' && (status === undefined || status >= 500);
}

export function kindForStatus(status: number): ErrorKind {
  if (status === 401) return 'authentication';
  if (status === 403) return 'authorization';
  if (status >= 400 && status < 500) return 'validation';
  if (status >= 500) return 'system';
  return 'unknown';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function itemMessage(item: unknown): string | undefined {
  if (typeof item === 'string') return item.trim() || undefined;
  if (isRecord(item)) {
    if (typeof item.msg === 'string' && item.msg.trim()) return item.msg;
    if (typeof item.message === 'string' && item.message.trim()) return item.message;
  }
  return undefined;
}

/**
 * The server's text: `detail` when it is a string, the first item's `msg` when it is a
 * list, else `message`. Undefined when the body carries none.
 */
export function serverMessageOf(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (!isRecord(body)) return undefined;
  const { detail, message } = body;
  if (typeof detail === 'string' && detail.trim()) return detail;
  if (Array.isArray(detail) && detail.length > 0) {
    const first = itemMessage(detail[0]);
    if (first) return first;
  }
  if (isRecord(detail)) {
    const nested = itemMessage(detail);
    if (nested) return nested;
  }
  if (typeof message === 'string' && message.trim()) return message;
  return undefined;
}

/** Every message of a `detail` list (strings or {msg}); a string detail gives one item. */
export function detailMessages(detail: unknown): string[] {
  if (typeof detail === 'string') return detail.trim() ? [detail] : [];
  if (Array.isArray(detail)) return detail.map(itemMessage).filter((m): m is string => Boolean(m));
  return [];
}

/** An HTTP error response (status + parsed body, JSON or text) as an AppError. */
export function errorFromResponse(status: number, body: unknown): AppError {
  const kind = kindForStatus(status);
  const serverMessage = serverMessageOf(body);
  const detail = isRecord(body) && 'detail' in body ? body.detail : undefined;
  return new AppError({ kind, status, serverMessage, detail });
}

export function networkError(cause?: unknown, message?: string): AppError {
  return new AppError({ kind: 'network', cause, message });
}

function looksLikeNetworkFailure(error: Error): boolean {
  if (error.name === 'TimeoutError') return true;
  if (error.name === 'TypeError' && /fetch|network|load failed/i.test(error.message)) return true;
  return /network ?error|failed to fetch|networkerror|timed? ?out/i.test(error.message);
}

/**
 * Normalises anything thrown into an AppError: AppErrors pass through, objects that look
 * like HTTP errors (`status` + `detail`/`message`/`data`/`response`) are mapped by status,
 * fetch's network TypeErrors and time-outs become network errors, the rest `unknown`.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isRecord(error)) {
    const status =
      typeof error.status === 'number'
        ? error.status
        : isRecord(error.response) && typeof error.response.status === 'number'
          ? error.response.status
          : undefined;
    if (status !== undefined && status >= 400) {
      const body = isRecord(error.response) && 'data' in error.response ? error.response.data : 'data' in error ? error.data : error;
      return new AppError({ ...pick(errorFromResponse(status, body)), cause: error });
    }
  }
  if (error instanceof Error) {
    if (looksLikeNetworkFailure(error)) return networkError(error);
    return new AppError({ kind: 'unknown', message: error.message || UNKNOWN_ERROR_MESSAGE, cause: error, retryable: false });
  }
  if (typeof error === 'string' && error.trim()) {
    return new AppError({ kind: 'unknown', message: error, retryable: false });
  }
  return new AppError({ kind: 'unknown', retryable: false, cause: error });
}

function pick(e: AppError): AppErrorInit {
  return { kind: e.kind, status: e.status, detail: e.detail, serverMessage: e.serverMessage };
}
