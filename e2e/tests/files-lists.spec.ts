// The file list as a table people work in, in Chromium against the real API: sort by name,
// page through 23 files, bulk-delete two selected files, and open a dataset's own page.
import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { API_URL } from '../support/env';
import { expect, registerUser, test } from '../support/fixtures';
import { apiSignIn } from '../support/session';

async function onePagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${API_URL}/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function token(user: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${API_URL}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user.email, password: user.password }).toString(),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Uploads `names` as one-page PDFs through the API; answers their ids by name. */
async function upload(t: string, names: string[]): Promise<Record<string, string>> {
  const bytes = await onePagePdf();
  const prepared = await call<{ upload_session_id: string; uploads: { upload_id: string; signed_url: string }[] }>(t, 'POST', 'uploads/prepare-upload', {
    files: names.map((filename) => ({ filename, size: bytes.length, mime_type: 'application/pdf' })),
  });
  for (const u of prepared.uploads) {
    const put = await fetch(u.signed_url, { method: 'PUT', headers: { 'Content-Type': 'application/pdf' }, body: new Uint8Array(bytes) });
    if (put.status !== 200) throw new Error(`PUT: ${put.status}`);
  }
  const done = await call<{ results: { filename: string; file_id: string }[] }>(t, 'POST', 'uploads/complete', {
    upload_session_id: prepared.upload_session_id,
    completed_uploads: prepared.uploads.map((u) => u.upload_id),
  });
  return Object.fromEntries(done.results.map((r) => [r.filename, r.file_id]));
}

const rows = (page: Page) => page.getByTestId('file-row');
const names = (page: Page) => rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-filename')));

test.describe('file list: sort, pages, bulk delete, dataset page', () => {
  test.describe.configure({ timeout: 180_000 });

  test('sorts by name, pages through 23 files, deletes two selected files and opens a dataset page', async ({ page }) => {
    const user = await registerUser();
    await apiSignIn(page, user);
    const t = await token(user);
    const all = Array.from({ length: 23 }, (_, i) => `doc-${String(i).padStart(2, '0')}.pdf`);
    const ids = await upload(t, all);
    const ds = await call<{ id: string }>(await token(user), 'POST', 'datasets/', { name: 'Receipts Q1', file_ids: [ids['doc-21.pdf'], ids['doc-22.pdf']] });

    await page.goto('/files');
    await expect(page.getByText('Showing 1–20 of 23 files')).toBeVisible({ timeout: 60_000 });

    // sort by name: A to Z, then Z to A
    await page.getByRole('button', { name: /Filename/ }).click();
    await expect(page.getByRole('columnheader', { name: /Filename/ })).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows(page).first()).toHaveAttribute('data-filename', 'doc-00.pdf');
    expect(await names(page)).toEqual(all.slice(0, 20));
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText('Showing 21–23 of 23 files')).toBeVisible();
    expect(await names(page)).toEqual(all.slice(20));
    await page.getByRole('button', { name: /Filename/ }).click();
    await expect(page.getByRole('columnheader', { name: /Filename/ })).toHaveAttribute('aria-sort', 'descending');
    // a new order starts again at the first page
    await expect(page.getByText('Showing 1–20 of 23 files')).toBeVisible();
    await expect(rows(page).first()).toHaveAttribute('data-filename', 'doc-22.pdf');

    // a name leads to the file's page
    await expect(page.getByRole('link', { name: 'doc-22.pdf', exact: true })).toHaveAttribute('href', `/files/${ids['doc-22.pdf']}`);

    // bulk delete two files
    await page.getByLabel('Select doc-05.pdf').check({ force: true });
    await page.getByLabel('Select doc-06.pdf').check({ force: true });
    const bar = page.getByRole('region', { name: 'Selected files' });
    await expect(bar).toContainText('2 files selected');
    await expect(bar.getByRole('link', { name: /Run pipeline/ })).toHaveAttribute('href', `/jobs/pipeline?files=${ids['doc-05.pdf']},${ids['doc-06.pdf']}`);
    await bar.getByRole('button', { name: /Delete/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 2 files?' });
    await expect(confirm).toContainText('doc-05.pdf, doc-06.pdf');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Showing 1–20 of 21 files')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-testid="file-row"][data-filename="doc-05.pdf"]')).toHaveCount(0);
    const left = await call<{ total_count: number }>(await token(user), 'GET', 'files/my-files'); // the suite's tokens are short-lived
    expect(left.total_count).toBe(21);

    // the dataset's name leads to its page
    await page.getByRole('tab', { name: /Datasets/ }).click();
    await page.getByRole('link', { name: 'Receipts Q1', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/datasets/${ds.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Receipts Q1' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('dataset-file-count')).toHaveText('2 files · 2 pages');
    await expect(page.getByTestId('dataset-reviewed')).toHaveText('0 of 2');
    await expect(page.getByRole('link', { name: /Run pipeline/ }).first()).toHaveAttribute('href', `/jobs/pipeline?dataset=${ds.id}`);
    await expect(page.getByRole('link', { name: /Open evaluation/ })).toHaveAttribute('href', `/jobs/evaluation/datasets/${ds.id}`);
    await expect(page.getByTestId('dataset-file')).toHaveCount(2);
  });
});
