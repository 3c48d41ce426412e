/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Export of reviewed records over real HTTP (docs/review-export-api.md): generated invoices with a
// table through upload -> OCR -> chunking -> extraction (offline extractor), a correction
// through review-record's API, then JSON / CSV (records and rows) / XLSX of one file, a dataset,
// an extraction job and a pipeline job: the correction applied, a formula escaped in CSV, the
// status column naming unreviewed and not-extracted files, optional source and check columns;
// bad input answered 4xx with a detail; another user's ids 404. A 500-file dataset (copies of a
// real extracted file) exports in full, chunked, and its records are read while it is written.
import ExcelJS from 'exceljs';
import type { Readable } from 'node:stream';
import { sharedProcessingPool } from '../../pool';
import { shutdownOcr } from '../../processing/ocr';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';
import { TERMINAL, generousLimits, waitForJob } from '../jobs/test-helpers';
import { TABLE_TEMPLATE, TEXT_TEMPLATE, createDataset, createPrompt, createSchema, invoiceBlocks, preparedFile } from '../extraction/test-fixtures';
import { addToDataset, cloneExtractedFile } from './seed';
import { datasetScope, exportStream } from './service';
import { parseCsv } from './csv.testing';

jest.setTimeout(240_000);

let t: TestApp;
let u: TestUser;
let other: TestUser;

