// OpenAI-compatible chat/completions wire format against a local fake server.
import { LlmHttpError, LlmInvalidJsonError, LlmNetworkError, LlmResponseError, LlmTimeoutError } from './errors';
import { OpenAiProvider, stripAddedNulls, toOpenAiStrictSchema } from './openai';
import { getProvider } from './registry';
import { startFakeServer, type FakeHandler, type FakeServer } from './testing/fake-server';
import type { JSONSchema } from './types';

const schema: JSONSchema = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string' },
    website: { type: 'string', format: 'uri' },
    total: { type: 'number' },
    line_items: {
      type: 'array',
      items: { type: 'object', properties: { description: { type: 'string' }, qty: { type: 'integer' } }, required: ['description'] },
    },
  },
  required: ['invoice_number', 'line_items'],
};

const completion = (content: string | null, extra: Record<string, unknown> = {}) => ({
  json: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    model: 'served-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 200, completion_tokens: 40, total_tokens: 240 },
    ...extra,
  },
});

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function provider(handler: FakeHandler, options: Partial<ConstructorParameters<typeof OpenAiProvider>[0]> = {}) {
  server = await startFakeServer(handler);
  return new OpenAiProvider({
    baseUrl: `${server.url}/v1`,
    apiKey: 'sk-test',
    model: 'test-model',
    timeoutMs: 2000,
    retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 50 },
    ...options,
  });
}

