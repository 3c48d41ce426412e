// Any OpenAI-compatible chat endpoint (OpenAI, vLLM, llama.cpp server, Ollama's /v1, LM Studio):
// POST {base}/chat/completions, Authorization: Bearer {key} when a key is set, structured
// output through response_format {type: 'json_schema', json_schema: {name, schema, strict}}.
// In strict mode (default) the schema is made strict-compatible (every property required,
// optional ones nullable, additionalProperties false, non-object roots wrapped) and the
// answer is mapped back: nulls that only exist because of the conversion are removed.
import { HttpProvider, parseAnswerJson, postToProvider, providerResult } from './answer';
import { LlmResponseError } from './errors';
import { deref, isNullable, itemsOf, primaryType, propertiesOf, requiredOf } from './json-schema';
import type { GenerateRequest, GenerateResult, HttpProviderOptions, JSONSchema } from './types';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const OPENAI_DEFAULT_MODEL = 'gpt-4o-mini';

export interface OpenAiOptions extends HttpProviderOptions {
  /** strict json_schema (default true). vLLM / llama.cpp ignore it; OpenAI enforces it. */
  strict?: boolean;
  /** the body field for the token limit: 'max_tokens' (default, widest support) or 'max_completion_tokens' */
  maxTokensField?: 'max_tokens' | 'max_completion_tokens';
}

const STRICT_KEYWORDS = new Set([
  'type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf',
  'description', 'title', 'format', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum',
  'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems',
]);
const STRICT_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
export const WRAP_KEY = 'result';

/** JSON Schema -> OpenAI strict structured-output schema. `wrapped` when the root was not an object. */
export function toOpenAiStrictSchema(schema: JSONSchema): { schema: JSONSchema; wrapped: boolean } {
  const root = schema;
  const isObjectRoot = primaryType(schema, root) === 'object' && !isNullable(schema, root);
  const converted = convertStrict(schema, root, 0);
  if (isObjectRoot) return { schema: converted, wrapped: false };
  return {
    schema: { type: 'object', properties: { [WRAP_KEY]: converted }, required: [WRAP_KEY], additionalProperties: false },
    wrapped: true,
  };
}

function convertStrict(input: JSONSchema, root: JSONSchema, depth: number): JSONSchema {
  if (depth > 12) return { type: 'string' };
  const s = deref(input, root);
  const out: JSONSchema = {};
  for (const [k, v] of Object.entries(s)) {
    if (!STRICT_KEYWORDS.has(k)) continue;
    out[k] = v;
  }
  if (s.nullable === true) addNull(out);
  if (Array.isArray(s.oneOf) && !s.anyOf) out.anyOf = s.oneOf;
  if (typeof out.format === 'string' && !STRICT_FORMATS.has(out.format)) {
    out.description = [out.description, `Format: ${out.format}.`].filter(Boolean).join(' ');
    delete out.format;
  }
  if (Array.isArray(out.anyOf)) out.anyOf = out.anyOf.map((v) => convertStrict(v, root, depth + 1));
  if (s.properties && typeof s.properties === 'object') {
    const required = new Set(s.required ?? []);
    const props: Record<string, JSONSchema> = {};
    for (const [key, value] of Object.entries(s.properties)) {
      const converted = convertStrict(value, root, depth + 1);
      if (!required.has(key)) addNull(converted);
      props[key] = converted;
    }
    out.properties = props;
    out.required = Object.keys(props);
    out.additionalProperties = false;
    if (!out.type) out.type = 'object';
  }
  if (s.items) {
    const items = Array.isArray(s.items) ? s.items[0] : s.items;
    out.items = items ? convertStrict(items, root, depth + 1) : { type: 'string' };
    if (!out.type) out.type = 'array';
  }
  return out;
}

function addNull(s: JSONSchema): void {
  if (typeof s.type === 'string') {
    if (s.type !== 'null') s.type = [s.type, 'null'];
  } else if (Array.isArray(s.type)) {
    if (!s.type.includes('null')) s.type = [...s.type, 'null'];
  } else if (Array.isArray(s.anyOf)) {
    if (!s.anyOf.some((v) => v.type === 'null')) s.anyOf = [...s.anyOf, { type: 'null' }];
  } else {
    const copy = { ...s };
    for (const k of Object.keys(s)) delete s[k];
    s.anyOf = [copy, { type: 'null' }];
    return;
  }
  if (Array.isArray(s.enum) && !s.enum.includes(null)) s.enum = [...s.enum, null];
}

