import { execFileSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ADMIN, E2E_PORTS } from '../support/env';
import { expect, registerUser, setRemote, test } from '../support/fixtures';
import { apiSignIn } from '../support/session';

const adminOrigin = `:${E2E_PORTS.remotes.admin}/`;

function recordRequests(page: import('@playwright/test').Page) {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}

test.describe('runtime composition', () => {
  test('an anonymous visitor never downloads the admin remote and is sent to log in', async ({ page }) => {
    const requests = recordRequests(page);
    await page.goto('/');
    await page.goto('/pricing');
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin$/);
    await page.waitForLoadState('networkidle');
    expect(requests.filter((u) => u.includes(adminOrigin))).toEqual([]);
  });

  test('a signed-in user who is not a superuser is sent from /admin to /files, admin never requested', async ({ page }) => {
    const user = await registerUser();
    const requests = recordRequests(page);
    await apiSignIn(page, user);
    await page.goto('/files');
    await expect(page.locator('[data-remote="mf-files"]')).toBeVisible();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/files$/);
    await page.goto('/admin/credit-requests');
    await expect(page).toHaveURL(/\/files$/);
    await page.waitForLoadState('networkidle');
    expect(requests.filter((u) => u.includes(adminOrigin))).toEqual([]);
  });

  test('a superuser gets the admin remote on /admin', async ({ page }) => {
    const requests = recordRequests(page);
    await apiSignIn(page, ADMIN);
    await page.goto('/admin');
    await expect(page.locator('[data-remote="mf-admin"]')).toBeVisible();
    expect(requests.some((u) => u.includes(`${adminOrigin}mf-manifest.json`))).toBe(true);
  });

  test('each shared singleton is loaded once, from one provider, whatever loads first', async ({ page }) => {
    const user = await registerUser();
    await apiSignIn(page, user);
    for (const path of ['/files', '/prompts', '/jobs', '/checkout/pri_test']) {
      await page.goto(path);
      await expect(page.locator('[data-remote-version]').first()).toBeAttached();
    }
    // Client-side navigations between areas, so several remotes live in one page.
    await page.goto('/files');
    for (const name of ['Prompts', 'Jobs']) {
      await page.getByRole('link', { name, exact: true }).first().click();
      await expect(page.locator('[data-remote-version]').first()).toBeAttached();
    }
    const providers = await page.evaluate(() => {
      type ShareInfo = { from: string; loaded?: boolean; lib?: unknown };
      const fed = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, ShareInfo>>>> } }).__FEDERATION__;
      const seen: Record<string, Set<string>> = {};
      for (const scopes of Object.values(fed.__SHARE__)) {
        for (const pkgs of Object.values(scopes)) {
          for (const [pkg, versions] of Object.entries(pkgs)) {
            for (const [version, info] of Object.entries(versions)) {
              if (!info.loaded && !info.lib) continue;
              (seen[pkg] ??= new Set()).add(`${info.from}@${version}`);
            }
          }
        }
      }
      return Object.fromEntries(Object.entries(seen).map(([k, v]) => [k, [...v]]));
    });
    // Chakra is shared per entry point (docs/decisions/0011-chakra-shared-per-entry-point.md):
    // its core and theme stand for it here. (`from` names the app that first loaded a module, not its provider:
    // a production remote has no copy of Chakra, so every entry point is the shell's.)
    for (const pkg of ['react', 'react-dom', 'react-router', '@chakra-ui/react/styled-system', '@chakra-ui/react/preset', '@emotion/react', '@quarry/shared']) {
      expect(providers[pkg], pkg).toHaveLength(1);
    }
    for (const [pkg, list] of Object.entries(providers)) expect(list, pkg).toHaveLength(1);
    expect(Object.keys(providers).filter((pkg) => pkg.startsWith('@chakra-ui/react/')).length).toBeGreaterThan(10);
  });
});

test.describe('failure isolation', () => {
  test.afterEach(async () => {
    await setRemote('files', 'start');
  });

  test('a stopped remote breaks only its own area, and Try Again recovers without a reload', async ({ page }) => {
    const user = await registerUser();
    await apiSignIn(page, user);
    await setRemote('files', 'stop');
    await page.goto('/files');
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    const unavailable = page.getByTestId('remote-unavailable');
    await expect(unavailable).toBeVisible({ timeout: 30_000 });
    await expect(unavailable).toContainText('still loading');
    // The layout is still there and other areas work.
    await page.getByRole('link', { name: 'Prompts', exact: true }).first().click();
    await expect(page.locator('[data-remote="mf-prompts-schemas"]')).toBeVisible();
    await page.goBack();
    await expect(page.getByTestId('remote-unavailable')).toBeVisible({ timeout: 30_000 });

    await setRemote('files', 'start');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.locator('[data-remote="mf-files"]')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  });
});

test.describe('independent deploy', () => {
  test('a rebuilt remote shows its new version after a reload; the shell is untouched', async ({ page }) => {
    const tmp = process.env.QUARRY_E2E_TMP;
    if (!tmp) throw new Error('QUARRY_E2E_TMP is not set: the stack must be started by global-setup');
    const repo = path.resolve(__dirname, '../..');
    const live = path.join(tmp!, 'www', 'mf-marketing');

    const shellRequests = recordRequests(page);
    await page.goto('/pricing');
    const before = await page.locator('[data-remote="mf-marketing"]').getAttribute('data-remote-version');
    const shellBefore = shellRequests.filter((u) => u.includes(`:${E2E_PORTS.shell}/static/`)).sort();

    const version = `e2e-redeploy-${Date.now()}`;
    const out = mkdtempSync(path.join(tmp!, 'build-'));
    execFileSync('npx', ['rsbuild', 'build'], {
      cwd: path.join(repo, 'mf-marketing'),
      env: { ...process.env, REMOTE_VERSION: version, DIST_PATH: out },
      stdio: 'pipe',
    });
    // The deploy: swap the folder the remote's server reads from.
    rmSync(live, { recursive: true, force: true });
    renameSync(out, live);

    shellRequests.length = 0;
    await page.reload();
    await expect(page.locator('[data-remote="mf-marketing"]')).toHaveAttribute('data-remote-version', version);
    expect(version).not.toBe(before);
    const shellAfter = shellRequests.filter((u) => u.includes(`:${E2E_PORTS.shell}/static/`)).sort();
    // Same shell files (same content hashes) before and after the remote's redeploy.
    expect(shellAfter.every((u) => shellBefore.includes(u))).toBe(true);
  });
});
