// Provider selection from the environment, and the shared HTTP helpers.
import { LlmConfigError, LlmHttpError } from './errors';
import { backoffDelay, parseRetryAfter, DEFAULT_RETRY } from './http';
import { parseJsonLoose, JsonParseError } from './json';
import { configuredProviders, defaultProviderName, getProvider } from './registry';
import { startFakeServer } from './testing/fake-server';

describe('getProvider / defaults', () => {
  test('gemini is the default whenever GEMINI_API_KEY is set, offline otherwise', () => {
    expect(defaultProviderName({ GEMINI_API_KEY: 'k' })).toBe('gemini');
    expect(defaultProviderName({})).toBe('offline');
    expect(defaultProviderName({ GEMINI_API_KEY: '  ' })).toBe('offline');
    expect(getProvider(undefined, { env: {} }).name).toBe('offline');
    expect(getProvider(undefined, { env: { GEMINI_API_KEY: 'k' } }).name).toBe('gemini');
    expect(getProvider(null, { env: { GEMINI_API_KEY: 'k', LLM_PROVIDER: 'ollama' } }).name).toBe('ollama');
  });

  test('unknown names and gemini without a key are configuration errors', () => {
    expect(() => getProvider('claude-local', { env: {} })).toThrow(LlmConfigError);
    expect(() => getProvider('claude-local', { env: {} })).toThrow(/Unknown language-model provider "claude-local"/);
    expect(() => getProvider('gemini', { env: {} })).toThrow(/GEMINI_API_KEY is not set/);
    expect(() => getProvider('offline', { env: { LLM_MAX_ATTEMPTS: 'zero' } })).toThrow(/LLM_MAX_ATTEMPTS/);
  });

  test('configuredProviders lists what the environment enables', () => {
    expect(configuredProviders({})).toEqual(['offline']);
    expect(configuredProviders({ GEMINI_API_KEY: 'k', OPENAI_BASE_URL: 'http://x', OLLAMA_BASE_URL: 'http://y' })).toEqual(['gemini', 'openai', 'ollama', 'offline']);
  });

  test('LLM_MAX_ATTEMPTS and LLM_RETRY_BASE_MS reach the HTTP layer', async () => {
    const server = await startFakeServer(() => ({ status: 502, body: 'bad gateway' }));
    try {
      const p = getProvider('openai', { env: { OPENAI_BASE_URL: server.url, LLM_MAX_ATTEMPTS: '2', LLM_RETRY_BASE_MS: '1' } });
      const error = await p.generate({ messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
      expect(error).toBeInstanceOf(LlmHttpError);
      expect(server.requests).toHaveLength(2);
      expect(error.message).toContain('bad gateway');
    } finally {
      await server.close();
    }
  });
});

describe('http helpers', () => {
  test('Retry-After: seconds and HTTP dates', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter('0.5')).toBe(500);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    const now = Date.parse('2024-03-01T10:00:00Z');
    expect(parseRetryAfter('Fri, 01 Mar 2024 10:00:05 GMT', now)).toBe(5000);
  });

  test('back-off doubles per attempt, within 75-100 % and capped', () => {
    const retry = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(1, retry, () => 1)).toBe(100);
    expect(backoffDelay(2, retry, () => 1)).toBe(200);
    expect(backoffDelay(3, retry, () => 0)).toBe(300);
    expect(backoffDelay(10, retry, () => 1)).toBe(1000);
  });
});

describe('parseJsonLoose', () => {
  test('plain, fenced, embedded in prose, unterminated fence', () => {
    expect(parseJsonLoose('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonLoose('```json\n{"a": [1, 2]}\n```')).toEqual({ a: [1, 2] });
    expect(parseJsonLoose('```\n[{"a":"}"}]\n```')).toEqual([{ a: '}' }]);
    expect(parseJsonLoose('Here is the data: {"a": "x {y}"} Hope it helps [1]')).toEqual({ a: 'x {y}' });
    expect(parseJsonLoose('```json\n{"a": 2}')).toEqual({ a: 2 });
  });
  test('garbage is rejected', () => {
    expect(() => parseJsonLoose('')).toThrow(JsonParseError);
    expect(() => parseJsonLoose('no json at all')).toThrow(JsonParseError);
    expect(() => parseJsonLoose('{"a": ')).toThrow(JsonParseError);
  });
});
