import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { API_URL, CONTROL_URL, type RemoteKey } from './env';

/** What Chromium logs when the page's Content-Security-Policy blocks something. */
export const CSP_MESSAGE = /Content[- ]Security[- ]Policy|Refused to (load|execute|apply|connect|frame|create|evaluate|display|run|compile)/i;

const watched = new WeakSet<BrowserContext>();

/** Reports every CSP violation of the context's pages into `seen` (console messages and securitypolicyviolation events). */
async function watchCsp(context: BrowserContext, seen: string[]) {
  if (watched.has(context)) return;
  watched.add(context);
  context.on('console', (m) => {
    if (CSP_MESSAGE.test(m.text())) seen.push(`${m.page()?.url() ?? 'a page'}: ${m.text()}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content Security Policy violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline code'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
}

/**
 * Every test runs under the static servers' Content-Security-Policy and fails on any
 * violation, in its own page or in a context it opens (`browser.newContext`). A test that
 * provokes one on purpose removes what it expected from `cspViolations`.
 */
export const test = base.extend<{ consoleErrors: string[]; cspViolations: string[] }>({
  cspViolations: [
    async ({ browser }, use) => {
      const seen: string[] = [];
      const b = browser as Browser & { newContext: Browser['newContext'] };
      const original = b.newContext;
      b.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const context = await original.apply(b, args);
        await watchCsp(context, seen);
        return context;
      };
      try {
        await use(seen);
      } finally {
        b.newContext = original;
      }
      expect(seen, 'Content-Security-Policy violations during the test').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, cspViolations }, use) => {
    await watchCsp(context, cspViolations);
    await use(context);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await use(errors);
  },
});
export { expect };

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@e2e.quarry.test`;
}

export const STRONG_PASSWORD = 'Quarry-Strong-Passw0rd-42';

/** Registers a user through the real API and returns its credentials. */
export async function registerUser(email = uniqueEmail(), password = STRONG_PASSWORD) {
  const res = await fetch(`${API_URL}/users/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return { email, password };
}

/** Signs in through the login form, as a user would. */
export async function signIn(page: Page, user: { email: string; password: string }, redirect?: string) {
  await page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');
  await page.getByLabel(/email/i).fill(user.email);
  await page.getByLabel(/^password/i).fill(user.password);
  await page.getByRole('button', { name: /log in|sign in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Stops or starts one remote's static server (the stack's control port). */
export async function setRemote(remote: RemoteKey, action: 'stop' | 'start') {
  const res = await fetch(`${CONTROL_URL}/remotes/${remote}/${action}`, { method: 'POST' });
  if (res.status !== 204) throw new Error(`control ${remote} ${action}: ${res.status}`);
}

/**
 * Picks a theme in the header's theme menu and waits until the page wears it (the class on
 * <html>), so a reload after it reads the stored choice. In CI, on a loaded machine, a click
 * on an item right after the menu opened was lost twice in some hundred runs (the menu stayed
 * open, nothing chosen; not seen on a quiet machine, cause not found): the pick is then tried
 * again, as a person would click again.
 */
export async function chooseTheme(page: Page, label: 'Light' | 'Dark' | 'System', expectedClass: RegExp) {
  await expect(async () => {
    const item = page.getByRole('menuitemradio', { name: label });
    if (!(await item.isVisible())) await page.getByRole('button', { name: /^Theme/ }).click();
    await expect(item).toBeVisible();
    await item.click();
    await expect(page.locator('html')).toHaveClass(expectedClass, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}
