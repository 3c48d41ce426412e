// Finding one's way in the signed-in app, in Chromium against the real API: the sidebar lists
// every area (each remote declares its own entries), Ctrl+K opens the command palette and finds
// a file by name, crumbs name what a page shows, and no control of the layout sits over the
// page's content at 390 or 1280 px.
import type { Page } from '@playwright/test';
import { ApiUser, makeTextPdf } from '../support/documents';
import { expect, registerUser, test } from '../support/fixtures';
import { apiSignIn } from '../support/session';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('navigation', () => {
  test('a newcomer finds Output Schemas and Evaluation from the sidebar', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const user = await registerUser();
    await apiSignIn(page, user);
    await page.goto('/files');
    const nav = sidebar(page);
    await nav.getByRole('link', { name: 'Output Schemas' }).click();
    await expect(page).toHaveURL(/\/output-schemas$/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(/Output Schemas/i, { timeout: 30_000 });
    await expect(nav.getByRole('link', { name: 'Output Schemas' })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Evaluation' }).click();
    await expect(page).toHaveURL(/\/jobs\/evaluation$/);
    await expect(page.getByRole('heading', { name: 'Evaluation', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('breadcrumbs')).toHaveText('Evaluation');
    // the tools have a group of their own
    const tools = nav.getByRole('group', { name: 'Tools' });
    await expect(tools.getByRole('link', { name: 'LLM Test' })).toBeVisible();
    await expect(tools.getByRole('link', { name: 'Chunking Test' })).toBeVisible();
  });

  test('the sidebar on a phone: the menu button opens it, and it lists the same areas', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await registerUser();
    await apiSignIn(page, user);
    await page.goto('/account');
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = page.getByTestId('mobile-sidebar');
    await drawer.getByRole('link', { name: 'Output Schemas' }).click();
    await expect(page).toHaveURL(/\/output-schemas$/);
    await expect(drawer).toBeHidden();
  });

  test('Ctrl+K opens a file by name, and the crumbs name it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const user = await registerUser();
    const api = await ApiUser.login(user);
    const name = `quarterly-report-${Date.now()}.pdf`;
    const fileId = await api.upload(await makeTextPdf([[{ kind: 'paragraph', lines: ['Quarterly report'] }]]), name);
    await apiSignIn(page, user);
    await page.goto('/account');
    await expect(page.getByTestId('palette-button')).toBeVisible({ timeout: 30_000 });

    await page.keyboard.press('Control+k');
    const search = page.getByRole('combobox', { name: /go to a page or search/i });
    await expect(search).toBeFocused();
    await search.pressSequentially('quarterly-report');
    const option = page.getByRole('option', { name: name });
    await expect(option).toBeVisible({ timeout: 15_000 });
    // the file is the first result once the pages no longer match: Enter opens it
    await expect(option).toHaveAttribute('data-highlighted', '');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/files/${fileId}$`));
    const crumbs = page.getByTestId('breadcrumbs');
    await expect(crumbs).toContainText('Files & Datasets');
    await expect(crumbs).toContainText(name, { timeout: 30_000 });
    await expect(crumbs).not.toContainText(fileId.slice(0, 8));

    // Esc closes it without going anywhere
    await page.keyboard.press('Control+k');
    await expect(search).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(search).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/files/${fileId}$`));
  });
});

/** Every page a signed-in user opens from the sidebar or a list. */
const PAGES = [
  '/files',
  '/datasets',
  '/uploads',
  '/prompts',
  '/prompts/new',
  '/output-schemas',
  '/output-schemas/new',
  '/jobs',
  '/jobs/ocr',
  '/jobs/chunking',
  '/jobs/extraction',
  '/jobs/pipeline',
  '/jobs/evaluation',
  '/llm-test',
  '/account',
  '/settings',
  '/credit-request',
  '/websocket-test',
];

interface Overlap {
  control: string;
  content: string;
}

/**
 * At the top of the page and scrolled to its end: no fixed or sticky control (the header and
 * what it holds included) covers an element of the page's content, and the header keeps one
 * line. Checked with the elements' boxes, not by looking.
 */
async function overlaps(page: Page): Promise<{ overlaps: Overlap[]; headerWraps: boolean }> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    const header = document.querySelector('header');
    if (!main || !header) throw new Error('no main or header');
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0;
    };
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''}${el.getAttribute('aria-label') ? `[aria-label=${el.getAttribute('aria-label')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    // controls: the header and every fixed or sticky element outside the page's content
    const controls = [...document.body.querySelectorAll('*')].filter((el) => {
      if (main.contains(el) || !visible(el)) return false;
      const pos = getComputedStyle(el).position;
      return pos === 'fixed' || pos === 'sticky';
    });
    // content: what a user reads or uses in the page
    const content = [...main.querySelectorAll('a, button, input, select, textarea, h1, h2, h3, p, td, th, label, [role=row], [data-testid]')].filter(visible);
    const hit = (a: DOMRect, b: DOMRect) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const found: Overlap[] = [];
    const check = () => {
      for (const c of controls) {
        const cr = c.getBoundingClientRect();
        for (const el of content) {
          const er = el.getBoundingClientRect();
          // content scrolled above the viewport's top edge goes under the sticky header by design
          if (c === header && er.top < cr.bottom && window.scrollY > 0) continue;
          if (hit(cr, er)) found.push({ control: describe(c), content: describe(el) });
        }
      }
    };
    window.scrollTo(0, 0);
    check();
    window.scrollTo(0, document.documentElement.scrollHeight);
    check();
    window.scrollTo(0, 0);
    const hr = header.getBoundingClientRect();
    const headerWraps = header.scrollHeight > header.clientHeight + 1 || [...header.children].some((ch) => visible(ch) && ch.getBoundingClientRect().height > hr.height);
    return { overlaps: found.slice(0, 5), headerWraps };
  });
}

test.describe('unobstructed layout', () => {
  for (const width of [390, 1280]) {
    test(`at ${width} px no page has content under a header or floating control`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height: 800 });
      const user = await registerUser();
      const api = await ApiUser.login(user);
      const fileId = await api.upload(await makeTextPdf([[{ kind: 'paragraph', lines: ['A page of text'] }]]), 'layout-check.pdf');
      await apiSignIn(page, user);
      const report: Record<string, unknown> = {};
      for (const path of [...PAGES, `/files/${fileId}`]) {
        await page.goto(path);
        await expect(page.getByTestId('header-actions')).toBeVisible({ timeout: 30_000 });
        await expect(page.locator('main [data-testid=remote-loading]')).toHaveCount(0, { timeout: 30_000 });
        await page.waitForLoadState('networkidle');
        // the old floating corner is gone for good
        await expect(page.getByTestId('floating-actions')).toHaveCount(0);
        const result = await overlaps(page);
        if (result.overlaps.length > 0 || result.headerWraps) report[path] = result;
      }
      expect(report).toEqual({});
    });
  }
});
