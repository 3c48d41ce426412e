/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Chunk versions and the chunk editor: every chunking job makes a run, exactly one active run
// per file (the newest unless another was activated; enforced by a partial unique index),
// activation, deletion of inactive runs only, and chunk edits with their bound checks.
import { eq } from 'drizzle-orm';
import { chunkingRuns } from '../../db/schema';
import { generateInvoice, generateProse } from '../../processing/chunking/test-fixtures';
import { makeTextPdf } from '../../processing/ocr/fixtures/generate';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';
import { generousLimits, runChunkingJob, uploadFile } from '../jobs/test-helpers';

let t: TestApp;
let u: TestUser;
let fileId: string;
let lineTexts: string[];
const invoice = generateInvoice(5, { seed: 9 });

beforeAll(async () => {
  t = await startTestApp({ jobs: { inApiWorkers: 2, pollIntervalMs: 100 } });
  await generousLimits(t);
  u = await t.registerUser();
  fileId = await uploadFile(t, u, await makeTextPdf([[{ kind: 'paragraph', lines: ['placeholder'] }]]), 'versions.pdf', 'application/pdf');
  const ocr = await t.request('POST', '/api/v1/ocr/jobs', { token: u.token, json: { file_id: fileId } });
  lineTexts = [...invoice.lines.map((l) => l.text), '', ...generateProse(9, { seed: 4 })];
  await t.request('PUT', `/api/v1/ocr/jobs/${ocr.body.id}/complete`, { token: u.token, json: { ocr_text: lineTexts.join('\n') } });
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, user = u) => t.request('GET', `/api/v1/files/${path}`, { token: user.token });
const patch = (chunkId: string, json: unknown, file = fileId, user = u) => t.request('PATCH', `/api/v1/files/${file}/chunks/${chunkId}`, { token: user.token, json });

describe('chunking runs', () => {
  let first: any;
  let second: any;

  it('each chunking job makes a run; the newest is the one active run', async () => {
    const none = await get(`${fileId}/chunks`);
    expect(none.body).toEqual({ total_chunks: 0, chunks: [], run_id: null, file_id: fileId });
    first = await runChunkingJob(t, u, { file_id: fileId, strategy: 'llm_analysis' });
    second = await runChunkingJob(t, u, { file_id: fileId, strategy: 'page_based' });
    const runs = await get(`${fileId}/chunking_runs`);
    expect(runs.status).toBe(200);
    expect(runs.body.total_count).toBe(2);
    expect(runs.body.runs.map((r: any) => [r.chunking_run_id, r.is_active, r.chunking_strategy])).toEqual([
      [second.results_summary.run_id, true, 'page_based'],
      [first.results_summary.run_id, false, 'llm_analysis'],
    ]);
    expect(runs.body.active_run_id).toBe(second.results_summary.run_id);
    expect(runs.body.runs[1]).toMatchObject({ id: first.results_summary.run_id, job_id: first.id, chunk_count: first.results_summary.total_chunks, max_chunk_size: 2000, overlap_size: 0, window_size: 250, model: 'deterministic' });
    const active = await get(`${fileId}/chunks`);
    expect(active.body.run_id).toBe(second.results_summary.run_id);
    const older = await get(`${fileId}/chunking_runs/${first.results_summary.run_id}/chunks`);
    expect(older.body.total_chunks).toBe(first.results_summary.total_chunks);
    expect(older.body.chunks.every((c: any) => c.run_id === first.results_summary.run_id && c.file_id === fileId)).toBe(true);
  });

  it('activating a run makes it the one active run; the database refuses two', async () => {
    const runId = first.results_summary.run_id;
    const res = await t.request('POST', `/api/v1/files/${fileId}/chunking_runs/${runId}/activate`, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ chunking_run_id: runId, is_active: true });
    const runs = (await get(`${fileId}/chunking_runs`)).body.runs;
    expect(runs.filter((r: any) => r.is_active).map((r: any) => r.id)).toEqual([runId]);
    expect((await get(`${fileId}/chunks`)).body.run_id).toBe(runId);
    // activating the active run again is harmless
    expect((await t.request('POST', `/api/v1/files/${fileId}/chunking_runs/${runId}/activate`, { token: u.token })).body.is_active).toBe(true);
    // the partial unique index: exactly one active run per file, whatever the code does
    await expect(
      t.app.database.db.update(chunkingRuns).set({ isActive: true }).where(eq(chunkingRuns.id, second.results_summary.run_id)),
    ).rejects.toThrow();
  });

  it('only inactive runs can be deleted (409 for the active one); chunks go with them', async () => {
    const active = first.results_summary.run_id;
    const inactive = second.results_summary.run_id;
    const refused = await t.request('DELETE', `/api/v1/files/${fileId}/chunking_runs/${active}`, { token: u.token });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('The active chunking run cannot be deleted; activate another run of this file first');
    const deleted = await t.request('DELETE', `/api/v1/files/${fileId}/chunking_runs/${inactive}`, { token: u.token });
    expect(deleted.status).toBe(204);
    expect((await get(`${fileId}/chunking_runs/${inactive}/chunks`)).status).toBe(404);
    expect((await get(`${fileId}/chunking_runs`)).body.runs.map((r: any) => r.id)).toEqual([active]);
    expect((await t.request('DELETE', `/api/v1/files/${fileId}/chunking_runs/${inactive}`, { token: u.token })).status).toBe(404);
    // the chunking job's own chunks view follows the run
    expect((await t.request('GET', `/api/v1/chunking/${second.id}/chunks`, { token: u.token })).body.total_chunks).toBe(0);
  });

  it("another user's file and runs are not found", async () => {
    const other = await t.registerUser();
    expect((await get(`${fileId}/chunking_runs`, other)).status).toBe(404);
    expect((await get(`${fileId}/chunks`, other)).status).toBe(404);
    expect((await t.request('POST', `/api/v1/files/${fileId}/chunking_runs/${first.results_summary.run_id}/activate`, { token: other.token })).status).toBe(404);
    expect((await t.request('DELETE', `/api/v1/files/${fileId}/chunking_runs/${first.results_summary.run_id}`, { token: other.token })).status).toBe(404);
  });
});

