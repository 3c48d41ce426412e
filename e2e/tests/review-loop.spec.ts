// The review loop in Chromium against the real API: a PDF with a table through the
// pipeline, extracted by an OpenAI-compatible fake started here that invents the vendor; the
// value's source lines highlighted; the invented value flagged not in the document; corrected
// in place and found in the downloaded CSV and XLSX; the file marked Reviewed; a second
// extraction with another prompt (offline extractor) measured against it on the evaluation page.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { ApiUser, TABLE_TEMPLATE, TEXT_TEMPLATE, INVOICE_SCHEMA, makeTextPdf, type Block } from '../support/documents';
import { E2E_PORTS } from '../support/env';
import { expect, registerUser, test } from '../support/fixtures';
import { apiSignIn } from '../support/session';

test.describe.configure({ timeout: 240_000 });

const ROWS = [
  ['Item', 'Qty', 'Price'],
  ['Hex bolt', '4', '2.50'],
  ['Washer', '10', '0.20'],
  ['Bracket', '1', '7.00'],
];
const PAGES: Block[][] = [
  [
    { kind: 'paragraph', lines: ['INVOICE', 'Invoice Number: INV-4410', 'Invoice Date: 2024-05-02', 'Vendor: Northwind Trading', 'Total Amount: 19.00'] },
    { kind: 'paragraph', lines: ['Line items'] },
    { kind: 'table', rows: ROWS },
    { kind: 'paragraph', lines: ['Thank you for your business. Payment is due within 30 days.'] },
  ],
];
const INVENTED = 'Phantom Holdings';

