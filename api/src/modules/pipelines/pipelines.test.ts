/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Pipelines over real HTTP and a real WebSocket: a dataset of three generated files through
// OCR -> chunking -> extraction end to end, with the live messages in the order the pipeline
// monitor needs (docs/product/jobs.md); cancel mid-pipeline (children too, nothing left running); a failing
// stage stops the pipeline with its error; validation and other users' pipelines.
import { eq } from 'drizzle-orm';
import { files } from '../../db/schema';
import { Readable } from 'node:stream';
import { makeCorruptPdf, makeTextPdf } from '../../processing/ocr/fixtures/generate';
import type { TestApp, TestUser } from '../../testing/helpers';
import { TERMINAL, closeJobsApp, startJobsApp, storeFileDirect, waitForJob } from '../jobs/test-helpers';
import { createDataset, createInvoicePrompt, invoiceBlocks, uploadPdf } from '../extraction/test-fixtures';

jest.setTimeout(180_000);

let t: TestApp;
let u: TestUser;
let other: TestUser;
let promptId: string;

beforeAll(async () => {
  ({ t, u, other } = await startJobsApp());
  ({ promptId } = await createInvoicePrompt(t, u));
});
afterAll(() => closeJobsApp(t));

const api = (method: string, path: string, json?: unknown, user: TestUser = u) => t.request(method, `/api/v1/${path}`, { token: user.token, ...(json !== undefined ? { json } : {}) });
const waitPipeline = (id: string, until: (p: any) => boolean = (p) => TERMINAL.includes(p.status)) => waitForJob(t, u, id, until, 120_000, `/api/v1/jobs/pipeline/${id}`);

const INV = [
  { number: 'INV-3001', date: '2024-01-10', vendor: 'Alpha Metals', total: '100.00', value: 100 },
  { number: 'INV-3002', date: '2024-02-11', vendor: 'Beta Plastics', total: '2,500.75', value: 2500.75 },
  { number: 'INV-3003', date: '2024-03-12', vendor: 'Gamma Glass', total: '42.42', value: 42.42 },
];

