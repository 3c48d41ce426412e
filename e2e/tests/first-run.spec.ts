// A newcomer's first real run in Chromium against the real API: sign up, upload three PDFs (an
// invoice with a line-item table and VAT, and a 17- and a 36-page manual), build an output
// schema with two Required fields in the schema builder, a prompt that uses it, and a pipeline
// over the three files; the monitor reloaded mid-run and after completion tells the same story
// (events, stage jobs, status, estimate and actual); the manuals, which hold no invoice, end with
// a failed check naming the missing required field while the run completes; the invoice's record
// shows every schema field in order (a field not found reads "Not found"), numbers in the
// locale, and a sum check that counts the VAT the invoice prints.
// FIRST_RUN_SHOTS=dir: screenshots of each view, light and dark, 1280 and 390 px.
import type { Page } from '@playwright/test';
import { ApiUser, makeTextPdf, type Block } from '../support/documents';
import { expect, STRONG_PASSWORD, test, uniqueEmail } from '../support/fixtures';

test.describe.configure({ timeout: 300_000 });

const INVOICE: Block[][] = [
  [
    { kind: 'paragraph', lines: ['INVOICE', 'Invoice Number: INV-2026-0042', 'Invoice Date: 2026-03-31', 'Vendor: Nordlicht Software AB'] },
    { kind: 'paragraph', lines: ['Line items'] },
    {
      kind: 'table',
      rows: [
        ['Description', 'Quantity', 'Amount'],
        ['Annual licence', '1', '1,499.00'],
        ['Onboarding workshop', '2', '500.00'],
        ['Priority support', '1', '199.99'],
        ['Travel costs', '1', '48.98'],
      ],
    },
    { kind: 'paragraph', lines: ['Subtotal 2,247.97', 'VAT (20%) 449.59', 'Total 2,697.56'] },
    { kind: 'paragraph', lines: ['Thank you for your business. Payment is due within 30 days.'] },
  ],
];

/** A manual: prose about a library, page after page; no invoice number, no vendor. */
function manual(title: string, pages: number): Block[][] {
  const topics = ['installation', 'configuration', 'encoding rules', 'error handling', 'memory use', 'thread safety', 'examples', 'limits'];
  return Array.from({ length: pages }, (_, p) => [
    { kind: 'paragraph' as const, lines: [`${title} - chapter ${p + 1}: ${topics[p % topics.length]}`] },
    {
      kind: 'paragraph' as const,
      lines: [
        `This chapter describes the ${topics[p % topics.length]} of the library and how a program uses it.`,
        'Every function returns a status code; a caller checks it before reading any output.',
        'Structures are allocated by the library and released with the matching free function.',
        `See section ${p + 2}.1 for the reference of each call and the table of its arguments.`,
      ],
    },
  ]);
}

const SCHEMA_NAME = 'Invoice header and lines';
const PROMPT_NAME = 'Invoice fields';

