// The signed-in shell against the real API: layout, live connection, notifications,
// feedback, credit request, account, settings, theme and the mobile slide-over.
import { API_URL, ADMIN } from '../support/env';
import { chooseTheme, expect, registerUser, test } from '../support/fixtures';
import { apiSignIn } from '../support/session';

/** A Bearer token for checking what the API stored, as that user. */
async function apiToken(user: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${API_URL}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user.email, password: user.password }).toString(),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function apiGet<T>(user: { email: string; password: string }, path: string): Promise<T> {
  const res = await fetch(`${API_URL}/${path}`, { headers: { Authorization: `Bearer ${await apiToken(user)}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

const sidebar = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('signed-in layout', () => {
  test('sidebar, credits card and breadcrumbs; no Admin link for a user who is not a superuser', async ({ page }) => {
    const user = await registerUser();
    await apiSignIn(page, user);
    await page.goto('/account');
    const nav = sidebar(page);
    for (const name of ['Files & Datasets', 'Prompts', 'Jobs', '1. OCR', '2. Chunking', '3. Extraction', 'Account', 'Settings']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Quarry' }).first()).toHaveAttribute('href', '/files');
    // A new user has the initial 100 credits: well above the low-balance threshold (10 by default).
    const card = page.getByTestId('credits-card');
    await expect(card).toContainText('Current balance');
    await expect(card).toHaveAttribute('data-low', 'false');
    await card.getByRole('link', { name: 'Request more credits' }).click();
    await expect(page).toHaveURL(/\/credit-request$/);
    await expect(page.getByTestId('breadcrumbs')).toContainText('Credit Request');
    // The public navigation and footer are not part of the signed-in area.
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await page.goto('/jobs/ocr');
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  });

  test('a superuser sees the Admin link', async ({ page }) => {
    await apiSignIn(page, ADMIN);
    await page.goto('/settings');
    // the entry comes from the admin remote's nav data, loaded after the other remotes' in the background
    await expect(sidebar(page).getByRole('link', { name: 'Admin' })).toBeVisible({ timeout: 30_000 });
    // superusers grant credits: no request button for them
    await expect(page.getByTestId('credits-card')).toBeVisible();
    await expect(page.getByTestId('credits-card').getByRole('link', { name: /request/i })).toHaveCount(0);
  });

  test('on a 390 px screen the sidebar is a slide-over opened by the menu button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await registerUser();
    await apiSignIn(page, user);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
    await expect(sidebar(page)).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = page.getByTestId('mobile-sidebar');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('Current balance')).toBeVisible();
    await drawer.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('mobile-sidebar')).toBeHidden();
  });

  test('the theme choice survives a reload', async ({ page }) => {
    const user = await registerUser();
    await apiSignIn(page, user);
    await page.goto('/account');
    await chooseTheme(page, 'Dark', /\bdark\b/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('quarry-theme'))).toBe('dark');
    await chooseTheme(page, 'Light', /\blight\b/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
  });
});

test.describe('live connection', () => {
  test('the indicator connects and the ping test succeeds', async ({ page }) => {
    const user = await registerUser();
    await apiSignIn(page, user);
    await page.goto('/files');
    const indicator = page.getByTestId('connection-indicator');
    await expect(indicator).toHaveAttribute('data-state', 'connected', { timeout: 15_000 });
    await expect(indicator).toContainText('Live');
    await indicator.click();
    await expect(indicator).toHaveAttribute('data-ping', /testing|success/);
    await expect(indicator).toHaveAttribute('data-ping', 'success');
    // Back to idle 2.5 s later.
    await expect(indicator).toHaveAttribute('data-ping', 'idle', { timeout: 5000 });
  });

  test('a notification sent through /websocket-test arrives as a toast and in the live log', async ({ page }) => {
    const user = await registerUser();
    await apiSignIn(page, user);
    await page.goto('/websocket-test');
    await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-state', 'connected', { timeout: 15_000 });

    // Bad input first: nothing is sent.
    await page.getByRole('button', { name: 'Send notification' }).click();
    await expect(page.getByTestId('ws-test-error')).toHaveText('Event and message are required');
    // by role: once a message has arrived, the log ("Messages received") matches /^Message/ too
    await page.getByRole('textbox', { name: /^Event/ }).fill('upload_complete');
    await page.getByRole('textbox', { name: /^Message/ }).fill('e2e-report.pdf uploaded');
    await page.getByLabel('Extra data (JSON)').fill('{"pages_processed": 3');
    await page.getByRole('button', { name: 'Send notification' }).click();
    await expect(page.getByTestId('ws-test-error')).toHaveText('Invalid JSON in extra data field');
    await page.getByLabel('Extra data (JSON)').fill('{"pages_processed": 3}');
    await page.getByRole('button', { name: 'Send notification' }).click();

    const toast = page.getByTestId('toast').filter({ hasText: 'Upload Successful' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('e2e-report.pdf uploaded');
    await expect(page.getByTestId('ws-log')).toContainText('"pages_processed":3');
    // Toasts go away by themselves after 5 s.
    await expect(toast).toHaveCount(0, { timeout: 10_000 });
  });
});

test.describe('feedback', () => {
  test('the dialog validates, submits, thanks, closes itself, and the API stores it', async ({ page }) => {
    const user = await registerUser();
    await apiSignIn(page, user);
    await page.goto('/account');
    await page.getByRole('button', { name: 'Feedback' }).click();
    const dialog = page.getByTestId('feedback-dialog');
    const submit = dialog.getByRole('button', { name: 'Submit feedback' });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel(/^Message/).focus();
    await dialog.getByLabel(/^Category/).focus();
    await expect(dialog.getByText('Please provide feedback.')).toBeVisible();
    await dialog.getByLabel(/^Message/).fill('The credits card could show history.');
    await expect(dialog.getByTestId('feedback-counter')).toHaveText('36/1000');
    await expect(submit).toBeDisabled();
    await dialog.getByLabel(/^Category/).selectOption('improvement');
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(dialog.getByText('Thank you for your feedback!')).toBeVisible();
    await expect(page.getByTestId('feedback-dialog')).toBeHidden({ timeout: 5000 });

    const stored = await apiGet<{ feedback: Array<{ category: string; message: string; url: string | null; user_agent: string | null }> }>(
      user,
      'feedback/',
    );
    expect(stored.feedback).toHaveLength(1);
    expect(stored.feedback[0]).toMatchObject({ category: 'improvement', message: 'The credits card could show history.' });
    expect(stored.feedback[0]!.url).toMatch(/\/account$/);
    expect(stored.feedback[0]!.user_agent).toBeTruthy();
  });
});

test.describe('credit request', () => {
  test('every field is checked, errors clear on edit, the request is stored and confirmed', async ({ page }) => {
    const user = await registerUser();
    await apiSignIn(page, user);
    await page.goto('/credit-request');
    const submit = page.getByRole('button', { name: 'Submit request' });
    await submit.click();
    await expect(page.getByText('Please enter a valid amount greater than 0')).toBeVisible();
    await expect(page.getByText('Please select a usage purpose')).toBeVisible();
    await expect(page.getByText('Please provide details about your project')).toBeVisible();

    await page.getByLabel(/^Amount/).fill('20000');
    await expect(page.getByText('Please enter a valid amount greater than 0')).toHaveCount(0);
    await page.getByLabel(/^Project description/).fill('Too short');
    await submit.click();
    await expect(page.getByText('Maximum request amount is 10,000 credits')).toBeVisible();
    await expect(page.getByText('Please provide more details (minimum 50 characters)')).toBeVisible();

    await page.getByRole('button', { name: '2,500' }).click();
    await expect(page.getByLabel(/^Amount/)).toHaveValue('2500');
    await page.getByLabel(/^Usage purpose/).selectOption('research_project');
    const description = 'A research project extracting tables from 2,000 scanned annual reports for a study.';
    await page.getByLabel(/^Project description/).fill(description);
    await page.getByText('High', { exact: true }).click();
    await page.getByLabel('Expected duration').selectOption('1-month');
    await submit.click();

    const confirmation = page.getByTestId('credit-request-confirmation');
    await expect(confirmation).toContainText('Request submitted');
    await expect(confirmation).toContainText('2,500 credits');
    const stored = await apiGet<{ credit_requests: Array<Record<string, unknown>> }>(user, 'credit-requests/my-requests');
    expect(stored.credit_requests[0]).toMatchObject({
      amount: 2500,
      usage_purpose: 'research_project',
      project_description: description,
      urgency: 'high',
      expected_duration: '1-month',
      status: 'pending',
    });
    await confirmation.getByRole('link', { name: 'Return to Files' }).click();
    await expect(page).toHaveURL(/\/files$/);
  });
});

test.describe('account and settings', () => {
  test('account shows usage, profile and an email preference that the API keeps', async ({ page }) => {
    const user = await registerUser();
    await apiSignIn(page, user);
    await page.goto('/account');
    await expect(page.getByTestId('resource-limit').first()).toBeVisible();
    await expect(page.getByText(user.email).first()).toBeVisible();
    const before = await apiGet<{ notifications_enabled: boolean }>(user, 'users/preferences/email');
    const saved = page.waitForResponse((r) => r.url().includes('/users/preferences/email') && r.request().method() === 'POST');
    await page.getByText('Email notifications').click();
    expect((await saved).status()).toBeLessThan(300);
    const after = await apiGet<{ notifications_enabled: boolean }>(user, 'users/preferences/email');
    expect(after.notifications_enabled).toBe(!before.notifications_enabled);
  });

  test('settings save is simulated: 1 s, a banner for 3 s, nothing sent', async ({ page }) => {
    const user = await registerUser();
    // The page's own timers run on a controlled clock: the one-second "Saving..." state is
    // seen however slowly a loaded machine polls, and the durations are checked exactly.
    await page.clock.install();
    await apiSignIn(page, user);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) sent.push(`${r.method()} ${r.url()}`);
    });
    await page.clock.pauseAt(Date.now() + 1000);
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByRole('button', { name: 'Saving...' })).toBeVisible();
    const banner = page.getByTestId('settings-saved');
    await page.clock.runFor(900);
    await expect(page.getByRole('button', { name: 'Saving...' })).toBeVisible();
    await expect(banner).toHaveCount(0);
    await page.clock.runFor(200);
    await expect(banner).toHaveText(/Settings saved successfully/);
    await expect(page.getByRole('button', { name: 'Save preferences' })).toBeEnabled();
    await page.clock.runFor(2800);
    await expect(banner).toBeVisible();
    await page.clock.runFor(300);
    await expect(banner).toHaveCount(0);
    expect(sent).toEqual([]);
  });
});
