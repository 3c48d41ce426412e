// Ollama native /api/chat wire format against a local fake server.
import { LlmHttpError, LlmInvalidJsonError, LlmResponseError, LlmTimeoutError } from './errors';
import { OllamaProvider } from './ollama';
import { getProvider } from './registry';
import { startFakeServer, type FakeHandler, type FakeServer } from './testing/fake-server';
import type { JSONSchema } from './types';

const schema: JSONSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { total: { type: 'number' }, date: { type: 'string', format: 'date' } },
  required: ['total'],
};

const chat = (content: string, extra: Record<string, unknown> = {}) => ({
  json: {
    model: 'llama3.2:3b',
    created_at: '2024-03-01T10:00:00Z',
    message: { role: 'assistant', content },
    done: true,
    done_reason: 'stop',
    total_duration: 123456789,
    prompt_eval_count: 321,
    eval_count: 54,
    ...extra,
  },
});

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function provider(handler: FakeHandler, options: Partial<ConstructorParameters<typeof OllamaProvider>[0]> = {}) {
  server = await startFakeServer(handler);
  return new OllamaProvider({ baseUrl: server.url, model: 'llama3.2', timeoutMs: 2000, retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 40 }, ...options });
}

describe('ollama provider', () => {
  test('request shape: POST /api/chat, stream false, format = the schema, options temperature/num_predict; counts -> usage', async () => {
    const p = await provider(() => chat('{"total": 59.4, "date": "2024-03-05"}'));
    const r = await p.generate({
      messages: [
        { role: 'system', content: 's' },
        { role: 'user', content: 'u' },
      ],
      temperature: 0.1,
      maxTokens: 256,
      responseSchema: schema,
    });
    const req = server!.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/api/chat');
    expect(req.headers.authorization).toBeUndefined();
    expect(req.body).toEqual({
      model: 'llama3.2',
      messages: [
        { role: 'system', content: 's' },
        { role: 'user', content: 'u' },
      ],
      stream: false,
      format: { type: 'object', properties: { total: { type: 'number' }, date: { type: 'string', format: 'date' } }, required: ['total'] },
      options: { temperature: 0.1, num_predict: 256 },
    });
    expect(r).toMatchObject({
      json: { total: 59.4, date: '2024-03-05' },
      model: 'llama3.2:3b',
      provider: 'ollama',
      usage: { input_tokens: 321, output_tokens: 54, total_tokens: 375 },
      attempts: 1,
    });
  });

  test('no schema: no format field; base URL ending in /api is accepted', async () => {
    server = await startFakeServer(() => chat('plain answer'));
    const p = new OllamaProvider({ baseUrl: `${server.url}/api/`, model: 'm' });
    const r = await p.generate({ messages: [{ role: 'user', content: 'x' }] });
    expect(r.content).toBe('plain answer');
    expect(server.requests[0]!.path).toBe('/api/chat');
    expect('format' in server.requests[0]!.body).toBe(false);
  });

  test('503 (model loading) then 429 then success', async () => {
    const p = await provider((_r, i) => (i === 0 ? { status: 503, json: { error: 'loading model' } } : i === 1 ? { status: 429, headers: { 'retry-after': '0' } } : chat('{"total":1}')));
    const r = await p.generate({ messages: [{ role: 'user', content: 'x' }], responseSchema: schema });
    expect(r.json).toEqual({ total: 1 });
    expect(r.attempts).toBe(3);
  });

  test('500 on every attempt: LlmHttpError after maxAttempts; 404 (unknown model) not retried', async () => {
    const p = await provider(() => ({ status: 500, json: { error: 'llama runner process has terminated' } }));
    const error = await p.generate({ messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(error).toBeInstanceOf(LlmHttpError);
    expect(error.message).toContain('llama runner process has terminated');
    expect(server!.requests).toHaveLength(3);
    await server!.close();
    const q = await provider(() => ({ status: 404, json: { error: "model 'nope' not found" } }));
    const e2 = await q.generate({ messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(e2.details.status).toBe(404);
    expect(server!.requests).toHaveLength(1);
  });

  test('invalid JSON answer, cut at num_predict, garbage body and timeout are typed', async () => {
    const p = await provider((_r, i) =>
      i === 0 ? chat('total is 5') : i === 1 ? chat('{"total": 5', { done_reason: 'length' }) : i === 2 ? { json: { done: true } } : { hang: true },
      { timeoutMs: 150 },
    );
    const m = { messages: [{ role: 'user' as const, content: 'x' }], responseSchema: schema };
    const e1 = await p.generate(m).catch((e) => e);
    const e2 = await p.generate(m).catch((e) => e);
    const e3 = await p.generate(m).catch((e) => e);
    const e4 = await p.generate(m).catch((e) => e);
    expect(e1).toBeInstanceOf(LlmInvalidJsonError);
    expect(e1.usage).toEqual({ input_tokens: 321, output_tokens: 54, total_tokens: 375 });
    expect(e2.message).toContain('num_predict');
    expect(e3).toBeInstanceOf(LlmResponseError);
    expect(e4).toBeInstanceOf(LlmTimeoutError);
  });

  test('getProvider("ollama") reads OLLAMA_BASE_URL / OLLAMA_MODEL', async () => {
    server = await startFakeServer(() => chat('{}'));
    const p = getProvider('ollama', { env: { OLLAMA_BASE_URL: server.url, OLLAMA_MODEL: 'qwen2.5:7b' } });
    await p.generate({ messages: [{ role: 'user', content: 'x' }] });
    expect(server.requests[0]!.body.model).toBe('qwen2.5:7b');
  });
});