const SCHEMA = {
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
const ROWS = [
  ['Item', 'Qty', 'Price'],
  ['Hex bolt', '4', '2.50'],
  ['Washer', '10', '0.20'],
  ['Bracket', '1', '7.00'],
];
const FORMULA = '=HYPERLINK("http://evil.example","click")';

const api = (method: string, path: string, json?: unknown, user: TestUser = u) => t.request(method, `/api/v1/${path}`, { token: user.token, ...(json !== undefined ? { json } : {}) });

async function download(path: string, user: TestUser = u): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const res = await fetch(`${t.baseUrl}/api/v1/${path}`, { headers: { authorization: `Bearer ${user.token}` } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

const byHeader = (rows: string[][]) => rows.slice(1).map((r) => Object.fromEntries(rows[0]!.map((h, i) => [h, r[i]])));

async function runJob(body: Record<string, unknown>, path = 'jobs/'): Promise<any> {
  const created = await api('POST', path, { name: 'Run', ...(path === 'jobs/' ? { job_type: 'extraction', start: true } : {}), ...body });
  if (created.status !== 201) throw new Error(`job: ${created.status} ${created.text}`);
  const job = await waitForJob(t, u, created.body.id, (j) => TERMINAL.includes(j.status), 120_000);
  if (job.status !== 'completed') throw new Error(`job ${job.status}: ${job.error_message}`);
  return job;
}

let fileA: string; // extracted, corrected, reviewed
let fileB: string; // extracted, unreviewed
let fileC: string; // chunked, never extracted
let datasetId: string;
let jobId: string;
let pipelineId: string;
let ocrJobId: string;

beforeAll(async () => {
  t = await startTestApp({ jobs: { inApiWorkers: 2, pollIntervalMs: 100 } });
  await generousLimits(t);
  u = await t.registerUser();
  other = await t.registerUser();
  const schemaId = await createSchema(t, u, SCHEMA, 'Invoice with items');
  const textPrompt = await createPrompt(t, u, { type: 'text', template: TEXT_TEMPLATE, output_schema_id: schemaId });
  const tablePrompt = await createPrompt(t, u, { type: 'table', template: TABLE_TEMPLATE, output_schema_id: schemaId });
  const page = (number: string, vendor: string) => [
    ...invoiceBlocks({ number, date: '2024-03-15', vendor, total: '27.00' }),
    { kind: 'table' as const, rows: ROWS },
  ];
  fileA = await preparedFile(t, u, [page('INV-1001', 'Northwind Trading')], 'alpha.pdf');
  fileB = await preparedFile(t, u, [page('INV-2002', 'Contoso Supplies')], 'beta.pdf');
  fileC = await preparedFile(t, u, [page('INV-3003', 'Fabrikam')], 'gamma.pdf');
  datasetId = await createDataset(t, u, [fileA, fileB], 'Invoices March');
  jobId = (await runJob({ dataset_id: datasetId, prompt_id: textPrompt, table_prompt_id: tablePrompt })).id;
  const added = await api('POST', `datasets/${datasetId}/files`, { file_ids: [fileC] });
  if (added.status >= 300) throw new Error(`add files: ${added.status} ${added.text}`);
  pipelineId = (await runJob({ dataset_id: datasetId, prompt_id: textPrompt, table_prompt_id: tablePrompt, pipeline_stages: ['extraction'] }, 'jobs/pipeline')).id;
  // a correction (a value that would run as a formula) and the Reviewed mark on file A
  let rec = await api('GET', `files/${fileA}/record`);
  const set = await api('POST', `files/${fileA}/corrections`, { action: 'set', path: '$.vendor', value: FORMULA, base_version: rec.body.base_version });
  if (set.status >= 300) throw new Error(`correction: ${set.status} ${set.text}`);
  rec = await api('GET', `files/${fileA}/record`);
  const mark = await api('POST', `files/${fileA}/review`, { base_version: rec.body.base_version });
  if (mark.status >= 300) throw new Error(`review: ${mark.status} ${mark.text}`);
  const ocr = await api('GET', `jobs/?job_type=ocr&limit=1`);
  ocrJobId = ocr.body.jobs[0].id;
});
afterAll(async () => {
  await t?.close();
  await shutdownOcr();
});

describe('formats', () => {
  it('JSON of a dataset: every file, corrections applied, status of each', async () => {
    const r = await download(`datasets/${datasetId}/export?format=json&checks=true&provenance=true`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('content-disposition')).toMatch(/attachment; filename="invoices-march-review\.json"/);
    const doc = JSON.parse(r.body.toString('utf8'));
    expect(doc.scope).toMatchObject({ kind: 'dataset', id: datasetId, files: 3 });
    const [a, b, c] = doc.files;
    expect([a.filename, b.filename, c.filename]).toEqual(['alpha.pdf', 'beta.pdf', 'gamma.pdf']);
    expect(a).toMatchObject({ status: 'reviewed', reviewed: true, corrections: 1 });
    expect(a.record.vendor).toBe(FORMULA);
    expect(a.record.invoice_number).toBe('INV-1001');
    expect(a.sources['$.vendor'].status).toBe('corrected');
    expect(a.sources['$.invoice_number']).toMatchObject({ status: 'found' });
    expect(Array.isArray(a.checks)).toBe(true);
    expect(b).toMatchObject({ status: 'unreviewed', reviewed: false, corrections: 0 });
    expect(b.record.vendor).toBe('Contoso Supplies');
    expect(c.status).toBe('unreviewed'); // extracted by the pipeline
  });

  it('CSV records: one line per file, the formula escaped, the status column', async () => {
    const r = await download(`datasets/${datasetId}/export?format=csv&part=records`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toContain('invoices-march-review-records.csv');
    const rows = byHeader(parseCsv(r.body.toString('utf8')));
    expect(rows.map((x) => [x.file_name, x.status])).toEqual([
      ['alpha.pdf', 'reviewed'],
      ['beta.pdf', 'unreviewed'],
      ['gamma.pdf', 'unreviewed'],
    ]);
    expect(rows[0]!.vendor).toBe(`'${FORMULA}`);
    expect(rows[0]!.invoice_number).toBe('INV-1001');
    expect(rows[1]!.vendor).toBe('Contoso Supplies');
    expect(r.body.toString('utf8')).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('CSV rows: one line per table row with the file name, source columns on request', async () => {
    const r = await download(`datasets/${datasetId}/export?format=csv&part=rows&provenance=true`);
    const rows = byHeader(parseCsv(r.body.toString('utf8')));
    const alpha = rows.filter((x) => x.file_name === 'alpha.pdf');
    expect(alpha.map((x) => [x.table, x.row, x.item, x.qty])).toEqual([
      ['items', '1', 'Hex bolt', '4'],
      ['items', '2', 'Washer', '10'],
      ['items', '3', 'Bracket', '1'],
    ]);
    expect(alpha[0]!['item source']).toMatch(/^found: line/);
    expect(rows.filter((x) => x.file_name === 'beta.pdf')).toHaveLength(3);
  });

  it('XLSX: Records and Rows sheets, corrected value kept as text', async () => {
    const r = await download(`datasets/${datasetId}/export?format=xlsx&checks=true`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.body as unknown as ArrayBuffer);
    const records = wb.getWorksheet('Records')!;
    const header = (records.getRow(1).values as unknown[]).slice(1) as string[];
    const col = (name: string) => header.indexOf(name) + 1;
    expect(header).toEqual(expect.arrayContaining(['file_name', 'status', 'vendor', 'checks_failed']));
    expect(records.getCell(2, col('file_name')).value).toBe('alpha.pdf');
    expect(records.getCell(2, col('vendor')).value).toBe(FORMULA);
    expect(records.getCell(2, col('vendor')).type).toBe(ExcelJS.ValueType.String);
    expect(records.getCell(3, col('status')).value).toBe('unreviewed');
    const rows = wb.getWorksheet('Rows')!;
    expect(rows.rowCount).toBe(1 + 9);
    expect(rows.getCell(2, 1).value).toBe('alpha.pdf');
  });

  it('one file, an extraction job and a pipeline job', async () => {
    const one = byHeader(parseCsv((await download(`files/${fileA}/export?format=csv`)).body.toString('utf8')));
    expect(one.map((x) => x.file_name)).toEqual(['alpha.pdf']);
    expect(one[0]!.vendor).toBe(`'${FORMULA}`);
    const job = byHeader(parseCsv((await download(`jobs/${jobId}/export?format=csv`)).body.toString('utf8')));
    expect(job.map((x) => x.file_name)).toEqual(['alpha.pdf', 'beta.pdf']); // the files the job worked on
    const pipe = JSON.parse((await download(`jobs/${pipelineId}/export?format=json`)).body.toString('utf8'));
    expect(pipe.files.map((f: any) => f.filename)).toEqual(['alpha.pdf', 'beta.pdf', 'gamma.pdf']);
    expect(pipe.files[0].record.vendor).toBe(FORMULA);
  });

  it('names a file that was never extracted', async () => {
    const fresh = await preparedFile(t, u, [invoiceBlocks({ number: 'INV-9', date: '2024-01-01', vendor: 'Nobody', total: '1.00' })], 'delta.pdf');
    const rows = byHeader(parseCsv((await download(`files/${fresh}/export?format=csv`)).body.toString('utf8')));
    expect(rows[0]).toMatchObject({ file_name: 'delta.pdf', status: 'not extracted', extraction: 'none' });
  });
});

describe('bad input and other users', () => {
  it('answers 422 with a detail for a bad format or part, 400 for a job that is not exportable', async () => {
    const bad = await api('GET', `datasets/${datasetId}/export?format=pdf`);
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.detail)).toContain('format must be json, csv or xlsx');
    expect((await api('GET', `datasets/${datasetId}/export`)).status).toBe(422);
    const part = await api('GET', `datasets/${datasetId}/export?format=csv&part=cells`);
    expect(part.status).toBe(422);
    expect(JSON.stringify(part.body.detail)).toContain('part must be records or rows');
    expect((await api('GET', `datasets/not-a-uuid/export?format=csv`)).status).toBe(422);
    const ocr = await api('GET', `jobs/${ocrJobId}/export?format=csv`);
    expect(ocr.status).toBe(400);
    expect(ocr.body.detail).toContain('Only extraction and pipeline jobs can be exported');
  });

  it("another user's file, dataset and job are 404", async () => {
    for (const path of [`files/${fileA}/export?format=json`, `datasets/${datasetId}/export?format=csv`, `jobs/${jobId}/export?format=xlsx`, `jobs/${pipelineId}/export?format=json`]) {
      const r = await api('GET', path, undefined, other);
      expect([path, r.status]).toEqual([path, 404]);
      expect(typeof r.body.detail).toBe('string');
    }
    expect((await api('GET', `files/${fileA}/export?format=json`, undefined, { ...u, token: '' } as TestUser)).status).toBe(401);
  });
});

describe('a 500-file dataset', () => {
  let bigSet: string;
  let copies: string[];
  beforeAll(async () => {
    copies = await cloneExtractedFile(t.app.database.db, fileB, 499, 'bulk');
    bigSet = await createDataset(t, u, [fileB], 'Five hundred');
    await addToDataset(t.app.database.db, bigSet, copies);
  });

  it('exports every file, streamed (chunked, no content-length)', async () => {
    const res = await fetch(`${t.baseUrl}/api/v1/datasets/${bigSet}/export?format=csv&part=records`, { headers: { authorization: `Bearer ${u.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.headers.get('content-length')).toBeNull();
    const rows = byHeader(parseCsv(await res.text()));
    expect(rows).toHaveLength(500);
    expect(new Set(rows.map((r) => r.file_id)).size).toBe(500);
    expect(rows.every((r) => r.vendor === 'Contoso Supplies' && r.status === 'unreviewed')).toBe(true);
    expect(rows[499]!.file_name).toBe('bulk-0499-beta.pdf');
  });

  it("builds every file's record in a processing thread: the event loop only reads the database", async () => {
    const pool = sharedProcessingPool();
    expect(pool).not.toBeNull();
    const tasks: string[] = [];
    const run = pool!.run.bind(pool!);
    const spy = jest.spyOn(pool!, 'run').mockImplementation(((name: Parameters<typeof run>[0], payload: never, opts?: Parameters<typeof run>[2]) => {
      tasks.push(name);
      return run(name, payload, opts);
    }) as typeof run);
    try {
      const res = await fetch(`${t.baseUrl}/api/v1/datasets/${bigSet}/export?format=json&checks=true`, { headers: { authorization: `Bearer ${u.token}` } });
      expect(res.status).toBe(200);
      const doc = JSON.parse(await res.text());
      expect(doc.files).toHaveLength(500);
      expect(Array.isArray(doc.files[0].checks)).toBe(true);
    } finally {
      spy.mockRestore();
    }
    expect(tasks.filter((n) => n === 'review-record')).toHaveLength(500);
  });

  it('reads the records while it writes: a correction made after the first bytes shows in the last line', async () => {
    const db = t.app.database.db;
    const scope = await datasetScope(db, u.id, bigSet);
    const { stream } = exportStream(db, u.id, scope, { format: 'json', part: 'records', provenance: false, checks: false });
    const it = (stream as Readable)[Symbol.asyncIterator]();
    const first = await it.next();
    expect(first.done).toBe(false);
    // the last file is corrected only now, after the first bytes were produced
    const last = copies.at(-1)!;
    const rec = await api('GET', `files/${last}/record`);
    const set = await api('POST', `files/${last}/corrections`, { action: 'set', path: '$.vendor', value: 'Changed Late Ltd', base_version: rec.body.base_version });
    expect([set.status, set.text]).toEqual([201, expect.any(String)]);
    let body = String(first.value);
    for (let next = await it.next(); !next.done; next = await it.next()) body += String(next.value);
    const doc = JSON.parse(body);
    expect(doc.files).toHaveLength(500);
    expect(doc.files[499].record.vendor).toBe('Changed Late Ltd');
    expect(doc.files[0].record.vendor).toBe('Contoso Supplies');
  });
});
