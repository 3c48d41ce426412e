// The jobs list against the real API in Chromium: a pipeline on two files chosen by a link
// (`/jobs/pipeline?files=`) is created from an untouched form that shows no warning, then seen
// in /jobs with the files it ran on and its status moving live (no reload); the type filter
// narrows the list; a waiting job is cancelled from its row and a job opened from its row.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { ApiUser } from '../support/documents';
import { expect, registerUser, test } from '../support/fixtures';
import { apiSignIn } from '../support/session';

async function textPdf(pages: string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => page.drawText(line, { x: 72, y: 720 - i * 16, size: 11, font }));
  }
  return doc.save();
}
const invoicePage = (n: string) => [`Invoice Number: ${n}`, 'Invoice Date: 2024-05-01', 'Vendor: Omega Supplies', 'Total Amount: 1,250.00'];

test.describe('jobs list', () => {
  test('a pipeline on two files chosen by a link, seen live in /jobs, filtered by type, cancelled and opened from a row', async ({ page }) => {
    test.setTimeout(420_000);
    const user = await registerUser();
    await apiSignIn(page, user);
    const api = await ApiUser.login(user);
    const a = await api.upload(await textPdf([invoicePage('JL-1'), ['p2'], ['p3']]), 'walk_invoice_2024-03-north.pdf');
    const b = await api.upload(await textPdf([invoicePage('JL-2'), ['p2']]), 'walk_invoice_2024-03-south.pdf');

    // the form opened from the file list's "Run pipeline": both files chosen, nothing warned yet
    await page.goto(`/jobs/pipeline?files=${a},${b}`);
    const files = page.getByTestId('pipeline-files');
    // the machine running the suite may be loaded: the first screen gets a minute
    await expect(files).toContainText('walk_invoice_2024-03-north.pdf', { timeout: 60_000 });
    await expect(files).toContainText('walk_invoice_2024-03-south.pdf');
    await expect(page.getByTestId('pipeline-validation')).toHaveCount(0);
    await page.locator('label').filter({ hasText: /^Extraction$/ }).click();
    await expect(page.getByTestId('pipeline-validation')).toContainText('Missing required fields');
    await page.getByLabel('Job name').fill('Two chosen files');
    await expect(page.getByTestId('pipeline-validation')).toHaveCount(0);
    await page.getByRole('button', { name: 'Create Pipeline Job' }).click();
    await page.waitForURL(/\/jobs\/pipeline\/[0-9a-f-]{36}$/);
    const pipelineId = page.url().split('/').at(-1)!;

    // a job that waits (created, not started): the one to cancel from its row
    const waiting = await api.call('POST', 'jobs/', { job_type: 'ocr', name: 'Waiting OCR', file_id: a });

    await page.goto('/jobs');
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    const row = page.getByTestId('job-row').filter({ hasText: 'Two chosen files' });
    await expect(row).toBeVisible({ timeout: 120_000 });
    await expect(row.getByTestId('job-subject')).toHaveText('Dataset: walk_invoice_2024-03-north.pdf, walk_invoice_2024-03-south.pdf');
    // its status follows the run without a reload
    await expect(row.getByTestId('job-row-status')).toContainText(/completed/i, { timeout: 180_000 });
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    // the type filter: pipelines only, then OCR (the pipeline's stage jobs name their file)
    await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Pipeline' });
    await expect(page).toHaveURL(/\?type=full_pipeline$/);
    await expect(page.getByTestId('job-row')).toHaveCount(1);
    await expect(page.getByTestId('job-row')).toContainText('Two chosen files');
    await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'OCR' });
    await expect(page.getByTestId('job-row').filter({ hasText: 'Waiting OCR' })).toBeVisible();
    await expect(page.getByTestId('job-row').getByTestId('job-subject').filter({ hasText: 'File: walk_invoice_2024-03-south.pdf' })).toBeVisible();
    for (const type of await page.getByTestId('job-row').locator('td:nth-child(2)').allTextContents()) expect(type).toBe('OCR');

    // Cancel from the row, after the confirmation
    const waitingRow = page.getByTestId('job-row').filter({ hasText: 'Waiting OCR' });
    await waitingRow.getByRole('button', { name: 'Cancel Waiting OCR' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel job' }).click();
    await expect(waitingRow.getByTestId('job-row-status')).toContainText(/cancelled/i);
    await expect(waitingRow.getByRole('button', { name: 'Cancel Waiting OCR' })).toHaveCount(0);
    expect((await api.call('GET', `jobs/${waiting.id}`)).status).toBe('cancelled');

    // Open from the row goes to the type's monitor
    await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'All types' });
    await page.getByTestId('job-row').filter({ hasText: 'Two chosen files' }).getByRole('link', { name: 'Open Two chosen files', exact: true }).click();
    await page.waitForURL(`**/jobs/pipeline/${pipelineId}`);
  });
});
