// Fixtures for the extraction / pipeline tests: generated invoice, receipt and long-table PDFs
// (text PDFs through pdf-lib), prompts and schemas through the API, files through the real
// upload flow, then OCR and chunking jobs.
import { makeTextPdf, type Block } from '../../processing/ocr/fixtures/generate';
import type { TestApp, TestUser } from '../../testing/helpers';
import { runChunkingJob, runOcrJob, uploadFile } from '../jobs/test-helpers';

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