/** Removes nulls the strict conversion introduced for optional properties the original schema does not allow null for. */
export function stripAddedNulls(value: unknown, schema: JSONSchema, root: JSONSchema = schema, depth = 0): unknown {
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = itemsOf(schema, root);
    return items ? value.map((v) => stripAddedNulls(v, items, root, depth + 1)) : value;
  }
  const props = propertiesOf(schema, root);
  const required = new Set(requiredOf(schema, root));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const propSchema = props[key];
    if (!propSchema) {
      out[key] = v;
      continue;
    }
    if (v === null && !required.has(key) && !isNullable(propSchema, root)) continue;
    out[key] = stripAddedNulls(v, propSchema, root, depth + 1);
  }
  return out;
}

interface ChatCompletion {
  model?: string;
  choices?: {
    message?: { content?: string | null | { type?: string; text?: string }[]; refusal?: string | null };
    finish_reason?: string;
  }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
  error?: { message?: string } | string;
}

export class OpenAiProvider extends HttpProvider<OpenAiOptions> {
  readonly name = 'openai' as const;

  get endpoint(): string {
    return `${this.options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  }

  buildBody(request: GenerateRequest): { body: Record<string, unknown>; wrapped: boolean } {
    const body: Record<string, unknown> = {
      model: request.model ?? this.model,
      messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
    };
    if (request.temperature !== undefined) body.temperature = request.temperature;
    if (request.maxTokens !== undefined) body[this.options.maxTokensField ?? 'max_tokens'] = request.maxTokens;
    let wrapped = false;
    if (request.responseSchema) {
      const strict = this.options.strict !== false;
      let schema: JSONSchema;
      if (strict) ({ schema, wrapped } = toOpenAiStrictSchema(request.responseSchema));
      else {
        const { $schema: _s, ...rest } = request.responseSchema;
        const objectRoot = primaryType(rest, rest) === 'object';
        wrapped = !objectRoot;
        schema = objectRoot ? rest : { type: 'object', properties: { [WRAP_KEY]: rest }, required: [WRAP_KEY] };
      }
      body.response_format = {
        type: 'json_schema',
        json_schema: { name: sanitizeName(request.schemaName ?? 'extraction'), schema, strict },
      };
    }
    return { body, wrapped };
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const started = performance.now();
    const { body, wrapped } = this.buildBody(request);
    const headers: Record<string, string> = {};
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    const res = await postToProvider('openai', this.options, { url: this.endpoint, headers, body, signal: request.signal });
    const data = res.json as ChatCompletion;
    if (data && typeof data === 'object' && data.error) {
      const msg = typeof data.error === 'string' ? data.error : (data.error.message ?? 'error');
      throw new LlmResponseError('openai', `error in a successful response: ${msg}`, res.text);
    }
    const choice = data?.choices?.[0];
    if (!choice || !choice.message) throw new LlmResponseError('openai', 'response has no choices', res.text);
    if (choice.message.refusal) throw new LlmResponseError('openai', `the model refused: ${choice.message.refusal}`, res.text, 'refused');
    const raw = choice.message.content;
    const content = typeof raw === 'string' ? raw : Array.isArray(raw) ? raw.map((p) => p.text ?? '').join('') : '';
    const u = data.usage ?? {};
    const answer = {
      content,
      model: data.model ?? String(body.model),
      input: u.prompt_tokens ?? 0,
      output: u.completion_tokens ?? 0,
      total: u.total_tokens,
      finishReason: choice.finish_reason,
    };
    const result = providerResult('openai', answer, started, res.attempts);
    if (request.responseSchema) {
      let parsed = parseAnswerJson('openai', result, choice.finish_reason === 'length' ? 'the token limit' : undefined);
      if (wrapped && parsed && typeof parsed === 'object' && !Array.isArray(parsed) && WRAP_KEY in parsed) {
        parsed = (parsed as Record<string, unknown>)[WRAP_KEY];
      }
      result.json = this.options.strict !== false ? stripAddedNulls(parsed, request.responseSchema) : parsed;
    }
    return result;
  }
}

function sanitizeName(name: string): string {
  const clean = name.replace(/[^a-zA-Z0-9_-]+/g, '_').slice(0, 64);
  return clean || 'extraction';
}
