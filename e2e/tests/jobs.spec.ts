// The jobs area against the real API in Chromium: OCR from the picker to its text,
// chunking to its Chunks Detail View, extraction to its results with the estimate before and
// the actual after, a two-file pipeline watched live without a reload, a job cancelled
// mid-run, and a failed pipeline stage retried (with the current prompt and schema) to
// completion. Data is made through the API, PDFs with pdf-lib at test time; a fresh user per test.
import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { API_URL } from '../support/env';
import { expect, registerUser, test } from '../support/fixtures';
import { apiSignIn } from '../support/session';

type User = { email: string; password: string };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- API bodies are read dynamically

/** API calls as a user; logs in again when the short-lived access token has expired. */
function apiClient(user: User) {
  let token = '';
  const login = async () => {
    const res = await fetch(`${API_URL}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username: user.email, password: user.password }) });
    if (!res.ok) throw new Error(`login ${res.status}`);
    token = ((await res.json()) as Json).access_token;
  };
  const call = async (method: string, p: string, body?: unknown): Promise<Json> => {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (!token) await login();
      const res = await fetch(`${API_URL}/${p}`, { method, headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) }, body: body !== undefined ? JSON.stringify(body) : undefined });
      if (res.status === 401 && attempt === 0) {
        token = '';
        continue;
      }
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text}`);
      return text ? (JSON.parse(text) as Json) : {};
    }
    throw new Error('unreachable');
  };
  return { call };
}
type Api = ReturnType<typeof apiClient>;

async function textPdf(pages: string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => page.drawText(line, { x: 72, y: 720 - i * 16, size: 11, font }));
  }
  return doc.save();
}

const invoicePage = (n: string) => [`Invoice Number: ${n}`, 'Invoice Date: 2024-05-01', 'Vendor: Omega Supplies', 'Total Amount: 1,250.00', 'Thank you for your business. Payment is due within 30 days.'];

async function upload(api: Api, bytes: Uint8Array, filename: string): Promise<string> {
  const prep = await api.call('POST', 'uploads/prepare-upload', { files: [{ filename, size: bytes.length, mime_type: 'application/pdf' }] });
  const u = prep.uploads[0];
  const origin = new URL(API_URL).origin;
  const put = await fetch(u.signed_url.startsWith('http') ? u.signed_url : origin + u.signed_url, { method: 'PUT', headers: { 'Content-Type': u.headers['Content-Type'] }, body: Buffer.from(bytes) });
  if (!put.ok) throw new Error(`PUT ${put.status}`);
  const done = await api.call('POST', 'uploads/complete', { upload_session_id: prep.upload_session_id, completed_uploads: [u.upload_id] });
  return done.results[0].file_id as string;
}

