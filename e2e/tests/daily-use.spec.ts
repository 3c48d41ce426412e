// Working in Quarry day to day, in Chromium against the real API: a pipeline on two files
// selected in the list shows its cost before it starts; a dataset's crumb names it; an
// administrator opens a user's page from the email; the command palette on a phone is a
// dialog with a close button that leaves the page in sight.
// DAILY_USE_SHOTS=dir: screenshots of the sidebar, the palette, the jobs list with filters, the
// file list with a selection, a dataset page and the account's security section, at 1280 and
// 390 px, light and dark.
import type { Page } from '@playwright/test';
import { ADMIN } from '../support/env';
import { ApiUser, makeTextPdf } from '../support/documents';
import { expect, registerUser, test } from '../support/fixtures';
import { apiSignIn } from '../support/session';

const SHOTS = process.env.DAILY_USE_SHOTS;

/** The page at 1280 and 390 px, light and dark; `prepare` runs at each width (open a menu, a dialog). */
async function shots(page: Page, name: string, prepare?: (width: number) => Promise<void>) {
  if (!SHOTS) return;
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(300);
    if (prepare) await prepare(width);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: !prepare });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.keyboard.press('Escape');
  }
  if (size) await page.setViewportSize(size);
}

const page3 = (label: string) => [[{ kind: 'paragraph' as const, lines: [`${label} page one`] }], [{ kind: 'paragraph' as const, lines: ['page two'] }]];

test.describe('daily use', () => {
  test('runs a pipeline on two files selected in the list, its cost shown before it starts', async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const user = await registerUser();
    const api = await ApiUser.login(user);
    const stamp = Date.now();
    const a = `north-${stamp}.pdf`;
    const b = `south-${stamp}.pdf`;
    const ids = [await api.upload(await makeTextPdf(page3('North')), a), await api.upload(await makeTextPdf([[{ kind: 'paragraph', lines: ['South'] }]]), b)];
    await apiSignIn(page, user);

    await page.goto('/files');
    await page.getByLabel(`Select ${a}`).check({ force: true, timeout: 60_000 });
    await page.getByLabel(`Select ${b}`).check({ force: true });
    const bar = page.getByRole('region', { name: 'Selected files' });
    await expect(bar).toContainText('2 files selected');
    await shots(page, 'files-selection');
    await bar.getByRole('link', { name: /Run pipeline/ }).click();

    await expect(page).toHaveURL(/\/jobs\/pipeline\?files=/);
    const files = page.getByTestId('pipeline-files');
    await expect(files).toContainText(a, { timeout: 60_000 });
    await expect(files).toContainText(b);
    await page.locator('label').filter({ hasText: /^Extraction$/ }).click();
    // the cost of the run on both files, before anything starts
    const estimate = page.getByTestId('estimate');
    await expect(estimate.getByTestId('estimate-pages')).toContainText('3', { timeout: 60_000 });
    await expect(estimate.getByTestId('estimate-credits')).not.toBeEmpty();
    await page.getByLabel('Job name').fill(`Two selected ${stamp}`);
    await page.getByRole('button', { name: 'Create Pipeline Job' }).click();
    await page.waitForURL(/\/jobs\/pipeline\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    await expect(page.getByTestId('breadcrumbs')).toContainText(`Two selected ${stamp}`, { timeout: 30_000 });
    const job = await api.call('GET', `jobs/pipeline/${page.url().split('/').at(-1)}`);
    expect(job.dataset_id).toBeTruthy();
    const dataset = await api.call('GET', `datasets/${String(job.dataset_id)}`);
    expect((dataset.files as { id: string }[]).map((f) => f.id).sort()).toEqual([...ids].sort());

    // the dataset the run made: its page's crumb names it
    await page.goto(`/datasets/${String(job.dataset_id)}`);
    await expect(page.getByRole('heading', { level: 1, name: String(dataset.name) })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('breadcrumbs')).toHaveText(new RegExp(`Datasets.*${String(dataset.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    await expect(page.getByTestId('breadcrumbs')).not.toContainText(/Dataset$/);
    // on a phone the long name gives way, not the trail before it
    await page.setViewportSize({ width: 390, height: 844 });
    const parent = page.getByTestId('breadcrumbs').getByRole('link', { name: 'Datasets' });
    await expect(parent).toBeVisible();
    expect(await parent.evaluate((el) => el.scrollWidth <= el.clientWidth), '"Datasets" is not cut').toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await shots(page, 'dataset-page');

    if (SHOTS) {
      await page.goto('/jobs?type=full_pipeline&status=completed');
      await expect(page.getByRole('combobox', { name: 'Type' })).toBeVisible({ timeout: 60_000 });
      await page.goto('/jobs?type=full_pipeline');
      await expect(page.getByTestId('job-row').first()).toBeVisible({ timeout: 60_000 });
      await shots(page, 'jobs-list-filters');
      await page.goto('/settings#security');
      await expect(page.locator('#security').getByTestId('session').first()).toBeVisible({ timeout: 60_000 });
      await page.locator('#security').scrollIntoViewIfNeeded();
      await shots(page, 'account-security', async () => {
        await page.locator('#security').scrollIntoViewIfNeeded();
      });
      await page.goto('/files');
      await expect(page.getByTestId('file-row').first()).toBeVisible({ timeout: 60_000 });
      await shots(page, 'sidebar', async (width) => {
        if (width === 390) {
          await page.getByRole('button', { name: 'Open navigation menu' }).click();
          await expect(page.getByTestId('mobile-sidebar')).toBeVisible();
        }
      });
    }
  });

  test('an administrator opens a user page from the email; the crumb names the user', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const someone = await registerUser();
    await apiSignIn(page, ADMIN);
    await page.goto('/admin/users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(someone.email, { timeout: 60_000 });
    const row = page.getByRole('row', { name: someone.email });
    await row.getByRole('link', { name: someone.email }).click({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: someone.email })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('admin-user-details')).toContainText('100 credits');
    await expect(page.getByTestId('breadcrumbs')).toContainText(someone.email);
    await expect(page.getByRole('button', { name: 'Disable' })).toBeEnabled();
  });

  test('the command palette on a phone: a dialog with a close button, the page still in sight', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await registerUser();
    await apiSignIn(page, user);
    await page.goto('/files');
    await page.getByTestId('palette-button').click({ timeout: 60_000 });
    const palette = page.getByTestId('command-palette');
    await expect(palette).toBeVisible();
    const box = (await palette.boundingBox())!;
    expect(box.height, 'not the whole screen high').toBeLessThanOrEqual(844 * 0.75);
    expect(box.x, 'a margin on the left').toBeGreaterThan(0);
    expect(box.x + box.width, 'a margin on the right').toBeLessThan(390);
    const close = palette.getByRole('button', { name: 'Close search' });
    await expect(close).toBeInViewport();
    await page.getByRole('combobox', { name: /go to a page or search/i }).fill('sch');
    await expect(page.getByRole('option', { name: 'Output Schemas' })).toBeVisible();
    await close.click();
    await expect(palette).toBeHidden();
    await expect(page).toHaveURL(/\/files$/);

    await shots(page, 'palette', async (width) => {
      if (width === 1280) await page.keyboard.press('Control+k');
      else await page.getByTestId('palette-button').click();
      await page.getByRole('combobox', { name: /go to a page or search/i }).fill('s');
      await expect(page.getByRole('option').first()).toBeVisible();
    });
  });
});
