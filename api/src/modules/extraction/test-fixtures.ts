// Fixtures for the extraction / pipeline tests: generated invoice, receipt and long-table PDFs
// (text PDFs through pdf-lib), prompts and schemas through the API, files through the real
// upload flow, then OCR and chunking jobs; extraction jobs, and a fake OpenAI-compatible model.
import { startFakeServer, type FakeServer } from '../../llm/testing/fake-server';
import { makeTextPdf, type Block } from '../../processing/ocr/fixtures/generate';
import type { TestApp, TestUser } from '../../testing/helpers';
import { TERMINAL, runChunkingJob, runOcrJob, uploadFile, waitForJob } from '../jobs/test-helpers';

export interface Invoice {
  number: string;
  date: string;
  vendor: string;
  total: string;
}

export const invoiceBlocks = (inv: Invoice, kind = 'Invoice'): Block[] => [
  { kind: 'paragraph', lines: [`${kind} Number: ${inv.number}`, `Invoice Date: ${inv.date}`, `Vendor: ${inv.vendor}`, `Total Amount: ${inv.total}`] },
  { kind: 'paragraph', lines: ['Thank you for your business. Payment is due within 30 days.'] },
];

export const INVOICE_SCHEMA = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string', description: 'the invoice number' },
    invoice_date: { type: 'string', description: 'the invoice date' },
    vendor: { type: 'string', description: 'the vendor name' },
    total_amount: { type: 'number', description: 'the total amount' },
  },
};

export const ROWS_SCHEMA = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { item: { type: 'string' }, qty: { type: 'number' }, price: { type: 'number' } },
      },
    },
  },
};

export const TEXT_TEMPLATE = 'Extract the fields described below.\n{{ schema_descriptions }}\n\nText:\n{{ text_chunk }}';
export const TABLE_TEMPLATE = 'Extract one object per row.\n{{ schema_descriptions }}\n{{ table_description }}\nHeader: {{ header }}\nRows:\n{{ row_chunk }}';

export async function createSchema(t: TestApp, u: TestUser, def: unknown, name = 'Schema'): Promise<string> {
  const r = await t.request('POST', '/api/v1/output-schemas/', { token: u.token, json: { name, schema_definition: def } });
  if (r.status !== 201) throw new Error(`schema: ${r.status} ${r.text}`);
  return r.body.id;
}

export async function createPrompt(t: TestApp, u: TestUser, body: Record<string, unknown>): Promise<string> {
  const r = await t.request('POST', '/api/v1/prompts/', { token: u.token, json: { name: 'Prompt', ...body } });
  if (r.status !== 201) throw new Error(`prompt: ${r.status} ${r.text}`);
  return r.body.id;
}

/** The invoice schema and a text prompt that answers with it. */
export async function createInvoicePrompt(t: TestApp, u: TestUser): Promise<{ schemaId: string; promptId: string }> {
  const schemaId = await createSchema(t, u, INVOICE_SCHEMA, 'Invoice');
  return { schemaId, promptId: await createPrompt(t, u, { type: 'text', template: TEXT_TEMPLATE, output_schema_id: schemaId }) };
}

/** An output schema with a text prompt and a table prompt that answer with it. */
export async function createTablePrompts(t: TestApp, u: TestUser, schema: unknown, name: string): Promise<{ schemaId: string; textPrompt: string; tablePrompt: string }> {
  const schemaId = await createSchema(t, u, schema, name);
  const textPrompt = await createPrompt(t, u, { type: 'text', template: TEXT_TEMPLATE, output_schema_id: schemaId });
  const tablePrompt = await createPrompt(t, u, { type: 'table', template: TABLE_TEMPLATE, output_schema_id: schemaId });
  return { schemaId, textPrompt, tablePrompt };
}

export async function uploadPdf(t: TestApp, u: TestUser, pages: Block[][], filename: string): Promise<string> {
  return uploadFile(t, u, await makeTextPdf(pages), filename, 'application/pdf');
}

/** upload -> OCR -> chunking (deterministic analyser); answers the file id */
export async function preparedFile(t: TestApp, u: TestUser, pages: Block[][], filename: string, strategy = 'llm_analysis'): Promise<string> {
  const id = await uploadPdf(t, u, pages, filename);
  const ocr = await runOcrJob(t, u, id);
  if (ocr.status !== 'completed') throw new Error(`ocr ${ocr.status}: ${ocr.error_message}`);
  const ch = await runChunkingJob(t, u, { file_id: id, strategy });
  if (ch.status !== 'completed') throw new Error(`chunking ${ch.status}: ${ch.error_message}`);
  return id;
}

export async function createDataset(t: TestApp, u: TestUser, fileIds: string[], name = 'Set'): Promise<string> {
  const r = await t.request('POST', '/api/v1/datasets/', { token: u.token, json: { name, file_ids: fileIds } });
  if (r.status !== 201) throw new Error(`dataset: ${r.status} ${r.text}`);
  return r.body.id;
}

export const tableRows = (n: number): string[][] => [
  ['Item', 'Qty', 'Price'],
  ...Array.from({ length: n }, (_, i) => [`Part ${String(i + 1).padStart(3, '0')}`, String(i + 1), `${(i + 1) * 2}.50`]),
];

/** Creates and starts an extraction job (POST /jobs/) and waits until it is finished. */
export async function runExtractionJob(t: TestApp, user: TestUser, body: Record<string, unknown>, timeoutMs = 60_000) {
  const created = await t.request('POST', '/api/v1/jobs/', { token: user.token, json: { job_type: 'extraction', name: 'Extract', start: true, ...body } });
  if (created.status !== 201) throw new Error(`extraction: ${created.status} ${created.text}`);
  return waitForJob(t, user, created.body.id, (j) => TERMINAL.includes(j.status), timeoutMs);
}

/** The numbers of a file's OCR lines whose text contains `needle`. */
export async function ocrLinesWith(t: TestApp, user: TestUser, fileId: string, needle: string): Promise<number[]> {
  const r = await t.request<{ lines: { number: number; text: string }[] }>('GET', `/api/v1/files/${fileId}/ocr/lines`, { token: user.token });
  return r.body.lines.filter((l) => l.text.includes(needle)).map((l) => l.number);
}

/**
 * An OpenAI-compatible server whose model answers every request with `answer` (as JSON text),
 * and the environment that sends the openai provider there; its close() also restores those
 * variables as it found them.
 */
export async function startFakeModel(answer: Record<string, unknown>): Promise<FakeServer> {
  const server = await startFakeServer(() => ({
    json: {
      id: 'x',
      model: 'fake-model',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify(answer) } }],
      usage: { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 },
    },
  }));
  const env: Record<string, string> = {
    OPENAI_BASE_URL: server.url,
    OPENAI_API_KEY: 'test-key',
    OPENAI_MODEL: 'fake-model',
    OPENAI_STRICT_SCHEMA: 'false',
    LLM_RETRY_BASE_MS: '1',
  };
  const saved = Object.keys(env).map((name) => [name, process.env[name]] as const);
  Object.assign(process.env, env);
  return {
    ...server,
    async close() {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await server.close();
    },
  };
}
