// Account basics against the real API: a forgotten password reset through the link (read, as a
// superuser would without a mail server, from the admin's undelivered mail), and a password
// change in Settings → Security that signs out the user's other session.
import { ADMIN, API_URL } from '../support/env';
import { expect, registerUser, signIn, STRONG_PASSWORD, test, uniqueEmail } from '../support/fixtures';

const NEW_PASSWORD = 'Basalt-Ledger-73q-Quarry';

// each test walks several pages and argon2 hashes: more than the default minute on a busy machine
test.describe.configure({ timeout: 180_000 });

async function apiLogin(email: string, password: string): Promise<Response> {
  return fetch(`${API_URL}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }).toString(),
  });
}

/** The newest reset link mailed to `email`, as the admin's undelivered mail holds it. */
async function resetLinkFor(email: string): Promise<string> {
  const login = await apiLogin(ADMIN.email, ADMIN.password);
  const { access_token: token } = (await login.json()) as { access_token: string };
  for (let i = 0; i < 100; i += 1) {
    const res = await fetch(`${API_URL}/admin/mail-outbox`, { headers: { Authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { messages: Array<{ to_email: string; body: string }> };
    const mail = body.messages.find((m) => m.to_email === email);
    const link = mail ? /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.body)?.[0] : undefined;
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no reset link for ${email}`);
}

test('forgot password: the link from the admin messages resets it; the old password fails, the new works', async ({ page, consoleErrors }) => {
  const user = await registerUser(uniqueEmail('forgot'));
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(user.email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByLabel(/email/i)).toHaveValue(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('reset-requested')).toContainText('If an account exists for that email address', { timeout: 30_000 });

  const link = await resetLinkFor(user.email);
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible({ timeout: 60_000 });
  await page.getByLabel(/^new password/i).fill(NEW_PASSWORD);
  await page.getByLabel(/^confirm new password/i).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('password-reset-done')).toBeVisible({ timeout: 30_000 });

  // the link works once
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByLabel(/^new password/i).fill('Another-Granite-88z-Quarry');
  await page.getByLabel(/^confirm new password/i).fill('Another-Granite-88z-Quarry');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByTestId('reset-link-invalid')).toBeVisible({ timeout: 30_000 });

  // the old password fails in the form; the new one signs in
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(user.email);
  await page.getByLabel(/^password/i).fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible({ timeout: 30_000 });
  await signIn(page, { email: user.email, password: NEW_PASSWORD });
  await expect(page).toHaveURL(/\/files/);
  expect(consoleErrors.filter((e) => !/401|400/.test(e))).toEqual([]);
});

test('change password in Settings: the other session is signed out, this one stays', async ({ page }) => {
  const user = await registerUser(uniqueEmail('change'));
  const other = await apiLogin(user.email, user.password);
  const otherToken = ((await other.json()) as { access_token: string }).access_token;
  await signIn(page, user, '/settings');
  await expect(page).toHaveURL(/\/settings/);
  const security = page.locator('#security');
  // registration, the API login and this browser's login: three sessions
  await expect(security.getByTestId('session')).toHaveCount(3, { timeout: 60_000 });
  await expect(security.getByText('This session')).toBeVisible();

  await security.getByLabel(/^current password/i).fill(user.password);
  await security.getByLabel(/^new password/i).fill(NEW_PASSWORD);
  await security.getByLabel(/^confirm new password/i).fill(NEW_PASSWORD);
  await security.getByRole('button', { name: 'Update security' }).click();
  await expect(security.getByTestId('password-changed')).toContainText('Signed out of 2 other sessions.', { timeout: 60_000 });
  await expect(security.getByTestId('session')).toHaveCount(1);

  const me = await fetch(`${API_URL}/users/me`, { headers: { Authorization: `Bearer ${otherToken}` } });
  expect(me.status).toBe(401);
  expect((await apiLogin(user.email, user.password)).status).toBe(401);
  expect((await apiLogin(user.email, NEW_PASSWORD)).status).toBe(200);
  // this session goes on
  await page.reload();
  await expect(page).toHaveURL(/\/settings/);
});
