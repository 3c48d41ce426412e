// What a cold `/` waits for (docs/decisions/0012-the-page-owner-loads-with-the-shell.md):
// the remote owning the page is fetched while the shell's own modules download, not after the shell's first render,
// and code the landing page does not paint (the signed-in layout with its header actions)
// stays off it. And its first paint needs no JavaScript: the shell's server inlines the
// landing page the marketing remote prerendered (scripts/compose.mjs).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SESSION_HINT_COOKIE_NAME } from '@quarry/shared/constants';
import { BASE_URL, E2E_PORTS } from '../support/env';
import { expect, registerUser, setRemote, test } from '../support/fixtures';
import { apiSignIn } from '../support/session';

const LANDING_H1 = 'Documents in, structured data out';

/** The HTML the shell's server answers for `path`, and how long it took. */
async function html(pathname: string, cookie?: string): Promise<{ text: string; ms: number }> {
  const start = Date.now();
  const res = await fetch(`${BASE_URL}${pathname}`, { headers: cookie ? { cookie } : {} });
  const text = await res.text();
  expect(res.status).toBe(200);
  return { text, ms: Date.now() - start };
}

const marketingManifest = `localhost:${E2E_PORTS.remotes.marketing}/mf-manifest.json`;
const deferredChunks = /\/static\/js\/async\/(authed-layout)\.[0-9a-f]+\.js$/;

test.describe('first load', () => {
  test("the remote owning / is requested while the shell's shared modules are still held back", async ({ page }) => {
    let manifestRequested!: () => void;
    const manifestSeen = new Promise<void>((resolve) => (manifestRequested = resolve));
    page.on('request', (r) => {
      if (r.url().includes(marketingManifest)) manifestRequested();
    });
    // Every async chunk of the shell (its shared singletons and bootstrap) waits until the
    // marketing manifest has been asked for, or 10 s. Were the remote fetched only once the
    // shell had rendered, nothing could render before the 10 s ran out.
    let heldUntilManifest = true;
    await page.route(/\/static\/js\/async\//, async (route) => {
      if (!route.request().url().startsWith(`http://localhost:${E2E_PORTS.shell}/`)) return route.continue();
      const timedOut = await Promise.race([manifestSeen.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), 10_000))]);
      if (timedOut) heldUntilManifest = false;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.locator('[data-remote="mf-marketing"]').first()).toBeVisible({ timeout: 30_000 });
    expect(heldUntilManifest).toBe(true);
  });

  test('a cold / never downloads the signed-in layout or its header actions; a signed-in page does', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requests.filter((u) => deferredChunks.test(u))).toEqual([]);

    // The same chunks are what a signed-in page loads (so the pattern above names them).
    const user = await registerUser();
    await apiSignIn(page, user);
    await page.goto('/account');
    await expect(page.getByTestId('header-actions')).toBeVisible();
    await expect(page.getByTestId('credits-card')).toBeVisible();
    expect(requests.filter((u) => deferredChunks.test(u)).map((u) => u.replace(/.*\/async\/([a-z-]+)\..*/, '$1')).sort()).toEqual([
      'authed-layout',
    ]);
  });

  test('the login page fetches the signed-in layout it leads to before the user signs in', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect.poll(() => requests.some((u) => /\/async\/authed-layout\.[0-9a-f]+\.js$/.test(u))).toBe(true);
  });
});

