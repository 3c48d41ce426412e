import { test as base, expect, type Page } from '@playwright/test';
import { API_URL, CONTROL_URL, type RemoteKey } from './env';

/** Console errors and page errors seen during a test; tests assert it stays empty. */
export const test = base.extend<{ consoleErrors: string[] }>({
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
