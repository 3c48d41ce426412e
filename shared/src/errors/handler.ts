// The general error handler: classify, then show a toast (default) or a
// modal; optional retry with exponential back-off (1 s doubling up to 10 s, at most 3
// retries, only for retryable errors).
import { useMemo } from 'react';
import { BehaviorSubject, type Observable } from 'rxjs';
import { toast } from '../ui/toaster';
import { type AppError, type ErrorKind, toAppError } from './app-error';

/** Toast/modal titles by kind (chosen here; none was given). */
export const ERROR_TITLES: Record<ErrorKind, string> = {
  network: 'Network Error',
  validation: 'Validation Error',
  authentication: 'Authentication Required',
  authorization: 'Permission Denied',
  system: 'System Error',
  refresh: 'Session Expired',
  unknown: 'Error',
};

export type ErrorDisplayMode = 'toast' | 'modal' | 'silent';

export interface HandleErrorOptions {
  /** Title; default by kind (ERROR_TITLES). */
  title?: string;
  /** Replaces the classified message. */
  message?: string;
  /** 'toast' (default), 'modal', or 'silent' (classify only). */
  mode?: ErrorDisplayMode;
  /** Offers a Retry action. */
  onRetry?: () => void;
  /** Toast duration (ms; 0 or less stays). */
  duration?: number;
}

export interface ErrorDialogState {
  title: string;
  message: string;
  error: AppError;
  onRetry?: () => void;
}

const dialog = new BehaviorSubject<ErrorDialogState | null>(null);

/** The error shown in the modal, if any (ErrorDialogHost renders it). */
export const errorDialog$: Observable<ErrorDialogState | null> = dialog.asObservable();
export function getErrorDialog(): ErrorDialogState | null {
  return dialog.getValue();
}
export function closeErrorDialog(): void {
  dialog.next(null);
}

export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: string }).name === 'AbortError';
}

/** Classifies `error` and shows it (toast by default). Cancellations are never shown. */
export function handleError(error: unknown, options: HandleErrorOptions = {}): AppError {
  const appError = toAppError(error);
  if (isAbortError(error)) return appError;
  const title = options.title ?? ERROR_TITLES[appError.kind];
  const message = options.message ?? appError.message;
  const mode = options.mode ?? 'toast';
  if (mode === 'toast') {
    toast.error({
      title,
      description: message,
      duration: options.duration,
      action: options.onRetry ? { label: 'Retry', onClick: options.onRetry } : undefined,
    });
  } else if (mode === 'modal') {
    dialog.next({ title, message, error: appError, onRetry: options.onRetry });
  }
  return appError;
}

export const RETRY_DEFAULTS = { maxRetries: 3, initialDelayMs: 1000, maxDelayMs: 10_000 } as const;

/** Delay before retry number `attempt` (0-based): 1000, 2000, 4000, 8000, 10000, 10000… */
export function backoffDelay(attempt: number, initialDelayMs: number = RETRY_DEFAULTS.initialDelayMs, maxDelayMs: number = RETRY_DEFAULTS.maxDelayMs): number {
  return Math.min(initialDelayMs * 2 ** attempt, maxDelayMs);
}

export interface RetryOptions {
  maxRetries?: number;
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Default: the error's `retryable` flag. */
  shouldRetry?: (error: AppError, attempt: number) => boolean;
  /** Told before each back-off wait. */
  onBackoff?: (info: { attempt: number; delayMs: number; error: AppError }) => void;
  signal?: AbortSignal;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `fn`; while it fails with a retryable error, waits 1 s, 2 s, 4 s (doubling, capped
 * at 10 s) and runs it again, at most 3 retries. Rejects with the last error as an AppError
 * (an abort rejects as the abort).
 */
export async function retryWithBackoff<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const maxRetries = options.maxRetries ?? RETRY_DEFAULTS.maxRetries;
  const shouldRetry = options.shouldRetry ?? ((e: AppError) => e.retryable);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fn(attempt);
    } catch (error) {
      if (isAbortError(error)) throw error;
      const appError = toAppError(error);
      if (attempt >= maxRetries || !shouldRetry(appError, attempt)) throw appError;
      const delayMs = backoffDelay(attempt, options.initialDelayMs, options.maxDelayMs);
      options.onBackoff?.({ attempt: attempt + 1, delayMs, error: appError });
      await sleep(delayMs, options.signal);
    }
  }
}

export interface RunOptions extends HandleErrorOptions, RetryOptions {
  /** Retry with back-off before reporting (default false: report the first failure). */
  retry?: boolean;
}

/** Runs `fn` (with back-off retries if asked); on final failure reports it and resolves undefined. */
export async function runWithErrorHandling<T>(fn: (attempt: number) => Promise<T>, options: RunOptions = {}): Promise<T | undefined> {
  try {
    return options.retry ? await retryWithBackoff(fn, options) : await fn(0);
  } catch (error) {
    handleError(error, options);
    return undefined;
  }
}

/** The handler as a hook, with per-component defaults (e.g. a title or mode). */
export function useErrorHandler(defaults: HandleErrorOptions = {}) {
  const { title, message, mode, onRetry, duration } = defaults;
  return useMemo(() => {
    const base: HandleErrorOptions = { title, message, mode, onRetry, duration };
    return {
      handleError: (error: unknown, options: HandleErrorOptions = {}) => handleError(error, { ...base, ...options }),
      retryWithBackoff,
      run: <T>(fn: (attempt: number) => Promise<T>, options: RunOptions = {}) =>
        runWithErrorHandling(fn, { ...base, ...options }),
    };
  }, [title, message, mode, onRetry, duration]);
}
