// Sign-up, login, guards, logout and silent token refresh against the real API
// (docs/product/platform.md).
import { expect, registerUser, signIn, STRONG_PASSWORD, test, uniqueEmail } from '../support/fixtures';
import { apiSignIn } from '../support/session';

test.describe('sign-up', () => {
  test('a weak password keeps the form closed; a strong one signs up and lands on /files', async ({ page }) => {
    const email = uniqueEmail('signup');
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');

    await page.getByLabel(/email/i).fill(email);
    const password = page.getByLabel(/^password/i);
    const submit = page.getByRole('button', { name: 'Create account' });

    await password.fill('abc123aaa');
    const meter = page.getByTestId('strength-meter');
    await expect(meter).toHaveAttribute('data-acceptable', 'false');
    await expect(meter).toContainText(/very weak|weak/i);
    const indicator = (label: string) => meter.locator('li', { has: page.getByText(label, { exact: true }) });
    for (const label of ['8+', 'A-Z', 'a-z', '0-9', 'symbol', 'Unique']) await expect(indicator(label)).toBeVisible();
    await expect(indicator('8+')).toHaveAttribute('data-met', 'true');
    await expect(indicator('a-z')).toHaveAttribute('data-met', 'true');
    await expect(indicator('0-9')).toHaveAttribute('data-met', 'true');
    await expect(indicator('A-Z')).toHaveAttribute('data-met', 'false');
    await expect(indicator('symbol')).toHaveAttribute('data-met', 'false');
    await expect(indicator('Unique')).toHaveAttribute('data-met', 'false');
    await expect(meter).toContainText('Avoid repeated characters');
    await expect(meter).toContainText('Avoid number sequences');
    await expect(submit).toBeDisabled();
    await password.press('Enter');
    await expect(page.getByTestId('password-failure')).toContainText('Password does not meet security requirements');
    await expect(page.getByTestId('password-failure')).toContainText(
      'Your password must be at least 8 characters and include uppercase, lowercase, and numbers.',
    );
    await expect(page).toHaveURL(/\/signup$/);

    await password.fill(STRONG_PASSWORD);
    await expect(meter).toHaveAttribute('data-acceptable', 'true');
    await expect(meter).toHaveAttribute('data-percentage', '100');
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page).toHaveURL(/\/files$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Files & Datasets' })).toBeVisible();
  });

  test('an empty password says it is required; an existing email is explained', async ({ page }) => {
    const user = await registerUser();
    await page.goto('/signup');
    await page.getByLabel(/email/i).fill(user.email);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel(/^password/i).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('auth-error')).toContainText('An account with this email already exists. Try logging in instead.');
    // Nothing typed is lost.
    await expect(page.getByLabel(/email/i)).toHaveValue(user.email);
    await expect(page.getByLabel(/^password/i)).toHaveValue(STRONG_PASSWORD);
  });

  test('zxcvbn is downloaded on the sign-up page only', async ({ page }) => {
    // each script's body, recorded in the order the responses arrive (a body is read later:
    // the large zxcvbn chunk's text could arrive after the network went idle)
    const scripts: Promise<string>[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.text().catch(() => ''));
    });
    // 'dvorak' is a key of zxcvbn's keyboard adjacency graphs: only its chunk has it.
    const withZxcvbn = async (list: Promise<string>[]) => (await Promise.all(list)).some((s) => s.includes('dvorak'));
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await withZxcvbn(scripts)).toBe(false);
    const before = scripts.length;
    await page.getByRole('link', { name: 'Register' }).click();
    // Wait for the sign-up form itself, not the login form it replaces.
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.getByLabel(/^password/i).fill('x');
    await expect(page.getByTestId('strength-meter')).toBeVisible();
    await expect.poll(() => withZxcvbn(scripts.slice(before))).toBe(true);
  });
});

