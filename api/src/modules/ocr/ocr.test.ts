/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// OCR through the API and the in-process workers, with the real engines: a generated text
// PDF comes back exactly, images and image-only PDF pages at >= 95 % character accuracy;
// progress events carry what the OCR monitor shows; cancel mid-OCR; bad input (corrupt,
// encrypted, empty PDFs, undecodable images, files deleted before / while a job runs) fails
// the job with a readable error and the worker keeps running. Fixtures are generated here
// with the OCR library's own helpers.
import { eq } from 'drizzle-orm';
import { files, ocrResults } from '../../db/schema';
import { characterAccuracy } from '../../processing/ocr/fixtures/accuracy';
import {
  expectedLines,
  makeBrokenPng,
  makeCorruptPdf,
  makeEmptyPdf,
  makeEncryptedPdf,
  makeImagePdf,
  makeTextPdf,
  renderTextImage,
  type Block,
} from '../../processing/ocr/fixtures/generate';
import { PAGE_SEPARATOR, shutdownOcr } from '../../processing/ocr';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';
import { TERMINAL, generousLimits, runOcrJob, storeFileDirect, uploadFile, waitForJob } from '../jobs/test-helpers';

jest.setTimeout(90_000);

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await startTestApp({ jobs: { inApiWorkers: 2, pollIntervalMs: 100 } });
  await generousLimits(t);
  u = await t.registerUser();
});
afterAll(async () => {
  await t?.close();
  await shutdownOcr();
});

const SCAN_ROWS: Array<string | string[]> = [
  'Invoice 2024-117 from Northwind Trading Ltd',
  'Delivery address: 42 Harbour Street, Bristol BS1 4RN',
  'Payment is due within 30 days of the invoice date.',
  '',
  ['Item', 'Qty', 'Price'],
  ['Hex bolts M8', '1,200', '420.00'],
  ['Anchor kits', '85', '1,062.50'],
];

/** a small scanned page: a few lines, fast to recognise */
const smallScan = (n: number) => renderTextImage([`Scanned page ${n} of the archive box.`, 'Signed and stamped by the clerk.'], { width: 900, fontSize: 28 });

const ocr = (path: string, init: { method?: string; json?: unknown } = {}) => t.request(init.method ?? 'GET', `/api/v1/ocr/${path}`, { token: u.token, ...(init.json !== undefined ? { json: init.json } : {}) });

