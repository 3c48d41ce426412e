// Documents through the real pipeline for the e2e tests: a text PDF made with pdf-lib at test
// time (nothing binary is committed; api/src/processing/ocr/fixtures/text-pdf.ts), uploaded through prepare / PUT / complete, then OCR,
// chunking and extraction jobs through the API, waited for by polling.
import { API_URL } from './env';

// the API's OCR tests make their text PDFs with the same function: one layout, known lines
export { makeTextPdf, type Block } from '@quarry/api/src/processing/ocr/fixtures/text-pdf';
import type { Block } from '@quarry/api/src/processing/ocr/fixtures/text-pdf';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- API answers are inspected dynamically

async function accessToken(user: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${API_URL}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user.email, password: user.password }).toString(),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as Json).access_token as string;
}

/** A user's API session; the suite's access tokens live 15 s, so a 401 signs in again once. */
export class ApiUser {
  private constructor(
    private readonly user: { email: string; password: string },
    private token: string,
  ) {}

  static async login(user: { email: string; password: string }): Promise<ApiUser> {
    return new ApiUser(user, await accessToken(user));
  }

  async call(method: string, path: string, body?: unknown, expected?: number): Promise<Json> {
    const send = () =>
      fetch(`${API_URL}/${path}`, {
        method,
        headers: { Authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    let res = await send();
    if (res.status === 401) {
      this.token = await accessToken(this.user);
      res = await send();
    }
    const text = await res.text();
    if (expected ? res.status !== expected : !res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? (JSON.parse(text) as Json) : {};
  }

  async upload(bytes: Uint8Array, filename: string, mime = 'application/pdf'): Promise<string> {
    const prep = await this.call('POST', 'uploads/prepare-upload', { files: [{ filename, size: bytes.length, mime_type: mime }] });
    const u = prep.uploads[0];
    const url = String(u.signed_url).startsWith('http') ? u.signed_url : `${API_URL.replace(/\/api\/v1$/, '')}${u.signed_url}`;
    const put = await fetch(url, { method: 'PUT', headers: { 'content-type': u.headers['Content-Type'] }, body: new Blob([new Uint8Array(bytes)]) });
    if (!put.ok) throw new Error(`PUT: ${put.status} ${await put.text()}`);
    const done = await this.call('POST', 'uploads/complete', { upload_session_id: prep.upload_session_id, completed_uploads: [u.upload_id] });
    const fileId = done.results[0]?.file_id as string | undefined;
    if (!fileId) throw new Error(`upload: ${JSON.stringify(done)}`);
    return fileId;
  }

  async waitFor(path: string, timeoutMs = 60_000): Promise<Json> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const job = await this.call('GET', path);
      if (['completed', 'failed', 'cancelled'].includes(job.status)) return job;
      if (Date.now() > end) throw new Error(`${path} still ${job.status}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async runOcr(fileId: string): Promise<Json> {
    const job = await this.call('POST', 'ocr/jobs', { file_id: fileId });
    await this.call('POST', `ocr/jobs/${job.id}/start`);
    return this.waitFor(`ocr/jobs/${job.id}`);
  }

  async runChunking(fileId: string, strategy: string): Promise<Json> {
    const job = await this.call('POST', 'chunking/test', { file_id: fileId, strategy });
    return this.waitFor(`chunking/jobs/${job.job_id}`);
  }

  async createPrompt(type: 'text' | 'table', template: string, schema: unknown, name: string): Promise<string> {
    const s = await this.call('POST', 'output-schemas/', { name: `${name} schema`, schema_definition: schema });
    const p = await this.call('POST', 'prompts/', { name, type, template, output_schema_id: s.id });
    return p.id as string;
  }

  async runExtraction(body: Json): Promise<Json> {
    const job = await this.call('POST', 'jobs/', { job_type: 'extraction', name: 'Extract', start: true, ...body });
    return this.waitFor(`jobs/${job.id}`);
  }
}

export const TEXT_TEMPLATE = 'Extract the fields described below.\n{{ schema_descriptions }}\n\nText:\n{{ text_chunk }}';
export const TABLE_TEMPLATE = 'Extract one object per row.\n{{ schema_descriptions }}\n{{ table_description }}\nHeader: {{ header }}\nRows:\n{{ row_chunk }}';

export const INVOICE_SCHEMA = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string', description: 'the invoice number' },
    vendor: { type: 'string', description: 'the vendor name' },
    total_amount: { type: 'number', description: 'the total amount' },
    items: {
      type: 'array',
      items: { type: 'object', properties: { item: { type: 'string' }, qty: { type: 'number' }, price: { type: 'number' } } },
    },
  },
};

/** An invoice with a line-item table on page 1 and prose on page 2. */
export function invoicePages(rows = 8): Block[][] {
  return [
    [
      { kind: 'paragraph', lines: ['INVOICE', 'Invoice Number: INV-7731', 'Invoice Date: 2024-03-15', 'Vendor: Acme Industrial Supply', 'Total Amount: 1234.50'] },
      { kind: 'paragraph', lines: ['Line items'] },
      { kind: 'table', rows: [['Item', 'Qty', 'Price'], ...Array.from({ length: rows }, (_, i) => [`Part ${String(i + 1).padStart(3, '0')}`, String(i + 1), `${(i + 1) * 2}.50`])] },
      { kind: 'paragraph', lines: ['Thank you for your business. Payment is due within 30 days.'] },
    ],
    [
      {
        kind: 'paragraph',
        lines: [
          'Terms and conditions of delivery for this order.',
          'Goods remain the property of the vendor until paid in full.',
          'Claims must be made within fourteen days of delivery.',
        ],
      },
      { kind: 'paragraph', lines: ['Contact our accounts team for any question about this invoice.'] },
    ],
  ];
}
