// getProvider(name?): the provider for a name, configured from the environment.
// Default: 'gemini' whenever GEMINI_API_KEY is set (docs/product/prompts-and-schemas.md names gemini the default),
// otherwise 'offline'. LLM_PROVIDER overrides the default.
//
// Environment:
//   LLM_PROVIDER            gemini | openai | ollama | offline (default: see above)
//   LLM_MAX_ATTEMPTS        HTTP attempts per call, 429/5xx/network retried (default 3)
//   LLM_RETRY_BASE_MS       first back-off delay, doubled per attempt (default 500)
//   LLM_RETRY_MAX_DELAY_MS  cap of one back-off delay (default 20000)
//   LLM_MAX_RETRY_AFTER_MS  longest Retry-After honoured before failing (default 60000)
//   LLM_TIMEOUT_MS          per-attempt timeout (default 120000)
//   GEMINI_API_KEY, GEMINI_MODEL (gemini-2.0-flash), GEMINI_BASE_URL (https://generativelanguage.googleapis.com),
//   GEMINI_AUTH             header (x-goog-api-key, default) | query (?key=)
//   OPENAI_BASE_URL (https://api.openai.com/v1), OPENAI_API_KEY (optional for local servers),
//   OPENAI_MODEL (gpt-4o-mini), OPENAI_STRICT_SCHEMA (true), OPENAI_MAX_TOKENS_FIELD (max_tokens | max_completion_tokens)
//   OLLAMA_BASE_URL (http://localhost:11434), OLLAMA_MODEL (llama3.2), OLLAMA_API_KEY (optional, for a proxy)
import { LlmConfigError } from './errors';
import { GEMINI_DEFAULT_BASE_URL, GEMINI_DEFAULT_MODEL, GeminiProvider } from './gemini';
import { DEFAULT_RETRY, DEFAULT_TIMEOUT_MS } from './http';
import { OfflineProvider } from './offline';
import { OLLAMA_DEFAULT_BASE_URL, OLLAMA_DEFAULT_MODEL, OllamaProvider } from './ollama';
import { OPENAI_DEFAULT_BASE_URL, OPENAI_DEFAULT_MODEL, OpenAiProvider } from './openai';
import type { LlmProvider, ProviderName, RetryOptions } from './types';

export const PROVIDER_NAMES: readonly ProviderName[] = ['gemini', 'openai', 'ollama', 'offline'];

/** other names accepted for the OpenAI-compatible provider */
const ALIASES: Record<string, ProviderName> = {
  'openai-compatible': 'openai',
  openai_compatible: 'openai',
  vllm: 'openai',
  llamacpp: 'openai',
  'llama.cpp': 'openai',
  google: 'gemini',
  none: 'offline',
};

type Env = Record<string, string | undefined>;

export interface ProviderOverrides {
  env?: Env;
  fetch?: typeof fetch;
  model?: string;
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
}

const present = (v: string | undefined): v is string => typeof v === 'string' && v.trim() !== '';

function num(env: Env, key: string, fallback: number, min: number): number {
  const raw = env[key];
  if (!present(raw)) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new LlmConfigError(`${key} must be a number >= ${min} (got "${raw}")`);
  return n;
}

export function resolveProviderName(name?: string | null, env: Env = process.env): ProviderName {
  const raw = (present(name ?? undefined) ? name! : present(env.LLM_PROVIDER) ? env.LLM_PROVIDER! : present(env.GEMINI_API_KEY) ? 'gemini' : 'offline')
    .trim()
    .toLowerCase();
  const resolved = (ALIASES[raw] ?? raw) as ProviderName;
  if (!PROVIDER_NAMES.includes(resolved)) {
    throw new LlmConfigError(`Unknown language-model provider "${name ?? env.LLM_PROVIDER}" (known: ${PROVIDER_NAMES.join(', ')})`);
  }
  return resolved;
}

/** The default provider name: gemini when GEMINI_API_KEY is set (or LLM_PROVIDER), else offline. */
export const defaultProviderName = (env: Env = process.env): ProviderName => resolveProviderName(undefined, env);

