/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// POST /prompts/{id}/playground over real HTTP: a prompt run on a chunk of an uploaded file
// (offline provider), the answer checked against the prompt's output schema, nothing stored; the
// chunk read as an extraction job reads it (with the words OCR was unsure of);
// another user's prompt, file, chunk or example answers 404; bad bodies 422; a provider that
// is not configured is refused in words.
import { PromptPlaygroundResponseSchema } from '@quarry/shared/schemas';
import { sql } from 'drizzle-orm';
import { makeTextPdf, receiptWithWornName } from '../../processing/ocr/fixtures/generate';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';
import { generousLimits, runChunkingJob, runOcrJob, uploadFile } from '../jobs/test-helpers';

jest.setTimeout(60_000);

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let fileId: string;
let chunk: any;

const api = (method: string, p: string, json?: unknown, u: TestUser = alice) => t.request(method, `/api/v1${p}`, { token: u.token, json });

const TEXT = 'Invoice number: INV-2041\nVendor: Granite Supplies Ltd\nTotal due: 1250.50\nDue date: 2024-05-31';
const SCHEMA = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string', description: 'The invoice number' },
    vendor: { type: 'string', description: 'Who sent the invoice' },
    total_due: { type: 'number', description: 'Total due' },
  },
  required: ['invoice_number'],
};

async function chunkedFile(u: TestUser): Promise<{ fileId: string; chunks: any[] }> {
  const pdf = await makeTextPdf([[{ kind: 'paragraph', lines: ['placeholder text for the upload'] }]]);
  const id = await uploadFile(t, u, pdf, 'invoice.pdf', 'application/pdf');
  const job = await api('POST', '/ocr/jobs', { file_id: id }, u);
  const done = await api('PUT', `/ocr/jobs/${job.body.id}/complete`, { ocr_text: TEXT }, u);
  if (done.status !== 200) throw new Error(done.text);
  const chunking = await runChunkingJob(t, u, { file_id: id, strategy: 'character_based' });
  if (chunking.status !== 'completed') throw new Error(JSON.stringify(chunking));
  const list = await api('GET', `/files/${id}/chunks`, undefined, u);
  return { fileId: id, chunks: list.body.chunks };
}

beforeAll(async () => {
  // metering has its own tests (credits/model-calls.test.ts): these runs stay under the limit
  t = await startTestApp({ jobs: { inApiWorkers: 1, pollIntervalMs: 100 }, rateLimits: { modelCallsPerMinute: 1000 } });
  await generousLimits(t);
  alice = await t.registerUser();
  bob = await t.registerUser();
  const made = await chunkedFile(alice);
  fileId = made.fileId;
  chunk = made.chunks[0];
});
afterAll(() => t?.close());

const countResults = async () => Number(((await t.app.database.db.execute(sql`select count(*)::int as n from extraction_results`)) as any).rows[0].n);

test('runs the prompt with its output schema and first example on the chunk (offline), validates, stores nothing', async () => {
  const schema = (await api('POST', '/output-schemas/', { name: 'Invoice', schema_definition: SCHEMA })).body;
  const prompt = (await api('POST', '/prompts/', { name: 'Invoice text', type: 'text', template: 'Fields:\n{{ schema_descriptions }}\n\nText:\n{{ text_chunk }}', output_schema_id: schema.id })).body;
  const example = (await api('POST', '/examples/', { prompt_id: prompt.id, input_text: 'Invoice number: A-1', output_text: '{"invoice_number":"A-1"}' })).body;
  const before = await countResults();

  const res = await api('POST', `/prompts/${prompt.id}/playground`, { file_id: fileId, chunk_id: chunk.id, provider: 'offline' });
  expect(res.status).toBe(200);
  const body = PromptPlaygroundResponseSchema.parse(res.body);
  expect(body).toMatchObject({
    prompt_id: prompt.id,
    file_id: fileId,
    chunk_id: chunk.id,
    chunk_text: chunk.content,
    example_id: example.id,
    provider: 'offline',
    offline: true,
    status: 'completed',
    stored: false,
    validation: { schema_source: 'output_schema', output_schema_id: schema.id, valid: true, errors: [] },
  });
  expect((body.extracted_data as any).invoice_number).toBe('INV-2041');
  expect(body.processing_time_ms).toBeGreaterThanOrEqual(0);
  expect(await countResults()).toBe(before);
  // and no job was created for it
  expect((await api('GET', '/jobs/?limit=100')).body.jobs.filter((j: any) => j.job_type === 'extraction')).toEqual([]);

  // use_example false: no example sent
  const bare = await api('POST', `/prompts/${prompt.id}/playground`, { file_id: fileId, chunk_id: chunk.id, provider: 'offline', use_example: false });
  expect(bare.body.example_id).toBeNull();
});

