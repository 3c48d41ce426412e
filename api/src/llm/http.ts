// POST JSON to a provider with per-attempt timeout, exponential back-off on 429 / 5xx /
// network errors, Retry-After honoured (seconds or HTTP date), and the caller's AbortSignal.
import {
  LlmAbortedError,
  LlmHttpError,
  LlmNetworkError,
  LlmRateLimitError,
  LlmResponseError,
  LlmTimeoutError,
} from './errors';
import type { ProviderName, RetryOptions } from './types';

export const DEFAULT_RETRY: RetryOptions = {
  maxAttempts: 3,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
};
export const DEFAULT_TIMEOUT_MS = 120_000;

export interface PostJsonArgs {
  provider: ProviderName;
  url: string;
  headers?: Record<string, string>;
  body: unknown;
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  /** a timed-out attempt is retried like a 5xx when true (default false: one slow call is slow enough) */
  retryOnTimeout?: boolean;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

export interface PostJsonResult {
  status: number;
  json: unknown;
  text: string;
  attempts: number;
}

/** Parses a Retry-After header value (delta-seconds or an HTTP date) into milliseconds. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (!Number.isNaN(date)) return Math.max(0, date - now);
  return undefined;
}

export function backoffDelay(attempt: number, retry: RetryOptions, random = Math.random): number {
  const exp = retry.baseDelayMs * 2 ** Math.max(0, attempt - 1);
  // 75–100 % of the exponential step ("equal jitter"): spreads concurrent retries
  return Math.round(Math.min(retry.maxDelayMs, exp) * (0.75 + 0.25 * random()));
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export async function postJson(args: PostJsonArgs): Promise<PostJsonResult> {
  const retry: RetryOptions = { ...DEFAULT_RETRY, ...args.retry };
  const maxAttempts = Math.max(1, Math.floor(retry.maxAttempts));
  const timeoutMs = args.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = args.fetch ?? fetch;
  const { provider, signal } = args;
  const payload = JSON.stringify(args.body);

  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw new LlmAbortedError(provider);
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new Error('timeout')), timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
    let status: number;
    let text: string;
    let retryAfter: string | null;
    try {
      const res = await doFetch(args.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...args.headers },
        body: payload,
        signal: combined,
      });
      status = res.status;
      retryAfter = res.headers.get('retry-after');
      text = await res.text();
    } catch (error) {
      if (signal?.aborted) throw new LlmAbortedError(provider);
      const timedOut = timeout.signal.aborted;
      const last = attempt >= maxAttempts || (timedOut && !args.retryOnTimeout);
      if (last) throw timedOut ? new LlmTimeoutError(provider, timeoutMs, attempt) : new LlmNetworkError(provider, error, attempt);
      await wait(backoffDelay(attempt, retry), signal, provider);
      continue;
    } finally {
      clearTimeout(timer);
    }

    if (status >= 200 && status < 300) {
      try {
        return { status, json: JSON.parse(text), text, attempts: attempt };
      } catch {
        throw new LlmResponseError(provider, `HTTP ${status} with a body that is not JSON: ${preview(text)}`, text);
      }
    }

    const retryable = status === 429 || status >= 500;
    if (!retryable) throw new LlmHttpError(provider, status, text, attempt);
    const retryAfterMs = parseRetryAfter(retryAfter);
    if (attempt >= maxAttempts) {
      if (status === 429) {
        throw new LlmRateLimitError(provider, `${provider}: rate limited (HTTP 429) after ${attempt} attempt${attempt > 1 ? 's' : ''}`, attempt, retryAfterMs, text);
      }
      throw new LlmHttpError(provider, status, text, attempt);
    }
    if (retryAfterMs !== undefined && retryAfterMs > retry.maxRetryAfterMs) {
      throw new LlmRateLimitError(
        provider,
        `${provider}: HTTP ${status} asks to retry after ${Math.ceil(retryAfterMs / 1000)} s, more than the allowed ${Math.ceil(retry.maxRetryAfterMs / 1000)} s`,
        attempt,
        retryAfterMs,
        text,
      );
    }
    await wait(retryAfterMs ?? backoffDelay(attempt, retry), signal, provider);
  }
}

async function wait(ms: number, signal: AbortSignal | undefined, provider: ProviderName): Promise<void> {
  try {
    await sleep(ms, signal);
  } catch {
    throw new LlmAbortedError(provider);
  }
}

function preview(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 120 ? `${t.slice(0, 120)}…` : t || '(empty)';
}
