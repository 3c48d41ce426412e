// What the HTTP providers (gemini, openai-compatible, ollama) share once their own wire format is
// read: the call with the provider's options, the GenerateResult around an answer, and the JSON
// parse whose error says where the model was cut off when it ran out of tokens.
import { LlmInvalidJsonError } from './errors';
import { DEFAULT_TIMEOUT_MS, postJson, type PostJsonResult } from './http';
import { parseJsonLoose } from './json';
import type { GenerateRequest, GenerateResult, HttpProviderOptions, LlmProvider, ProviderName } from './types';

/** A provider behind an HTTP API: its options and the model a request without one uses. */
export abstract class HttpProvider<Options extends HttpProviderOptions> implements LlmProvider {
  abstract readonly name: ProviderName;
  readonly deterministic = false;
  readonly model: string;
  protected readonly options: Options;

  constructor(options: Options, model: string = options.model) {
    this.options = options;
    this.model = model;
  }

  abstract generate(request: GenerateRequest): Promise<GenerateResult>;
}

export interface ProviderCall {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  signal?: AbortSignal | undefined;
}

/** POSTs a provider's request with its configured timeout, retry and fetch. */
export function postToProvider(provider: ProviderName, options: HttpProviderOptions, call: ProviderCall): Promise<PostJsonResult> {
  return postJson({
    provider,
    url: call.url,
    headers: call.headers,
    body: call.body,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retry: options.retry,
    signal: call.signal,
    fetch: options.fetch,
  });
}

export interface ProviderAnswer {
  content: string;
  model: string;
  input: number;
  output: number;
  /** the provider's own total when it reports one; input + output otherwise */
  total?: number | undefined;
  finishReason?: string | undefined;
}

/** The GenerateResult of an answer that took since `started` (a performance.now() reading). */
export function providerResult(provider: ProviderName, answer: ProviderAnswer, started: number, attempts: number): GenerateResult {
  const { input, output } = answer;
  return {
    content: answer.content,
    model: answer.model,
    provider,
    usage: { input_tokens: input, output_tokens: output, total_tokens: answer.total ?? input + output },
    processing_time_ms: Math.round(performance.now() - started),
    attempts,
    ...(answer.finishReason ? { finish_reason: answer.finishReason } : {}),
  };
}

/**
 * The answer's JSON; LlmInvalidJsonError (carrying the result, so its usage is still billed)
 * when it has none. `cutAt` names the token limit the answer stopped at, when it did: a
 * truncated answer is the usual reason for broken JSON and the limit is what to raise.
 */
export function parseAnswerJson(provider: ProviderName, result: GenerateResult, cutAt: string | undefined): unknown {
  try {
    return parseJsonLoose(result.content);
  } catch (e) {
    const why = cutAt ? `${(e as Error).message}; the answer was cut at ${cutAt}` : (e as Error).message;
    throw new LlmInvalidJsonError(provider, result.content, why, result);
  }
}
