// Sortable, paged lists in Chromium against the real API: an administrator sorts and pages 48
// users by the column headers; the schema list reads a schema's fields instead of its JSON; at
// 390 px the users are cards and the resources header stays on one row at every width.
import type { Page } from '@playwright/test';
import { ADMIN, API_URL } from '../support/env';
import { STRONG_PASSWORD, expect, registerUser, test } from '../support/fixtures';
import { apiSignIn } from '../support/session';

async function tokenFor(user: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${API_URL}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user.email, password: user.password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${API_URL}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const USERS = 48;
const two = (n: number) => String(n).padStart(2, '0');

/** 48 users whose emails share `mark` (so a search finds exactly them); user 07 gets 600 credits, user 33 none. */
async function make48(mark: string) {
  for (let start = 1; start <= USERS; start += 8) {
    await Promise.all(
      Array.from({ length: 8 }, (_, k) => start + k).map((n) => registerUser(`${mark}-u${two(n)}@e2e.quarry.test`, STRONG_PASSWORD)),
    );
  }
  const admin = await tokenFor(ADMIN);
  const { users } = await call<{ users: { id: string; email: string }[] }>(admin, 'GET', `/admin/users?search=${mark}&limit=100`);
  const id = (n: number) => users.find((u) => u.email.startsWith(`${mark}-u${two(n)}@`))!.id;
  await call(admin, 'POST', `/admin/users/${id(7)}/credit-adjustments`, { amount: 500, reason: 'e2e: the highest balance' });
  await call(admin, 'POST', `/admin/users/${id(33)}/credit-adjustments`, { amount: -100, reason: 'e2e: the lowest balance' });
}

const rows = (page: Page) => page.getByTestId('user-row');
const header = (page: Page, name: string) => page.getByRole('table', { name: 'Users' }).getByRole('columnheader', { name });

test.describe('sortable, paged lists', () => {
  test('an administrator sorts and pages 48 users by the column headers', async ({ page }) => {
    // 48 sign-ups hash 48 passwords: minutes on a loaded machine
    test.setTimeout(900_000);
    const mark = `lists${Date.now().toString(36)}`;
    await make48(mark);
    await page.setViewportSize({ width: 1280, height: 900 });
    await apiSignIn(page, ADMIN);
    await page.goto('/admin/users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(mark, { timeout: 60_000 });
    await expect(page.getByText('Showing 1–20 of 48 users')).toBeVisible({ timeout: 30_000 });
    await expect(rows(page)).toHaveCount(20);
    await expect(header(page, 'Created')).toHaveAttribute('aria-sort', 'descending');

    // email A–Z, then page through
    await header(page, 'Email').getByRole('button').click();
    await expect(header(page, 'Email')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header(page, 'Created')).toHaveAttribute('aria-sort', 'none');
    await expect(rows(page).first()).toHaveAccessibleName(`${mark}-u01@e2e.quarry.test`);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Showing 21–40 of 48 users')).toBeVisible();
    await expect(rows(page).first()).toHaveAccessibleName(`${mark}-u21@e2e.quarry.test`);
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Showing 41–48 of 48 users')).toBeVisible();
    await expect(rows(page)).toHaveCount(8);
    await expect(rows(page).last()).toHaveAccessibleName(`${mark}-u48@e2e.quarry.test`);
    await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
    // Back goes to the page before
    await page.goBack();
    await expect(page.getByText('Showing 21–40 of 48 users')).toBeVisible();

    // the same header again turns the order round and starts at the first page
    await header(page, 'Email').getByRole('button').click();
    await expect(header(page, 'Email')).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByText('Showing 1–20 of 48 users')).toBeVisible();
    await expect(rows(page).first()).toHaveAccessibleName(`${mark}-u48@e2e.quarry.test`);

    // balance: highest first, then lowest first
    await header(page, 'Balance').getByRole('button').click();
    await expect(header(page, 'Balance')).toHaveAttribute('aria-sort', 'descending');
    await expect(rows(page).first()).toHaveAccessibleName(`${mark}-u07@e2e.quarry.test`);
    await expect(rows(page).first().getByTestId('user-balance')).toHaveText('600');
    await header(page, 'Balance').getByRole('button').click();
    await expect(header(page, 'Balance')).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows(page).first()).toHaveAccessibleName(`${mark}-u33@e2e.quarry.test`);
    await expect(page).toHaveURL(/sort=credit_balance&order=asc/);

    await page.getByRole('searchbox', { name: 'Search users' }).fill(`${mark}-nobody`);
    await expect(page.getByText(`No users match "${mark}-nobody"`)).toBeVisible();
  });

  test('the schema list reads the fields, never the JSON', async ({ page }) => {
    test.setTimeout(300_000);
    const user = await registerUser();
    const token = await tokenFor(user);
    const properties = Object.fromEntries(['invoice_number', 'date', 'total', 'vendor', 'currency', 'due_date'].map((n) => [n, { type: 'string' }]));
    await call(token, 'POST', '/output-schemas/', { name: 'Invoice', schema_definition: { type: 'object', properties } });
    await call(token, 'POST', '/output-schemas/', { name: 'Receipt', schema_definition: { type: 'object', properties: { total: { type: 'number' } } } });
    await page.setViewportSize({ width: 1280, height: 900 });
    await apiSignIn(page, user);
    await page.goto('/output-schemas');
    const table = page.getByRole('table', { name: 'Output schemas' });
    const invoice = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Invoice' }) });
    await expect(invoice.getByTestId('schema-summary')).toHaveText('6 fields: invoice_number, date, total, …', { timeout: 60_000 });
    await expect(table.getByRole('row').filter({ hasText: 'Receipt' }).getByTestId('schema-summary')).toHaveText('1 field: total');
    await expect(table).not.toContainText('{');
    await expect(page.getByText('Showing 1–2 of 2 schemas')).toBeVisible();
    // name A–Z from the header
    await table.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
    await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(table.getByRole('link').first()).toHaveText('Invoice');
    await invoice.getByRole('link', { name: 'Invoice' }).click();
    await expect(page).toHaveURL(/\/output-schemas\/[0-9a-f-]{36}$/);
  });

  test('at 390 px users are cards with every column; the resources header never wraps', async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const someone = await registerUser();
    await apiSignIn(page, ADMIN);
    await page.goto('/admin/users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(someone.email, { timeout: 60_000 });
    const card = page.getByRole('list', { name: 'Users' }).getByRole('listitem', { name: someone.email });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table')).toHaveCount(0);
    for (const label of ['Name', 'Created', 'Last login', 'Balance', 'Access']) await expect(card.getByText(label, { exact: true })).toBeVisible();
    await expect(card).toContainText('100 credits');
    const actions = card.getByRole('button', { name: `Actions for ${someone.email}` });
    await expect(actions).toBeInViewport();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeVisible();

    await page.goto('/admin/resources');
    const heading = page.getByRole('heading', { name: 'Resource Management' });
    await expect(heading).toBeVisible({ timeout: 60_000 });
    for (const width of [390, 600, 768, 1024, 1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      const buttons = [page.getByRole('button', { name: 'Refresh' }), page.getByRole('button', { name: 'Seed Defaults' }), page.getByRole('button', { name: 'More' })];
      const boxes = [];
      for (const b of buttons) boxes.push((await b.boundingBox())!);
      const tops = boxes.map((b) => Math.round(b.y));
      expect(new Set(tops).size, `one row of header buttons at ${width} px: ${tops.join(', ')}`).toBe(1);
      for (const b of boxes) expect(b.x + b.width, `inside the window at ${width} px`).toBeLessThanOrEqual(width);
    }
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Overwrite Existing' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Resources Seeded' })).toBeVisible();
  });
});
