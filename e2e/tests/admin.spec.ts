// The admin area in Chromium against the real API: resource types, seeding,
// credit-request review (and the user's balance changing live), settings, the operations
// view with a real failed job retried, and disabling a user. Data is made through the API.
import type { Page } from '@playwright/test';
import { ADMIN, API_URL } from '../support/env';
import { expect, registerUser, test } from '../support/fixtures';
import { apiSignIn } from '../support/session';

type Json = Record<string, unknown>;

async function tokenFor(user: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${API_URL}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user.email, password: user.password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

type Creds = { email: string; password: string };

/** One API call as `who`, with a fresh token each time (the suite's tokens live 15 s). */
async function call<T = Json>(who: Creds, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const token = await tokenFor(who);
  const res = await fetch(`${API_URL}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });

async function newCreditRequest(who: Creds, amount: number, description: string): Promise<string> {
  const res = await call<{ id: string }>(who, 'POST', '/credit-requests/', {
    amount,
    usage_purpose: 'data_extraction',
    project_description: description,
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** A 1×1 PNG: a real image the upload check accepts. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads a file through the real flow (prepare, PUT, complete) and answers its id. */
async function uploadPng(who: Creds, filename: string): Promise<string> {
  const prep = await call<{ upload_session_id: string; uploads: { upload_id: string; signed_url: string }[] }>(who, 'POST', '/uploads/prepare-upload', {
    files: [{ filename, size: PNG.length, mime_type: 'image/png' }],
  });
  expect(prep.status).toBe(200);
  const upload = prep.body.uploads[0]!;
  const target = upload.signed_url.startsWith('http') ? upload.signed_url : `${new URL(API_URL).origin}${upload.signed_url}`;
  const put = await fetch(target, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: PNG });
  expect(put.status).toBe(200);
  const done = await call<{ results: { file_id: string }[] }>(who, 'POST', '/uploads/complete', {
    upload_session_id: prep.body.upload_session_id,
    completed_uploads: [upload.upload_id],
  });
  expect(done.status).toBe(200);
  return done.body.results[0]!.file_id;
}

test.describe('admin area', () => {
  test('a superuser edits a resource type (integers only) and sees Resource Updated; seeds and sees Resources Seeded', async ({ page }) => {
    await apiSignIn(page, ADMIN);
    await page.goto('/admin');
    await expect(page.getByText('System Status')).toBeVisible();
    await expect(page.getByText('Online')).toBeVisible();
    await page.getByRole('link', { name: 'Manage resources' }).click();
    await expect(page.getByRole('heading', { name: 'Resource Management' })).toBeVisible();

    const card = page.getByRole('listitem', { name: 'max_file_count' });
    await card.getByRole('button', { name: 'Edit max_file_count' }).click();
    const dialog = page.getByRole('dialog');
    const limit = dialog.getByRole('textbox', { name: 'Default limit' });
    const before = await limit.inputValue();
    await limit.fill('1.5');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText('Enter a whole number of 0 or more')).toBeVisible();
    await limit.fill(before);
    const description = `Files a user may keep (${Date.now()})`;
    await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Resource Updated')).toBeVisible();
    await expect(card).toContainText(description);

    await page.getByRole('button', { name: 'Seed Defaults' }).click();
    await expect(toast(page, 'Resources Seeded')).toContainText(/Seeded resource types: \d+ created, 0 updated, \d+ skipped/);
    // seeding without overwrite kept the edit
    await expect(card).toContainText(description);
  });

  test('rejects a request (notes required), approves another; the user sees the balance grow once, live', async ({ page, browser }) => {
    const asker = await registerUser();
    const rejectMe = await newCreditRequest(asker, 300, 'Reject me: a project description that is long enough to pass.');
    const approveMe = await newCreditRequest(asker, 700, 'Approve me: a project description that is long enough to pass.');
    const before = (await call<{ credit_balance: number }>(asker, 'GET', '/users/me')).body.credit_balance;

    // the asker watches their credits card in another browser
    const askerContext = await browser.newContext();
    const askerPage = await askerContext.newPage();
    await apiSignIn(askerPage, asker);
    await askerPage.goto('/files');
    await expect(askerPage.getByTestId('credit-balance')).toHaveText(before.toLocaleString('en-US'));

    await apiSignIn(page, ADMIN);
    await page.goto('/admin/credit-requests');
    await page.getByRole('searchbox', { name: 'Search requests' }).fill(asker.email);
    await expect(page.getByTestId('credit-request')).toHaveCount(2);

    const rejectCard = page.getByTestId('credit-request').filter({ hasText: 'Reject me' });
    await rejectCard.getByRole('button', { name: 'Review' }).click();
    let dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('review-balance')).toHaveText(`${before.toLocaleString('en-US')} credits`);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByText('Please provide notes explaining why this request is being rejected')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Review notes' }).fill('Please describe the documents first');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(toast(page, 'Request Rejected')).toBeVisible();
    await expect(rejectCard.getByTestId('review-summary')).toContainText('Please describe the documents first');
    await expect(rejectCard.getByRole('button', { name: 'Review' })).toHaveCount(0);

    const approveCard = page.getByTestId('credit-request').filter({ hasText: 'Approve me' });
    await approveCard.getByRole('button', { name: 'Review' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(page, 'Request Approved')).toBeVisible();
    await expect(approveCard.getByTestId('review-summary')).toContainText(`Approved by`);

    // the asker's card changes without a reload
    await expect(askerPage.getByTestId('credit-balance')).toHaveText((before + 700).toLocaleString('en-US'));

    // a second approval (another tab, another admin) is refused and adds nothing
    const again = await call<{ detail: string }>(ADMIN, 'PUT', `/admin/credit-requests/${approveMe}/review`, { status: 'approved' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/already been reviewed/);
    expect((await call<{ credit_balance: number }>(asker, 'GET', '/users/me')).body.credit_balance).toBe(before + 700);
    const rejected = await call<{ id: string }[]>(ADMIN, 'GET', '/admin/credit-requests/?status_filter=rejected');
    expect(rejected.body.map((r) => r.id)).toContain(rejectMe);
    await askerContext.close();
  });

  test('saves settings and sees the new site name after a reload', async ({ page }) => {
    const original = (await call<{ site_name: string; admin_email: string | null }>(ADMIN, 'GET', '/admin/settings')).body;
    const name = `Ore Works ${Date.now().toString(36)}`;
    try {
      await apiSignIn(page, ADMIN);
      await page.goto('/admin/settings');
      // the page also holds the model-call settings form with a Save of its own
      const site = page.getByRole('form', { name: 'Site settings' });
      const siteName = site.getByRole('textbox', { name: 'Site name' });
      // the first admin page of a run also downloads the admin remote: slow on a loaded machine
      await expect(siteName).toHaveValue(original.site_name, { timeout: 30_000 });
      await siteName.fill('   ');
      await site.getByRole('textbox', { name: 'Admin email' }).fill('not an email');
      await site.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Site name is required')).toBeVisible();
      await expect(page.getByText('Please enter a valid email address')).toBeVisible();
      await site.getByRole('button', { name: 'Reset' }).click();
      await expect(siteName).toHaveValue(original.site_name);

      await siteName.fill(name);
      await site.getByRole('textbox', { name: 'Admin email' }).fill('ops@e2e.quarry.test');
      await site.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Settings Saved')).toBeVisible();
      await page.reload();
      await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Site name' })).toHaveValue(name);
    } finally {
      await call(ADMIN, 'PUT', '/admin/settings', { site_name: original.site_name, admin_email: original.admin_email ?? ADMIN.email });
    }
  });

  test('sees a failed job in the operations view and retries it', async ({ page }) => {
    const user = await registerUser();
    const filename = `gone-${Date.now().toString(36)}.png`;
    const fileId = await uploadPng(user, filename);
    const job = await call<{ id: string }>(user, 'POST', '/ocr/jobs', { file_id: fileId, name: `OCR of ${filename}` });
    expect(job.status).toBe(201);
    expect((await call(user, 'DELETE', `/files/${fileId}`)).status).toBeLessThan(300);
    expect((await call(user, 'POST', `/ocr/jobs/${job.body.id}/start`)).status).toBe(200);

    await apiSignIn(page, ADMIN);
    await page.goto('/admin/operations');
    await expect(page.getByRole('heading', { name: 'Operations' })).toBeVisible();
    await expect(page.getByTestId('worker').first()).toContainText('Alive');
    const failure = page.getByTestId('failure').filter({ hasText: `OCR of ${filename}` });
    await expect(failure).toContainText(`The file ${filename} was deleted before its OCR could run`, { timeout: 30_000 });
    await expect(failure).toContainText(user.email);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(toast(page, 'Job Retried')).toContainText(`Job "OCR of ${filename}" is queued again`);
    const detail = await call<{ events: { message: string }[] }>(user, 'GET', `/jobs/${job.body.id}`);
    expect(detail.body.events.some((e) => e.message.startsWith('Job restarted'))).toBe(true);
  });

  test('disables a user, who then cannot sign in', async ({ page, browser }) => {
    const victim = await registerUser();
    await apiSignIn(page, ADMIN);
    await page.goto('/admin/users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(victim.email);
    const row = page.getByTestId('user-row').filter({ hasText: victim.email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: `Actions for ${victim.email}` }).click();
    await page.getByRole('menuitem', { name: 'Disable' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Disable' }).click();
    await expect(toast(page, 'User Disabled')).toBeVisible();
    await expect(row).toContainText('Disabled');

    const other = await browser.newContext();
    const victimPage = await other.newPage();
    await victimPage.goto('/login');
    await victimPage.getByLabel(/email/i).fill(victim.email);
    await victimPage.getByLabel(/^password/i).fill(victim.password);
    await victimPage.getByRole('button', { name: /log in|sign in/i }).click();
    await expect(victimPage.getByText('Account access is currently disabled. Please contact support for assistance.')).toBeVisible();
    await expect(victimPage).toHaveURL(/\/login/);
    await other.close();
  });
});