test.describe('login and guards', () => {
  test('an anonymous visitor is sent to log in and comes back to where they were going', async ({ page }) => {
    const user = await registerUser();
    await page.goto('/prompts');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprompts$/);
    await expect(page.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/signup?redirect=%2Fprompts');
    await page.getByLabel(/email/i).fill(user.email);
    await page.getByLabel(/^password/i).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/prompts$/);
    await expect(page.getByTestId('breadcrumbs')).toContainText('Prompts');
  });

  test('wrong credentials are explained with a suggestion and nothing typed is lost', async ({ page }) => {
    const user = await registerUser();
    await page.goto('/login');
    await page.getByLabel(/email/i).fill(user.email);
    await page.getByLabel(/^password/i).fill('Not-The-Passw0rd');
    await page.getByRole('button', { name: 'Log in' }).click();
    const error = page.getByTestId('auth-error');
    await expect(error).toContainText('Invalid email or password. Please check your credentials and try again.');
    await expect(error).toContainText('Please try again.');
    await expect(page.getByLabel(/email/i)).toHaveValue(user.email);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  test('empty fields are refused before anything is sent', async ({ page }) => {
    let posted = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/auth/login')) posted = true;
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    expect(posted).toBe(false);
  });

  test('a signed-in user is sent away from /login and /signup', async ({ page }) => {
    const user = await registerUser();
    await apiSignIn(page, user);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/files$/);
    await page.goto('/signup?redirect=%2Faccount');
    await expect(page).toHaveURL(/\/account$/);
  });

  test('logout shows "Logging out..." and lands on /login; the signed-in area is closed again', async ({ page }) => {
    const user = await registerUser();
    await signIn(page, user);
    await expect(page).toHaveURL(/\/files$/);
    // Slow the real logout call down a little so the interim text can be seen.
    await page.route('**/api/v1/auth/logout', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.getByRole('link', { name: 'Logout' }).click();
    await expect(page.getByText('Logging out...')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('header-actions')).toHaveCount(0);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
    expect(await page.evaluate(() => sessionStorage.getItem('quarry.auth.user'))).toBeNull();
  });

  test('an expired access token is refreshed silently mid-session', async ({ page }) => {
    const user = await registerUser();
    const loginResponse = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login') && r.status() === 200);
    await signIn(page, user);
    const { expires_in: ttl } = (await (await loginResponse).json()) as { expires_in: number };
    // global-setup starts the API with ACCESS_TOKEN_TTL_SECONDS=15 for exactly this.
    expect(ttl, 'the e2e API must issue short-lived access tokens').toBeLessThanOrEqual(30);
    test.setTimeout((ttl + 60) * 1000);

    await expect(page).toHaveURL(/\/files$/);
    // Let the access token expire without reloading the page (the token lives in memory only).
    await page.waitForTimeout((ttl + 2) * 1000);
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/refresh'));
    // The email preferences are first asked for on /account, with the expired token.
    const rejected = page.waitForResponse((r) => r.url().includes('/users/preferences/email') && r.status() === 401);
    const retried = page.waitForResponse((r) => r.url().includes('/users/preferences/email') && r.status() === 200);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await rejected;
    expect((await refreshed).status()).toBe(200);
    await retried;
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText('Email notifications')).toBeVisible();
    await expect(page.getByTestId('resource-limit').first()).toBeVisible();
    await expect(page.getByText('Error loading email preferences')).toHaveCount(0);
  });

  test('when the session ends on the server the user is sent to log in at once, told why, and brought back', async ({ page }) => {
    const user = await registerUser();
    await signIn(page, user);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account$/);

    // The server ends the session behind the page's back (refresh cookie revoked and cleared).
    // Its access token stops working within seconds: the live connection is closed (4401), the
    // page asks for a fresh token, and that refresh is refused — no wait for the token to expire.
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/refresh'), { timeout: 30_000 });
    expect((await page.request.post('/api/v1/auth/logout')).ok()).toBe(true);
    expect((await refused).status()).toBe(401);
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
    await expect(page.getByTestId('session-expired')).toHaveText('Session expired. Please log in again.');
    expect(await page.evaluate(() => sessionStorage.getItem('quarry.auth.user'))).toBeNull();
    await page.getByLabel(/email/i).fill(user.email);
    await page.getByLabel(/^password/i).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/account$/);
  });
});
