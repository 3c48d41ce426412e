/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// The review record over real HTTP (docs/review-api.md): a generated invoice PDF with a line-item
// table goes upload -> OCR -> chunking -> offline extraction; GET files/{id}/record gives every
// value its source lines (exact, normalised, table cells), a provider that invents a value gets
// it flagged; the checks pass on the clean document and fail once a correction breaks them;
// corrections are versioned, undone one at a time, refused after a re-extraction (409), and
// scoped to their user (another user's id is 404 everywhere); Reviewed freezes the record and is
// counted on the files list and the dataset.
import { sql } from 'drizzle-orm';
import type { FakeServer } from '../../llm/testing/fake-server';
import type { TestApp, TestUser } from '../../testing/helpers';
import { closeJobsApp, runChunkingJob, startJobsApp } from '../jobs/test-helpers';
import { TEXT_TEMPLATE, createDataset, createTablePrompts, ocrLinesWith, preparedFile, runExtractionJob, startFakeModel } from '../extraction/test-fixtures';

jest.setTimeout(180_000);

let t: TestApp;
let u: TestUser;
let other: TestUser;
let fake: FakeServer;

const SCHEMA = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string', description: 'the invoice number' },
    vendor: { type: 'string', description: 'the vendor name' },
    total_amount: { type: 'number', description: 'the invoice total' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { item: { type: 'string' }, qty: { type: 'number' }, unit_price: { type: 'number' }, amount: { type: 'number' } },
      },
    },
  },
};

// 4 rows: 2 x 12.50 = 25.00, 3 x 4.00 = 12.00, 1 x 100.00 = 100.00, 5 x 2.20 = 11.00; total 148.00
const ROWS = [
  ['Item', 'Qty', 'Unit Price', 'Amount'],
  ['Bolt M8', '2', '12.50', '25.00'],
  ['Washer', '3', '4.00', '12.00'],
  ['Bracket', '1', '100.00', '100.00'],
  ['Spring', '5', '2.20', '11.00'],
];
const PAGE = [
  { kind: 'paragraph' as const, lines: ['Invoice Number: INV-7788', 'Vendor: Northwind Trading', 'Total Amount: 148.00'] },
  { kind: 'table' as const, rows: ROWS },
  { kind: 'paragraph' as const, lines: ['Thank you for your business.'] },
];

const api = (method: string, path: string, json?: unknown, user: TestUser = u) => t.request(method, `/api/v1/${path}`, { token: user.token, ...(json !== undefined ? { json } : {}) });

const runExtraction = (body: Record<string, unknown>, user: TestUser = u) => runExtractionJob(t, user, body, 90_000);
const linesWith = (fileId: string, needle: string) => ocrLinesWith(t, u, fileId, needle);

const record = async (fileId: string, user: TestUser = u) => {
  const r = await api('GET', `files/${fileId}/record`, undefined, user);
  if (r.status !== 200) throw new Error(`record: ${r.status} ${r.text}`);
  return r.body;
};
const correct = (fileId: string, body: Record<string, unknown>, user: TestUser = u) => api('POST', `files/${fileId}/corrections`, body, user);
const check = (rec: any, rule: string) => rec.checks.filter((c: any) => c.rule === rule);

let textPrompt: string;
let tablePrompt: string;

beforeAll(async () => {
  ({ t, u, other } = await startJobsApp());
  ({ textPrompt, tablePrompt } = await createTablePrompts(t, u, SCHEMA, 'Invoice with items'));
  // a model that reads the header right except the vendor, which it invents
  fake = await startFakeModel({ invoice_number: 'INV-7788', vendor: 'Globex Corporation', total_amount: 148 });
});
afterAll(async () => {
  await fake?.close();
  await closeJobsApp(t);
});

