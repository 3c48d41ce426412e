import type { Page } from '@playwright/test';

/**
 * Signs in through the real API from the page's own context, so the refresh cookie lands
 * in the browser exactly as after the login form; the shell then restores the session on
 * the next page load. For tests about something other than the login form.
 */
export async function apiSignIn(page: Page, user: { email: string; password: string }) {
  const res = await page.request.post('/api/v1/auth/login', {
    form: { username: user.email, password: user.password },
  });
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
}
