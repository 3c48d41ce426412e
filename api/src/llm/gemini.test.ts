// Gemini generateContent wire format against a local fake server.
import { LlmAbortedError, LlmHttpError, LlmInvalidJsonError, LlmRateLimitError, LlmResponseError, LlmTimeoutError } from './errors';
import { GeminiProvider, toGeminiSchema } from './gemini';
import { getProvider } from './registry';
import { startFakeServer, type FakeHandler, type FakeServer } from './testing/fake-server';
import type { JSONSchema } from './types';

const schema: JSONSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  additionalProperties: false,
  properties: {
    invoice_number: { type: 'string', description: 'The invoice number' },
    invoice_date: { type: 'string', format: 'date' },
    total: { type: ['number', 'null'] },
    status: { type: 'string', enum: ['paid', 'unpaid'] },
    line_items: {
      type: 'array',
      items: { $ref: '#/$defs/item' },
    },
  },
  required: ['invoice_number'],
  $defs: { item: { type: 'object', properties: { description: { type: 'string' }, qty: { type: 'integer' } }, required: ['description'] } },
};

const answer = (text: string, extra: Record<string, unknown> = {}) => ({
  json: {
    candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' }],
    usageMetadata: { promptTokenCount: 120, candidatesTokenCount: 30, totalTokenCount: 150 },
    modelVersion: 'gemini-test-001',
    ...extra,
  },
});

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function provider(handler: FakeHandler, options: Partial<ConstructorParameters<typeof GeminiProvider>[0]> = {}) {
  server = await startFakeServer(handler);
  return new GeminiProvider({
    baseUrl: server.url,
    apiKey: 'test-key',
    model: 'gemini-test',
    timeoutMs: 2000,
    retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 50 },
    ...options,
  });
}

