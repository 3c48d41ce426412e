// Typed errors of the language-model layer. Every error carries the provider and a stable
// `code`, so callers (extraction engine, LLM test API) can store a readable message and
// decide what to do (the engine re-asks once on `invalid_json`, nothing else is re-asked).
import type { GenerateResult, ProviderName, TokenUsage } from './types';

export type LlmErrorCode =
  | 'config' // missing key / unknown provider / bad option
  | 'http' // non-retryable HTTP status (4xx) or 5xx after the last attempt
  | 'rate_limited' // 429 after the last attempt, or Retry-After beyond the allowed wait
  | 'timeout' // no answer within the per-attempt timeout
  | 'aborted' // the caller's signal fired
  | 'network' // connection refused / reset after the last attempt
  | 'invalid_response' // the body is not the provider's response shape (HTML, garbage, no candidates)
  | 'invalid_json' // the model's answer is not parseable JSON although a schema was requested
  | 'refused' // the model refused or the answer was blocked (safety)
  | 'schema'; // the response schema cannot be expressed for this provider

export class LlmError extends Error {
  constructor(
    public readonly code: LlmErrorCode,
    message: string,
    public readonly provider: ProviderName | 'unknown',
    public readonly details: {
      status?: number;
      attempts?: number;
      body?: string;
      retryAfterMs?: number;
      cause?: unknown;
    } = {},
  ) {
    super(message);
    this.name = 'LlmError';
  }

  /** true for transient failures worth retrying later (the HTTP layer already retried) */
  get transient(): boolean {
    return ['rate_limited', 'timeout', 'network'].includes(this.code) || (this.code === 'http' && (this.details.status ?? 0) >= 500);
  }
}

export class LlmConfigError extends LlmError {
  constructor(message: string, provider: ProviderName | 'unknown' = 'unknown') {
    super('config', message, provider);
    this.name = 'LlmConfigError';
  }
}

export class LlmHttpError extends LlmError {
  constructor(provider: ProviderName, status: number, body: string, attempts: number) {
    super('http', `${provider}: HTTP ${status}${summarizeBody(body)}${attempts > 1 ? ` (after ${attempts} attempts)` : ''}`, provider, {
      status,
      body: body.slice(0, 2000),
      attempts,
    });
    this.name = 'LlmHttpError';
  }
}

export class LlmRateLimitError extends LlmError {
  constructor(provider: ProviderName, message: string, attempts: number, retryAfterMs?: number, body = '') {
    super('rate_limited', message, provider, { status: 429, attempts, retryAfterMs, body: body.slice(0, 2000) });
    this.name = 'LlmRateLimitError';
  }
}

export class LlmTimeoutError extends LlmError {
  constructor(provider: ProviderName, timeoutMs: number, attempts: number) {
    super('timeout', `${provider}: no answer within ${timeoutMs} ms${attempts > 1 ? ` (after ${attempts} attempts)` : ''}`, provider, { attempts });
    this.name = 'LlmTimeoutError';
  }
}

export class LlmAbortedError extends LlmError {
  constructor(provider: ProviderName | 'unknown') {
    super('aborted', `${provider}: request aborted`, provider);
    this.name = 'LlmAbortedError';
  }
}

export class LlmNetworkError extends LlmError {
  constructor(provider: ProviderName, cause: unknown, attempts: number) {
    super('network', `${provider}: network error: ${cause instanceof Error ? describeCause(cause) : String(cause)}`, provider, { attempts, cause });
    this.name = 'LlmNetworkError';
  }
}

export class LlmResponseError extends LlmError {
  constructor(provider: ProviderName, message: string, body = '', code: 'invalid_response' | 'refused' = 'invalid_response') {
    super(code, `${provider}: ${message}`, provider, { body: body.slice(0, 2000) });
    this.name = 'LlmResponseError';
  }
}

/** The model answered, but not with parseable JSON. `result` keeps the text, usage and timing. */
export class LlmInvalidJsonError extends LlmError {
  constructor(
    provider: ProviderName,
    public readonly content: string,
    public readonly parseError: string,
    public readonly result?: Omit<GenerateResult, 'json'>,
  ) {
    super('invalid_json', `${provider}: the answer is not valid JSON (${parseError})`, provider, { body: content.slice(0, 2000) });
    this.name = 'LlmInvalidJsonError';
  }
  get usage(): TokenUsage | undefined {
    return this.result?.usage;
  }
}

export class LlmSchemaError extends LlmError {
  constructor(provider: ProviderName, message: string) {
    super('schema', `${provider}: ${message}`, provider);
    this.name = 'LlmSchemaError';
  }
}

export const isLlmError = (e: unknown): e is LlmError => e instanceof LlmError;

function summarizeBody(body: string): string {
  const text = body.trim();
  if (!text) return '';
  try {
    const parsed = JSON.parse(text) as { error?: { message?: string } | string; message?: string; detail?: string };
    const msg =
      typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message ?? parsed.detail);
    if (typeof msg === 'string' && msg) return `: ${msg.slice(0, 300)}`;
  } catch {
    /* not JSON */
  }
  return `: ${text.replace(/\s+/g, ' ').slice(0, 200)}`;
}

function describeCause(e: Error): string {
  const cause = (e as { cause?: unknown }).cause;
  if (cause instanceof Error) return `${e.message} (${(cause as NodeJS.ErrnoException).code ?? cause.message})`;
  return e.message;
}