/** Which providers can be used with this environment (offline always). */
export function configuredProviders(env: Env = process.env): ProviderName[] {
  const out: ProviderName[] = [];
  if (present(env.GEMINI_API_KEY)) out.push('gemini');
  if (present(env.OPENAI_BASE_URL) || present(env.OPENAI_API_KEY)) out.push('openai');
  if (present(env.OLLAMA_BASE_URL)) out.push('ollama');
  out.push('offline');
  return out;
}

export function getProvider(name?: string | null, overrides: ProviderOverrides = {}): LlmProvider {
  const env = overrides.env ?? process.env;
  const resolved = resolveProviderName(name, env);
  const retry: Partial<RetryOptions> = {
    maxAttempts: num(env, 'LLM_MAX_ATTEMPTS', DEFAULT_RETRY.maxAttempts, 1),
    baseDelayMs: num(env, 'LLM_RETRY_BASE_MS', DEFAULT_RETRY.baseDelayMs, 0),
    maxDelayMs: num(env, 'LLM_RETRY_MAX_DELAY_MS', DEFAULT_RETRY.maxDelayMs, 0),
    maxRetryAfterMs: num(env, 'LLM_MAX_RETRY_AFTER_MS', DEFAULT_RETRY.maxRetryAfterMs, 0),
    ...overrides.retry,
  };
  const common = {
    timeoutMs: overrides.timeoutMs ?? num(env, 'LLM_TIMEOUT_MS', DEFAULT_TIMEOUT_MS, 1),
    retry,
    ...(overrides.fetch ? { fetch: overrides.fetch } : {}),
  };
  switch (resolved) {
    case 'gemini': {
      if (!present(env.GEMINI_API_KEY)) throw new LlmConfigError('gemini: GEMINI_API_KEY is not set', 'gemini');
      const auth = (env.GEMINI_AUTH ?? 'header').trim().toLowerCase();
      if (auth !== 'header' && auth !== 'query') throw new LlmConfigError('GEMINI_AUTH must be "header" or "query"', 'gemini');
      return new GeminiProvider({
        ...common,
        apiKey: env.GEMINI_API_KEY,
        baseUrl: present(env.GEMINI_BASE_URL) ? env.GEMINI_BASE_URL : GEMINI_DEFAULT_BASE_URL,
        model: overrides.model ?? (present(env.GEMINI_MODEL) ? env.GEMINI_MODEL : GEMINI_DEFAULT_MODEL),
        authMode: auth,
      });
    }
    case 'openai': {
      const field = (env.OPENAI_MAX_TOKENS_FIELD ?? 'max_tokens').trim();
      if (field !== 'max_tokens' && field !== 'max_completion_tokens') throw new LlmConfigError('OPENAI_MAX_TOKENS_FIELD must be max_tokens or max_completion_tokens', 'openai');
      const strictRaw = (env.OPENAI_STRICT_SCHEMA ?? 'true').trim().toLowerCase();
      return new OpenAiProvider({
        ...common,
        apiKey: present(env.OPENAI_API_KEY) ? env.OPENAI_API_KEY : null,
        baseUrl: present(env.OPENAI_BASE_URL) ? env.OPENAI_BASE_URL : OPENAI_DEFAULT_BASE_URL,
        model: overrides.model ?? (present(env.OPENAI_MODEL) ? env.OPENAI_MODEL : OPENAI_DEFAULT_MODEL),
        strict: !['0', 'false', 'no', 'off'].includes(strictRaw),
        maxTokensField: field,
      });
    }
    case 'ollama':
      return new OllamaProvider({
        ...common,
        apiKey: present(env.OLLAMA_API_KEY) ? env.OLLAMA_API_KEY : null,
        baseUrl: present(env.OLLAMA_BASE_URL) ? env.OLLAMA_BASE_URL : OLLAMA_DEFAULT_BASE_URL,
        model: overrides.model ?? (present(env.OLLAMA_MODEL) ? env.OLLAMA_MODEL : OLLAMA_DEFAULT_MODEL),
      });
    default:
      return new OfflineProvider();
  }
}