describe('gemini provider', () => {
  test('request shape: path, method, key header, roles, system instruction, generationConfig with the converted schema', async () => {
    const p = await provider(() => answer('{"invoice_number":"INV-1","total":12.5}'));
    const result = await p.generate({
      messages: [
        { role: 'system', content: 'You extract data.' },
        { role: 'user', content: 'example input' },
        { role: 'assistant', content: '{"invoice_number":"X"}' },
        { role: 'user', content: 'Invoice INV-1' },
      ],
      temperature: 0.2,
      maxTokens: 777,
      responseSchema: schema,
    });
    const req = server!.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1beta/models/gemini-test:generateContent');
    expect(req.headers['x-goog-api-key']).toBe('test-key');
    expect(req.query.get('key')).toBeNull();
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body.systemInstruction).toEqual({ parts: [{ text: 'You extract data.' }] });
    expect(req.body.contents).toEqual([
      { role: 'user', parts: [{ text: 'example input' }] },
      { role: 'model', parts: [{ text: '{"invoice_number":"X"}' }] },
      { role: 'user', parts: [{ text: 'Invoice INV-1' }] },
    ]);
    const config = req.body.generationConfig;
    expect(config.temperature).toBe(0.2);
    expect(config.maxOutputTokens).toBe(777);
    expect(config.responseMimeType).toBe('application/json');
    expect(config.responseSchema).toEqual(toGeminiSchema(schema));
    expect(config.responseSchema.type).toBe('OBJECT');
    expect(config.responseSchema.additionalProperties).toBeUndefined();
    expect(config.responseSchema.$schema).toBeUndefined();
    expect(config.responseSchema.propertyOrdering).toEqual(['invoice_number', 'invoice_date', 'total', 'status', 'line_items']);
    expect(config.responseSchema.properties.total).toEqual({ type: 'NUMBER', nullable: true });
    expect(config.responseSchema.properties.invoice_date).toEqual({ type: 'STRING', description: 'Format: a date as YYYY-MM-DD.' });
    expect(config.responseSchema.properties.status).toEqual({ type: 'STRING', enum: ['paid', 'unpaid'], format: 'enum' });
    expect(config.responseSchema.properties.line_items.items).toEqual({
      type: 'OBJECT',
      properties: { description: { type: 'STRING' }, qty: { type: 'INTEGER' } },
      propertyOrdering: ['description', 'qty'],
      required: ['description'],
    });
    expect(result).toMatchObject({
      content: '{"invoice_number":"INV-1","total":12.5}',
      json: { invoice_number: 'INV-1', total: 12.5 },
      model: 'gemini-test-001',
      provider: 'gemini',
      usage: { input_tokens: 120, output_tokens: 30, total_tokens: 150 },
      attempts: 1,
      finish_reason: 'STOP',
    });
    expect(result.offline).toBeUndefined();
    expect(result.processing_time_ms).toBeGreaterThanOrEqual(0);
  });

  test('no schema: plain text, no responseMimeType; ?key= auth mode; base URL already ending in /v1beta', async () => {
    const p = await provider(() => answer('Hello there'), { authMode: 'query' });
    const q = new GeminiProvider({ baseUrl: `${server!.url}/v1beta/`, apiKey: 'k 2', model: 'models/other', retry: { maxAttempts: 1 } });
    const r1 = await p.generate({ messages: [{ role: 'user', content: 'hi' }] });
    await q.generate({ messages: [{ role: 'user', content: 'hi' }] });
    expect(r1.content).toBe('Hello there');
    expect(r1.json).toBeUndefined();
    expect(server!.requests[0]!.query.get('key')).toBe('test-key');
    expect(server!.requests[0]!.headers['x-goog-api-key']).toBeUndefined();
    expect(server!.requests[0]!.body.generationConfig).toEqual({});
    expect(server!.requests[1]!.path).toBe('/v1beta/models/other:generateContent');
    expect(server!.requests[1]!.headers['x-goog-api-key']).toBe('k 2');
  });

  test('a ```json fenced answer is parsed', async () => {
    const p = await provider(() => answer('```json\n{"invoice_number": "A-7"}\n```'));
    const r = await p.generate({ messages: [{ role: 'user', content: 'x' }], responseSchema: schema });
    expect(r.json).toEqual({ invoice_number: 'A-7' });
  });

  test('429 with Retry-After: waits that long, then succeeds', async () => {
    const p = await provider((_req, i) => (i === 0 ? { status: 429, headers: { 'retry-after': '1' }, json: { error: { message: 'quota' } } } : answer('{"invoice_number":"R"}')));
    const started = Date.now();
    const r = await p.generate({ messages: [{ role: 'user', content: 'x' }], responseSchema: schema });
    const gap = server!.requests[1]!.at - server!.requests[0]!.at;
    expect(r.json).toEqual({ invoice_number: 'R' });
    expect(r.attempts).toBe(2);
    expect(server!.requests).toHaveLength(2);
    expect(gap).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(10_000); // not the back-off's longer waits
  });

  test('500 is retried up to maxAttempts, then a typed HTTP error', async () => {
    const p = await provider(() => ({ status: 500, json: { error: { code: 500, message: 'Internal error encountered.' } } }));
    const error = await p.generate({ messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(error).toBeInstanceOf(LlmHttpError);
    expect(error.code).toBe('http');
    expect(error.details.status).toBe(500);
    expect(error.details.attempts).toBe(3);
    expect(error.message).toContain('Internal error encountered.');
    expect(error.transient).toBe(true);
    expect(server!.requests).toHaveLength(3);
    // exponential back-off: the second gap is not shorter than the first
    const [a, b, c] = server!.requests.map((r) => r.at);
    expect(c! - b!).toBeGreaterThanOrEqual(Math.min(b! - a!, 15));
  });

  test('429 on every attempt: LlmRateLimitError; a Retry-After beyond the limit fails at once', async () => {
    const p = await provider(() => ({ status: 429, json: { error: { message: 'quota' } } }));
    await expect(p.generate({ messages: [{ role: 'user', content: 'x' }] })).rejects.toBeInstanceOf(LlmRateLimitError);
    expect(server!.requests).toHaveLength(3);
    await server!.close();
    const q = await provider(() => ({ status: 429, headers: { 'retry-after': '3600' } }));
    const error = await q.generate({ messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(error).toBeInstanceOf(LlmRateLimitError);
    expect(error.details.retryAfterMs).toBe(3_600_000);
    expect(server!.requests).toHaveLength(1);
  });

  test('400 is not retried', async () => {
    const p = await provider(() => ({ status: 400, json: { error: { code: 400, message: 'Invalid JSON payload received. Unknown name "additionalProperties"' } } }));
    const error = await p.generate({ messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(error).toBeInstanceOf(LlmHttpError);
    expect(error.details.status).toBe(400);
    expect(error.message).toContain('Unknown name');
    expect(server!.requests).toHaveLength(1);
  });

  test('an answer that is not JSON when a schema was requested: LlmInvalidJsonError with usage kept', async () => {
    const p = await provider(() => answer('Sure! The invoice number is {INV-1'));
    const error = await p.generate({ messages: [{ role: 'user', content: 'x' }], responseSchema: schema }).catch((e) => e);
    expect(error).toBeInstanceOf(LlmInvalidJsonError);
    expect(error.code).toBe('invalid_json');
    expect(error.content).toBe('Sure! The invoice number is {INV-1');
    expect(error.usage).toEqual({ input_tokens: 120, output_tokens: 30, total_tokens: 150 });
  });

  test('garbage bodies and blocked answers are typed response errors', async () => {
    const p = await provider((_req, i) =>
      i === 0
        ? { status: 200, body: '<html>Bad gateway</html>' }
        : i === 1
          ? { json: { something: 'else' } }
          : i === 2
            ? { json: { promptFeedback: { blockReason: 'SAFETY' } } }
            : { json: { candidates: [{ content: { parts: [] }, finishReason: 'SAFETY' }] } },
    );
    const msg = { messages: [{ role: 'user' as const, content: 'x' }] };
    const e1 = await p.generate(msg).catch((e) => e);
    const e2 = await p.generate(msg).catch((e) => e);
    const e3 = await p.generate(msg).catch((e) => e);
    const e4 = await p.generate(msg).catch((e) => e);
    expect(e1).toBeInstanceOf(LlmResponseError);
    expect(e1.code).toBe('invalid_response');
    expect(e1.message).toContain('not JSON');
    expect(e2.code).toBe('invalid_response');
    expect(e3.code).toBe('refused');
    expect(e3.message).toContain('SAFETY');
    expect(e4.code).toBe('refused');
  });

  test('no answer within the timeout: LlmTimeoutError (not retried by default)', async () => {
    const p = await provider(() => ({ hang: true }), { timeoutMs: 200 });
    const started = Date.now();
    const error = await p.generate({ messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(error).toBeInstanceOf(LlmTimeoutError);
    expect(error.message).toContain('200 ms');
    expect(Date.now() - started).toBeLessThan(10_000); // the 200 ms timeout, not the default minute
    expect(server!.requests).toHaveLength(1);
  });

  test('the caller abort signal stops the call with LlmAbortedError', async () => {
    const p = await provider(() => ({ hang: true }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(p.generate({ messages: [{ role: 'user', content: 'x' }], signal: controller.signal })).rejects.toBeInstanceOf(LlmAbortedError);
  });

  test('getProvider() builds it from GEMINI_* env and it is the default when the key is set', async () => {
    server = await startFakeServer(() => answer('{}'));
    const p = getProvider(undefined, { env: { GEMINI_API_KEY: 'env-key', GEMINI_BASE_URL: server.url, GEMINI_MODEL: 'gemini-env' } });
    expect(p.name).toBe('gemini');
    await p.generate({ messages: [{ role: 'user', content: 'x' }] });
    expect(server.requests[0]!.path).toBe('/v1beta/models/gemini-env:generateContent');
    expect(server.requests[0]!.headers['x-goog-api-key']).toBe('env-key');
  });
});

describe('toGeminiSchema', () => {
  test('anyOf with null becomes nullable; const becomes enum; deep $ref inlined; multi-type unions become anyOf', () => {
    const s = toGeminiSchema({
      type: 'object',
      properties: {
        a: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'A' },
        b: { const: 'x' },
        c: { type: ['string', 'number'] },
        d: { type: 'string', format: 'date-time' },
        e: { type: 'number', minimum: 0, maximum: 10 },
      },
    });
    expect(s.properties).toEqual({
      a: { type: 'STRING', description: 'A', nullable: true },
      b: { type: 'STRING', enum: ['x'], format: 'enum' },
      c: { anyOf: [{ type: 'STRING' }, { type: 'NUMBER' }] },
      d: { type: 'STRING', format: 'date-time' },
      e: { type: 'NUMBER', minimum: 0, maximum: 10 },
    });
  });
});
