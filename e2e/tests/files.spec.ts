// The Files & Datasets area (mf-files) in Chromium against the real API: uploads through the
// file input with real validation, the library, datasets and their dialogs, force delete,
// the /uploads quota card, and an upload that survives navigating away and back.
import type { Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { API_URL } from '../support/env';
import { expect, registerUser, test } from '../support/fixtures';
import { apiSignIn } from '../support/session';

type Credentials = { email: string; password: string };
interface Fixture {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A real PDF with `pages` pages (and optional padding to reach a size). */
async function pdf(name: string, pages = 2, padTo = 0): Promise<Fixture> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= pages; p++) doc.addPage([612, 792]).drawText(`${name}: page ${p} of ${pages}`, { x: 72, y: 700, size: 14, font });
  if (padTo) doc.setKeywords(['x'.repeat(Math.max(0, padTo - 2000))]);
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save({ useObjectStreams: false })) };
}

// A valid 1×1 PNG.
const png = (name: string): Fixture => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
});
// Text under a .pdf name: the server's check (magic numbers, pdfjs) calls it invalid.
const fakePdf = (name: string): Fixture => ({ name, mimeType: 'application/pdf', buffer: Buffer.from('This is not really a PDF document.\n'.repeat(20)) });
const txt = (name: string): Fixture => ({ name, mimeType: 'text/plain', buffer: Buffer.from('plain text') });