test.describe('prerendered first paint', () => {
  test('the HTML of a cold / already shows the landing page, in the colour mode the app will use', async ({ browser }) => {
    // The raw HTML: the landing h1's text, once tags, comments and inline styles are stripped.
    const h1 = /<h1 id="hero-title"[^>]*>([\s\S]*?)<\/h1>/.exec((await html('/')).text)?.[1] ?? '';
    expect(h1.replace(/<style[^>]*>[\s\S]*?<\/style>|<!--[\s\S]*?-->|<[^>]+>/g, '')).toBe(LANDING_H1);
    for (const [colorScheme, stored, mode] of [
      ['light', null, 'light'],
      ['dark', null, 'dark'],
      ['light', 'dark', 'dark'],
    ] as const) {
      const context = await browser.newContext({ colorScheme });
      if (stored) await context.addInitScript((t) => localStorage.setItem('quarry-theme', t), stored);
      const page = await context.newPage();
      // No script at all: what is painted is the HTML alone.
      await page.route(/\.js$/, (route) => route.abort());
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(LANDING_H1);
      await expect(page.getByRole('link', { name: 'Start Extracting Data' })).toHaveAttribute('href', '/signup');
      await expect(page.getByTestId('nav-actions')).toContainText('Sign Up');
      expect(await page.evaluate(() => document.documentElement.className)).toBe(mode);
      await context.close();
    }
  });

  test('the app takes over in one frame: the real page is drawn when the prerendered one goes, with one h1', async ({ page }) => {
    // Recorded at the DOM change that removes the prerendered page, before the browser paints.
    await page.addInitScript(() => {
      const w = window as unknown as { __handoff?: { rootH1: string | null; rootShown: boolean } };
      new MutationObserver((records, observer) => {
        if (!records.some((r) => [...r.removedNodes].some((n) => (n as Element).id === 'prerender'))) return;
        const root = document.getElementById('root')!;
        w.__handoff = { rootH1: root.querySelector('h1')?.textContent ?? null, rootShown: getComputedStyle(root).display !== 'none' };
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await expect(page.locator('[data-remote="mf-marketing"]')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('#prerender')).toHaveCount(0);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LANDING_H1);
    expect(await page.evaluate(() => (window as unknown as { __handoff?: unknown }).__handoff)).toEqual({ rootH1: LANDING_H1, rootShown: true });
  });

  test('a prerendered button clicked before the app takes over is clicked again when it has', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The shell's scripts wait until the click is done, so it lands on the prerendered page.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/static\/js\//, async (route) => {
      if (route.request().url().startsWith(`${BASE_URL}/`)) await released;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.locator('#prerender').getByRole('button', { name: 'Open menu' }).click();
    release();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Contact' })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('#prerender')).toHaveCount(0);
  });

  test('a visitor with the session hint gets the plain page (their navigation is not the signed-out one)', async () => {
    const { text } = await html('/', `${SESSION_HINT_COOKIE_NAME}=1`);
    expect(text).toContain('<div id="root"></div>');
    expect(text).not.toContain('hero-title');
    // Only `/` is composed.
    expect((await html('/pricing')).text).not.toContain('id="prerender"');
  });

  test.describe('marketing stopped', () => {
    test.afterEach(async () => {
      await setRemote('marketing', 'start');
    });

    test('/ is the plain page at once, and the app says the area is unavailable', async ({ page }) => {
      await setRemote('marketing', 'stop');
      // The last good copy is kept for up to 5 s.
      await expect.poll(async () => (await html('/')).text.includes('id="prerender"'), { timeout: 10_000, intervals: [500] }).toBe(false);
      const { text, ms } = await html('/');
      expect(text).toContain('<div id="root"></div>');
      expect(ms).toBeLessThan(1000);
      await page.goto('/');
      await expect(page.getByTestId('remote-unavailable')).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('#prerender')).toHaveCount(0);
    });
  });
});

test.describe('page composition (scripts/compose.mjs)', () => {
  type Composer = (pathname: string, cookies?: string) => Promise<string | null>;
  type ComposeModule = { createComposer: (o: { root: string; pages: Record<string, () => string | null>; timeoutMs?: number; ttlMs?: number }) => Composer };
  const load = async () => (await import(pathToFileURL(path.resolve(__dirname, '../../scripts/compose.mjs')).href)) as ComposeModule;
  const shellDist = path.resolve(__dirname, '../../shell/dist');

  /** A stand-in remote origin answering the page after `delayMs`; counts its requests. */
  async function fakeRemote(delayMs: number, body = '<h1>Prerendered</h1>') {
    let requests = 0;
    const server = http.createServer((_req, res) => {
      requests += 1;
      setTimeout(() => res.end(body), delayMs);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prerender/index.html`;
    return { url, requests: () => requests, close: () => (server.closeAllConnections(), new Promise((r) => server.close(r))) };
  }

  test('inlines the page into the layout, before #root, and fetches it once per cache period', async () => {
    const { createComposer } = await load();
    const remote = await fakeRemote(0);
    try {
      const compose = createComposer({ root: shellDist, pages: { '/': () => remote.url } });
      const page = await compose('/');
      expect(page).toMatch(/<div id="prerender">.*<header.*<main[^>]*><h1>Prerendered<\/h1><\/main>.*<\/div><div id="root"><\/div>/s);
      expect(page).toContain("localStorage.getItem('quarry-theme')");
      expect(await compose('/')).toBe(page);
      expect(remote.requests()).toBe(1);
      expect(await compose('/', `a=b; ${SESSION_HINT_COOKIE_NAME}=1`)).toBeNull();
      expect(await compose('/pricing')).toBeNull();
    } finally {
      await remote.close();
    }
  });

  test('a slow or missing remote gives the plain page within the timeout', async () => {
    const { createComposer } = await load();
    const slow = await fakeRemote(5_000);
    try {
      const compose = createComposer({ root: shellDist, pages: { '/': () => slow.url }, timeoutMs: 300 });
      const start = Date.now();
      expect(await compose('/')).toBeNull();
      expect(Date.now() - start).toBeLessThan(1000);
      // The failure is remembered: the next page does not wait again.
      const again = Date.now();
      expect(await compose('/')).toBeNull();
      expect(Date.now() - again).toBeLessThan(100);
    } finally {
      await slow.close();
    }
    const down = createComposer({ root: shellDist, pages: { '/': () => 'http://127.0.0.1:9/prerender/index.html' } });
    expect(await down('/')).toBeNull();
  });
});
