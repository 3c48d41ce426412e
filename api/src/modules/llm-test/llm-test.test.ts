/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// LLM test API over real HTTP: simple and structured tasks through the offline extractor (gemini
// asked for without a key: answered offline, labelled), an OpenAI-compatible fake server (tokens,
// cost estimate, a 500 then FAILURE), validation messages, caching of identical requests,
// results list / get / delete, other users' results 404.
import { startFakeServer, type FakeServer } from '../../llm/testing/fake-server';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';
import { costEstimate } from './service';

jest.setTimeout(60_000);

let t: TestApp;
let u: TestUser;
let other: TestUser;
let fake: FakeServer;
let failNext = false;
const saved = { ...process.env };

beforeAll(async () => {
  // metering has its own tests (credits/model-calls.test.ts): these calls stay under the limit
  t = await startTestApp({ rateLimits: { modelCallsPerMinute: 1000 } });
  u = await t.registerUser();
  other = await t.registerUser();
  fake = await startFakeServer(() =>
    failNext
      ? { status: 500, json: { error: { message: 'boom' } } }
      : { json: { id: 'x', model: 'gpt-4o-mini', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Hello there' } }], usage: { prompt_tokens: 1000, completion_tokens: 500, total_tokens: 1500 } } },
  );
  delete process.env.GEMINI_API_KEY;
  process.env.OPENAI_BASE_URL = fake.url;
  process.env.OPENAI_API_KEY = 'k';
  process.env.OPENAI_MODEL = 'gpt-4o-mini';
  process.env.LLM_RETRY_BASE_MS = '1';
  process.env.LLM_MAX_ATTEMPTS = '2';
});
afterAll(async () => {
  process.env = saved;
  await fake?.close();
  await t?.close();
});

const api = (method: string, path: string, json?: unknown, user: TestUser = u) => t.request(method, `/api/v1/test/llm/${path}`, { token: user.token, ...(json !== undefined ? { json } : {}) });
async function finished(taskId: string, user: TestUser = u): Promise<any> {
  for (let i = 0; i < 200; i++) {
    const r = await api('GET', `status/${taskId}`, undefined, user);
    if (r.body.status !== 'PENDING') return r.body;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('task stayed pending');
}

const FIELDS = ['id', 'provider', 'model', 'status', 'is_cached_response', 'created_at', 'response_content', 'error_message', 'total_tokens', 'processing_time_ms', 'cost_estimate'];

describe('LLM test API', () => {
  it('simple, default gemini without a key: answered offline and labelled; repeated request cached', async () => {
    const body = { messages: [{ role: 'user', content: 'Invoice Number: INV-9\nTotal: 12.00' }], temperature: 0.2, max_tokens: 100 };
    const r = await api('POST', 'simple', body);
    expect(r.status).toBe(202);
    expect(r.body.task_id).toEqual(expect.any(String));
    const s = await finished(r.body.task_id);
    expect(s).toMatchObject({ task_id: r.body.task_id, status: 'SUCCESS', traceback: null });
    for (const k of FIELDS) expect(s.result).toHaveProperty(k);
    expect(s.result).toMatchObject({ provider: 'offline', requested_provider: 'gemini', offline: true, is_cached_response: false, cost_estimate: 0 });
    expect(s.result.note).toMatch(/GEMINI_API_KEY/);
    expect(s.result.response_content).toContain('INV-9');
    const again = await api('POST', 'simple', body);
    const s2 = await finished(again.body.task_id);
    expect(again.body.task_id).not.toBe(r.body.task_id);
    expect(s2.result).toMatchObject({ is_cached_response: true, response_content: s.result.response_content });
    // a different parameter is a different request
    const s3 = await finished((await api('POST', 'simple', { ...body, temperature: 0.3 })).body.task_id);
    expect(s3.result.is_cached_response).toBe(false);
  });

  it('structured: JSON following the schema; schema and content checked', async () => {
    const schema = { type: 'object', properties: { invoice_number: { type: 'string' }, total: { type: 'number' } } };
    const r = await api('POST', 'structured', { content: 'Invoice Number: INV-77\nTotal: 99.50', prompt: 'Extract the invoice', output_schema: JSON.stringify(schema), provider: 'offline' });
    expect(r.status).toBe(202);
    const s = await finished(r.body.task_id);
    expect(s.status).toBe('SUCCESS');
    expect(s.result.response_json).toMatchObject({ invoice_number: 'INV-77', total: 99.5 });
    let bad = await api('POST', 'structured', { content: 'x', prompt: 'y', output_schema: '{not json' });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('Invalid JSON schema format.');
    bad = await api('POST', 'structured', { content: 'x', prompt: 'y', output_schema: { type: 'objekt' } });
    expect(bad.status).toBe(422);
    bad = await api('POST', 'structured', { content: '  ', prompt: 'y', output_schema: schema });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('Please provide both content and prompt.');
  });

  it('an OpenAI-compatible provider: tokens and cost estimate; a server error is a FAILURE with a readable message', async () => {
    const r = await api('POST', 'simple', { messages: [{ role: 'user', content: 'Say hello' }], provider: 'openai' });
    const s = await finished(r.body.task_id);
    expect(s.result).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', status: 'success', response_content: 'Hello there', total_tokens: 1500, offline: false });
    expect(s.result.cost_estimate).toBeCloseTo(costEstimate('openai', 'gpt-4o-mini', 1000, 500), 10);
    expect(s.result.cost_estimate).toBeGreaterThan(0);
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer k');
    failNext = true;
    const f = await finished((await api('POST', 'simple', { messages: [{ role: 'user', content: 'Fail please' }], provider: 'openai' })).body.task_id);
    failNext = false;
    expect(f.status).toBe('FAILURE');
    expect(f.result.error_message).toMatch(/500/);
    expect(f.traceback).toBeTruthy();
  });

  it('a provider that is not configured says so in words, without trying a call', async () => {
    const before = fake.requests.length;
    const savedUrl = process.env.OPENAI_BASE_URL;
    const savedKey = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
    delete process.env.OPENAI_API_KEY;
    delete process.env.OLLAMA_BASE_URL;
    try {
      for (const [provider, setting] of [
        ['openai', 'neither OPENAI_BASE_URL nor OPENAI_API_KEY is set'],
        ['ollama', 'OLLAMA_BASE_URL is not set'],
      ] as const) {
        const r = await api('POST', 'simple', { messages: [{ role: 'user', content: `Hi ${provider}` }], provider });
        expect(r.status).toBe(202);
        const s = await finished(r.body.task_id);
        expect(s.status).toBe('FAILURE');
        expect(s.result.error_message).toBe(
          `The provider "${provider}" is not configured on this server (${setting}). Choose another provider, or ask the administrator to configure it.`,
        );
      }
    } finally {
      process.env.OPENAI_BASE_URL = savedUrl;
      process.env.OPENAI_API_KEY = savedKey;
    }
    expect(fake.requests.length).toBe(before);
  });

  it('validation: 4xx, never 500', async () => {
    const cases: unknown[] = [
      { messages: [] },
      { messages: [{ role: 'user', content: '   ' }] },
      { messages: [{ role: 'user', content: 'x' }], temperature: 2.5 },
      { messages: [{ role: 'user', content: 'x' }], max_tokens: 0 },
      { messages: [{ role: 'user', content: 'x' }], max_tokens: 8001 },
      { messages: [{ role: 'user', content: 'x' }], provider: 'nope' },
      { messages: [{ role: 'robot', content: 'x' }] },
    ];
    for (const c of cases) {
      const r = await api('POST', 'simple', c);
      expect(r.status).toBe(422);
    }
    expect(JSON.stringify((await api('POST', 'simple', { messages: [{ role: 'user', content: ' ' }] })).body)).toContain('Please add at least one message with content.');
    expect((await api('GET', 'status/not-a-uuid')).status).toBe(422);
    expect((await api('GET', 'status/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('results: the user\'s, newest first, limit 50; get and delete; other users 404', async () => {
    const list = await api('GET', 'results');
    expect(list.status).toBe(200);
    expect(list.body.results.length).toBeGreaterThanOrEqual(5);
    expect(list.body.results.length).toBeLessThanOrEqual(50);
    const first = list.body.results[0];
    for (const k of FIELDS) expect(first).toHaveProperty(k);
    expect((await api('GET', 'results?limit=51')).status).toBe(422);
    expect((await api('GET', `results/${first.id}`)).body.id).toBe(first.id);
    expect((await api('GET', `results/${first.id}`, undefined, other)).status).toBe(404);
    expect((await api('GET', `status/${first.id}`, undefined, other)).status).toBe(404);
    expect((await api('DELETE', `results/${first.id}`, undefined, other)).status).toBe(404);
    expect((await api('GET', 'results', undefined, other)).body.results).toHaveLength(0);
    expect((await api('DELETE', `results/${first.id}`)).status).toBe(204);
    expect((await api('GET', `results/${first.id}`)).status).toBe(404);
  });
});

describe('cost table', () => {
  it('prices known models, 0 for offline / ollama / unknown', () => {
    expect(costEstimate('gemini', 'gemini-2.0-flash', 1_000_000, 1_000_000)).toBeCloseTo(0.5);
    expect(costEstimate('openai', 'gpt-4o-2024-08-06', 1_000_000, 0)).toBeCloseTo(2.5);
    expect(costEstimate('offline', 'offline-extractor', 1000, 1000)).toBe(0);
    expect(costEstimate('ollama', 'llama3.2', 1000, 1000)).toBe(0);
    expect(costEstimate('openai', 'my-local-model', 1000, 1000)).toBe(0);
  });
});