/** An OpenAI-compatible chat-completions server: the text prompt gets an invented vendor, a table prompt the rows. */
async function startFakeLlm(): Promise<{ requests: number; close: () => Promise<void> }> {
  const state = { requests: 0 };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      state.requests++;
      const body = JSON.parse(raw || '{}') as { messages?: { content?: unknown }[] };
      const prompt = (body.messages ?? []).map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))).join('\n');
      const answer = prompt.includes('Header:')
        ? { items: ROWS.slice(1).map(([item, qty, price]) => ({ item, qty: Number(qty), price: Number(price) })) }
        : { invoice_number: 'INV-4410', vendor: INVENTED, total_amount: 19 };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `fake-${state.requests}`,
          object: 'chat.completion',
          model: 'fake-model',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify(answer) } }],
          usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(E2E_PORTS.fakeLlm, '127.0.0.1', r));
  return {
    get requests() {
      return state.requests;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Screenshots for review (REVIEW_SHOTS=dir): light, dark and 390 px wide. */
async function shots(page: Page, name: string) {
  const dir = process.env.REVIEW_SHOTS;
  if (!dir) return;
  const size = page.viewportSize();
  await page.screenshot({ path: `${dir}/${name}-light.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${dir}/${name}-dark.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  if (size) await page.setViewportSize(size);
}

let fake: Awaited<ReturnType<typeof startFakeLlm>>;
test.beforeAll(async () => {
  fake = await startFakeLlm();
});
test.afterAll(async () => {
  await fake?.close();
});

test('source lines, a flagged value, a correction in the CSV and XLSX, Reviewed, and the next run evaluated', async ({ page, consoleErrors }) => {
  const user = await registerUser();
  const api = await ApiUser.login(user);
  const fileId = await api.upload(await makeTextPdf(PAGES), 'review-loop.pdf');
  const dataset = await api.call('POST', 'datasets/', { name: 'Review loop', file_ids: [fileId] });
  const textPrompt = await api.createPrompt('text', TEXT_TEMPLATE, INVOICE_SCHEMA, 'Invoice fields');
  const tablePrompt = await api.createPrompt('table', TABLE_TEMPLATE, INVOICE_SCHEMA, 'Invoice rows');
  const pipeline = await api.call('POST', 'jobs/pipeline', {
    name: 'Review loop pipeline',
    dataset_id: dataset.id,
    prompt_id: textPrompt,
    table_prompt_id: tablePrompt,
    pipeline_stages: ['ocr', 'chunking', 'extraction'],
    processing_config: { provider: 'openai' },
  });
  const done = await api.waitFor(`jobs/pipeline/${pipeline.id}`, 120_000);
  expect(done.status, JSON.stringify(done.error_message)).toBe('completed');
  expect(fake.requests).toBeGreaterThanOrEqual(2);

  await apiSignIn(page, user);
  await page.goto(`/files/${fileId}`);
  await expect(page.getByRole('heading', { name: 'review-loop.pdf' })).toBeVisible();
  await page.getByRole('tab', { name: 'Extraction Results' }).click();
  const record = page.getByRole('region', { name: 'Review record' });
  const fields = record.getByRole('table', { name: 'Unified fields' });
  await expect(fields.getByRole('row').filter({ hasText: 'Invoice number' })).toContainText('INV-4410');
  await shots(page, 'record-with-sources');

  // --- a value's source: its lines highlighted in the OCR text
  await record.getByRole('button', { name: 'Source of Invoice number' }).click();
  await expect(page.getByRole('tab', { name: 'OCR Results' })).toHaveAttribute('aria-selected', 'true');
  const ocr = page.getByRole('region', { name: 'OCR text, page 1' });
  const lit = ocr.locator('[aria-current="true"]');
  await expect(lit.first()).toBeVisible();
  await expect(lit.first()).toContainText('INV-4410');
  await expect(page.getByRole('status').filter({ hasText: /^Source of Invoice number: lines \d+–\d+/ })).toBeVisible();
  await shots(page, 'source-highlighted');

  // --- the invented vendor is flagged, then corrected in place
  await page.getByRole('tab', { name: 'Extraction Results' }).click();
  const flag = record.getByRole('note', { name: 'Vendor: not in the document' }).or(record.getByRole('button', { name: 'Vendor: not in the document' }));
  await expect(flag).toBeVisible();
  await expect(flag).toContainText('Not in document');
  await shots(page, 'flagged-value');
  await record.getByRole('button', { name: 'Edit Vendor' }).click();
  await record.getByRole('textbox', { name: 'Value of Vendor' }).fill('Northwind Trading');
  await record.getByRole('button', { name: 'Save' }).click();
  await expect(fields.getByRole('row').filter({ hasText: 'Vendor' })).toContainText('Northwind Trading');
  await expect(record.getByText('Corrected').first()).toBeVisible();
  await shots(page, 'correction');

  // --- the export menu: CSV records and XLSX carry the corrected value
  const menu = page.getByRole('button', { name: 'Export reviewed records' });
  await menu.click();
  await expect(page.getByRole('menuitem', { name: 'XLSX (records and rows sheets)' })).toBeVisible();
  await shots(page, 'export-menu');
  let pending = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV: records (one line per file)' }).click();
  let download = await pending;
  expect(download.suggestedFilename()).toBe('review-loop-review-records.csv');
  const csv = readFileSync((await download.path())!, 'utf8');
  const [header, line] = csv.replace(/^\ufeff/, '').split('\r\n');
  const cells = line!.split(',');
  expect(cells[header!.split(',').indexOf('vendor')]).toBe('Northwind Trading');
  expect(csv).not.toContain(INVENTED);

  await menu.click();
  pending = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'XLSX (records and rows sheets)' }).click();
  download = await pending;
  expect(download.suggestedFilename()).toBe('review-loop-review.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await download.path())!);
  const sheet = wb.getWorksheet('Records')!;
  const names = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(sheet.getCell(2, names.indexOf('vendor') + 1).value).toBe('Northwind Trading');
  expect(wb.getWorksheet('Rows')!.rowCount).toBe(1 + 3);

  // --- Reviewed
  const reviewed = record.getByRole('switch', { name: 'Reviewed' }).or(record.getByRole('checkbox', { name: 'Reviewed' }));
  // the switch's control covers its hidden input: click its label, as a user does
  await record.getByText('Reviewed', { exact: true }).click();
  await expect(reviewed).toBeChecked();
  await expect.poll(async () => (await api.call('GET', `files/${fileId}/record`)).reviewed).toBe(true);

  // --- a second extraction with another prompt, then its evaluation from the extraction monitor
  const otherPrompt = await api.createPrompt('text', `Read the whole invoice first.\n${TEXT_TEMPLATE}`, INVOICE_SCHEMA, 'Invoice fields, careful');
  const second = await api.runExtraction({ name: 'Second run', dataset_id: dataset.id, prompt_id: otherPrompt, table_prompt_id: tablePrompt });
  expect(second.status).toBe('completed');
  await page.goto(`/jobs/extraction/${second.id}`);
  await expect(page.getByTestId('extraction-results')).toBeVisible();
  await page.getByRole('link', { name: 'Evaluate against reviewed files' }).click();
  await expect(page.getByRole('heading', { name: 'Evaluation: Second run' })).toBeVisible();
  await expect(page.getByTestId('evaluation-ground-truth')).toHaveText('Ground truth: 1 of 1 file reviewed');
  const table = page.getByRole('table', { name: 'Per-field figures' });
  const vendor = table.getByRole('row').filter({ hasText: 'vendor' });
  // the first run (the fake) invented the vendor; the offline extractor reads it from the page
  await expect(vendor).toContainText('100%');
  await expect(vendor).toContainText('(was 0%)');
  await expect(table.getByRole('row').filter({ hasText: 'items' })).toContainText('100%'); // row recall
  await expect(page.getByTestId('evaluation-overall')).toContainText('compared with');
  await shots(page, 'evaluation');

  // the dataset card links to the same evaluation
  await page.goto('/datasets');
  await page.getByRole('link', { name: 'Evaluation of Review loop' }).click();
  await expect(page.getByRole('heading', { name: 'Evaluation: Review loop' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Run to evaluate' })).toBeVisible();
  // a 401 is the suite's 15-second access token being refreshed silently
  expect(consoleErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
});