describe('text PDF', () => {
  const pages: Block[][] = [
    [
      { kind: 'paragraph', lines: ['Quarterly report for Northwind Trading', 'Prepared on 3 March 2024 by the finance team.'] },
      { kind: 'paragraph', lines: ['Revenue grew by 12 percent compared with the previous quarter.'] },
    ],
    [
      { kind: 'paragraph', lines: ['Line items'] },
      { kind: 'table', rows: [['Item', 'Qty', 'Total'], ['Hex bolts M8', '1200', '420.00'], ['Anchor kits', '85', '1062.50']] },
    ],
  ];
  const expected = pages.map(expectedLines);
  const expectedText = expected.map((l) => l.join('\n')).join(PAGE_SEPARATOR);

  it('gives its text exactly, with pages, numbered lines and the monitor details', async () => {
    const fileId = await uploadFile(t, u, await makeTextPdf(pages), 'report.pdf', 'application/pdf');
    const created = await ocr('jobs', { method: 'POST', json: { file_id: fileId, description: 'quarterly' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'OCR: report.pdf', description: 'quarterly', status: 'pending', job_type: 'ocr', file_id: fileId, filename: 'report.pdf', results_summary: null });
    const started = await ocr(`jobs/${created.body.id}/start`, { method: 'POST' });
    // read after the start: a worker woken by its notice may already have claimed it
    expect(['queued', 'running']).toContain(started.body.status);
    const job = await waitForJob(t, u, created.body.id, (j) => TERMINAL.includes(j.status), 60_000, `/api/v1/ocr/jobs/${created.body.id}`);

    expect(job.status).toBe('completed');
    expect(job.progress_percentage).toBe(100);
    expect(job.results_summary).toMatchObject({
      ocr_text: expectedText,
      ocr_text_length: expectedText.length,
      text_length: expectedText.length,
      page_count: 2,
      line_count: expected.flat().length,
      engine: 'text_layer',
      file_id: fileId,
      filename: 'report.pdf',
    });
    expect(job.results_summary.processing_time_seconds).toBeGreaterThan(0);
    expect(job.results_summary.processing_time).toBe(job.results_summary.processing_time_seconds);
    // what the monitor shows comes from the server, the same live and after a reload, through
    // the presenter of GET /jobs/{id}: every event and their count, the actual figures
    const viaJobs = (await t.request('GET', `/api/v1/jobs/${job.id}`, { token: u.token })).body;
    expect(job.event_count).toBe(job.events.length);
    expect(job.event_count).toBe(viaJobs.event_count);
    expect(job.events.map((e: any) => e.id)).toEqual(viaJobs.events.map((e: any) => e.id));
    expect(job.children).toEqual([]);
    expect(job.actual).toEqual({ pages: 2, chunks: null, tokens: null, credits: viaJobs.credit_cost });
    expect(job.actual).toEqual(viaJobs.actual);

    // the events the OCR monitor shows: file name, bytes downloaded, page i of n, text length, processing time
    const phases = job.events.map((e: any) => `${e.phase}/${e.sub_phase}`);
    expect(phases).toEqual([
      'created/null',
      'queued/null',
      'started/null',
      'preparing/downloading',
      'preparing/file_received',
      'preparing/document_opened',
      'processing/text_layer',
      'processing/text_layer',
      'completed/finished',
    ]);
    const pageEvents = job.events.filter((e: any) => e.sub_phase === 'text_layer');
    expect(pageEvents.map((e: any) => [e.current_value, e.total_value, e.units])).toEqual([
      [1, 2, 'pages'],
      [2, 2, 'pages'],
    ]);
    for (const e of job.events.slice(4)) {
      expect(e.details).toMatchObject({ filename: 'report.pdf', file_name: 'report.pdf', bytes_downloaded: expect.any(Number) });
      expect(e.details.text_length).toEqual(expect.any(Number));
      expect(e.details.processing_time).toEqual(expect.any(Number));
    }
    expect(job.events.at(-1)).toMatchObject({
      event_type: 'success',
      message: `OCR completed successfully - ${expectedText.length} characters extracted`,
      progress_percentage: 100,
      status: 'completed',
      details: { text_length: expectedText.length, page_count: 2, engine: 'text_layer' },
    });

    // results by job id and by file id
    const byJob = await ocr(`results/${job.id}`);
    expect(byJob.body).toMatchObject({ success: true, error: null, ocr_text: expectedText, job_id: job.id, file_id: fileId, page_count: 2, status: 'completed' });
    expect(byJob.body.ocr_markdown).toContain('<!-- page 1 -->');
    expect(byJob.body.ocr_markdown).toContain('| Item | Qty | Total |');
    expect((await ocr(`results/${fileId}`)).body).toMatchObject({ success: true, ocr_text: expectedText, job_id: job.id });

    // numbered lines, 1-based across pages
    const lines = await t.request('GET', `/api/v1/files/${fileId}/ocr/lines`, { token: u.token });
    expect(lines.status).toBe(200);
    expect(lines.body.lines.map((l: any) => l.text)).toEqual(expected.flat());
    expect(lines.body.lines.map((l: any) => l.number)).toEqual(expected.flat().map((_, i) => i + 1));
    expect(lines.body.lines.filter((l: any) => l.page === 2).map((l: any) => l.text)).toEqual(expected[1]);
    expect(lines.body).toMatchObject({ file_id: fileId, page_count: 2, total_lines: expected.flat().length });

    // lists, statistics, and the generic job view agree
    expect((await ocr('jobs?status_filter=completed')).body.jobs.map((j: any) => j.id)).toContain(job.id);
    expect((await ocr('jobs?status_filter=failed')).body.jobs.map((j: any) => j.id)).not.toContain(job.id);
    const list = await ocr('jobs?limit=1');
    expect(list.body).toMatchObject({ offset: 0, limit: 1 });
    expect(list.body.jobs[0].results_summary.ocr_text).toBeUndefined(); // the text only on the single job
    const generic = await t.request('GET', `/api/v1/jobs/${job.id}`, { token: u.token });
    expect(generic.body).toMatchObject({ job_type: 'ocr', single_file: { id: fileId, filename: 'report.pdf' }, results_summary: { ocr_text_length: expectedText.length } });
    const stats = await ocr('statistics');
    expect(stats.body).toMatchObject({ completed_jobs: expect.any(Number), files_with_ocr: expect.any(Number) });
    expect(stats.body.total_characters_extracted).toBeGreaterThanOrEqual(expectedText.length);
  });
});

describe('images', () => {
  const image = renderTextImage(SCAN_ROWS, { width: 1300, fontSize: 30 });

  it('an image of text reaches at least 95 % character accuracy', async () => {
    const fileId = await uploadFile(t, u, image.png, 'scan.png', 'image/png');
    const job = await runOcrJob(t, u, fileId);
    expect(job.status).toBe('completed');
    expect(characterAccuracy(image.lines.join('\n'), job.results_summary.ocr_text)).toBeGreaterThanOrEqual(0.95);
    expect(job.results_summary.engine).toMatch(/^tesseract-(cli|js)$/);
  });

  it('an image-only PDF page reaches at least 95 % character accuracy', async () => {
    const fileId = await uploadFile(t, u, await makeImagePdf([image.png]), 'scan.pdf', 'application/pdf');
    const job = await runOcrJob(t, u, fileId);
    expect(job.status).toBe('completed');
    expect(characterAccuracy(image.lines.join('\n'), job.results_summary.ocr_text)).toBeGreaterThanOrEqual(0.95);
    const page = job.events.find((e: any) => e.sub_phase === 'ocr');
    expect(page.details).toMatchObject({ page: 1, page_source: 'ocr', filename: 'scan.pdf' });
    expect(page.message).toMatch(/^Page 1 of 1/);
  });
});

describe('cancel and deleted files', () => {
  const scans = async (n: number) => makeImagePdf(Array.from({ length: n }, (_, i) => smallScan(i + 1).png));

  it('cancel mid-OCR: stops at the next page, says so, stores nothing; the worker keeps running', async () => {
    const fileId = await uploadFile(t, u, await scans(8), 'box.pdf', 'application/pdf');
    const created = await ocr('jobs', { method: 'POST', json: { file_id: fileId, name: 'long scan' } });
    await ocr(`jobs/${created.body.id}/start`, { method: 'POST' });
    await waitForJob(t, u, created.body.id, (j) => j.events.some((e: any) => e.sub_phase === 'ocr'), 60_000);
    const cancel = await ocr(`jobs/${created.body.id}`, { method: 'DELETE' });
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe('cancelled');
    const job = await waitForJob(t, u, created.body.id, (j) => j.events.some((e: any) => e.sub_phase === 'stopped'), 30_000);
    const stopped = job.events.find((e: any) => e.sub_phase === 'stopped');
    expect(stopped.message).toMatch(/^OCR job cancelled: stopped during the ocr step \(last progress: Page \d of 8/);
    const pagesDone = job.events.filter((e: any) => e.sub_phase === 'ocr').length;
    expect(pagesDone).toBeLessThan(8);
    expect(await t.app.database.db.select().from(ocrResults).where(eq(ocrResults.jobId, created.body.id))).toHaveLength(0);
    expect((await ocr(`results/${created.body.id}`)).body).toMatchObject({ success: false, error: 'The OCR job was cancelled before it finished', status: 'cancelled' });
    expect((await ocr(`jobs/${created.body.id}`, { method: 'DELETE' })).status).toBe(409);
    expect((await ocr(`jobs/${created.body.id}/start`, { method: 'POST' })).status).toBe(409);
    const again = await runOcrJob(t, u, await uploadFile(t, u, await makeTextPdf([[{ kind: 'paragraph', lines: ['Still working after a cancel.'] }]]), 'ok.pdf', 'application/pdf'));
    expect(again.results_summary.ocr_text).toBe('Still working after a cancel.');
  });

  it('a file deleted while its job runs fails the job with a readable error; nothing is stored', async () => {
    const fileId = await uploadFile(t, u, await scans(6), 'doomed.pdf', 'application/pdf');
    const created = await ocr('jobs', { method: 'POST', json: { file_id: fileId } });
    await ocr(`jobs/${created.body.id}/start`, { method: 'POST' });
    await waitForJob(t, u, created.body.id, (j) => j.events.some((e: any) => e.sub_phase === 'ocr'), 60_000);
    expect((await t.request('DELETE', `/api/v1/files/${fileId}`, { token: u.token })).status).toBe(200);
    const job = await waitForJob(t, u, created.body.id, (j) => TERMINAL.includes(j.status), 60_000, `/api/v1/ocr/jobs/${created.body.id}`);
    expect(job.status).toBe('failed');
    expect(job.error_message).toBe('The file doomed.pdf was deleted while its OCR was running; the result was not stored');
    expect(job.error_details).toMatchObject({ code: 'FILE_DELETED', step: 'ocr' });
    expect(job.events.at(-1)).toMatchObject({ event_type: 'error', phase: 'failed' });
    expect((await ocr(`results/${job.id}`)).body).toMatchObject({ success: false, error: job.error_message });
    expect(await t.app.database.db.select().from(ocrResults).where(eq(ocrResults.jobId, job.id))).toHaveLength(0);
  });

  it('a file deleted before its job runs fails it at once', async () => {
    const fileId = await uploadFile(t, u, await makeTextPdf([[{ kind: 'paragraph', lines: ['Short lived.'] }]]), 'brief.pdf', 'application/pdf');
    const created = await ocr('jobs', { method: 'POST', json: { file_id: fileId } });
    await t.request('DELETE', `/api/v1/files/${fileId}`, { token: u.token });
    await ocr(`jobs/${created.body.id}/start`, { method: 'POST' });
    const job = await waitForJob(t, u, created.body.id, (j) => TERMINAL.includes(j.status), 30_000);
    expect(job).toMatchObject({ status: 'failed', error_message: 'The file brief.pdf was deleted before its OCR could run' });
  });
});

describe('bad input', () => {
  it.each([
    ['corrupt.pdf', 'application/pdf', () => makeCorruptPdf(), 'PDF_CORRUPT', /^The PDF is damaged or not a PDF/],
    ['locked.pdf', 'application/pdf', () => makeEncryptedPdf(), 'PDF_ENCRYPTED', /^The PDF is encrypted and needs a password to open\./],
    ['empty.pdf', 'application/pdf', () => makeEmptyPdf(), 'PDF_EMPTY', /^The PDF empty\.pdf has no pages\.$/],
    ['broken.png', 'image/png', () => makeBrokenPng(), 'IMAGE_UNDECODABLE', /^The image broken\.png could not be decoded/],
  ])('%s fails with a stored, readable error (%s)', async (name, mime, make, code, message) => {
    const fileId = await storeFileDirect(t, u.id, await make(), name, mime);
    const job = await runOcrJob(t, u, fileId);
    expect(job.status).toBe('failed');
    expect(job.error_message).toMatch(message);
    expect(job.error_details).toMatchObject({ code, step: 'ocr', attempt: 1 });
    expect(job.attempts).toBe(1); // not retried: nothing would change
    // the error event (a refund of the failed work may follow it)
    expect(job.events.find((e: any) => e.event_type === 'error')).toMatchObject({ phase: 'failed', details: { error: job.error_message } });
    expect(job.event_count).toBe(job.events.length);
    // a refunded failure shows no credits taken
    expect(job.actual).toEqual({ pages: 0, chunks: null, tokens: null, credits: job.error_details.credits_refunded ? 0 : 1 });
    expect((await ocr(`results/${job.id}`)).body).toMatchObject({ success: false, error: job.error_message, ocr_text: null });
  });

  it('a file that failed validation is refused up front (422); other users\' files are 404', async () => {
    const fileId = await storeFileDirect(t, u.id, makeCorruptPdf(), 'invalid.pdf', 'application/pdf');
    await t.app.database.db.update(files).set({ isValid: false, errorMessage: 'Invalid PDF structure' }).where(eq(files.id, fileId));
    const res = await ocr('jobs', { method: 'POST', json: { file_id: fileId } });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'file_id'], msg: `File "invalid.pdf" failed validation and cannot be OCR'd: Invalid PDF structure` });
    const other = await t.registerUser();
    expect((await t.request('POST', '/api/v1/ocr/jobs', { token: other.token, json: { file_id: fileId } })).status).toBe(404);
    expect((await t.request('GET', `/api/v1/ocr/results/${fileId}`, { token: other.token })).status).toBe(404);
    expect((await t.request('GET', `/api/v1/files/${fileId}/ocr/lines`, { token: other.token })).status).toBe(404);
    expect((await ocr('jobs', { method: 'POST', json: { file_id: 'nope' } })).status).toBe(422);
  });

  it('the worker kept running through all of it', async () => {
    const job = await runOcrJob(t, u, await uploadFile(t, u, await makeTextPdf([[{ kind: 'paragraph', lines: ['Alive and well.'] }]]), 'alive.pdf', 'application/pdf'));
    expect(job.results_summary.ocr_text).toBe('Alive and well.');
  });
});