async function waitFor(api: Api, p: string, until: (j: Json) => boolean, timeoutMs = 60_000): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  let last: Json = {};
  while (Date.now() < deadline) {
    last = await api.call('GET', p);
    if (until(last)) return last;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${p} did not reach the state: ${JSON.stringify(last).slice(0, 500)}`);
}
const finished = (j: Json) => ['completed', 'failed', 'cancelled'].includes(j.status);

async function ocr(api: Api, fileId: string) {
  const job = await api.call('POST', 'ocr/jobs', { file_id: fileId });
  await api.call('POST', `ocr/jobs/${job.id}/start`);
  expect((await waitFor(api, `ocr/jobs/${job.id}`, finished)).status).toBe('completed');
}
async function chunk(api: Api, fileId: string) {
  const r = await api.call('POST', 'chunking/test', { file_id: fileId, strategy: 'llm_analysis' });
  expect((await waitFor(api, `chunking/jobs/${r.job_id}`, finished)).status).toBe('completed');
}
async function invoicePrompt(api: Api): Promise<{ id: string; name: string }> {
  const schema = await api.call('POST', 'output-schemas/', {
    name: 'Invoice',
    schema_definition: { type: 'object', properties: { invoice_number: { type: 'string', description: 'the invoice number' }, vendor: { type: 'string', description: 'the vendor name' }, total_amount: { type: 'number', description: 'the total amount' } } },
  });
  const name = `Invoice fields ${Date.now().toString(36)}`;
  const p = await api.call('POST', 'prompts/', { name, type: 'text', template: 'Extract the fields described below.\n{{ schema_descriptions }}\n\nText:\n{{ text_chunk }}', output_schema_id: schema.id });
  return { id: p.id, name };
}

async function signedIn(page: import('@playwright/test').Page) {
  const user = await registerUser();
  await apiSignIn(page, user);
  return { user, api: apiClient(user) };
}

test.describe('jobs area', () => {
  test('an OCR job from the picker to "OCR completed successfully" with its text', async ({ page }) => {
    const { api } = await signedIn(page);
    await upload(api, await textPdf([invoicePage('OCR-7781')]), 'ocr-me.pdf');
    await page.goto('/jobs/ocr');
    await page.getByLabel('Search files').fill('ocr-me');
    await page.getByText('ocr-me.pdf').click();
    await page.getByRole('button', { name: 'Start OCR' }).click();
    await page.waitForURL(/\/jobs\/ocr\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('ocr-completed')).toContainText(/OCR completed successfully - \d+ characters extracted/, { timeout: 30_000 });
    await expect(page.getByTestId('ocr-text')).toContainText('Invoice Number: OCR-7781');
    await expect(page.getByRole('button', { name: 'Copy Text' })).toBeVisible();
    // the recent list names it, with a Monitor button
    await page.getByRole('link', { name: 'Process Another File' }).click();
    await expect(page.getByRole('link', { name: /Monitor OCR: ocr-me.pdf/ })).toBeVisible();
  });

  test('a chunking job to its Chunks Detail View', async ({ page }) => {
    const { api } = await signedIn(page);
    const file = await upload(api, await textPdf([invoicePage('CH-1'), invoicePage('CH-2')]), 'chunk-me.pdf');
    await ocr(api, file);
    await page.goto('/jobs/chunking');
    await page.getByRole('combobox', { name: /^File/ }).selectOption({ label: 'chunk-me.pdf' });
    await expect(page.getByRole('combobox', { name: 'Strategy' })).toHaveValue('llm_analysis');
    await page.getByRole('spinbutton', { name: /Window size/ }).fill('9999');
    await page.getByRole('button', { name: 'Start Chunking' }).click();
    await page.waitForURL(/\/jobs\/chunking\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('chunks-detail-view')).toBeVisible({ timeout: 30_000 });
    const cards = page.getByTestId('chunk-card');
    await expect(cards.first()).toContainText('#1');
    await cards.first().getByRole('button', { name: 'Expand' }).click();
    await expect(page.getByTestId('chunk-expanded')).toContainText('Estimated tokens');
    await expect(page.getByTestId('chunk-expanded')).toContainText('Raw metadata');
    // an invalid window size fell back to 250
    await expect(page.getByTestId('config-window-size')).toHaveText('250');
  });

  test('an extraction job: the estimate before Create, its results card and the actual after', async ({ page }) => {
    const { api } = await signedIn(page);
    const file = await upload(api, await textPdf([invoicePage('EX-5501')]), 'extract-me.pdf');
    await ocr(api, file);
    await chunk(api, file);
    const prompt = await invoicePrompt(api);
    const runs = await api.call('GET', `files/${file}/chunking_runs`);
    const chunks = runs.runs.find((r: Json) => r.is_active).chunk_count as number;

    await page.goto('/jobs/extraction');
    await page.getByRole('button', { name: 'Create Extraction Job' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please fill in all required fields (name, prompt, and dataset/file)' })).toBeVisible();
    await page.getByLabel('Name').fill('Invoice extraction');
    await page.getByRole('combobox', { name: /^Prompt/ }).selectOption({ label: `${prompt.name} (text)` });
    await page.getByText('A single file').click();
    await page.getByRole('combobox', { name: /^File/ }).selectOption({ label: 'extract-me.pdf' });
    const estimate = page.getByTestId('estimate');
    await expect(estimate.getByTestId('estimate-chunks')).toHaveText(String(chunks));
    // offline: the tokens a model call would use, estimated (never 0 with a prompt and a chunk)
    await expect(estimate.getByTestId('estimate-tokens')).toHaveText(/^[1-9][\d.]*K?$/);
    await expect(estimate).toContainText('Your balance and weekly job limit allow this job.');
    await page.getByRole('button', { name: 'Create Extraction Job' }).click();
    await page.waitForURL(/\/jobs\/extraction\/[0-9a-f-]{36}$/);
    const results = page.getByTestId('extraction-results');
    await expect(results).toBeVisible({ timeout: 30_000 });
    await expect(results.getByTestId('extraction-success-rate')).toHaveText('100%');
    const row = page.getByTestId('estimate-row-chunks');
    await expect(row.locator('td').nth(1)).toHaveText(String(chunks));
    await expect(row.locator('td').nth(2)).toHaveText(String(chunks));
    await expect(page.getByTestId('estimate-row-tokens').locator('td').nth(2)).toHaveText(/^[1-9][\d.]*K?$/);
  });

  test('a pipeline over a two-file dataset moves through the stages live, without a reload', async ({ page }) => {
    const { api } = await signedIn(page);
    // a few pages without a text layer make the OCR stage take a little while
    const a = await upload(api, await textPdf([invoicePage('PL-1'), invoicePage('PL-2'), ['p3'], ['p4']]), 'pipe-a.pdf');
    const b = await upload(api, await textPdf([invoicePage('PL-3'), ['p2'], ['p3']]), 'pipe-b.pdf');
    await api.call('POST', 'datasets/', { name: 'Two invoices', file_ids: [a, b] });
    const prompt = await invoicePrompt(api);

    await page.goto('/jobs/pipeline');
    const create = page.getByRole('button', { name: 'Create Pipeline Job' });
    await expect(create).toBeDisabled();
    // an untouched form warns about nothing
    await expect(page.getByTestId('pipeline-validation')).toHaveCount(0);
    await page.getByLabel('Job name').fill('Live pipeline');
    await expect(page.getByTestId('pipeline-validation').first()).toContainText('Missing required fields');
    await page.getByRole('combobox', { name: /^Dataset/ }).selectOption({ label: 'Two invoices (2 files)' });
    await expect(page.getByTestId('pipeline-validation')).toContainText('Extraction stage requires a prompt template');
    await page.getByRole('combobox', { name: /^Prompt template/ }).selectOption({ label: `${prompt.name} (text)` });
    await expect(page.getByTestId('estimate-pages')).toHaveText('7');
    await expect(create).toBeEnabled();
    await create.click();
    await page.waitForURL(/\/jobs\/pipeline\/[0-9a-f-]{36}$/);
    // Every value the page shows, recorded by the page itself on each DOM change: sampling from
    // here (three round trips per look) missed stages a fast pipeline passed through.
    await page.evaluate(() => {
      const w = window as unknown as { __noReload: boolean; __progress: string[]; __stages: string[] };
      w.__noReload = true;
      w.__progress = [];
      w.__stages = [];
      const look = () => {
        const v = document.querySelector('[data-testid="overall-progress"]')?.getAttribute('data-value');
        if (v && w.__progress.at(-1) !== v) w.__progress.push(v);
        const s = document.querySelector('[data-testid="current-stage"]')?.textContent ?? '';
        if (s && w.__stages.at(-1) !== s) w.__stages.push(s);
      };
      look();
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await expect(page.getByTestId('job-status').first()).toHaveText('completed', { timeout: 60_000 });
    const recorded = await page.evaluate(() => {
      const w = window as unknown as { __progress: string[]; __stages: string[] };
      return { __progress: [...w.__progress], __stages: [...w.__stages] };
    });
    const seen = new Set(recorded.__progress);
    const stages = new Set(recorded.__stages);
    expect(seen.size).toBeGreaterThanOrEqual(3);
    expect([...stages].filter((s) => ['ocr', 'chunking', 'extraction', 'completed'].includes(s)).length).toBeGreaterThanOrEqual(2);
    for (const s of ['ocr', 'chunking', 'extraction']) await expect(page.getByTestId(`stage-${s}`)).toHaveAttribute('data-status', 'completed');
    await expect(page.getByTestId('overall-progress')).toHaveAttribute('data-value', '100');
    await expect(page.getByTestId('child-jobs')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View All Jobs' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    // estimate beside actual
    await expect(page.getByTestId('estimate-row-pages-to-ocr').locator('td').nth(1)).toHaveText('7');
    // View Details opens the stage's own monitor
    await page.getByTestId('stage-ocr').getByRole('link', { name: 'View Details' }).click();
    await expect(page).toHaveURL(/\/jobs\/ocr\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('ocr-completed')).toBeVisible();
  });

  test('a job cancelled mid-run; unknown ids show the not-found screens', async ({ page }) => {
    const { api } = await signedIn(page);
    // pages without a text layer go through tesseract: slow enough to cancel
    const pages = Array.from({ length: 40 }, (_, i) => [`pg ${i + 1}`]);
    const file = await upload(api, await textPdf(pages), 'long-scan.pdf');
    const job = await api.call('POST', 'ocr/jobs', { file_id: file, name: 'Long OCR' });
    await api.call('POST', `ocr/jobs/${job.id}/start`);
    await page.goto(`/jobs/ocr/${job.id}`);
    await expect(page.getByTestId('job-status')).toHaveText(/queued|running/);
    await page.getByRole('button', { name: 'Cancel OCR job' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel job' }).click();
    await expect(page.getByTestId('job-status')).toHaveText('cancelled', { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Cancel OCR job' })).toHaveCount(0);
    const after = await api.call('GET', `ocr/jobs/${job.id}`);
    expect(after.status).toBe('cancelled');
    expect(after.results_summary).toBeNull();
    // a random id shows the monitor's not-found screen, never a blank page
    const unknown = '00000000-0000-4000-8000-000000000000';
    await page.goto(`/jobs/pipeline/${unknown}`);
    await expect(page.getByText('Pipeline Job not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Jobs' })).toBeVisible();
    await page.goto(`/jobs/ocr/${unknown}`);
    await expect(page.getByText('OCR Job not found')).toBeVisible();
    await page.goto('/jobs/extraction/not-a-uuid');
    await expect(page.getByText('Extraction Job not found')).toBeVisible();
  });

  test('a failed pipeline stage shows its error; Retry with the current prompt and schema runs it to completion and says so', async ({ page }) => {
    const { api } = await signedIn(page);
    const me = await api.call('GET', 'users/me');
    const good = await upload(api, await textPdf([invoicePage('RT-1')]), 'fine.pdf');
    const bad = await upload(api, await textPdf([invoicePage('RT-2')]), 'lost-bytes.pdf');
    await api.call('POST', 'datasets/', { name: 'Retry set', file_ids: [good, bad] });
    const prompt = await invoicePrompt(api);
    // the stored bytes of one file go missing (a storage outage): its OCR fails for real
    const blob = path.join(process.env.QUARRY_E2E_TMP ?? '', 'data', 'files', 'u', me.id, bad);
    expect(existsSync(blob)).toBe(true);
    renameSync(blob, `${blob}.away`);

    await page.goto('/jobs/pipeline');
    await page.getByLabel('Job name').fill('Retry pipeline');
    await page.getByRole('combobox', { name: /^Dataset/ }).selectOption({ label: 'Retry set (2 files)' });
    await page.getByRole('combobox', { name: /^Prompt template/ }).selectOption({ label: `${prompt.name} (text)` });
    await page.getByRole('button', { name: 'Create Pipeline Job' }).click();
    await page.waitForURL(/\/jobs\/pipeline\/[0-9a-f-]{36}$/);
    const failed = page.getByTestId('job-failed');
    await expect(failed).toContainText('OCR stage for "lost-bytes.pdf" failed', { timeout: 30_000 });
    await expect(page.getByTestId('stage-ocr')).toHaveAttribute('data-status', 'failed');
    // what it ran with, in one line: the prompt and schema by name, each with its version
    const setup = page.getByTestId('pipeline-setup');
    await expect(setup).toContainText(`Prompt: ${prompt.name} (version of `);
    await expect(setup).toContainText('Output schema: Invoice (version of ');

    renameSync(`${blob}.away`, blob); // the bytes are back
    // Retry is a choice; the default (first) reads the prompt and schema as they are now
    await failed.getByRole('button', { name: 'Retry' }).click();
    const choices = page.getByTestId('retry-choice').getByRole('menuitem');
    await expect(choices).toHaveCount(2);
    await expect(choices.first()).toHaveAccessibleName('Retry with the current prompt and schema');
    await expect(choices.nth(1)).toHaveAccessibleName('Retry as it was');
    await choices.first().click();
    await expect(page.getByTestId('job-status').first()).toHaveText('completed', { timeout: 60_000 });
    await expect(page.getByTestId('stage-ocr')).toHaveAttribute('data-status', 'completed');
    await expect(page.getByTestId('stage-chunking')).toHaveAttribute('data-status', 'completed');
    await expect(page.getByTestId('stage-extraction')).toHaveAttribute('data-status', 'completed');
    await expect(setup).toContainText(`Prompt: ${prompt.name} (version of `);
    await expect(setup).toContainText('; retried with the current prompt and schema on ');
    // after a reload the monitor says the same
    await page.reload();
    await expect(page.getByTestId('pipeline-setup')).toContainText('; retried with the current prompt and schema on ');
    await expect(page.getByTestId('job-status').first()).toHaveText('completed');
  });
});