describe('openai-compatible provider', () => {
  test('request shape: POST /v1/chat/completions, bearer key, messages, temperature, max_tokens, strict json_schema', async () => {
    const p = await provider(() =>
      completion('{"invoice_number":"INV-9","website":null,"total":null,"line_items":[{"description":"Bolt","qty":null}]}'),
    );
    const r = await p.generate({
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'doc' },
      ],
      temperature: 0,
      maxTokens: 1234,
      responseSchema: schema,
      schemaName: 'invoice schema v1',
    });
    const req = server!.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-test');
    expect(req.body.model).toBe('test-model');
    expect(req.body.messages).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'doc' },
    ]);
    expect(req.body.temperature).toBe(0);
    expect(req.body.max_tokens).toBe(1234);
    expect(req.body.response_format.type).toBe('json_schema');
    expect(req.body.response_format.json_schema.name).toBe('invoice_schema_v1');
    expect(req.body.response_format.json_schema.strict).toBe(true);
    const sent = req.body.response_format.json_schema.schema;
    expect(sent.additionalProperties).toBe(false);
    expect(sent.required).toEqual(['invoice_number', 'website', 'total', 'line_items']);
    expect(sent.properties.total.type).toEqual(['number', 'null']);
    expect(sent.properties.invoice_number.type).toBe('string');
    expect(sent.properties.website).toEqual({ type: ['string', 'null'], description: 'Format: uri.' });
    expect(sent.properties.line_items.items).toEqual({
      type: 'object',
      properties: { description: { type: 'string' }, qty: { type: ['integer', 'null'] } },
      required: ['description', 'qty'],
      additionalProperties: false,
    });
    // the nulls the strict conversion forced are removed again
    expect(r.json).toEqual({ invoice_number: 'INV-9', line_items: [{ description: 'Bolt' }] });
    expect(r).toMatchObject({ provider: 'openai', model: 'served-model', usage: { input_tokens: 200, output_tokens: 40, total_tokens: 240 }, attempts: 1 });
  });

  test('no key: no Authorization header; max_completion_tokens field; non-strict schema passes through', async () => {
    const p = await provider(() => completion('{"invoice_number":"A","line_items":[]}'), {
      apiKey: null,
      strict: false,
      maxTokensField: 'max_completion_tokens',
    });
    const r = await p.generate({ messages: [{ role: 'user', content: 'x' }], maxTokens: 50, responseSchema: schema });
    const req = server!.requests[0]!;
    expect(req.headers.authorization).toBeUndefined();
    expect(req.body.max_completion_tokens).toBe(50);
    expect(req.body.max_tokens).toBeUndefined();
    expect(req.body.response_format.json_schema).toEqual({ name: 'extraction', schema, strict: false });
    expect(r.json).toEqual({ invoice_number: 'A', line_items: [] });
  });

  test('an array root is wrapped in an object for json_schema and unwrapped in the answer', async () => {
    const rows: JSONSchema = { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } };
    const p = await provider(() => completion('{"result":[{"a":"1"},{"a":"2"}]}'));
    const r = await p.generate({ messages: [{ role: 'user', content: 'x' }], responseSchema: rows });
    expect(server!.requests[0]!.body.response_format.json_schema.schema).toEqual({
      type: 'object',
      properties: { result: { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false } } },
      required: ['result'],
      additionalProperties: false,
    });
    expect(r.json).toEqual([{ a: '1' }, { a: '2' }]);
  });

  test('429 with Retry-After then success', async () => {
    const p = await provider((_r, i) => (i === 0 ? { status: 429, headers: { 'retry-after': '1' }, json: { error: { message: 'Rate limit reached' } } } : completion('{"invoice_number":"Z","line_items":[]}')));
    const r = await p.generate({ messages: [{ role: 'user', content: 'x' }], responseSchema: schema });
    expect(r.attempts).toBe(2);
    expect(server!.requests[1]!.at - server!.requests[0]!.at).toBeGreaterThanOrEqual(950);
  });

  test('500/502/503 retried with back-off, then LlmHttpError with the last status', async () => {
    const statuses = [500, 502, 503];
    const p = await provider((_r, i) => ({ status: statuses[i] ?? 500, json: { error: { message: `upstream ${i}` } } }));
    const error = await p.generate({ messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(error).toBeInstanceOf(LlmHttpError);
    expect(error.details).toMatchObject({ status: 503, attempts: 3 });
    expect(error.message).toContain('upstream 2');
    expect(server!.requests).toHaveLength(3);
  });

  test('invalid JSON content: LlmInvalidJsonError; truncated answers say so', async () => {
    const p = await provider((_r, i) =>
      i === 0 ? completion('I cannot produce JSON for this.') : completion('{"invoice_number": "INV', { choices: [{ message: { content: '{"invoice_number": "INV' }, finish_reason: 'length' }] }),
    );
    const e1 = await p.generate({ messages: [{ role: 'user', content: 'x' }], responseSchema: schema }).catch((e) => e);
    const e2 = await p.generate({ messages: [{ role: 'user', content: 'x' }], responseSchema: schema }).catch((e) => e);
    expect(e1).toBeInstanceOf(LlmInvalidJsonError);
    expect(e1.usage.total_tokens).toBe(240);
    expect(e2).toBeInstanceOf(LlmInvalidJsonError);
    expect(e2.message).toContain('token limit');
  });

  test('refusals, error bodies with 200 and empty choices are typed response errors', async () => {
    const p = await provider((_r, i) =>
      i === 0
        ? { json: { choices: [{ message: { content: null, refusal: 'I cannot help with that' } }] } }
        : i === 1
          ? { json: { error: { message: 'model not loaded' } } }
          : { json: { choices: [] } },
    );
    const m = { messages: [{ role: 'user' as const, content: 'x' }] };
    const [e1, e2, e3] = [await p.generate(m).catch((e) => e), await p.generate(m).catch((e) => e), await p.generate(m).catch((e) => e)];
    expect(e1).toBeInstanceOf(LlmResponseError);
    expect(e1.code).toBe('refused');
    expect(e2.message).toContain('model not loaded');
    expect(e3.message).toContain('no choices');
  });

  test('timeout and connection refused are typed', async () => {
    const p = await provider(() => ({ hang: true }), { timeoutMs: 150 });
    await expect(p.generate({ messages: [{ role: 'user', content: 'x' }] })).rejects.toBeInstanceOf(LlmTimeoutError);
    const url = server!.url;
    await server!.close();
    server = undefined;
    const dead = new OpenAiProvider({ baseUrl: url, model: 'm', retry: { maxAttempts: 2, baseDelayMs: 5 } });
    const error = await dead.generate({ messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(error).toBeInstanceOf(LlmNetworkError);
    expect(error.details.attempts).toBe(2);
  });

  test('getProvider("openai") reads OPENAI_BASE_URL / OPENAI_API_KEY / OPENAI_MODEL; aliases vllm, llamacpp', async () => {
    server = await startFakeServer(() => completion('hi'));
    const env = { OPENAI_BASE_URL: `${server.url}/v1`, OPENAI_API_KEY: 'sk-env', OPENAI_MODEL: 'qwen2.5-7b' };
    const p = getProvider('openai', { env });
    const r = await p.generate({ messages: [{ role: 'user', content: 'x' }] });
    expect(r.content).toBe('hi');
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-env');
    expect(server.requests[0]!.body.model).toBe('qwen2.5-7b');
    expect(getProvider('vllm', { env }).name).toBe('openai');
    expect(getProvider('llamacpp', { env }).name).toBe('openai');
  });
});

describe('strict schema conversion', () => {
  test('optional enum gets null; nested objects are closed; stripAddedNulls keeps nulls the original schema allows', () => {
    const original: JSONSchema = {
      type: 'object',
      properties: { kind: { type: 'string', enum: ['a', 'b'] }, note: { type: ['string', 'null'] }, obj: { type: 'object', properties: { x: { type: 'number' } } } },
    };
    const { schema: s, wrapped } = toOpenAiStrictSchema(original);
    expect(wrapped).toBe(false);
    expect(s.properties!.kind).toEqual({ type: ['string', 'null'], enum: ['a', 'b', null] });
    expect(s.properties!.obj).toEqual({ type: ['object', 'null'], properties: { x: { type: ['number', 'null'] } }, required: ['x'], additionalProperties: false });
    expect(stripAddedNulls({ kind: null, note: null, obj: { x: null } }, original)).toEqual({ note: null, obj: {} });
  });
});
