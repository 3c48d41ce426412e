/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Evaluation over real HTTP (docs/review-export-api.md): two generated invoices with a table,
// extracted (offline extractor), one corrected, both marked Reviewed; a second run with another
// prompt whose schema has no vendor field. The figures are worked out by hand below. Also: no
// reviewed files said clearly, picking a run, bad input 4xx, another user's ids 404.
import { shutdownOcr } from '../../processing/ocr';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';
import { TERMINAL, generousLimits, waitForJob } from '../jobs/test-helpers';
import { TABLE_TEMPLATE, TEXT_TEMPLATE, createDataset, createPrompt, createSchema, invoiceBlocks, preparedFile } from '../extraction/test-fixtures';

jest.setTimeout(240_000);

let t: TestApp;
let u: TestUser;
let other: TestUser;

const ITEMS = {
  type: 'array',
  items: { type: 'object', properties: { item: { type: 'string' }, qty: { type: 'number' }, price: { type: 'number' } } },
};
const WITH_VENDOR = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string', description: 'the invoice number' },
    vendor: { type: 'string', description: 'the vendor name' },
    items: ITEMS,
  },
};
const WITHOUT_VENDOR = { type: 'object', properties: { invoice_number: { type: 'string', description: 'the invoice number' }, items: ITEMS } };
const ROWS = [
  ['Item', 'Qty', 'Price'],
  ['Hex bolt', '4', '2.50'],
  ['Washer', '10', '0.20'],
];

const api = (method: string, path: string, json?: unknown, user: TestUser = u) => t.request(method, `/api/v1/${path}`, { token: user.token, ...(json !== undefined ? { json } : {}) });

async function runExtraction(body: Record<string, unknown>): Promise<string> {
  const created = await api('POST', 'jobs/', { job_type: 'extraction', name: 'Run', start: true, ...body });
  if (created.status !== 201) throw new Error(`job: ${created.status} ${created.text}`);
  const job = await waitForJob(t, u, created.body.id, (j) => TERMINAL.includes(j.status), 120_000);
  if (job.status !== 'completed') throw new Error(`job ${job.status}: ${job.error_message}`);
  return job.id;
}

async function markReviewed(fileId: string, vendor?: string) {
  let rec = await api('GET', `files/${fileId}/record`);
  if (vendor !== undefined) {
    const set = await api('POST', `files/${fileId}/corrections`, { action: 'set', path: '$.vendor', value: vendor, base_version: rec.body.base_version });
    if (set.status >= 300) throw new Error(`correction: ${set.status} ${set.text}`);
    rec = await api('GET', `files/${fileId}/record`);
  }
  const mark = await api('POST', `files/${fileId}/review`, { base_version: rec.body.base_version });
  if (mark.status >= 300) throw new Error(`review: ${mark.status} ${mark.text}`);
}

let datasetId: string;
let run1: string;
let run2: string;
let ocrJobId: string;
let p2: { text: string; table: string };

beforeAll(async () => {
  t = await startTestApp({ jobs: { inApiWorkers: 2, pollIntervalMs: 100 } });
  await generousLimits(t);
  u = await t.registerUser();
  other = await t.registerUser();
  const s1 = await createSchema(t, u, WITH_VENDOR, 'With vendor');
  const s2 = await createSchema(t, u, WITHOUT_VENDOR, 'Without vendor');
  const p1 = { text: await createPrompt(t, u, { type: 'text', template: TEXT_TEMPLATE, output_schema_id: s1 }), table: await createPrompt(t, u, { type: 'table', template: TABLE_TEMPLATE, output_schema_id: s1 }) };
  p2 = { text: await createPrompt(t, u, { type: 'text', template: `Read carefully.\n${TEXT_TEMPLATE}`, output_schema_id: s2 }), table: await createPrompt(t, u, { type: 'table', template: TABLE_TEMPLATE, output_schema_id: s2 }) };
  const page = (number: string, vendor: string) => [...invoiceBlocks({ number, date: '2024-03-15', vendor, total: '12.00' }), { kind: 'table' as const, rows: ROWS }];
  const a = await preparedFile(t, u, [page('INV-1001', 'Northwind Trading')], 'alpha.pdf');
  const b = await preparedFile(t, u, [page('INV-2002', 'Contoso Supplies')], 'beta.pdf');
  const c = await preparedFile(t, u, [page('INV-3003', 'Fabrikam')], 'gamma.pdf');
  datasetId = await createDataset(t, u, [a, b, c], 'Evaluated');
  run1 = await runExtraction({ dataset_id: datasetId, prompt_id: p1.text, table_prompt_id: p1.table });
  ocrJobId = (await api('GET', 'jobs/?job_type=ocr&limit=1')).body.jobs[0].id;
  // before any file is reviewed: said clearly
  const none = await api('GET', `datasets/${datasetId}/evaluation`);
  expect(none.status).toBe(200);
  expect(none.body).toMatchObject({ reviewed_files: 0, total_files: 3, overall: null, fields: [] });
  expect(none.body.message).toMatch(/^No reviewed files in this dataset yet/);
  expect(none.body.run.job_id).toBe(run1);
  // ground truth: alpha's vendor corrected (the run had it wrong), beta as extracted; gamma unreviewed
  await markReviewed(a, 'Northwind Trading Ltd');
  await markReviewed(b);
});
afterAll(async () => {
  await t?.close();
  await shutdownOcr();
});

