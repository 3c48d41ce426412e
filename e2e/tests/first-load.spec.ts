// What a cold `/` waits for (issue 16, docs/decisions.md "First load"): the remote owning the
// page is fetched while the shell's own modules download, not after the shell's first render,
// and code the landing page does not paint (the signed-in layout, the floating actions)
// stays off it.
import { E2E_PORTS } from '../support/env';
import { expect, registerUser, test } from '../support/fixtures';
import { apiSignIn } from '../support/session';

const marketingManifest = `localhost:${E2E_PORTS.remotes.marketing}/mf-manifest.json`;
const deferredChunks = /\/static\/js\/async\/(authed-layout|floating-actions)\.[0-9a-f]+\.js$/;

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

  test('a cold / never downloads the signed-in layout or the floating actions; a signed-in page does', async ({ page }) => {
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
    await expect(page.getByTestId('floating-actions')).toBeVisible();
    await expect(page.getByTestId('credits-card')).toBeVisible();
    expect(requests.filter((u) => deferredChunks.test(u)).map((u) => u.replace(/.*\/async\/([a-z-]+)\..*/, '$1')).sort()).toEqual([
      'authed-layout',
      'floating-actions',
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