test('reads a chunk as an extraction job does: a name OCR was unsure of is left out of the answer', async () => {
  // a receipt whose letterhead's last word is worn: OCR misreads it and says it is unsure of it
  const id = await uploadFile(t, alice, receiptWithWornName().png, 'worn.png', 'image/png');
  expect((await runOcrJob(t, alice, id)).status).toBe('completed');
  expect((await runChunkingJob(t, alice, { file_id: id, strategy: 'llm_analysis' })).status).toBe('completed');
  const [first] = (await api('GET', `/files/${id}/chunks`)).body.chunks;
  const schema = (await api('POST', '/output-schemas/', { name: 'Receipt', schema_definition: { type: 'object', properties: { merchant_name: { type: 'string', description: 'Store or merchant name' }, date: { type: 'string', format: 'date', description: 'Date of the purchase' }, total: { type: 'number', description: 'Total paid' } } } })).body;
  const prompt = (await api('POST', '/prompts/', { name: 'Receipt text', type: 'text', template: '{{ schema_descriptions }}\n{{ text_chunk }}', output_schema_id: schema.id })).body;
  const res = await api('POST', `/prompts/${prompt.id}/playground`, { file_id: id, chunk_id: first.id, provider: 'offline' });
  expect(res.status).toBe(200);
  expect(res.body.chunk_text).toMatch(/^PERNIAGAAN ZHENG /);
  expect(res.body.extracted_data).toEqual({ date: '2018-03-09', total: 12.5 });
});

test('a prompt with its own schema_definition reports located validation errors', async () => {
  const strict = { type: 'object', properties: { invoice_number: { type: 'number' } }, required: ['invoice_number'] };
  const prompt = (await api('POST', '/prompts/', { name: 'Strict', type: 'text', template: '{{ text_chunk }}', schema_definition: strict })).body;
  const res = await api('POST', `/prompts/${prompt.id}/playground`, { file_id: fileId, chunk_id: chunk.id, provider: 'offline' });
  expect(res.status).toBe(200);
  expect(res.body.validation.schema_source).toBe('prompt_schema_definition');
  // the offline extractor finds no number in "INV-2041". One chunk lacking a required field is
  // not a failed run (required is judged on a document's merged record, docs/product/extraction-rules.md),
  // so the run completes at once and the check below reports the field as the document would lack it
  expect(res.body).toMatchObject({ status: 'completed', attempts: 1, extracted_data: {} });
  expect(res.body.validation).toEqual({
    schema_source: 'prompt_schema_definition',
    output_schema_id: null,
    valid: false,
    errors: [{ path: 'invoice_number', pointer: '/invoice_number', message: 'is required', keyword: 'required' }],
  });
  // a prompt without any schema: validation not applicable
  const plain = (await api('POST', '/prompts/', { name: 'Plain', type: 'text', template: '{{ text_chunk }}' })).body;
  const r2 = await api('POST', `/prompts/${plain.id}/playground`, { file_id: fileId, chunk_id: chunk.id, provider: 'offline' });
  expect(r2.status).toBe(200);
  expect(r2.body.validation).toEqual({ schema_source: null, output_schema_id: null, valid: null, errors: [] });
});

