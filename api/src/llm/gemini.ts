// Google Gemini: POST {base}/v1beta/models/{model}:generateContent, key in the
// x-goog-api-key header (or ?key= with authMode 'query'). Structured output through
// generationConfig.responseMimeType 'application/json' + responseSchema, which takes an
// OpenAPI-3 subset: toGeminiSchema() converts an output schema to it.
import { HttpProvider, parseAnswerJson, postToProvider, providerResult } from './answer';
import { LlmConfigError, LlmResponseError } from './errors';
import { deref } from './json-schema';
import type { GenerateRequest, GenerateResult, HttpProviderOptions, JSONSchema } from './types';

export const GEMINI_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';
export const GEMINI_DEFAULT_MODEL = 'gemini-2.0-flash';

export interface GeminiOptions extends HttpProviderOptions {
  /** 'header' (x-goog-api-key, default) or 'query' (?key=...) */
  authMode?: 'header' | 'query';
}

type GeminiSchema = Record<string, unknown>;

const GEMINI_STRING_FORMATS = new Set(['enum', 'date-time']);
const GEMINI_NUMBER_FORMATS = new Set(['float', 'double']);
const GEMINI_INTEGER_FORMATS = new Set(['int32', 'int64']);
const FORMAT_HINTS: Record<string, string> = {
  date: 'a date as YYYY-MM-DD',
  email: 'an e-mail address',
  uri: 'a URI',
  uuid: 'a UUID',
  time: 'a time as HH:MM:SS',
};

/**
 * JSON Schema -> Gemini Schema (OpenAPI subset): upper-case types, `nullable` instead of
 * type unions, local $refs inlined, `propertyOrdering` kept, unsupported keywords dropped
 * (additionalProperties, $schema, default, pattern, ...) and formats Gemini rejects moved
 * into the description so the model still sees them.
 */
export function toGeminiSchema(schema: JSONSchema, root: JSONSchema = schema, depth = 0): GeminiSchema {
  if (depth > 12) return { type: 'STRING', description: 'nested value (schema too deep)' };
  const s = deref(schema, root);
  const out: GeminiSchema = {};
  let nullable = s.nullable === true;

  // union handling: [T, 'null'] -> T + nullable; anyOf/oneOf with a null branch likewise
  let types: string[] = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? [...s.type] : [];
  if (types.includes('null')) {
    nullable = true;
    types = types.filter((t) => t !== 'null');
  }
  const variants = (s.anyOf ?? s.oneOf ?? []).map((v) => deref(v, root));
  const nonNullVariants = variants.filter((v) => v.type !== 'null');
  if (variants.length > nonNullVariants.length) nullable = true;
  if (nonNullVariants.length === 1 && types.length === 0) {
    const inner = toGeminiSchema({ ...nonNullVariants[0], description: s.description ?? nonNullVariants[0]?.description }, root, depth + 1);
    if (nullable) inner.nullable = true;
    return inner;
  }
  if (nonNullVariants.length > 1 && types.length === 0) {
    out.anyOf = nonNullVariants.map((v) => toGeminiSchema(v, root, depth + 1));
  }
  if (types.length > 1) {
    // Gemini has no type unions: use anyOf of the single types
    out.anyOf = types.map((t) => toGeminiSchema({ ...s, type: t, description: undefined, nullable: undefined }, root, depth + 1));
  }

  let type = types.length === 1 ? types[0] : undefined;
  if (!type && !out.anyOf) type = s.properties ? 'object' : s.items ? 'array' : s.enum ? 'string' : s.const !== undefined ? typeof s.const : 'string';
  let description = typeof s.description === 'string' ? s.description : undefined;
  if (type) out.type = type.toUpperCase();
  if (typeof s.title === 'string') out.title = s.title;

  if (typeof s.format === 'string') {
    const allowed =
      (type === 'string' && GEMINI_STRING_FORMATS.has(s.format)) ||
      (type === 'number' && GEMINI_NUMBER_FORMATS.has(s.format)) ||
      (type === 'integer' && GEMINI_INTEGER_FORMATS.has(s.format));
    if (allowed) out.format = s.format;
    else description = [description, `Format: ${FORMAT_HINTS[s.format] ?? s.format}.`].filter(Boolean).join(' ');
  }
  const enumValues = Array.isArray(s.enum) ? s.enum : s.const !== undefined ? [s.const] : undefined;
  if (enumValues) {
    const nonNull = enumValues.filter((e) => e !== null);
    if (nonNull.length < enumValues.length) nullable = true;
    out.enum = nonNull.map(String);
    if (type === 'string') out.format = 'enum';
  }
  if (description) out.description = description;
  if (nullable) out.nullable = true;

  if (type === 'object' && s.properties) {
    const props: Record<string, GeminiSchema> = {};
    for (const [key, value] of Object.entries(s.properties)) props[key] = toGeminiSchema(value, root, depth + 1);
    out.properties = props;
    out.propertyOrdering = Object.keys(props);
    const required = (s.required ?? []).filter((r) => r in props);
    if (required.length) out.required = required;
  }
  if (type === 'array') {
    const items = Array.isArray(s.items) ? s.items[0] : s.items;
    out.items = items ? toGeminiSchema(items, root, depth + 1) : { type: 'STRING' };
    if (typeof s.minItems === 'number') out.minItems = s.minItems;
    if (typeof s.maxItems === 'number') out.maxItems = s.maxItems;
  }
  if (type === 'number' || type === 'integer') {
    if (typeof s.minimum === 'number') out.minimum = s.minimum;
    if (typeof s.maximum === 'number') out.maximum = s.maximum;
  }
  return out;
}

