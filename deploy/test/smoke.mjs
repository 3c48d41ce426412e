#!/usr/bin/env node
// The deployed stack through the shell, in Chromium: sign up, upload a PDF in the upload box,
// run a pipeline from its form, see the extracted invoice number on the file's record.
// Uses e2e's Playwright and Debian's Chromium. Prints one JSON line with what it measured.
//
//   node deploy/test/smoke.mjs <shell URL>                      the smoke test
//   node deploy/test/smoke.mjs <shell URL> --expect-files "text" the files page shows "text"
//                                                                (a new files remote was deployed)
import { chromium } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
const expectFiles = process.argv.includes('--expect-files') ? process.argv[process.argv.indexOf('--expect-files') + 1] : null;
const PASSWORD = 'Correct-Horse-Battery-Staple-42';
const INVOICE_NUMBER = 'INV-2026-0731';

async function invoicePdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const lines = ['INVOICE', `Invoice Number: ${INVOICE_NUMBER}`, 'Invoice Date: 2026-07-31', 'Vendor: Nordlicht Software AB', '', 'Annual licence 1 1,499.00', 'Total 1,499.00'];
  lines.forEach((text, i) => page.drawText(text, { x: 60, y: 720 - i * 22, size: 14, font }));
  return Buffer.from(await doc.save());
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ baseURL: base });
page.setDefaultTimeout(30_000);
const errors = [];
page.on('pageerror', (e) => errors.push(String(e)));
const step = async (name, fn) => {
  const t = Date.now();
  try {
    await fn();
  } catch (error) {
    await page.screenshot({ path: `/tmp/quarry-smoke-${name}.png` }).catch(() => {});
    throw new Error(`smoke: ${name} failed (screenshot /tmp/quarry-smoke-${name}.png): ${error.message}`);
  }
  return Date.now() - t;
};
const expectVisible = (locator, timeout) => locator.first().waitFor({ state: 'visible', timeout });

const result = {};
try {
  const email = `smoke-${Date.now()}@example.com`;
  if (expectFiles) {
    result.files_banner_ms = await step('files-banner', async () => {
      await page.goto('/signup');
      await page.getByLabel(/email/i).fill(email);
      await page.getByLabel(/^password/i).fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(/\/files$/);
      await expectVisible(page.getByText(expectFiles), 30_000);
    });
    console.log(JSON.stringify({ ok: true, ...result }));
    process.exit(0);
  }

  result.signup_ms = await step('signup', async () => {
    await page.goto('/signup');
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel(/^password/i).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/files$/);
  });

  result.upload_ms = await step('upload', async () => {
    await page.getByLabel('Choose files to upload').setInputFiles([{ name: 'invoice-0731.pdf', mimeType: 'application/pdf', buffer: await invoicePdf() }]);
    const item = page.locator('[data-testid="upload-item"][data-filename="invoice-0731.pdf"]');
    await page.waitForFunction((el) => el?.getAttribute('data-status') === 'validated', await item.elementHandle({ timeout: 30_000 }), { timeout: 90_000 });
  });

  // The schema, prompt and dataset through the API the page uses (same origin, a bearer token),
  // the pipeline itself from its form.
  const api = async (method, path, body, token) => {
    const res = await fetch(`${base}/api/v1/${path}`, {
      method,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : {};
  };
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: PASSWORD }).toString(),
  });
  const token = (await login.json()).access_token;
  const files = (await api('GET', 'files/my-files?limit=10', null, token)).files;
  const fileId = files.find((f) => f.filename === 'invoice-0731.pdf').id;
  const schema = await api('POST', 'output-schemas/', {
    name: 'Smoke invoice',
    schema_definition: { type: 'object', properties: { invoice_number: { type: 'string', description: 'the invoice number' }, vendor: { type: 'string', description: 'the vendor name' } } },
  }, token);
  await api('POST', 'prompts/', { name: 'Smoke prompt', type: 'text', template: 'Extract the fields described below.\n{{ schema_descriptions }}\n\nText:\n{{ text_chunk }}', output_schema_id: schema.id }, token);
  await api('POST', 'datasets/', { name: 'Smoke set', file_ids: [fileId] }, token);

  result.pipeline_ms = await step('pipeline', async () => {
    await page.goto('/jobs/pipeline');
    await page.getByLabel('Job name').fill('Smoke run');
    await page.getByRole('combobox', { name: /^Dataset/ }).selectOption({ label: 'Smoke set (1 files)' }).catch(async () => {
      await page.getByRole('combobox', { name: /^Dataset/ }).selectOption({ label: 'Smoke set (1 file)' });
    });
    await page.getByRole('combobox', { name: /^Prompt template/ }).selectOption({ label: 'Smoke prompt (text)' });
    await page.getByRole('button', { name: 'Create Pipeline Job' }).click();
    await page.waitForURL(/\/jobs\/pipeline\/[0-9a-f-]{36}$/);
    await page.waitForFunction(() => document.querySelector('[data-testid="job-status"]')?.textContent?.trim() === 'completed', null, { timeout: 180_000 });
  });

  result.result_ms = await step('result', async () => {
    await page.goto(`/files/${fileId}?tab=extraction`);
    await expectVisible(page.getByRole('region', { name: 'Review record' }).getByText(INVOICE_NUMBER), 30_000);
  });
  if (errors.length) result.page_errors = errors;
  console.log(JSON.stringify({ ok: true, ...result }));
} catch (error) {
  console.log(JSON.stringify({ ok: false, error: error.message, ...result }));
  process.exitCode = 1;
} finally {
  await browser.close();
}
