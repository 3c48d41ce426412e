/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Metered model calls over real HTTP (POST test/llm/simple, test/llm/structured,
// prompts/{id}/playground, all through the offline extractor — gemini asked for with no key):
// 429 past the per-minute limit, also under concurrent requests; a job's credit cost taken
// per call with a ledger entry, 402 when the balance is short; cache hits and unusable
// providers are free; the admin switch refuses non-superusers (403) but not superusers; the
// admin's per-user usage; the caller's policy.
import { and, eq } from 'drizzle-orm';
import { creditTransactions, users } from '../../db/schema';
import { makeTextPdf } from '../../processing/ocr/fixtures/generate';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';
import { noopHandler } from '../../jobs/testing/handlers';
import { generousLimits, runChunkingJob, uploadFile } from '../jobs/test-helpers';

jest.setTimeout(60_000);

let t: TestApp;
let admin: TestUser;
const saved = { ...process.env };
let n = 0;

beforeAll(async () => {
  delete process.env.GEMINI_API_KEY;
  t = await startTestApp({ jobs: { inApiWorkers: 1, pollIntervalMs: 100 } });
  t.app.jobs.registry.register(noopHandler);
  await generousLimits(t);
  admin = await t.createSuperuser();
});
afterAll(async () => {
  process.env = saved;
  await t?.close();
});
afterEach(async () => {
  // every test starts from the defaults: everyone, 10 a minute
  await setting({ access: 'everyone', calls_per_minute: 10 });
});

const setting = async (json: unknown) => {
  const res = await t.request('PUT', '/api/v1/admin/settings/model-calls', { token: admin.token, json });
  expect(res.status).toBe(200);
  return res.body;
};
const balance = async (u: TestUser) =>
  (await t.app.database.db.select({ b: users.creditBalance }).from(users).where(eq(users.id, u.id)))[0]!.b;
const ledger = (u: TestUser) =>
  t.app.database.db.select().from(creditTransactions).where(and(eq(creditTransactions.userId, u.id), eq(creditTransactions.kind, 'model_call')));
/** a structured call the cache has never seen */
const structured = (u: TestUser) =>
  t.request('POST', '/api/v1/test/llm/structured', {
    token: u.token,
    json: { content: `Invoice number: INV-${++n}`, prompt: 'Extract the invoice number', output_schema: { type: 'object', properties: { invoice_number: { type: 'string' } } } },
  });
const simple = (u: TestUser) =>
  t.request('POST', '/api/v1/test/llm/simple', { token: u.token, json: { messages: [{ role: 'user', content: `Hello ${++n}` }] } });

test('the per-minute limit answers 429 with Retry-After; each admitted call takes a job\'s credits with a ledger entry', async () => {
  await setting({ access: 'everyone', calls_per_minute: 3 });
  const u = await t.registerUser();
  const before = await balance(u);
  expect((await structured(u)).status).toBe(202);
  expect((await simple(u)).status).toBe(202);
  expect((await structured(u)).status).toBe(202);
  const over = await simple(u);
  expect(over.status).toBe(429);
  expect(over.body.detail).toMatch(/^Too many model calls: at most 3 calls a minute from the test pages\. Try again in \d+ seconds?\.$/);
  expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  expect((await structured(u)).status).toBe(429);
  // weekly_jobs costs 1 credit: 3 calls, 3 credits, 3 entries; refused calls cost nothing
  expect(await balance(u)).toBe(before - 3);
  const entries = await ledger(u);
  expect(entries).toHaveLength(3);
  expect(entries.every((e) => e.amount === -1)).toBe(true);
  expect(entries.map((e) => e.description).sort()).toEqual([
    'LLM test (simple): model call (offline)',
    'LLM test (structured): model call (offline)',
    'LLM test (structured): model call (offline)',
  ]);
  // another user has a limit of their own
  expect((await structured(await t.registerUser())).status).toBe(202);
});

test('calls made with an API key count against the key user\'s limit and balance', async () => {
  await setting({ access: 'everyone', calls_per_minute: 2 });
  const u = await t.registerUser();
  const created = await t.request('POST', '/api/v1/api-keys/', { token: u.token, json: { name: 'script', scope: 'read+write' } });
  expect(created.status).toBe(201);
  const key = { ...u, token: created.body.key as string };
  const before = await balance(u);
  expect((await structured(key)).status).toBe(202);
  expect((await structured(u)).status).toBe(202);
  // the key cannot go around the user's limit, nor the user around the key's calls
  expect((await structured(key)).status).toBe(429);
  expect((await structured(u)).status).toBe(429);
  expect(await balance(u)).toBe(before - 2);
});

test('concurrent calls cannot overshoot the limit or the balance', async () => {
  await setting({ access: 'everyone', calls_per_minute: 5 });
  const u = await t.registerUser();
  const before = await balance(u);
  const answers = await Promise.all(Array.from({ length: 20 }, () => structured(u)));
  expect(answers.filter((r) => r.status === 202)).toHaveLength(5);
  expect(answers.filter((r) => r.status === 429)).toHaveLength(15);
  expect(await balance(u)).toBe(before - 5);
  expect(await ledger(u)).toHaveLength(5);
});

test('a balance below the cost answers 402 like a job does; nothing is taken', async () => {
  const u = await t.registerUser();
  await t.app.database.db.update(users).set({ creditBalance: 0 }).where(eq(users.id, u.id));
  const res = await structured(u);
  expect(res.status).toBe(402);
  expect(res.body.detail).toBe('Insufficient credits: a model call costs 1 credit (as a job does) and your balance is 0. Request more credits to run jobs.');
  // the job creation refuses the same balance with the same status and wording
  const job = await t.request('POST', '/api/v1/jobs/', { token: u.token, json: { job_type: 'noop' } });
  expect(job.status).toBe(402);
  expect(job.body.detail).toBe('Insufficient credits: a job costs 1 credit and your balance is 0. Request more credits to run jobs.');
  expect(await ledger(u)).toHaveLength(0);
  expect(await balance(u)).toBe(0);
});

test('a cache hit and a provider that is not configured call no model: not charged, not counted', async () => {
  await setting({ access: 'everyone', calls_per_minute: 2 });
  const u = await t.registerUser();
  const before = await balance(u);
  const body = { content: 'Invoice number: SAME-1', prompt: 'Extract', output_schema: { type: 'object', properties: { invoice_number: { type: 'string' } } } };
  const first = await t.request('POST', '/api/v1/test/llm/structured', { token: u.token, json: body });
  expect(first.status).toBe(202);
  for (let i = 0; i < 100; i++) {
    const st = await t.request('GET', `/api/v1/test/llm/status/${first.body.task_id}`, { token: u.token });
    if (st.body.status !== 'PENDING') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  for (let i = 0; i < 3; i++) {
    const again = await t.request('POST', '/api/v1/test/llm/structured', { token: u.token, json: body });
    expect(again.status).toBe(202);
    expect(again.body.message).toMatch(/cache/);
  }
  const unusable = await t.request('POST', '/api/v1/test/llm/simple', { token: u.token, json: { messages: [{ role: 'user', content: 'hi' }], provider: 'ollama' } });
  expect(unusable.status).toBe(202);
  expect(await balance(u)).toBe(before - 1);
  expect(await ledger(u)).toHaveLength(1);
});

test('the admin switch refuses non-superusers with 403 and a reason; superusers still run; only admins change it', async () => {
  const u = await t.registerUser();
  const denied = await t.request('PUT', '/api/v1/admin/settings/model-calls', { token: u.token, json: { access: 'superusers', calls_per_minute: 10 } });
  expect(denied.status).toBe(403);
  const saved = await setting({ access: 'superusers', calls_per_minute: 10 });
  expect(saved).toMatchObject({ access: 'superusers', calls_per_minute: 10, credit_cost: 1 });
  expect(typeof saved.updated_at).toBe('string');
  for (const res of [await structured(u), await simple(u)]) {
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('Model test calls are switched off on this server: only administrators can run them.');
  }
  expect((await t.request('GET', '/api/v1/test/llm/policy', { token: u.token })).body).toMatchObject({ allowed: false, credit_cost: 1, calls_per_minute: 10 });
  expect((await structured(admin)).status).toBe(202);
  expect(await ledger(u)).toHaveLength(0);
  // results stay readable
  expect((await t.request('GET', '/api/v1/test/llm/results', { token: u.token })).status).toBe(200);
});

test('settings: bad values answer 422 with the field; defaults before anything is saved', async () => {
  const bad = await t.request('PUT', '/api/v1/admin/settings/model-calls', { token: admin.token, json: { access: 'everyone', calls_per_minute: 0 } });
  expect(bad.status).toBe(422);
  expect(bad.body.detail[0]).toMatchObject({ loc: ['body', 'calls_per_minute'], msg: 'Calls per minute must be a whole number between 1 and 1000' });
  const unknown = await t.request('PUT', '/api/v1/admin/settings/model-calls', { token: admin.token, json: { access: 'nobody', calls_per_minute: 5 } });
  expect(unknown.status).toBe(422);
  const got = await t.request('GET', '/api/v1/admin/settings/model-calls', { token: admin.token });
  expect(got.body).toMatchObject({ access: 'everyone', calls_per_minute: 10, credit_cost: 1 });
});

describe('the prompt playground', () => {
  let u: TestUser;
  let promptId: string;
  let run: () => Promise<any>;
  beforeAll(async () => {
    u = await t.registerUser();
    const pdf = await makeTextPdf([[{ kind: 'paragraph', lines: ['placeholder text for the upload'] }]]);
    const fileId = await uploadFile(t, u, pdf, 'invoice.pdf', 'application/pdf');
    const ocr = await t.request('POST', '/api/v1/ocr/jobs', { token: u.token, json: { file_id: fileId } });
    await t.request('PUT', `/api/v1/ocr/jobs/${ocr.body.id}/complete`, { token: u.token, json: { ocr_text: 'Invoice number: INV-7\nTotal: 10.00' } });
    expect((await runChunkingJob(t, u, { file_id: fileId, strategy: 'character_based' })).status).toBe('completed');
    const chunkId = (await t.request('GET', `/api/v1/files/${fileId}/chunks`, { token: u.token })).body.chunks[0].id;
    const prompt = await t.request('POST', '/api/v1/prompts/', {
      token: u.token,
      json: { name: 'Invoice', type: 'text', template: '{{ text_chunk }}', schema_definition: { type: 'object', properties: { invoice_number: { type: 'string' } } } },
    });
    expect(prompt.status).toBe(201);
    promptId = prompt.body.id;
    run = () => t.request('POST', `/api/v1/prompts/${promptId}/playground`, { token: u.token, json: { file_id: fileId, chunk_id: chunkId, provider: 'offline' } });
  });

  test('limited and charged like the LLM test page; a 404 costs nothing', async () => {
    await setting({ access: 'everyone', calls_per_minute: 2 });
    const before = await balance(u);
    const entriesBefore = (await ledger(u)).length;
    expect((await run()).status).toBe(200);
    const missing = await t.request('POST', '/api/v1/prompts/00000000-0000-4000-8000-000000000000/playground', { token: u.token, json: { file_id: '00000000-0000-4000-8000-000000000000', chunk_id: '00000000-0000-4000-8000-000000000000', provider: 'offline' } });
    expect(missing.status).toBe(404);
    expect((await run()).status).toBe(200);
    const over = await run();
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBeTruthy();
    expect(await balance(u)).toBe(before - 2);
    const entries = (await ledger(u)).slice(entriesBefore);
    expect(entries.map((e) => [e.description, e.referenceId])).toEqual([
      ['Prompt playground: model call (offline)', promptId],
      ['Prompt playground: model call (offline)', promptId],
    ]);
  });

  test('switched off for non-superusers: 403 with the reason', async () => {
    await setting({ access: 'superusers', calls_per_minute: 10 });
    const res = await run();
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('Model test calls are switched off on this server: only administrators can run them.');
  });
});

test('the admin sees per user the calls and the credits charged; others may not look', async () => {
  const a = await t.registerUser();
  const b = await t.registerUser();
  for (let i = 0; i < 3; i++) expect((await structured(a)).status).toBe(202);
  expect((await simple(b)).status).toBe(202);
  const res = await t.request('GET', '/api/v1/admin/model-calls/usage?days=7', { token: admin.token });
  expect(res.status).toBe(200);
  const row = (u: TestUser) => res.body.users.find((x: any) => x.user_id === u.id);
  expect(row(a)).toMatchObject({ email: a.email, calls: 3, credits: 3 });
  expect(row(b)).toMatchObject({ email: b.email, calls: 1, credits: 1 });
  expect(res.body.total_calls).toBeGreaterThanOrEqual(4);
  expect(res.body.total_credits).toBeGreaterThanOrEqual(4);
  expect((await t.request('GET', '/api/v1/admin/model-calls/usage', { token: a.token })).status).toBe(403);
  const policy = await t.request('GET', '/api/v1/test/llm/policy', { token: a.token });
  expect(policy.body).toEqual({ allowed: true, credit_cost: 1, calls_per_minute: 10, credit_balance: (await balance(a)) });
});