describe('the review record of an extracted invoice', () => {
  let fileId: string;
  let jobId: string;
  beforeAll(async () => {
    fileId = await preparedFile(t, u, [PAGE], 'invoice-items.pdf');
    const job = await runExtraction({ file_id: fileId, prompt_id: textPrompt, table_prompt_id: tablePrompt });
    expect(job.status).toBe('completed');
    jobId = job.id;
  });

  it('a file never extracted has an empty record', async () => {
    const fresh = await preparedFile(t, u, [[{ kind: 'paragraph', lines: ['Nothing extracted here'] }]], 'fresh.pdf');
    const rec = await record(fresh);
    expect(rec).toMatchObject({ extraction: 'none', job_id: null, base_version: 'none', original: {}, record: {}, sources: {}, checks: [], reviewed: false, corrections: 0, history: [] });
    const r = await correct(fresh, { action: 'set', path: '$.vendor', value: 'X', base_version: 'none' });
    expect(r.status).toBe(409);
    expect(r.body.detail).toMatch(/no extraction results/);
  });

  it('unifies the results and gives each field its source lines (exact and normalised)', async () => {
    const rec = await record(fileId);
    expect(rec.extraction).toBe('completed');
    expect(rec.job_id).toBe(jobId);
    expect(rec.original).toEqual(rec.record);
    expect(rec.record).toMatchObject({ invoice_number: 'INV-7788', vendor: 'Northwind Trading', total_amount: 148 });
    const [numberLine] = await linesWith(fileId, 'INV-7788');
    const [totalLine] = await linesWith(fileId, 'Total Amount');
    expect(rec.sources['$.invoice_number']).toMatchObject({ status: 'found', match: 'exact', start_line: numberLine, end_line: numberLine, page: 1 });
    // 148 in the record, "148.00" in the document: found as the same number
    expect(rec.sources['$.total_amount']).toMatchObject({ status: 'found', match: 'number', start_line: totalLine });
    expect(rec.summary).toMatchObject({ not_in_document: 0, corrected: 0 });
    expect(rec.summary.values).toBe(Object.keys(rec.sources).length);
  });

  it("table cells point at their own row's line, by the unified record's paths", async () => {
    const rec = await record(fileId);
    const items = rec.record.items as any[];
    expect(items.map((i) => i.item)).toEqual(['Bolt M8', 'Washer', 'Bracket', 'Spring']);
    for (const [i, name] of ['Bolt M8', 'Washer', 'Bracket', 'Spring'].entries()) {
      const [line] = await linesWith(fileId, name);
      for (const col of ['item', 'qty', 'unit_price', 'amount']) {
        expect({ col, i, ...rec.sources[`$.items[${i}].${col}`] }).toMatchObject({ col, i, status: 'found', start_line: line, end_line: line });
      }
    }
    const tableChunk = rec.sources['$.items[0].item'].chunk_id;
    expect(tableChunk).not.toBe(rec.sources['$.invoice_number'].chunk_id);
  });

  it('every check passes on the clean document', async () => {
    const rec = await record(fileId);
    expect(check(rec, 'row_count')).toEqual([{ id: 'row_count:items', rule: 'row_count', status: 'passed', path: '$.items', message: 'items: all 4 table rows found in the document are in the record' }]);
    expect(check(rec, 'line_amount')).toEqual([expect.objectContaining({ status: 'passed', path: '$.items', message: 'items: amount = qty × unit price on all 4 rows' })]);
    expect(check(rec, 'sum_total')).toEqual([expect.objectContaining({ status: 'passed', path: '$.total_amount' })]);
    expect(rec.summary).toMatchObject({ checks_failed: 0, checks_passed: 3 });
  });

  it("the extraction job's results_summary counts the checks (read by the monitors)", async () => {
    const job = (await api('GET', `jobs/${jobId}`)).body;
    expect(job.results_summary.review_checks).toEqual({ failed: 0, passed: 3, files: [] });
  });

  describe('corrections', () => {
    it('a cell correction is a new version: the model result stays, the record and its source show it, the checks see it', async () => {
      const before = await record(fileId);
      const stored = await t.app.database.db.execute(sql`select extracted_data from extraction_results where file_id = ${fileId} and superseded_at is null order by sequence_number`);
      const r = await correct(fileId, { action: 'set', path: '$.items[1].amount', value: 13, base_version: before.base_version });
      expect(r.status).toBe(201);
      expect(r.body.record.items[1].amount).toBe(13);
      expect(r.body.original.items[1].amount).toBe(12);
      expect(r.body.sources['$.items[1].amount']).toMatchObject({ status: 'corrected', start_line: before.sources['$.items[1].amount'].start_line });
      expect(r.body.history).toEqual([
        expect.objectContaining({ action: 'set', path: '$.items[1].amount', old_value: 12, new_value: 13, author_id: u.id, author_email: u.email, status: 'active', applied: true, undone_at: null }),
      ]);
      expect(r.body.corrections).toBe(1);
      // 3 x 4.00 is not 13: the line check fails on that cell; the sum no longer matches the total
      expect(check(r.body, 'line_amount')).toEqual([
        { id: 'line_amount:$.items[1]', rule: 'line_amount', status: 'failed', path: '$.items[1].amount', message: 'items row 2: qty 3 × unit price 4 = 12, but amount is 13' },
      ]);
      expect(check(r.body, 'sum_total')[0]).toMatchObject({ status: 'failed', message: 'Sum of the items amounts is 149, but total amount is 148 (difference 1). Tried: the rows alone (149)' });
      const after = await t.app.database.db.execute(sql`select extracted_data from extraction_results where file_id = ${fileId} and superseded_at is null order by sequence_number`);
      expect((after as any).rows ?? after).toEqual((stored as any).rows ?? stored);
      expect(await record(fileId)).toEqual(r.body);
    });

    it('undo takes back one correction; undoing it again is 409', async () => {
      const rec = await record(fileId);
      const id = rec.history[0].id;
      const r = await api('POST', `files/${fileId}/corrections/${id}/undo`);
      expect(r.status).toBe(200);
      expect(r.body.record).toEqual(r.body.original);
      expect(r.body.history[0]).toMatchObject({ id, status: 'undone', applied: false });
      expect(r.body.history[0].undone_at).toEqual(expect.any(String));
      expect(r.body.corrections).toBe(0);
      expect(r.body.summary.checks_failed).toBe(0);
      const again = await api('POST', `files/${fileId}/corrections/${id}/undo`);
      expect(again.status).toBe(409);
      expect(again.body.detail).toBe('This correction was already undone');
    });

    it('a deleted row fails the row count; adding it back passes it; undoing the delete puts the row back in place', async () => {
      const rec = await record(fileId);
      const del = await correct(fileId, { action: 'delete_row', path: '$.items[2]', base_version: rec.base_version });
      expect(del.status).toBe(201);
      expect(del.body.record.items.map((i: any) => i.item)).toEqual(['Bolt M8', 'Washer', 'Spring']);
      expect(del.body.history.at(-1)).toMatchObject({ action: 'delete_row', old_value: expect.objectContaining({ item: 'Bracket' }), new_value: null });
      // the row that moved up keeps its source (its own line)
      const [springLine] = await linesWith(fileId, 'Spring');
      expect(del.body.sources['$.items[2].item']).toMatchObject({ status: 'found', start_line: springLine });
      expect(check(del.body, 'row_count')[0]).toMatchObject({ status: 'failed', message: 'items: 4 table rows found in the document, 3 in the record (1 missing)' });

      const add = await correct(fileId, { action: 'add_row', path: '$.items', index: 2, value: { item: 'Bracket', qty: 1, unit_price: 100, amount: 100 }, base_version: rec.base_version });
      expect(add.status).toBe(201);
      expect(add.body.record.items.map((i: any) => i.item)).toEqual(['Bolt M8', 'Washer', 'Bracket', 'Spring']);
      expect(add.body.sources['$.items[2].item']).toMatchObject({ status: 'corrected', chunk_id: null, start_line: null });
      expect(check(add.body, 'row_count')[0].status).toBe('passed');
      expect(add.body.summary.checks_failed).toBe(0);

      // undo both: the model's row is back where it was
      const addId = add.body.history.at(-1).id;
      const delId = add.body.history.at(-2).id;
      await api('POST', `files/${fileId}/corrections/${addId}/undo`);
      const back = (await api('POST', `files/${fileId}/corrections/${delId}/undo`)).body;
      expect(back.record).toEqual(back.original);
      expect(back.sources['$.items[2].item']).toMatchObject({ status: 'found' });
    });

    it('a field correction and the sum check failing, then passing again when the total is fixed', async () => {
      const rec = await record(fileId);
      const r = await correct(fileId, { action: 'set', path: '$.total_amount', value: '150.00', base_version: rec.base_version });
      expect(check(r.body, 'sum_total')[0]).toMatchObject({ status: 'failed', path: '$.total_amount', message: 'Sum of the items amounts is 148, but total amount is 150 (difference 2). Tried: the rows alone (148)' });
      expect(r.body.sources['$.total_amount'].status).toBe('corrected');
      const fixed = await correct(fileId, { action: 'set', path: '$.total_amount', value: '148.00', base_version: rec.base_version });
      expect(check(fixed.body, 'sum_total')[0].status).toBe('passed');
      expect(fixed.body.history.slice(-2).map((h: any) => [h.old_value, h.new_value])).toEqual([
        [148, '150.00'],
        ['150.00', '148.00'],
      ]);
    });

    it('bad input is a 422 naming the problem, never a 500', async () => {
      const rec = await record(fileId);
      const base = rec.base_version;
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ action: 'set', path: 'vendor', value: 'x', base_version: base }, /not a record path/],
        [{ action: 'set', path: '$.items', value: 'x', base_version: base }, /is a list/],
        [{ action: 'set', path: '$.items[9].qty', value: 1, base_version: base }, /Row 10 of "items" does not exist/],
        [{ action: 'set', path: '$.vendor.name.x', value: 1, base_version: base }, /"vendor" is not a list/],
        [{ action: 'set', path: '$.items[0].a.b', value: 1, base_version: base }, /Only a field/],
        [{ action: 'set', path: '$.vendor', value: { a: 1 }, base_version: base }, /text, a number/],
        [{ action: 'set', path: '$.vendor', value: 'x' }, /base_version/],
        [{ action: 'rename', path: '$.vendor', base_version: base }, /action must be/],
        [{ action: 'add_row', path: '$.vendor', base_version: base }, /not a list/],
        [{ action: 'add_row', path: '$.items', index: 99, base_version: base }, /past the end/],
        [{ action: 'delete_row', path: '$.items', base_version: base }, /path of the row/],
        [{ action: 'set', path: '$.vendor', value: 'x', base_version: base, extra: 1 }, /Extra inputs/],
      ];
      for (const [body, msg] of cases) {
        const r = await correct(fileId, body);
        expect({ body, status: r.status }).toEqual({ body, status: 422 });
        expect(typeof r.body.detail === 'string' ? r.body.detail : r.body.detail.map((d: any) => d.msg).join('; ')).toMatch(msg);
      }
      expect((await api('POST', `files/${fileId}/corrections/not-a-uuid/undo`)).status).toBe(422);
      expect((await api('POST', `files/${fileId}/review`, {})).status).toBe(422);
    });
  });

  describe('Reviewed', () => {
    it('marks the file Reviewed with a frozen copy, counted on the files list and the dataset; unmark drops it', async () => {
      const datasetId = await createDataset(t, u, [fileId], 'Review set');
      const rec = await record(fileId);
      const corrected = await correct(fileId, { action: 'set', path: '$.vendor', value: 'Northwind Trading Ltd', base_version: rec.base_version });
      const marked = await api('POST', `files/${fileId}/review`, { base_version: rec.base_version });
      expect(marked.status).toBe(200);
      expect(marked.body).toMatchObject({ reviewed: true, review_outdated: false, reviewed_record: corrected.body.record });
      expect(marked.body.reviewed_at).toEqual(expect.any(String));

      const list = (await api('GET', 'files/my-files?limit=100')).body;
      expect(list.reviewed_count).toBe(1);
      expect(list.files.find((f: any) => f.id === fileId).reviewed_at).toBe(marked.body.reviewed_at);
      expect(list.files.filter((f: any) => f.id !== fileId).every((f: any) => f.reviewed_at === null)).toBe(true);
      const ds = (await api('GET', `datasets/${datasetId}`)).body;
      expect(ds.reviewed_count).toBe(1);
      expect(ds.files[0].reviewed_at).toBe(marked.body.reviewed_at);
      expect((await api('GET', 'datasets/')).body.datasets.find((d: any) => d.id === datasetId).reviewed_count).toBe(1);

      // a later correction leaves the frozen copy as it was, and says so
      const later = await correct(fileId, { action: 'set', path: '$.invoice_number', value: 'INV-7789', base_version: rec.base_version });
      expect(later.body).toMatchObject({ reviewed: true, review_outdated: true });
      expect(later.body.reviewed_record.invoice_number).toBe('INV-7788');
      await api('POST', `files/${later.body.file_id}/corrections/${later.body.history.at(-1).id}/undo`);

      const unmarked = await api('DELETE', `files/${fileId}/review`);
      expect(unmarked.body).toMatchObject({ reviewed: false, reviewed_at: null, reviewed_record: null });
      expect((await api('GET', 'files/my-files?limit=100')).body.reviewed_count).toBe(0);
      expect((await api('GET', `datasets/${datasetId}`)).body.reviewed_count).toBe(0);
      // marked again for the tests below
      expect((await api('POST', `files/${fileId}/review`, { base_version: rec.base_version })).status).toBe(200);
    });
  });

  describe('scoped to the user', () => {
    it("another user's file id is 404 on every review endpoint, and changes nothing", async () => {
      const rec = await record(fileId);
      const cid = rec.history[0].id;
      const base = rec.base_version;
      const calls: [string, string, unknown?][] = [
        ['GET', `files/${fileId}/record`],
        ['POST', `files/${fileId}/corrections`, { action: 'set', path: '$.vendor', value: 'Mallory', base_version: base }],
        ['POST', `files/${fileId}/corrections/${cid}/undo`],
        ['POST', `files/${fileId}/review`, { base_version: base }],
        ['DELETE', `files/${fileId}/review`],
      ];
      for (const [method, path, body] of calls) {
        const r = await api(method, path, body, other);
        expect({ method, path, status: r.status }).toEqual({ method, path, status: 404 });
        expect(r.body.detail).toBe('File not found');
      }
      // the other user's own file with this user's correction id: 404 too
      const theirs = await preparedFile(t, other, [PAGE], 'theirs.pdf');
      expect((await api('POST', `files/${theirs}/corrections/${cid}/undo`, undefined, other)).body.detail).toBe('Correction not found');
      expect(await record(fileId)).toEqual(rec);
      expect((await api('GET', 'files/my-files', undefined, other)).body.reviewed_count).toBe(0);
    });
  });

  describe('after a re-extraction', () => {
    it('a correction made on the earlier record is refused with 409 (not applied to the new values); the Reviewed copy stays', async () => {
      const before = await record(fileId);
      // the header chunk, re-extracted by a provider that invents the vendor
      const headerChunk = before.sources['$.invoice_number'].chunk_id;
      const job = await runExtraction({ file_id: fileId, prompt_id: textPrompt, processing_config: { provider: 'openai', chunk_ids: [headerChunk] } });
      expect(job.status).toBe('completed');

      const after = await record(fileId);
      expect(after.base_version).not.toBe(before.base_version);
      const stale = await correct(fileId, { action: 'set', path: '$.vendor', value: 'Fixed', base_version: before.base_version });
      expect(stale.status).toBe(409);
      expect(stale.body.detail).toBe(
        'The record was re-extracted since you loaded it, so this correction was not applied (it could land on a different value). Reload the record and make the correction again.',
      );
      expect(await record(fileId)).toEqual(after);
      // corrections of the earlier record are kept in the history, marked stale, and not applied
      expect(after.history.filter((h: any) => h.status === 'active')).toEqual([]);
      expect(after.history.some((h: any) => h.status === 'stale')).toBe(true);
      expect(after.corrections).toBe(0);
      // the frozen copy (ground truth) is the one marked before
      expect(after).toMatchObject({ reviewed: true, review_outdated: true, reviewed_record: before.reviewed_record });
      expect((await api('POST', `files/${fileId}/review`, { base_version: before.base_version })).status).toBe(409);
    });

    it('a value the model invented is flagged not_in_document; correcting it makes it corrected', async () => {
      const rec = await record(fileId);
      expect(rec.record.vendor).toBe('Globex Corporation');
      expect(rec.sources['$.vendor']).toEqual({ status: 'not_in_document', chunk_id: null, start_line: null, end_line: null, page: null, match: null });
      expect(rec.sources['$.invoice_number'].status).toBe('found');
      expect(rec.summary.not_in_document).toBe(1);
      const r = await correct(fileId, { action: 'set', path: '$.vendor', value: 'Northwind Trading', base_version: rec.base_version });
      expect(r.status).toBe(201);
      expect(r.body.sources['$.vendor'].status).toBe('corrected');
      expect(r.body.summary.not_in_document).toBe(0);
    });

    it('opts.jobId: the record of an earlier run, from its own (superseded) results', async () => {
      const { loadReviewRecord } = await import('./record');
      const first = await loadReviewRecord(t.app.database.db, u.id, fileId, { jobId });
      expect(first!.jobId).toBe(jobId);
      expect(first!.original.vendor).toBe('Northwind Trading');
      expect(await loadReviewRecord(t.app.database.db, other.id, fileId)).toBeNull();
    });
  });
});