/** FIRST_RUN_SHOTS=dir: the page light and dark at 1280 px, then light and dark at 390 px. */
async function shots(page: Page, name: string) {
  const dir = process.env.FIRST_RUN_SHOTS;
  if (!dir) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const [width, tag] of [
    [1280, '1280'],
    [390, '390'],
  ] as const) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: `${dir}/${name}-${tag}-light.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${dir}/${name}-${tag}-dark.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (size) await page.setViewportSize(size);
}

/** What the monitor says, read from the page. */
async function monitorStory(page: Page) {
  return {
    status: (await page.getByTestId('job-status').first().textContent())?.trim(),
    events: (await page.getByTestId('event-count').textContent())?.trim(),
    children: await page.getByTestId('child-job').count(),
    current: (await page.getByTestId('current-status').textContent())?.trim(),
    progress: await page.getByTestId('overall-progress').getAttribute('data-value'),
    actual: await page.getByTestId('estimate-vs-actual').locator('tbody tr td:nth-child(3)').allTextContents(),
  };
}

test("a newcomer's three documents through a pipeline, told the same way live and after a reload", async ({ page, consoleErrors }) => {
  // --- sign up
  const user = { email: uniqueEmail('first-run'), password: STRONG_PASSWORD };
  await page.goto('/signup');
  await page.getByLabel(/email/i).fill(user.email);
  await page.getByLabel(/^password/i).fill(user.password);
  const create = page.getByRole('button', { name: 'Create account' });
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page).toHaveURL(/\/files$/, { timeout: 30_000 });

  // --- three PDFs through the upload box
  await page.getByLabel('Choose files to upload').setInputFiles([
    { name: 'invoice-2026-0042.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await makeTextPdf(INVOICE)) },
    { name: 'libtasn1-manual.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await makeTextPdf(manual('Libtasn1 manual', 17))) },
    { name: 'gnutls-manual.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await makeTextPdf(manual('GnuTLS manual', 36))) },
  ]);
  for (const name of ['invoice-2026-0042.pdf', 'libtasn1-manual.pdf', 'gnutls-manual.pdf']) {
    await expect(page.locator(`[data-testid="upload-item"][data-filename="${name}"]`)).toHaveAttribute('data-status', 'validated', { timeout: 60_000 });
  }
  const api = await ApiUser.login(user);
  const files = (await api.call('GET', 'files/my-files?limit=10')).files as { id: string; filename: string }[];
  const idOf = (name: string) => files.find((f) => f.filename === name)!.id;
  await api.call('POST', 'datasets/', { name: 'First run', file_ids: files.map((f) => f.id) });

  // --- the output schema, in the builder: two Required fields, a date, a list, a field no document has
  await page.goto('/output-schemas/new');
  await page.getByRole('textbox', { name: /^Name/ }).fill(SCHEMA_NAME);
  const field = (label: string, part: string) => page.getByLabel(`Field ${label} ${part}`, { exact: true });
  const addField = () => page.getByRole('button', { name: 'Add field' }).click();
  await addField();
  await field('1', 'name').fill('invoice_number');
  await page.getByRole('checkbox', { name: 'Field 1 required' }).check({ force: true });
  await addField();
  await field('2', 'name').fill('invoice_date');
  await field('2', 'format').selectOption('date');
  await addField();
  await field('3', 'name').fill('vendor');
  await page.getByRole('checkbox', { name: 'Field 3 required' }).check({ force: true });
  await addField();
  await field('4', 'name').fill('purchase_order');
  await addField();
  await field('5', 'name').fill('line_items');
  await field('5', 'type').selectOption('array');
  for (const [i, [name, type]] of [
    ['description', 'string'],
    ['quantity', 'number'],
    ['amount', 'number'],
  ].entries()) {
    await page.getByRole('button', { name: 'Add nested field to line_items' }).click();
    await field(`5.${i + 1}`, 'name').fill(name!);
    await field(`5.${i + 1}`, 'type').selectOption(type!);
  }
  await addField();
  await field('6', 'name').fill('total');
  await field('6', 'type').selectOption('number');
  await expect(page.getByRole('textbox', { name: 'JSON Schema' })).toHaveValue(/"required": \[\s+"invoice_number",\s+"vendor"\s+\]/);
  await page.getByRole('button', { name: 'Create schema' }).click();
  await expect(page).toHaveURL(/\/output-schemas$/);

  // --- the prompt that answers with it
  await page.goto('/prompts/new');
  await page.getByRole('textbox', { name: /^Name/ }).fill(PROMPT_NAME);
  await page.getByRole('textbox', { name: /^Template/ }).fill('Extract the fields described below.\n{{ schema_descriptions }}\n\nText:\n{{ text_chunk }}');
  await page.getByRole('combobox', { name: /^Output schema/ }).selectOption({ label: `Saved schema: ${SCHEMA_NAME} (6 fields)` });
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/prompts\/[0-9a-f-]{36}$/);

  // --- the pipeline, from its form
  await page.goto('/jobs/pipeline');
  await page.getByLabel('Job name').fill('My first run');
  await page.getByRole('combobox', { name: /^Dataset/ }).selectOption({ label: 'First run (3 files)' });
  await page.getByRole('combobox', { name: /^Prompt template/ }).selectOption({ label: `${PROMPT_NAME} (text)` });
  await expect(page.getByTestId('estimate-pages')).toHaveText('54');
  await shots(page, 'pipeline-form');
  await page.getByRole('button', { name: 'Create Pipeline Job' }).click();
  await page.waitForURL(/\/jobs\/pipeline\/[0-9a-f-]{36}$/);
  const pipelineId = page.url().split('/').at(-1)!;
  await expect(page.getByTestId('pipeline-setup')).toContainText(`Prompt: ${PROMPT_NAME}`);
  await expect(page.getByTestId('pipeline-setup')).toContainText(`Output schema: ${SCHEMA_NAME}`);

  // --- mid-run: once the stage jobs run, a reload shows them and the server's event count
  await expect(page.getByTestId('child-job').first()).toBeVisible({ timeout: 60_000 });
  await shots(page, 'monitor-live');
  await page.reload();
  await expect(page.getByTestId('pipeline-main')).toBeVisible();
  await expect(page.getByText('Waiting for pipeline updates...')).toHaveCount(0);
  await expect(page.getByTestId('child-job').first()).toBeVisible();
  // both move while it runs: the page catches up with the server (its count is the server's plus what came since)
  await expect
    .poll(async () => {
      const server = await api.call('GET', `jobs/pipeline/${pipelineId}`);
      const shown = Number(await page.getByTestId('event-count').textContent());
      return server.status === 'completed' || shown >= server.event_count - 5 ? 'caught up' : `${shown} of ${server.event_count}`;
    })
    .toBe('caught up');

  // --- completed: what live showed is what a reload shows
  await expect(page.getByTestId('job-status').first()).toHaveText('completed', { timeout: 180_000 });
  const server = await api.call('GET', `jobs/pipeline/${pipelineId}`);
  await expect(page.getByTestId('event-count')).toHaveText(String(server.event_count));
  const live = await monitorStory(page);
  expect(live.children).toBe(server.children.length);
  expect(live.current).not.toMatch(/completed\s*completed/);
  expect(live.actual.every((cell) => cell !== '-')).toBe(true);
  await page.reload();
  await expect(page.getByTestId('job-status').first()).toHaveText('completed');
  await expect(page.getByTestId('event-count')).toHaveText(live.events!);
  expect(await monitorStory(page)).toEqual(live);
  await shots(page, 'monitor-after-reload');

  // --- a manual has no invoice number and no vendor: its own failed check, the run completed
  await page.goto(`/files/${idOf('libtasn1-manual.pdf')}?tab=extraction`);
  const checks = page.getByRole('region', { name: 'Checks' });
  await expect(checks).toContainText(/required/i, { timeout: 30_000 });
  await expect(checks).toContainText(/invoice.number|vendor/i);
  await shots(page, 'failed-required-file');

  // --- the invoice's record: every schema field in order, not found rows, numbers in the locale, the VAT counted
  await page.goto(`/files/${idOf('invoice-2026-0042.pdf')}?tab=extraction`);
  const record = page.getByRole('region', { name: 'Review record' });
  const fields = record.getByRole('table', { name: 'Unified fields' });
  await expect(fields.locator('tbody tr')).toHaveCount(5);
  expect(await fields.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-field')))).toEqual(['invoice_number', 'invoice_date', 'vendor', 'purchase_order', 'total']);
  await expect(fields.locator('tr[data-field="purchase_order"]')).toContainText('Not found');
  await expect(fields.locator('tr[data-field="invoice_number"]')).toContainText('INV-2026-0042');
  await expect(fields.locator('tr[data-field="total"]')).toContainText('2,697.56');
  await expect(fields.locator('tr[data-field="invoice_date"]')).toContainText('Mar 31, 2026');
  const items = record.getByRole('table', { name: 'Line items' });
  expect((await items.getByRole('columnheader').allTextContents()).slice(1, 4)).toEqual(['Description', 'Quantity', 'Amount']);
  await expect(items).toContainText('1,499.00');
  await shots(page, 'record-not-found-formatted');
  const sum = page.getByRole('region', { name: 'Checks' });
  await expect(sum).toContainText(/VAT \(20%\) 449\.59 printed in the document = 2,697\.56 matches total/);
  await shots(page, 'sum-check-with-vat');

  // /jobs/{id} of the pipeline opens its monitor
  await page.goto(`/jobs/${pipelineId}`);
  await expect(page).toHaveURL(new RegExp(`/jobs/pipeline/${pipelineId}$`));
  // a 401 is the suite's 15-second access token being refreshed silently
  expect(consoleErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
});
