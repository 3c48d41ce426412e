// Ollama's native chat API: POST {base}/api/chat {model, messages, stream: false, format,
// options: {temperature, num_predict}}. `format` takes the JSON schema itself (Ollama >= 0.5).
// Token counts come from prompt_eval_count / eval_count.
import { LlmInvalidJsonError, LlmResponseError } from './errors';
import { postJson, DEFAULT_TIMEOUT_MS } from './http';
import { parseJsonLoose } from './json';
import type { GenerateRequest, GenerateResult, HttpProviderOptions, LlmProvider } from './types';

export const OLLAMA_DEFAULT_BASE_URL = 'http://localhost:11434';
export const OLLAMA_DEFAULT_MODEL = 'llama3.2';

interface OllamaChatResponse {
  model?: string;
  message?: { role?: string; content?: string };
  done?: boolean;
  done_reason?: string;
  prompt_eval_count?: number;
  eval_count?: number;
  error?: string;
}

export class OllamaProvider implements LlmProvider {
  readonly name = 'ollama' as const;
  readonly deterministic = false;
  readonly model: string;
  private readonly options: HttpProviderOptions;

  constructor(options: HttpProviderOptions) {
    this.options = options;
    this.model = options.model;
  }

  get endpoint(): string {
    return `${this.options.baseUrl.replace(/\/+$/, '').replace(/\/api$/, '')}/api/chat`;
  }

  buildBody(request: GenerateRequest): Record<string, unknown> {
    const options: Record<string, unknown> = {};
    if (request.temperature !== undefined) options.temperature = request.temperature;
    if (request.maxTokens !== undefined) options.num_predict = request.maxTokens;
    const { $schema: _s, ...schema } = request.responseSchema ?? {};
    return {
      model: request.model ?? this.model,
      messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
      stream: false,
      ...(request.responseSchema ? { format: schema } : {}),
      options,
    };
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const started = performance.now();
    const body = this.buildBody(request);
    const headers: Record<string, string> = {};
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    const res = await postJson({
      provider: 'ollama',
      url: this.endpoint,
      headers,
      body,
      timeoutMs: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      retry: this.options.retry,
      signal: request.signal,
      fetch: this.options.fetch,
    });
    const data = res.json as OllamaChatResponse;
    if (data && typeof data === 'object' && typeof data.error === 'string') {
      throw new LlmResponseError('ollama', `error in a successful response: ${data.error}`, res.text);
    }
    if (!data || typeof data !== 'object' || !data.message || typeof data.message.content !== 'string') {
      throw new LlmResponseError('ollama', 'response has no message', res.text);
    }
    const input = data.prompt_eval_count ?? 0;
    const output = data.eval_count ?? 0;
    const content = data.message.content;
    const result: GenerateResult = {
      content,
      model: data.model ?? String(body.model),
      provider: 'ollama',
      usage: { input_tokens: input, output_tokens: output, total_tokens: input + output },
      processing_time_ms: Math.round(performance.now() - started),
      attempts: res.attempts,
      ...(data.done_reason ? { finish_reason: data.done_reason } : {}),
    };
    if (request.responseSchema) {
      try {
        result.json = parseJsonLoose(content);
      } catch (e) {
        const why = data.done_reason === 'length' ? `${(e as Error).message}; the answer was cut at num_predict` : (e as Error).message;
        throw new LlmInvalidJsonError('ollama', content, why, result);
      }
    }
    return result;
  }
}