/*
 * Run 1 (with vendor) against alpha and beta:
 *   invoice_number  2 correct                         P 1, R 1, accuracy 1
 *   vendor          beta correct; alpha wrong (fp+fn) P 1/2, R 1/2, accuracy 1/2
 *   items           2 + 2 reviewed rows, all found    row recall 1
 *   overall         3 correct, 1 fp, 1 fn, 3 of 4 same
 * Run 2 (no vendor field):
 *   vendor          nothing extracted: 0 correct, 0 fp, 2 fn: P null, R 0, accuracy 0 -> worse,
 *                   example beta (run 1 had it right); alpha was already wrong
 *   overall         2 correct, 0 fp, 2 fn, 2 of 4 same
 */
describe('figures', () => {
  it('the first run, with no previous one', async () => {
    const r = await api('GET', `datasets/${datasetId}/evaluation`);
    expect(r.status).toBe(200);
    const e = r.body;
    expect(e).toMatchObject({ reviewed_files: 2, total_files: 3, message: null, previous_run: null, previous_overall: null });
    expect(e.run.job_id).toBe(run1);
    const field = (name: string) => e.fields.find((f: any) => f.field === name);
    expect(field('invoice_number').current).toMatchObject({ correct: 2, precision: 1, recall: 1, accuracy: 1 });
    expect(field('vendor').current).toMatchObject({ correct: 1, false_positives: 1, false_negatives: 1, precision: 0.5, recall: 0.5, accuracy: 0.5 });
    expect(field('items')).toMatchObject({ kind: 'table', current: { reviewed_rows: 4, recalled_rows: 4, row_recall: 1 } });
    expect(e.overall).toMatchObject({ correct: 3, false_positives: 1, false_negatives: 1, precision: 0.75, recall: 0.75, accuracy: 0.75, row_recall: 1 });
    expect(e.fields.some((f: any) => f.worse)).toBe(false);
  });

  it('a second run with another prompt, beside the first, with the field that got worse', async () => {
    run2 = await runExtraction({ dataset_id: datasetId, prompt_id: p2.text, table_prompt_id: p2.table });
    const e = (await api('GET', `datasets/${datasetId}/evaluation`)).body;
    expect(e.run.job_id).toBe(run2);
    expect(e.previous_run.job_id).toBe(run1);
    expect(e.runs.map((r: any) => r.job_id)).toEqual([run2, run1]);
    const vendor = e.fields.find((f: any) => f.field === 'vendor');
    expect(vendor.current).toMatchObject({ correct: 0, false_positives: 0, false_negatives: 2, precision: null, recall: 0, accuracy: 0 });
    expect(vendor.previous).toMatchObject({ accuracy: 0.5 });
    expect(vendor.worse).toBe(true);
    expect(vendor.examples).toEqual([{ file_id: expect.any(String), filename: 'beta.pdf', expected: 'Contoso Supplies', got: null, previous: 'Contoso Supplies' }]);
    expect(e.fields.find((f: any) => f.field === 'invoice_number').worse).toBe(false);
    expect(e.overall).toMatchObject({ correct: 2, false_positives: 0, false_negatives: 2, accuracy: 0.5 });
    expect(e.previous_overall).toMatchObject({ correct: 3, accuracy: 0.75 });
    // the same run through its job
    const byJob = (await api('GET', `jobs/${run2}/evaluation`)).body;
    expect(byJob.scope).toMatchObject({ kind: 'job', id: run2 });
    expect(byJob.overall).toEqual(e.overall);
    expect(byJob.previous_run.job_id).toBe(run1);
  });

  it('an older run picked with job_id', async () => {
    const e = (await api('GET', `datasets/${datasetId}/evaluation?job_id=${run1}`)).body;
    expect(e.run.job_id).toBe(run1);
    expect(e.previous_run).toBeNull();
    expect(e.overall.accuracy).toBe(0.75);
  });
});

describe('bad input and other users', () => {
  it('4xx with a detail', async () => {
    expect((await api('GET', `datasets/${datasetId}/evaluation?job_id=nope`)).status).toBe(422);
    const notRun = await api('GET', `datasets/${datasetId}/evaluation?job_id=${ocrJobId}`);
    expect(notRun.status).toBe(400);
    expect(notRun.body.detail).toContain('is not a completed extraction run of this dataset');
    const ocr = await api('GET', `jobs/${ocrJobId}/evaluation`);
    expect(ocr.status).toBe(400);
    expect(ocr.body.detail).toContain('Only extraction runs can be evaluated');
  });

  it("another user's dataset and job are 404", async () => {
    expect((await api('GET', `datasets/${datasetId}/evaluation`, undefined, other)).status).toBe(404);
    expect((await api('GET', `jobs/${run1}/evaluation`, undefined, other)).status).toBe(404);
    const theirs = await t.registerUser();
    const foreign = await api('GET', `jobs/?job_type=ocr&limit=1`, undefined, theirs);
    expect(foreign.body.jobs).toHaveLength(0);
    // a job id of another user used as job_id: 404, not a hint that it exists
    const r = await api('GET', `datasets/${datasetId}/evaluation?job_id=${run1}`, undefined, other);
    expect(r.status).toBe(404);
  });
});