interface GeminiResponse {
  candidates?: {
    content?: { parts?: { text?: string; thought?: boolean }[]; role?: string };
    finishReason?: string;
  }[];
  promptFeedback?: { blockReason?: string };
  usageMetadata?: {
    promptTokenCount?: number;
    candidatesTokenCount?: number;
    thoughtsTokenCount?: number;
    totalTokenCount?: number;
  };
  modelVersion?: string;
}

const BLOCKED_REASONS = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'LANGUAGE', 'OTHER']);

export class GeminiProvider extends HttpProvider<GeminiOptions> {
  readonly name = 'gemini' as const;

  constructor(options: GeminiOptions) {
    if (!options.apiKey) throw new LlmConfigError('gemini: GEMINI_API_KEY is not set', 'gemini');
    super(options, options.model.replace(/^models\//, ''));
  }

  endpoint(model: string): string {
    let base = this.options.baseUrl.replace(/\/+$/, '');
    if (!/\/v1(beta\d*|alpha)?$/.test(base)) base += '/v1beta';
    const url = `${base}/models/${encodeURIComponent(model.replace(/^models\//, ''))}:generateContent`;
    return this.options.authMode === 'query' ? `${url}?key=${encodeURIComponent(this.options.apiKey ?? '')}` : url;
  }

  buildBody(request: GenerateRequest): Record<string, unknown> {
    const system = request.messages.filter((m) => m.role === 'system').map((m) => m.content);
    const contents: { role: 'user' | 'model'; parts: { text: string }[] }[] = [];
    for (const m of request.messages) {
      if (m.role === 'system') continue;
      const role = m.role === 'assistant' ? 'model' : 'user';
      const last = contents[contents.length - 1];
      if (last && last.role === role) last.parts.push({ text: m.content });
      else contents.push({ role, parts: [{ text: m.content }] });
    }
    const generationConfig: Record<string, unknown> = {};
    if (request.temperature !== undefined) generationConfig.temperature = request.temperature;
    if (request.maxTokens !== undefined) generationConfig.maxOutputTokens = request.maxTokens;
    if (request.responseSchema) {
      generationConfig.responseMimeType = 'application/json';
      generationConfig.responseSchema = toGeminiSchema(request.responseSchema);
    }
    return {
      contents,
      ...(system.length ? { systemInstruction: { parts: [{ text: system.join('\n\n') }] } } : {}),
      generationConfig,
    };
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const started = performance.now();
    const model = (request.model ?? this.model).replace(/^models\//, '');
    const headers: Record<string, string> = {};
    if (this.options.authMode !== 'query') headers['x-goog-api-key'] = this.options.apiKey ?? '';
    const res = await postToProvider('gemini', this.options, {
      url: this.endpoint(model),
      headers,
      body: this.buildBody(request),
      signal: request.signal,
    });
    const body = res.json as GeminiResponse;
    if (!body || typeof body !== 'object' || (!Array.isArray(body.candidates) && !body.promptFeedback)) {
      throw new LlmResponseError('gemini', 'response has no candidates', res.text);
    }
    const candidate = body.candidates?.[0];
    const content = (candidate?.content?.parts ?? [])
      .filter((p) => typeof p.text === 'string' && !p.thought)
      .map((p) => p.text)
      .join('');
    const finish = candidate?.finishReason;
    if (!candidate) {
      const reason = body.promptFeedback?.blockReason;
      throw new LlmResponseError('gemini', reason ? `prompt blocked (${reason})` : 'response has no candidates', res.text, reason ? 'refused' : 'invalid_response');
    }
    if (!content && finish && BLOCKED_REASONS.has(finish)) {
      throw new LlmResponseError('gemini', `answer blocked (finishReason ${finish})`, res.text, 'refused');
    }
    const u = body.usageMetadata ?? {};
    const answer = {
      content,
      model: body.modelVersion ?? model,
      input: u.promptTokenCount ?? 0,
      output: (u.candidatesTokenCount ?? 0) + (u.thoughtsTokenCount ?? 0),
      total: u.totalTokenCount,
      finishReason: finish,
    };
    const result = providerResult('gemini', answer, started, res.attempts);
    if (request.responseSchema) {
      result.json = parseAnswerJson('gemini', result, finish === 'MAX_TOKENS' ? 'maxOutputTokens' : undefined);
    }
    return result;
  }
}