describe('complete and fail by a client', () => {
  it('PUT complete with text stores it as the file\'s OCR; PUT fail stores the error; finished jobs answer 409', async () => {
    const fileId = await uploadFile(t, u, await makeTextPdf([[{ kind: 'paragraph', lines: ['Original text layer.'] }]]), 'ext.pdf', 'application/pdf');
    const created = (await ocr('jobs', { method: 'POST', json: { file_id: fileId } })).body;
    const done = await ocr(`jobs/${created.id}/complete`, { method: 'PUT', json: { ocr_text: 'Line one\nLine two\fPage two line', processing_time: 1.5 } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', progress_percentage: 100, results_summary: { page_count: 2, line_count: 3, engine: 'manual', processing_time: 1.5 } });
    const lines = await t.request('GET', `/api/v1/files/${fileId}/ocr/lines`, { token: u.token });
    expect(lines.body.lines).toEqual([
      { number: 1, page: 1, text: 'Line one' },
      { number: 2, page: 1, text: 'Line two' },
      { number: 3, page: 2, text: 'Page two line' },
    ]);
    expect((await ocr(`jobs/${created.id}/complete`, { method: 'PUT' })).status).toBe(409);

    const second = (await ocr('jobs', { method: 'POST', json: { file_id: fileId } })).body;
    const failed = await ocr(`jobs/${second.id}/fail`, { method: 'PUT', json: { error_message: 'The scanner jammed' } });
    expect(failed.body).toMatchObject({ status: 'failed', error_message: 'The scanner jammed' });
    const third = (await ocr('jobs', { method: 'POST', json: { file_id: fileId } })).body;
    await ocr(`jobs/${third.id}`, { method: 'DELETE' });
    const refused = await ocr(`jobs/${third.id}/complete`, { method: 'PUT' });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('Job was cancelled and cannot be completed');
  });
});