describe('a pipeline over a dataset of three generated files', () => {
  it('runs OCR -> chunking -> extraction with live messages in the order the monitor needs', async () => {
    const ids: string[] = [];
    for (const inv of INV) ids.push(await uploadPdf(t, u, [invoiceBlocks(inv)], `${inv.number}.pdf`));
    const ds = await createDataset(t, u, ids, 'Three invoices');
    const socket = await t.openSocket('/ws/connect', u.token);
    const created = await api('POST', 'jobs/pipeline', {
      name: 'Full run',
      dataset_id: ds,
      pipeline_stages: ['ocr', 'chunking', 'extraction'],
      prompt_id: promptId,
      processing_config: { chunking_strategy: 'llm_analysis', chunk_size: 9999 },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.body.processing_config.chunk_size).toBe(250); // invalid -> 250
    const done = await waitPipeline(id);
    expect(done.status).toBe('completed');
    expect(done.overall_progress).toBe(100);
    expect(done.current_stage).toBe('completed');
    for (const s of ['ocr', 'chunking', 'extraction']) {
      expect(done.stages[s]).toMatchObject({ status: 'completed', progress: 100, job_id: expect.any(String) });
    }
    expect(done.stages.ocr.total).toBe(3);
    expect(done.stages.chunking.total).toBe(3);
    expect(done.stages.extraction.total).toBe(1);
    expect(done.events.length).toBeGreaterThan(5);
    for (const [i, inv] of INV.entries()) {
      const res = await api('GET', `files/${ids[i]}/extraction-results`);
      expect(res.body.find((r: any) => r.extracted_data?.invoice_number)?.extracted_data).toMatchObject({ invoice_number: inv.number, vendor: inv.vendor, total_amount: inv.value });
    }
    // the stage jobs are real jobs of their own types (their monitors work)
    const ext = await api('GET', `jobs/${done.stages.extraction.job_id}`);
    expect(ext.body).toMatchObject({ job_type: 'extraction', status: 'completed', parent_job_id: id });
    expect(ext.body.results_summary.successful_extractions).toBeGreaterThanOrEqual(3);

    await socket.next((m) => m.event === 'job_update' && m.job_id === id && m.status === 'completed', 10_000);
    const updates = socket.messages.filter((m) => m.event === 'job_update');
    // classified as the monitor does: pipeline / child / aggregated
    const source = (m: any) => (m.job_id === id ? (m.data.context.aggregated_from_children ? 'aggregated' : 'pipeline') : m.data.context.pipeline_root_id === id ? 'child' : 'other');
    const mine = updates.filter((m) => source(m) !== 'other');
    expect(source(mine[0])).toBe('pipeline');
    expect(mine.some((m) => source(m) === 'child')).toBe(true);
    expect(mine.some((m) => source(m) === 'aggregated')).toBe(true);
    // every child message names the pipeline as root and carries its type; aggregated ones name the child
    for (const m of mine.filter((x) => source(x) === 'child')) expect(['ocr', 'chunking', 'extraction']).toContain(m.data.context.job_type);
    for (const m of mine.filter((x) => source(x) === 'aggregated')) {
      expect(m.data.context.child_job_id).toBeTruthy();
      expect(m.data.details.current_stage).toBe(m.data.phase);
    }
    // pipeline + aggregated progress never goes back, stays within the stage ranges, stages in order
    const own = mine.filter((m) => source(m) !== 'child');
    const pcts = own.map((m) => m.progress_percentage as number);
    for (let i = 1; i < pcts.length; i++) expect(pcts[i]!).toBeGreaterThanOrEqual(pcts[i - 1]!);
    const rank = { ocr: 0, chunking: 1, extraction: 2, completed: 3 } as Record<string, number>;
    const stageSeq = own.map((m) => m.data.details.current_stage).filter((s) => s !== undefined).map((s) => rank[s]!);
    for (let i = 1; i < stageSeq.length; i++) expect(stageSeq[i]!).toBeGreaterThanOrEqual(stageSeq[i - 1]!);
    const range = { ocr: [0, 20], chunking: [20, 50], extraction: [50, 100] } as Record<string, number[]>;
    for (const m of own.filter((x) => source(x) === 'aggregated')) {
      const [lo, hi] = range[m.data.phase]!;
      expect(m.progress_percentage).toBeGreaterThanOrEqual(lo!);
      expect(m.progress_percentage).toBeLessThanOrEqual(hi!);
    }
    // the last pipeline message is its completion at 100
    const last = own.at(-1);
    expect(last).toMatchObject({ status: 'completed', progress_percentage: 100 });
    // no child message of a later stage before the previous stage's completion message
    const idx = (pred: (m: any) => boolean) => mine.findIndex(pred);
    const ocrDone = idx((m) => source(m) === 'pipeline' && m.data.sub_phase === 'stage_completed' && m.data.phase === 'ocr');
    const firstChunkChild = idx((m) => source(m) === 'child' && m.data.context.job_type === 'chunking' && m.data.phase !== 'queued');
    expect(ocrDone).toBeGreaterThan(-1);
    expect(firstChunkChild).toBeGreaterThan(ocrDone);
    await socket.close();
    // another user's pipeline: 404
    expect((await api('GET', `jobs/pipeline/${id}`, undefined, other)).status).toBe(404);
    expect((await api('POST', `jobs/pipeline/${id}/cancel`, undefined, other)).status).toBe(404);
  });
});

describe('stopping', () => {
  it('cancel mid-pipeline cancels the stage jobs; nothing stays running', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const pages = Array.from({ length: 4 }, (_, p) => invoiceBlocks({ number: `C-${i}-${p}`, date: '2024-06-01', vendor: 'Delta', total: '1.00' }));
      ids.push(await uploadPdf(t, u, pages, `cancel-${i}.pdf`));
    }
    const ds = await createDataset(t, u, ids, 'To cancel');
    const created = await api('POST', 'jobs/pipeline', { name: 'Cancel me', dataset_id: ds, prompt_id: promptId });
    expect(created.status).toBe(201);
    const id = created.body.id;
    await waitPipeline(id, (p) => p.stages.ocr.total > 0);
    const cancelled = await api('POST', `jobs/pipeline/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    // every stage job ends (cancelled, or completed if it finished first); none stays active
    const deadline = Date.now() + 30_000;
    let kids: any[] = [];
    while (Date.now() < deadline) {
      kids = (await api('GET', `jobs/${id}/dependencies`)).body.children;
      if (kids.every((k: any) => TERMINAL.includes(k.status))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(kids.length).toBeGreaterThan(0);
    expect(kids.every((k: any) => TERMINAL.includes(k.status))).toBe(true);
    expect(kids.some((k: any) => k.status === 'cancelled')).toBe(true);
    const after = await api('GET', `jobs/pipeline/${id}`);
    expect(after.body.status).toBe('cancelled');
    expect(after.body.stages.chunking.total).toBe(0);
    expect((await api('POST', `jobs/pipeline/${id}/cancel`)).status).toBe(409);
  });

  it('a failing stage stops the pipeline with the error', async () => {
    const good = await uploadPdf(t, u, [invoiceBlocks(INV[0]!)], 'good.pdf');
    const broken = await storeFileDirect(t, u.id, makeCorruptPdf(), 'broken.pdf', 'application/pdf');
    await t.app.database.db.update(files).set({ isValid: true }).where(eq(files.id, broken));
    const ds = await createDataset(t, u, [good, broken], 'One broken');
    const created = await api('POST', 'jobs/pipeline', { name: 'Will fail', dataset_id: ds, prompt_id: promptId });
    expect(created.status).toBe(201);
    const done = await waitPipeline(created.body.id);
    expect(done.status).toBe('failed');
    expect(done.error_message).toMatch(/OCR stage for "broken.pdf" failed/);
    expect(done.stages.ocr.status).toBe('failed');
    expect(done.stages.chunking.total).toBe(0);
  });
});

describe('retrying a failed pipeline', () => {
  it('queues the failed stage job again; it resumes and the pipeline completes', async () => {
    const good = await uploadPdf(t, u, [invoiceBlocks(INV[1]!)], 'ok.pdf');
    const broken = await storeFileDirect(t, u.id, makeCorruptPdf(), 'later-fixed.pdf', 'application/pdf');
    await t.app.database.db.update(files).set({ isValid: true }).where(eq(files.id, broken));
    const ds = await createDataset(t, u, [good, broken], 'Fixed later');
    const created = await api('POST', 'jobs/pipeline', { name: 'Retry me', dataset_id: ds, prompt_id: promptId });
    const id = created.body.id;
    const failed = await waitPipeline(id);
    expect(failed.status).toBe('failed');
    expect(failed.error_message).toMatch(/OCR stage for "later-fixed.pdf" failed/);
    const failedOcr = failed.stages.ocr.job_id;
    // the stored bytes are repaired (the file is uploaded again under the same key)
    const [row] = await t.app.database.db.select({ key: files.storageKey }).from(files).where(eq(files.id, broken));
    const fixed = Buffer.from(await makeTextPdf([invoiceBlocks(INV[2]!)]));
    await t.app.jobs.services.storage.put(row!.key, Readable.from([fixed]), { maxBytes: fixed.length + 1 });
    // a stage job is started by its pipeline only
    expect((await api('POST', `jobs/${failedOcr}/start`)).status).toBe(409);
    const restarted = await api('POST', `jobs/${id}/start`);
    expect(restarted.status).toBe(200);
    // the answer is the job as read after the start: a worker woken by the start's notice may
    // already have claimed it (seen on the PostgreSQL server), never still failed
    expect(['queued', 'running']).toContain(restarted.body.status);
    const done = await waitPipeline(id);
    expect(done.status).toBe('completed');
    expect(done.stages.ocr).toMatchObject({ status: 'completed', total: 2, completed: 2 });
    expect(done.stages.ocr.job_ids).toContain(failedOcr); // the same stage job, not a new one
    expect(done.stages.extraction.status).toBe('completed');
    const ocrJob = await api('GET', `jobs/${failedOcr}`);
    expect(ocrJob.body.events.some((e: any) => /restarted with its pipeline/.test(e.message))).toBe(true);
  });
});

describe('validation', () => {
  it('answers 4xx with the product messages', async () => {
    const f = await uploadPdf(t, u, [invoiceBlocks(INV[0]!)], 'v.pdf');
    const ds = await createDataset(t, u, [f], 'V');
    let r = await api('POST', 'jobs/pipeline', { name: 'x', dataset_id: ds, pipeline_stages: ['ocr', 'extraction'] });
    expect(r.status).toBe(422);
    expect(JSON.stringify(r.body)).toContain('Extraction stage requires a prompt template');
    r = await api('POST', 'jobs/pipeline', { name: '', dataset_id: ds, pipeline_stages: ['ocr'] });
    expect(r.status).toBe(422);
    r = await api('POST', 'jobs/pipeline', { name: 'x', dataset_id: ds, pipeline_stages: [] });
    expect(r.status).toBe(422);
    r = await api('POST', 'jobs/pipeline', { name: 'x', dataset_id: ds, pipeline_stages: ['chunking', 'ocr'] });
    expect(r.status).toBe(422);
    r = await api('POST', 'jobs/pipeline', { name: 'x', dataset_id: ds, pipeline_stages: ['extraction'], prompt_id: promptId });
    expect(r.status).toBe(400);
    expect(r.body.detail).toMatch(/OCR must be run first/);
    r = await api('POST', 'jobs/pipeline', { name: 'x', dataset_id: ds, pipeline_stages: ['chunking'] });
    expect(r.status).toBe(400);
    r = await api('POST', 'jobs/pipeline', { name: 'x', dataset_id: ds, processing_config: { chunking_strategy: 'bogus' }, prompt_id: promptId });
    expect(r.status).toBe(422);
    r = await api('POST', 'jobs/pipeline', { name: 'x', dataset_id: ds, prompt_id: promptId }, other);
    expect(r.status).toBe(404);
    r = await api('POST', 'jobs/pipeline', { name: 'x', dataset_id: 'nope', prompt_id: promptId });
    expect(r.status).toBe(422);
    // OCR only: chunk_size and strategy unused, fine
    r = await api('POST', 'jobs/pipeline', { name: 'ocr only', dataset_id: ds, pipeline_stages: ['ocr'], processing_config: { chunk_size: 'abc' } });
    expect(r.status).toBe(201);
    const done = await waitPipeline(r.body.id);
    expect(done.status).toBe('completed');
    expect(done.stages.chunking.status).toBe('skipped');
    expect(done.overall_progress).toBe(100);
  });
});
