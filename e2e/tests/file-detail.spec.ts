// File detail and chunk tools against the real API in Chromium: a PDF with a table
// made at test time goes through OCR, two chunking runs and an extraction; then the UI shows
// the OCR text beside the rendered page, switches and deletes chunk versions, moves a chunk
// boundary in the editor and re-extracts one chunk while the previous result stays readable.
import { ApiUser, INVOICE_SCHEMA, TABLE_TEMPLATE, TEXT_TEMPLATE, invoicePages, makeTextPdf } from '../support/documents';
import { expect, registerUser, test } from '../support/fixtures';
import { apiSignIn } from '../support/session';

test.describe.configure({ timeout: 120_000 });

test('a document through the pipeline: OCR beside its page, versions, the chunk editor and a single-chunk re-extraction', async ({ page, consoleErrors }) => {
  const user = await registerUser();
  const api = await ApiUser.login(user);
  const fileId = await api.upload(await makeTextPdf(invoicePages()), 'invoice-e2e.pdf');
  expect((await api.runOcr(fileId)).status).toBe('completed');
  expect((await api.runChunking(fileId, 'page_based')).status).toBe('completed');
  expect((await api.runChunking(fileId, 'llm_analysis')).status).toBe('completed');
  const textPrompt = await api.createPrompt('text', TEXT_TEMPLATE, INVOICE_SCHEMA, 'Invoice fields');
  const tablePrompt = await api.createPrompt('table', TABLE_TEMPLATE, INVOICE_SCHEMA, 'Invoice rows');
  expect((await api.runExtraction({ file_id: fileId, prompt_id: textPrompt, table_prompt_id: tablePrompt })).status).toBe('completed');
  const { chunks } = await api.call('GET', `files/${fileId}/chunks`);
  const table = chunks.find((c: { chunk_type: string }) => c.chunk_type === 'table');
  expect(table).toBeTruthy();

  await apiSignIn(page, user);
  await page.goto(`/files/${fileId}`);

  // --- OCR Results: numbered text beside the rendered page, page by page
  await expect(page.getByRole('heading', { name: 'invoice-e2e.pdf' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'OCR Results' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  const text = page.getByRole('region', { name: 'OCR text, page 1' });
  await expect(text.getByText('Invoice Number: INV-7731')).toBeVisible();
  const canvas = page.getByRole('img', { name: 'invoice-e2e.pdf, page 1' });
  await expect(canvas).toBeVisible();
  await expect(page.getByText('Rendering page...')).toHaveCount(0);
  // the page was really drawn: some pixels are dark
  const inked = await canvas.evaluate((el) => {
    const c = el as HTMLCanvasElement;
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 100) dark += 1;
    return dark;
  });
  expect(inked).toBeGreaterThan(500);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page.getByRole('region', { name: 'OCR text, page 2' }).getByText('Terms and conditions of delivery for this order.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'invoice-e2e.pdf, page 2' })).toBeVisible();

  // --- Chunking Versions: the active (newest) run is shown; activate the other, back, delete it
  await page.getByRole('tab', { name: 'Chunking Versions' }).click();
  const versions = page.getByRole('table', { name: 'Chunking versions' });
  const llmRow = versions.getByRole('row').filter({ hasText: 'llm_analysis' });
  const pageRow = versions.getByRole('row').filter({ hasText: 'page_based' });
  await expect(llmRow.getByText('Active', { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(pageRow.getByText('Inactive').filter({ visible: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Chunks of the llm_analysis version \(active\)/ })).toBeVisible();
  await pageRow.getByRole('button', { name: 'Activate' }).click();
  await expect(pageRow.getByText('Active', { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(llmRow.getByText('Inactive').filter({ visible: true })).toBeVisible();
  await llmRow.getByRole('button', { name: 'Activate' }).click();
  await expect(llmRow.getByText('Active', { exact: true }).filter({ visible: true })).toBeVisible();
  await pageRow.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Are you sure you want to delete this chunking version? This action cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  // the toast comes with the API's answer; the rows alone are no sign of it (while the dialog is
  // open the page behind it is hidden from the accessibility tree, so it has no rows at all)
  await expect(page.getByText('Chunking version deleted')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(versions.getByRole('row').filter({ hasText: 'page_based' })).toHaveCount(0);
  await expect(versions.getByRole('row').filter({ hasText: 'llm_analysis' })).toHaveCount(1);
  expect((await api.call('GET', `files/${fileId}/chunking_runs`)).total_count).toBe(1);

  // --- Extraction Results: the unified record, then re-extract the table chunk
  await page.getByRole('tab', { name: 'Extraction Results' }).click();
  await expect(page.getByRole('tab', { name: 'Unified Dataset' })).toHaveAttribute('aria-selected', 'true');
  const fields = page.getByRole('table', { name: 'Unified fields' });
  await expect(fields.getByRole('row').filter({ hasText: 'Invoice number' })).toContainText('INV-7731');
  const items = page.getByRole('table', { name: 'Items' });
  await expect(items.getByRole('row').filter({ hasText: 'Part 008' })).toBeVisible();

  await page.getByRole('tab', { name: 'Chunk Details' }).click();
  const card = page.getByRole('article', { name: `Chunk ${table.chunk_index + 1} result` });
  await expect(card).toBeVisible();
  const before = await card.getByLabel('Extracted data').first().textContent();
  await card.getByRole('button', { name: 'Re-extract' }).click();
  const dialog = page.getByRole('dialog', { name: `Re-extract chunk ${table.chunk_index + 1}` });
  await expect(dialog.getByRole('checkbox', { name: 'Has tables' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Re-extract' }).click();
  await expect(dialog.getByText('Please select a prompt', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Please select a table prompt when "Has tables" is checked')).toBeVisible();
  await dialog.getByLabel('Text prompt').selectOption({ label: 'Invoice fields' });
  await dialog.getByLabel('Table prompt').selectOption({ label: 'Invoice rows' });
  await dialog.getByRole('button', { name: 'Re-extract' }).click();
  await expect(dialog.getByText('Extraction completed')).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  // the new result in place, the previous one kept
  await card.getByRole('button', { name: 'Previous results (1)' }).click();
  await expect(card.getByRole('group', { name: 'Previous results' }).or(card.getByLabel('Previous results'))).toBeVisible();
  expect(await card.getByLabel('Extracted data').first().textContent()).toBe(before);
  const history = await api.call('GET', `files/${fileId}/chunks/${table.id}/extraction-results`);
  expect(Array.isArray(history) ? history.length : Object.keys(history).length).toBe(2);

  // --- Chunk editor: colours, a refused edit keeps the form, a moved boundary
  await page.goto(`/files/${fileId}`);
  await page.getByRole('link', { name: 'Edit Chunks' }).click();
  await expect(page).toHaveURL(new RegExp(`/files/${fileId}/edit-chunks$`));
  await expect(page.getByRole('heading', { name: 'Chunk Editor' })).toBeVisible();
  await expect(page.getByText('Edit Mode')).toBeVisible();
  await expect(page.getByText('Select a chunk to view details')).toBeVisible();
  const lines = page.getByRole('list', { name: 'Document lines' });
  await expect(lines.locator(`[data-line="${table.start_line}"]`)).toHaveAttribute('data-chunk-class', 'table');
  await expect(lines.locator(`[data-line="${table.start_line}"]`)).toHaveCSS('background-color', /rgb/);

  const first = chunks[0];
  await page.getByRole('button', { name: `Edit chunk ${first.chunk_index + 1}` }).click();
  const form = page.getByRole('form', { name: `Edit chunk ${first.chunk_index + 1}` });
  await expect(page.getByLabel(`Chunk ${first.chunk_index + 1} details`)).toContainText(`Lines ${first.start_line}-${first.end_line}`);
  const endInput = form.getByLabel('End Line');
  await endInput.fill(String(table.start_line));
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toContainText('overlap');
  await expect(endInput).toHaveValue(String(table.start_line));

  const oldEnd = first.end_line as number;
  const classBefore = await lines.locator(`[data-line="${oldEnd}"]`).getAttribute('data-chunk-class');
  expect(classBefore).not.toBe('none');
  await endInput.fill(String(oldEnd - 1));
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Chunk Updated')).toBeVisible();
  await expect(page.getByText('Chunk boundaries have been updated successfully')).toBeVisible();
  await expect(lines.locator(`[data-line="${oldEnd}"]`)).toHaveAttribute('data-chunk-class', 'none');
  await expect(lines.locator(`[data-line="${oldEnd - 1}"]`)).toHaveAttribute('data-selected', 'true');
  await expect(page.getByRole('button', { name: `Chunk ${first.chunk_index + 1}, lines ${first.start_line}-${oldEnd - 1}` })).toBeVisible();

  expect(consoleErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
});

test("a foreign or random file id reads 'File not found'; a failed OCR shows its error and can be re-run", async ({ page }) => {
  const owner = await ApiUser.login(await registerUser());
  const fileId = await owner.upload(await makeTextPdf(invoicePages(2)), 'private.pdf');
  const ocr = await owner.call('POST', 'ocr/jobs', { file_id: fileId });
  await owner.call('PUT', `ocr/jobs/${ocr.id}/fail`, { error_message: 'The scanner produced an unreadable page' });

  const other = await registerUser();
  await apiSignIn(page, other);
  await page.goto(`/files/${fileId}`);
  await expect(page.getByText('File not found')).toBeVisible();
  await expect(page.getByText('private.pdf')).toHaveCount(0);
  await page.goto('/files/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('File not found')).toBeVisible();
  await page.goto('/files/not-a-file');
  await expect(page.getByText('File not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Files' })).toHaveAttribute('href', '/files');

  await page.context().clearCookies();
  const ownerCreds = await registerUser();
  const owner2 = await ApiUser.login(ownerCreds);
  const failedId = await owner2.upload(await makeTextPdf(invoicePages(2)), 'failed-ocr.pdf');
  const job = await owner2.call('POST', 'ocr/jobs', { file_id: failedId });
  await owner2.call('PUT', `ocr/jobs/${job.id}/fail`, { error_message: 'The scanner produced an unreadable page' });
  await apiSignIn(page, ownerCreds);
  await page.goto(`/files/${failedId}`);
  await expect(page.getByText('OCR failed')).toBeVisible();
  await expect(page.getByText('The scanner produced an unreadable page')).toBeVisible();
  await page.getByRole('button', { name: 'Re-run OCR' }).click();
  await expect(page.getByText('OCR started')).toBeVisible();
  await expect(page.getByRole('region', { name: 'OCR text, page 1' }).getByText('Invoice Number: INV-7731')).toBeVisible({ timeout: 30_000 });
});
