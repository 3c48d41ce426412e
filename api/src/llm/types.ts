// The one language-model interface every provider implements (gemini, openai-compatible,
// ollama, offline). Callers build messages, optionally pass the JSON schema the answer must
// follow, and get back the text, the parsed JSON (when a schema was given), token usage and
// timing. Errors are typed (see ./errors): HTTP, rate limit, timeout, invalid JSON, garbage.

import type { UnsureLine } from '../lib/unsure-words';

/** A JSON Schema object (draft-07 / 2020-12 subset used by output schemas). */
export type JSONSchema = {
  type?: string | string[];
  properties?: Record<string, JSONSchema>;
  required?: string[];
  items?: JSONSchema | JSONSchema[];
  description?: string;
  title?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JSONSchema[];
  oneOf?: JSONSchema[];
  allOf?: JSONSchema[];
  $ref?: string;
  $defs?: Record<string, JSONSchema>;
  definitions?: Record<string, JSONSchema>;
  additionalProperties?: boolean | JSONSchema;
  [keyword: string]: unknown;
};

export type LlmRole = 'system' | 'user' | 'assistant';

export interface LlmMessage {
  role: LlmRole;
  content: string;
}

/**
 * Grounding for deterministic providers: the document text the prompt was rendered from.
 * Real models read the rendered messages and ignore this; the offline extractor uses it so
 * it never mistakes prompt instructions or schema descriptions for document content.
 */
export interface LlmSourceDocument {
  /** the chunk text (a text chunk, or the lines of a table batch) */
  text: string;
  /** words OCR read with little confidence, by line of `text` (1-based): a value made of them is better left out */
  unsure?: UnsureLine[];
  /** set for table chunks sent in row batches */
  table?: {
    description: string[];
    header: string[];
    /** one entry per body row (a row may span several lines, joined with '\n') */
    rows: string[];
  };
}

export interface GenerateRequest {
  messages: LlmMessage[];
  temperature?: number;
  maxTokens?: number;
  /** when given, the provider asks for JSON following it and returns `json` (or throws LlmInvalidJsonError) */
  responseSchema?: JSONSchema;
  /** a short name for the schema (OpenAI's json_schema.name); defaults to "extraction" */
  schemaName?: string;
  signal?: AbortSignal;
  /** overrides the provider's configured model for this call */
  model?: string;
  source?: LlmSourceDocument;
}

export interface TokenUsage {
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
}

export interface GenerateResult {
  content: string;
  /** the parsed answer when a responseSchema was given */
  json?: unknown;
  model: string;
  provider: ProviderName;
  usage: TokenUsage;
  /** wall time of the call including retries and back-off */
  processing_time_ms: number;
  /** number of HTTP attempts made (1 when the first one succeeded) */
  attempts: number;
  /** true for the deterministic offline extractor: no language model was involved */
  offline?: boolean;
  finish_reason?: string;
  /** what the provider noticed about the document (the offline extractor: arithmetic that does not add up) */
  warnings?: string[];
}

export type ProviderName = 'gemini' | 'openai' | 'ollama' | 'offline';

export interface LlmProvider {
  readonly name: ProviderName;
  /** the model used when a request does not name one */
  readonly model: string;
  /** true when the same input always yields the same output (offline) */
  readonly deterministic: boolean;
  generate(request: GenerateRequest): Promise<GenerateResult>;
}

export interface RetryOptions {
  /** total attempts including the first (>= 1) */
  maxAttempts: number;
  /** first back-off delay; doubles each attempt */
  baseDelayMs: number;
  /** cap of one back-off delay */
  maxDelayMs: number;
  /** a Retry-After longer than this is not waited for: the call fails with LlmRateLimitError */
  maxRetryAfterMs: number;
}

export interface HttpProviderOptions {
  baseUrl: string;
  apiKey?: string | null;
  model: string;
  /** per-attempt timeout */
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  /** injected for tests; defaults to global fetch */
  fetch?: typeof fetch;
}

export const emptyUsage = (): TokenUsage => ({ input_tokens: 0, output_tokens: 0, total_tokens: 0 });