async function apiToken(user: Credentials): Promise<string> {
  const res = await fetch(`${API_URL}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user.email, password: user.password }).toString(),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function apiCall<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${API_URL}/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Uploads files through the API (prepare -> PUT -> complete); answers the file ids by name. */
async function apiUpload(token: string, files: Fixture[]): Promise<Record<string, string>> {
  const prepared = await apiCall<{ upload_session_id: string; uploads: { upload_id: string; signed_url: string; filename: string }[] }>(
    token,
    'POST',
    'uploads/prepare-upload',
    { files: files.map((f) => ({ filename: f.name, size: f.buffer.length, mime_type: f.mimeType })) },
  );
  for (const [i, u] of prepared.uploads.entries()) {
    const res = await fetch(u.signed_url, { method: 'PUT', headers: { 'Content-Type': files[i]!.mimeType }, body: new Uint8Array(files[i]!.buffer) });
    if (res.status !== 200) throw new Error(`PUT ${u.filename}: ${res.status}`);
  }
  const done = await apiCall<{ results: { filename: string; file_id: string }[] }>(token, 'POST', 'uploads/complete', {
    upload_session_id: prepared.upload_session_id,
    completed_uploads: prepared.uploads.map((u) => u.upload_id),
  });
  return Object.fromEntries(done.results.map((r) => [r.filename, r.file_id]));
}

async function signedInUser(page: Page) {
  const user = await registerUser();
  await apiSignIn(page, user);
  return { user, token: await apiToken(user) };
}

const fileInput = (page: Page) => page.getByLabel('Choose files to upload');
const uploadItem = (page: Page, name: string) => page.locator(`[data-testid="upload-item"][data-filename="${name}"]`);
const fileRow = (page: Page, name: string) => page.locator(`[data-testid="file-row"][data-filename="${name}"]`);

test.describe('Files & Datasets', () => {
  // uploads, validation and several pages per test on a shared two-core machine
  test.describe.configure({ timeout: 120_000 });

  test('uploads a real 2-page PDF, a PNG and a fake PDF: Valid / Valid / Invalid; a .txt is refused by name', async ({ page, consoleErrors }) => {
    await signedInUser(page);
    await page.goto('/files');
    await expect(page.getByRole('heading', { name: 'Files & Datasets' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('No files found')).toBeVisible();

    await fileInput(page).setInputFiles([await pdf('report.pdf', 2), png('scan.png'), fakePdf('fake.pdf'), txt('notes.txt')]);
    await expect(page.getByRole('alert').filter({ hasText: 'Unsupported file types: notes.txt' })).toBeVisible();
    await expect(uploadItem(page, 'notes.txt')).toHaveCount(0);

    await expect(uploadItem(page, 'report.pdf')).toHaveAttribute('data-status', 'validated', { timeout: 30_000 });
    await expect(uploadItem(page, 'scan.png')).toHaveAttribute('data-status', 'validated');
    await expect(uploadItem(page, 'fake.pdf')).toHaveAttribute('data-status', 'invalid');
    await expect(uploadItem(page, 'report.pdf')).toContainText('Valid');
    await expect(uploadItem(page, 'report.pdf')).toContainText('2 pages');
    await expect(uploadItem(page, 'fake.pdf')).toContainText('Invalid');
    // the server's reason is shown under the invalid file
    await expect(uploadItem(page, 'fake.pdf')).toContainText('its content is not a PDF');

    // The library lists the valid files with the PDF's real page count; the invalid one is hidden.
    await expect(fileRow(page, 'report.pdf')).toBeVisible();
    await expect(fileRow(page, 'report.pdf').getByTestId('file-pages')).toHaveText('2 pages');
    await expect(fileRow(page, 'report.pdf')).toContainText('valid');
    await expect(fileRow(page, 'fake.pdf')).toHaveCount(0);
    // view details goes to the file page of the jobs remote
    const href = await fileRow(page, 'report.pdf').getByRole('link', { name: 'View details of report.pdf' }).getAttribute('href');
    expect(href).toMatch(/^\/files\/[0-9a-f-]{36}$/);
    expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });

  test('search by filename and Show/Hide Invalid', async ({ page }) => {
    const { token } = await signedInUser(page);
    await apiUpload(token, [await pdf('alpha-report.pdf', 1), png('beta-scan.png'), fakePdf('gamma-broken.pdf')]);
    await page.goto('/files');
    await expect(page.getByTestId('file-row')).toHaveCount(2, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Show Invalid' }).click();
    await expect(page.getByTestId('file-row')).toHaveCount(3);
    await expect(fileRow(page, 'gamma-broken.pdf')).toContainText('invalid');
    await page.getByRole('searchbox', { name: 'Search files' }).fill('scan');
    await expect(page.getByTestId('file-row')).toHaveCount(1);
    await expect(fileRow(page, 'beta-scan.png')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search files' }).fill('nothing-like-this');
    await expect(page.getByText('Try adjusting your search criteria.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search files' }).fill('');
    await page.getByRole('button', { name: 'Hide Invalid' }).click();
    await expect(page.getByTestId('file-row')).toHaveCount(2);
    await expect(fileRow(page, 'gamma-broken.pdf')).toHaveCount(0);
  });

  test('creates a dataset from two selected files, manages its files and deletes it', async ({ page }) => {
    const { token } = await signedInUser(page);
    await apiUpload(token, [await pdf('two-pages.pdf', 2), png('one.png'), await pdf('three-pages.pdf', 3)]);
    await page.goto('/files');
    await expect(page.getByTestId('file-row')).toHaveCount(3, { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Create Dataset (0)' })).toBeDisabled();
    await page.getByLabel('Select two-pages.pdf').check({ force: true });
    await page.getByLabel('Select one.png').check({ force: true });
    await page.getByRole('button', { name: 'Create Dataset (2)' }).click();

    const dialog = page.getByRole('dialog', { name: 'Create Dataset' });
    await dialog.getByRole('button', { name: 'Create Dataset' }).click();
    await expect(dialog.getByText('Dataset name is required')).toBeVisible();
    await dialog.getByLabel(/^Name/).fill('Quarterly invoices');
    await expect(dialog.getByText('Dataset name is required')).toHaveCount(0);
    await dialog.getByLabel('Description').fill('Q1 supplier invoices');
    await dialog.getByRole('button', { name: 'Create Dataset' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('tab', { name: 'Datasets' }).click();
    const card = page.getByRole('article', { name: 'Quarterly invoices' });
    await expect(card.getByTestId('dataset-file-count')).toHaveText('2 files');
    await expect(card.getByTestId('dataset-page-count')).toHaveText('3 pages');
    await expect(card).toContainText('active');

    // manage files: nothing chosen -> the spec's message; add the third file
    await card.hover();
    await card.getByRole('button', { name: 'Manage files of Quarterly invoices' }).click();
    const manager = page.getByRole('dialog', { name: /Manage Files/ });
    await manager.getByRole('button', { name: 'Add Selected (0)' }).click();
    await expect(manager.getByText('Please select files to add or remove')).toBeVisible();
    await manager.getByRole('group', { name: 'Files to add' }).getByText('three-pages.pdf').click();
    await manager.getByRole('button', { name: 'Add Selected (1)' }).click();
    await expect(manager.getByTestId('manager-counts')).toHaveText('3 files · 6 pages');
    // and remove one
    await manager.getByRole('tab', { name: 'Remove Files' }).click();
    await manager.getByRole('group', { name: 'Files to remove' }).getByText('one.png').click();
    await manager.getByRole('button', { name: 'Remove Selected (1)' }).click();
    await expect(manager.getByTestId('manager-counts')).toHaveText('2 files · 5 pages');
    await manager.getByRole('button', { name: 'Done' }).click();
    await expect(card.getByTestId('dataset-file-count')).toHaveText('2 files');
    await expect(card.getByTestId('dataset-page-count')).toHaveText('5 pages');

    // search
    await page.getByRole('searchbox', { name: 'Search datasets' }).fill('supplier');
    await expect(page.getByTestId('dataset-card')).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Search datasets' }).fill('no-such-dataset');
    await expect(page.getByText('No datasets found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search criteria.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search datasets' }).fill('');

    // delete, with the spec's question word for word
    await card.getByRole('button', { name: 'Delete Quarterly invoices' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete dataset "Quarterly invoices"? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Dataset Deleted').first()).toBeVisible();
    await expect(page.getByText('No datasets found')).toBeVisible();
    await expect(page.getByText('Create your first dataset to get started.')).toBeVisible();
  });

  test('deleting a file that is in a dataset asks to force, and removes it from the dataset', async ({ page }) => {
    const { user, token } = await signedInUser(page);
    const ids = await apiUpload(token, [await pdf('in-dataset.pdf', 1), png('other.png')]);
    const dataset = await apiCall<{ id: string }>(token, 'POST', 'datasets/', { name: 'Keepers', file_ids: [ids['in-dataset.pdf'], ids['other.png']] });
    await page.goto('/files');
    await fileRow(page, 'in-dataset.pdf').getByRole('button', { name: 'Delete in-dataset.pdf' }).click({ timeout: 30_000 });
    const first = page.getByRole('alertdialog', { name: 'Delete File' });
    await expect(first).toContainText('Are you sure you want to delete "in-dataset.pdf"? This action cannot be undone.');
    await first.getByRole('button', { name: 'Delete' }).click();
    const force = page.getByRole('alertdialog', { name: 'File Is in Datasets' });
    await expect(force).toContainText('"Keepers"');
    await expect(force).toContainText('Delete it anyway and remove it from all datasets?');
    await force.getByRole('button', { name: 'Delete and Remove from Datasets' }).click();
    await expect(fileRow(page, 'in-dataset.pdf')).toHaveCount(0);
    await expect(fileRow(page, 'other.png')).toBeVisible();
    // a fresh token: the suite's access tokens live 15 s
    const after = await apiCall<{ file_count: number }>(await apiToken(user), 'GET', `datasets/${dataset.id}`);
    expect(after.file_count).toBe(1);
  });

  test('/uploads: remove while preparing, upload, session status and the quota card change', async ({ page }) => {
    await signedInUser(page);
    await page.goto('/uploads');
    await expect(page.getByText('Maximum 50 files per batch', { exact: false })).toBeVisible();
    await expect(page.getByTestId('quota-files-value')).toHaveText('0 / 50 files', { timeout: 30_000 });
    await expect(page.getByTestId('quota-pages-value')).toHaveText('0 / 500 pages');

    await fileInput(page).setInputFiles([await pdf('q1.pdf', 2), png('q2.png'), png('q3.png')]);
    await expect(page.getByTestId('session-status')).toHaveText('Preparing');
    await page.getByRole('button', { name: 'Remove q3.png' }).click();
    await expect(uploadItem(page, 'q3.png')).toHaveCount(0);
    await page.getByRole('button', { name: 'Upload 2 files' }).click();
    await expect(page.getByTestId('session-status')).toHaveText('Completed', { timeout: 30_000 });
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    await expect(uploadItem(page, 'q1.pdf')).toHaveAttribute('data-status', 'validated');
    await expect(page.getByTestId('quota-files-value')).toHaveText('2 / 50 files');
    await expect(page.getByTestId('quota-pages-value')).toHaveText('3 / 500 pages');

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByTestId('upload-item')).toHaveCount(0);
    await expect(page.getByTestId('session-status')).toHaveText('Preparing');
  });

  test('an upload keeps going while the user is on another page and is still shown on return; cancel and retry', async ({ page }) => {
    await signedInUser(page);
    await page.goto('/uploads');
    await expect(page.getByTestId('quota-files-value')).toHaveText('0 / 50 files', { timeout: 30_000 });
    // A slow uplink (real API, real bytes): 200 KB/s, so the upload outlives the visit elsewhere.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 200 * 1024 });

    const big = [await pdf('big-1.pdf', 2, 400_000), await pdf('big-2.pdf', 2, 400_000)];
    await fileInput(page).setInputFiles(big);
    await page.getByRole('button', { name: 'Upload 2 files' }).click();
    await expect(uploadItem(page, 'big-1.pdf')).toHaveAttribute('data-status', 'uploading');

    // cancel one while it uploads
    await page.getByRole('button', { name: 'Cancel upload of big-2.pdf' }).click();
    await expect(uploadItem(page, 'big-2.pdf')).toHaveAttribute('data-status', 'failed');
    await expect(uploadItem(page, 'big-2.pdf')).toContainText('Upload cancelled');

    // away (client-side navigation) while big-1 is still on its way, then back
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account', exact: true }).click();
    await expect(page).toHaveURL(/\/account$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/uploads$/);
    await expect(uploadItem(page, 'big-1.pdf')).toBeVisible();
    await expect(uploadItem(page, 'big-1.pdf')).toHaveAttribute('data-status', 'validated', { timeout: 45_000 });
    await expect(page.getByTestId('session-status')).toHaveText('Failed');

    // retry the cancelled one
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.getByRole('button', { name: 'Retry upload of big-2.pdf' }).click();
    await expect(uploadItem(page, 'big-2.pdf')).toHaveAttribute('data-status', 'validated', { timeout: 30_000 });
    await expect(page.getByTestId('session-status')).toHaveText('Completed');
    await expect(page.getByTestId('quota-files-value')).toHaveText('2 / 50 files');
  });

  test('/files-old: summary cards; /datasets; /projects placeholders', async ({ page }) => {
    const { token } = await signedInUser(page);
    await apiUpload(token, [await pdf('old-1.pdf', 2), png('old-2.png')]);
    await page.goto('/files-old');
    await expect(fileRow(page, 'old-1.pdf')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('Total Files')).toContainText('2');
    await expect(page.getByLabel('Total Pages')).toContainText('3');
    await page.getByLabel('Select old-1.pdf').check({ force: true });
    await expect(page.getByLabel('Selected', { exact: true })).toContainText('1');
    await expect(page.getByRole('button', { name: 'Load More Files' })).toHaveCount(0);

    await page.goto('/datasets');
    await expect(page.getByText('No datasets found')).toBeVisible();
    await expect(page.getByText('Create your first dataset to get started.')).toBeVisible();

    await page.goto('/projects');
    await expect(page.getByRole('link', { name: 'Invoice Processing' })).toBeVisible();
    await page.getByRole('link', { name: 'Contract Analysis' }).click();
    await expect(page).toHaveURL(/\/projects\/2$/);
    await page.getByRole('link', { name: 'View Team' }).click();
    await expect(page).toHaveURL(/\/projects\/2\/team$/);
    await page.goto('/projects/9');
    await expect(page.getByText('Project Not Found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Projects' })).toHaveAttribute('href', '/projects');
  });
});