describe('checks that fail on the document itself', () => {
  it('a total that is not the sum of the rows and a line whose amount is wrong are reported from the model result', async () => {
    const rows = [ROWS[0]!, ['Bolt M8', '2', '12.50', '26.00'], ['Washer', '3', '4.00', '12.00']];
    const fileId = await preparedFile(
      t,
      u,
      [[{ kind: 'paragraph', lines: ['Invoice Number: INV-9001', 'Vendor: Contoso', 'Total Amount: 40.00'] }, { kind: 'table', rows }]],
      'bad-sums.pdf',
    );
    const job = await runExtraction({ file_id: fileId, prompt_id: textPrompt, table_prompt_id: tablePrompt });
    expect(job.status).toBe('completed');
    const rec = await record(fileId);
    expect(check(rec, 'line_amount')).toEqual([expect.objectContaining({ status: 'failed', path: '$.items[0].amount', message: 'items row 1: qty 2 × unit price 12.50 = 25, but amount is 26' })]);
    expect(check(rec, 'sum_total')).toEqual([expect.objectContaining({ status: 'failed', message: 'Sum of the items amounts is 38, but total amount is 40 (difference 2). Tried: the rows alone (38)' })]);
    // so short a document is one text chunk: no table_structure, nothing to count rows against
    expect(check(rec, 'row_count')).toEqual([]);
    expect((await api('GET', `jobs/${job.id}`)).body.results_summary.review_checks).toEqual({ failed: 2, passed: 0, files: [{ file_id: fileId, filename: 'bad-sums.pdf', failed: 2 }] });
  });
});