describe('chunk edits', () => {
  let chunks: any[];
  let table: any;
  const doc = () => lineTexts;
  const contentOf = (s: number, e: number) => doc().slice(s - 1, e).join('\n');

  beforeAll(async () => {
    const job = await runChunkingJob(t, u, { file_id: fileId, strategy: 'llm_analysis', max_chunk_size: 300 });
    chunks = (await get(`${fileId}/chunks`)).body.chunks;
    expect((await get(`${fileId}/chunks`)).body.run_id).toBe(job.results_summary.run_id);
    table = chunks.find((c) => c.chunk_type === 'table');
    expect(table).toBeDefined();
  });

  it('recomputes content, positions and counts from the OCR lines', async () => {
    const c = chunks[0];
    const newEnd = c.end_line - 1;
    const res = await patch(c.id, { start_line: c.start_line, end_line: newEnd, chunk_type: 'text' });
    expect(res.status).toBe(200);
    const content = contentOf(c.start_line, newEnd);
    const offset = doc().slice(0, c.start_line - 1).join('\n').length + (c.start_line > 1 ? 1 : 0);
    expect(res.body).toMatchObject({
      id: c.id,
      start_line: c.start_line,
      end_line: newEnd,
      content,
      character_count: content.length,
      approximate_token_count: Math.ceil(content.length / 4),
      start_position: offset,
      end_position: offset + content.length,
      chunk_index: 0,
    });
    expect(res.body.metadata).toMatchObject({ edited: true, llm_start_line: c.start_line, llm_end_line: newEnd, tables_found: 0 });
  });

  it('edits a table: header and body rows in the editor form; omitted table_structure keeps the tables', async () => {
    const { description, header, bodyStart, bodyEnd } = invoice.table;
    const res = await patch(table.id, {
      start_line: table.start_line,
      end_line: table.end_line,
      chunk_type: 'table',
      table_structure: {
        has_description: true,
        description_lines: [description, description],
        has_header: true,
        header_lines: [[header, header]],
        body_rows: [{ start: bodyStart, end: bodyStart + 1 }, ...Array.from({ length: bodyEnd - bodyStart - 1 }, (_, i) => ({ start: bodyStart + 2 + i, end: bodyStart + 2 + i }))],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.metadata.table_structure).toEqual([
      {
        start: description,
        end: bodyEnd,
        parts: [
          { role: 'description', start: description, end: description },
          { role: 'header', start: header, end: header },
          { role: 'body', start: bodyStart, end: bodyStart + 1 },
          ...Array.from({ length: bodyEnd - bodyStart - 1 }, (_, i) => ({ role: 'body', start: bodyStart + 2 + i, end: bodyStart + 2 + i })),
        ],
      },
    ]);
    const kept = await patch(table.id, { start_line: table.start_line, end_line: table.end_line, chunk_type: 'table' });
    expect(kept.status).toBe(200);
    expect(kept.body.metadata.table_structure).toEqual(res.body.metadata.table_structure);
  });

  it('checks the bounds, one 422 entry per problem', async () => {
    const last = doc().length;
    const past = await patch(chunks.at(-1).id, { start_line: chunks.at(-1).start_line, end_line: last + 5, chunk_type: 'text' });
    expect(past.status).toBe(422);
    expect(past.body.detail).toEqual([{ loc: ['body', 'end_line'], msg: `end_line ${last + 5} is outside the document (lines 1-${last})`, type: 'value_error' }]);

    const { description, header, bodyStart, bodyEnd } = invoice.table;
    const base = { start_line: table.start_line, end_line: table.end_line, chunk_type: 'table' };
    const outside = await patch(table.id, { ...base, table_structure: { start: description, end: bodyEnd + 30, parts: [{ role: 'body', start: bodyStart, end: bodyStart }] } });
    expect(outside.status).toBe(422);
    expect(outside.body.detail[0].loc).toEqual(['body', 'table_structure', 0]);
    expect(outside.body.detail[0].msg).toMatch(/^Table 1 \(lines \d+-\d+\) must lie inside the chunk/);

    const headerOut = await patch(table.id, { ...base, table_structure: { start: bodyStart, end: bodyEnd, has_header: true, header_lines: [[header, header]], body_rows: [[bodyStart, bodyStart]] } });
    expect(headerOut.status).toBe(422);
    expect(headerOut.body.detail.map((d: any) => d.loc)).toContainEqual(['body', 'table_structure', 0, 'header_lines']);

    const noBody = await patch(table.id, { ...base, table_structure: { has_header: true, header_lines: [[header, header]], body_rows: [] } });
    expect(noBody.status).toBe(422);
    expect(noBody.body.detail).toContainEqual({ loc: ['body', 'table_structure', 0, 'body_rows'], msg: 'Table 1: at least one body row is required', type: 'value_error' });

    const noTable = await patch(table.id, { ...base, table_structure: null });
    expect(noTable.status).toBe(422);
    expect(noTable.body.detail[0].msg).toBe('A table chunk must contain at least one table (chunk type table means Contains Tables)');

    const reversed = await patch(table.id, { ...base, start_line: 10, end_line: 4, table_structure: null, chunk_type: 'text' });
    expect(reversed.body.detail).toContainEqual({ loc: ['body', 'end_line'], msg: 'start_line 10 is after end_line 4', type: 'value_error' });

    expect((await patch(table.id, { ...base, start_line: 0 })).status).toBe(422); // min 1
    expect((await patch(table.id, { ...base, chunk_type: 'figure' })).status).toBe(422);
  });

  it("refuses overlap with the run's other chunks", async () => {
    const a = chunks[0];
    const b = chunks[1];
    const res = await patch(a.id, { start_line: a.start_line, end_line: b.start_line, chunk_type: 'text' });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { loc: ['body', 'start_line'], msg: `Lines ${a.start_line}-${b.start_line} overlap chunk 2 (lines ${b.start_line}-${b.end_line}) of this chunking run`, type: 'value_error' },
    ]);
  });

  it('keeps chunk_index in line order; other users and other files get 404', async () => {
    const list = (await get(`${fileId}/chunks`)).body.chunks;
    expect(list.map((c: any) => c.chunk_index)).toEqual(list.map((_: any, i: number) => i));
    expect(list.map((c: any) => c.start_line)).toEqual([...list.map((c: any) => c.start_line)].sort((x: number, y: number) => x - y));
    const other = await t.registerUser();
    expect((await patch(chunks[0].id, { start_line: 1, end_line: 2, chunk_type: 'text' }, fileId, other)).status).toBe(404);
    const otherFile = await uploadFile(t, u, await makeTextPdf([[{ kind: 'paragraph', lines: ['x'] }]]), 'other.pdf', 'application/pdf');
    const wrong = await patch(chunks[0].id, { start_line: 1, end_line: 2, chunk_type: 'text' }, otherFile);
    expect(wrong.status).toBe(404);
    expect(wrong.body.detail).toBe('Chunk not found');
  });
});