test("another user's prompt, file, chunk or example answers 404", async () => {
  const mine = (await api('POST', '/prompts/', { name: 'Mine', type: 'text', template: '{{ text_chunk }}' })).body;
  const bobPrompt = (await api('POST', '/prompts/', { name: 'Bob', type: 'text', template: '{{ text_chunk }}' }, bob)).body;
  const bobExample = (await api('POST', '/examples/', { prompt_id: bobPrompt.id, input_text: 'a', output_text: '{}' }, bob)).body;
  const run = (id: string, body: Record<string, unknown>, u: TestUser) => api('POST', `/prompts/${id}/playground`, { provider: 'offline', ...body }, u);

  const foreignPrompt = await run(mine.id, { file_id: fileId, chunk_id: chunk.id }, bob);
  expect([foreignPrompt.status, foreignPrompt.body.detail]).toEqual([404, 'Prompt not found']);
  const foreignFile = await run(bobPrompt.id, { file_id: fileId, chunk_id: chunk.id }, bob);
  expect([foreignFile.status, foreignFile.body.detail]).toEqual([404, 'File not found']);
  // bob's own file, alice's chunk
  const bobs = await chunkedFile(bob);
  const foreignChunk = await run(bobPrompt.id, { file_id: bobs.fileId, chunk_id: chunk.id }, bob);
  expect([foreignChunk.status, foreignChunk.body.detail]).toEqual([404, 'Chunk not found']);
  const foreignExample = await run(mine.id, { file_id: fileId, chunk_id: chunk.id, example_id: bobExample.id }, alice);
  expect([foreignExample.status, foreignExample.body.detail]).toEqual([404, 'Example not found']);
  // bob on his own data works
  expect((await run(bobPrompt.id, { file_id: bobs.fileId, chunk_id: bobs.chunks[0].id }, bob)).status).toBe(200);
});

test('bad input answers 422; an unconfigured provider is refused in words; no token 401', async () => {
  const p = (await api('POST', '/prompts/', { name: 'V', type: 'text', template: '{{ text_chunk }}' })).body;
  const bad = await api('POST', `/prompts/${p.id}/playground`, { file_id: 'nope', chunk_id: chunk.id });
  expect(bad.status).toBe(422);
  expect(bad.body.detail[0].loc).toEqual(['body', 'file_id']);
  expect((await api('POST', `/prompts/${p.id}/playground`, { file_id: fileId })).status).toBe(422);
  expect((await api('POST', `/prompts/${p.id}/playground`, { file_id: fileId, chunk_id: chunk.id, extra: 1 })).status).toBe(422);
  expect((await api('POST', `/prompts/${p.id}/playground`, { file_id: fileId, chunk_id: chunk.id, provider: 'skynet' })).status).toBe(422);
  expect((await api('POST', '/prompts/not-a-uuid/playground', { file_id: fileId, chunk_id: chunk.id })).status).toBe(422);

  const saved = process.env.GEMINI_API_KEY;
  delete process.env.GEMINI_API_KEY;
  try {
    const gemini = await api('POST', `/prompts/${p.id}/playground`, { file_id: fileId, chunk_id: chunk.id, provider: 'gemini' });
    expect(gemini.status).toBe(422);
    expect(gemini.body.detail[0].msg).toBe('The provider "gemini" is not configured on this server (GEMINI_API_KEY is not set). Choose another provider, or ask the administrator to configure it.');
  } finally {
    if (saved !== undefined) process.env.GEMINI_API_KEY = saved;
  }
  // a prompt whose template uses a variable its type does not provide is refused like a job
  const wrong = (await api('POST', '/prompts/', { name: 'W', type: 'text', template: '{{ row_chunk }}' })).body;
  const refused = await api('POST', `/prompts/${wrong.id}/playground`, { file_id: fileId, chunk_id: chunk.id, provider: 'offline' });
  expect(refused.status).toBe(422);
  expect(refused.body.detail[0].msg).toContain('Invalid variable - not available for this prompt type');

  expect((await t.request('POST', `/api/v1/prompts/${p.id}/playground`, { json: { file_id: fileId, chunk_id: chunk.id } })).status).toBe(401);
});