describe("the record follows the prompt's own schema", () => {
  it('lists every schema field in the schema order, found or not, with its kind; the values come in that order too', async () => {
    // keys whose database (jsonb) order differs from the author's: vendor, due_date, total_amount, invoice_number
    const schema = {
      type: 'object',
      required: ['total_amount'],
      properties: {
        total_amount: { type: 'number' },
        vendor: { type: 'string' },
        due_date: { type: 'string', format: 'date' },
        invoice_number: { type: 'string' },
      },
    };
    const r = await api('POST', 'prompts/', { name: 'Own schema', type: 'text', template: TEXT_TEMPLATE, schema_definition: schema });
    expect(r.status).toBe(201);
    const fileId = await preparedFile(t, u, [[{ kind: 'paragraph', lines: ['Invoice Number: INV-7788', 'Vendor: Northwind Trading', 'Total Amount: 148.00'] }]], 'own-schema.pdf');
    const job = await runExtraction({ file_id: fileId, prompt_id: r.body.id });
    expect(job.status).toBe('completed');
    const rec = await record(fileId);
    expect(rec.fields).toEqual([
      { key: 'total_amount', kind: 'number', required: true },
      { key: 'vendor', kind: 'string', required: false },
      { key: 'due_date', kind: 'date', required: false },
      { key: 'invoice_number', kind: 'string', required: false },
    ]);
    expect(rec.record.due_date).toBeUndefined();
    expect(Object.keys(rec.record).length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(rec.record)).toEqual(['total_amount', 'vendor', 'invoice_number'].filter((k) => k in rec.record));
    // a field that was not found is corrected like any other: the value is added
    const added = await correct(fileId, { action: 'set', path: '$.due_date', value: '2026-03-31', base_version: rec.base_version });
    expect(added.status).toBe(201);
    expect(added.body.record.due_date).toBe('2026-03-31');

    // a new chunking version has no results yet; the version extracted keeps its count (the results tab offers it)
    const before = (await api('GET', `files/${fileId}/chunking_runs`)).body;
    expect(before.runs.map((r: any) => r.extraction_result_count)).toEqual([1]);
    const again = await runChunkingJob(t, u, { file_id: fileId, strategy: 'page_based' });
    expect(again.status).toBe('completed');
    const after = (await api('GET', `files/${fileId}/chunking_runs`)).body;
    expect(after.runs.map((r: any) => [r.is_active, r.extraction_result_count])).toEqual([
      [true, 0],
      [false, 1],
    ]);
  });
});
