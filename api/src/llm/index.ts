// The language-model layer: one LlmProvider interface, four implementations (gemini,
// openai-compatible, ollama, offline), a factory reading the environment, typed errors.
export type {
  GenerateRequest,
  GenerateResult,
  JSONSchema,
  LlmMessage,
  LlmProvider,
  LlmRole,
  LlmSourceDocument,
  ProviderName,
  RetryOptions,
  TokenUsage,
} from './types';
export * from './errors';
export { getProvider, defaultProviderName, resolveProviderName, configuredProviders, PROVIDER_NAMES } from './registry';
export type { ProviderOverrides } from './registry';
export { GeminiProvider, toGeminiSchema, GEMINI_DEFAULT_MODEL, GEMINI_DEFAULT_BASE_URL } from './gemini';
export { OpenAiProvider, toOpenAiStrictSchema, stripAddedNulls, OPENAI_DEFAULT_MODEL, OPENAI_DEFAULT_BASE_URL } from './openai';
export { OllamaProvider, OLLAMA_DEFAULT_MODEL, OLLAMA_DEFAULT_BASE_URL } from './ollama';
export { OfflineProvider, OFFLINE_MODEL, extractOffline } from './offline';
export { CHARS_PER_TOKEN, tokensForChars, tokensForText } from './tokens';
export { parseJsonLoose, JsonParseError } from './json';
export { postJson, parseRetryAfter, DEFAULT_RETRY, DEFAULT_TIMEOUT_MS } from './http';
export { chunkingModelFor } from './chunking-model';
export type { ChunkingModelOptions } from './chunking-model';
export { notConfiguredReason } from './not-configured';
