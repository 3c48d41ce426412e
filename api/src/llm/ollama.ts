// Ollama's native chat API: POST {base}/api/chat {model, messages, stream: false, format,
// options: {temperature, num_predict}}. `format` takes the JSON schema itself (Ollama >= 0.5).
// Token counts come from prompt_eval_count / eval_count.
import { HttpProvider, parseAnswerJson, postToProvider, providerResult } from './answer';
import { LlmResponseError } from './errors';
import type { GenerateRequest, GenerateResult, HttpProviderOptions } from './types';

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

export class OllamaProvider extends HttpProvider<HttpProviderOptions> {
  readonly name = 'ollama' as const;

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
    const res = await postToProvider('ollama', this.options, { url: this.endpoint, headers, body, signal: request.signal });
    const data = res.json as OllamaChatResponse;
    if (data && typeof data === 'object' && typeof data.error === 'string') {
      throw new LlmResponseError('ollama', `error in a successful response: ${data.error}`, res.text);
    }
    if (!data || typeof data !== 'object' || !data.message || typeof data.message.content !== 'string') {
      throw new LlmResponseError('ollama', 'response has no message', res.text);
    }
    const answer = {
      content: data.message.content,
      model: data.model ?? String(body.model),
      input: data.prompt_eval_count ?? 0,
      output: data.eval_count ?? 0,
      finishReason: data.done_reason,
    };
    const result = providerResult('ollama', answer, started, res.attempts);
    if (request.responseSchema) {
      result.json = parseAnswerJson('ollama', result, data.done_reason === 'length' ? 'num_predict' : undefined);
    }
    return result;
  }
}
