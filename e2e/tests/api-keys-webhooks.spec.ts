// Programs drive Quarry, in Chromium against the real API: a user creates an API key and a
// webhook endpoint on the settings page (the receiver is an HTTP server this test starts on
// loopback, allowed through the admin setting), sends a test event from the page, then uses
// only the key: the built `quarry` CLI uploads a PDF and extracts it (POST /extract, waiting);
// the receiver gets a signed job.completed for that pipeline that verifies with the Standard
// Webhooks library, and the CLI answers exit 3 once the key is revoked.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { ADMIN, API_URL } from '../support/env';
import { INVOICE_SCHEMA, TEXT_TEMPLATE, invoicePages, makeTextPdf } from '../support/documents';
import { expect, registerUser, test } from '../support/fixtures';
import { apiSignIn } from '../support/session';

test.describe.configure({ timeout: 180_000 });

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- API answers are inspected dynamically
interface Received {
  headers: Record<string, string>;
  body: string;
}

async function startReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/quarry-events`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function adminAllowsLoopback(allow: boolean) {
  const login = await fetch(`${API_URL}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }).toString(),
  });
  const token = ((await login.json()) as Json).access_token as string;
  const res = await fetch(`${API_URL}/admin/webhooks/settings`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ allow_private_targets: allow }),
  });
  expect(res.status).toBe(200);
}

const CLI_ROOT = path.resolve(__dirname, '..', '..', 'cli');

/** Runs the built `quarry` binary with its config under `work` (built here first: a second or so). */
function cliRunner(work: string) {
  return async (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [path.join(CLI_ROOT, 'bin', 'quarry.js'), ...args],
        { env: { PATH: process.env.PATH ?? '', HOME: work, XDG_CONFIG_HOME: path.join(work, 'config') }, timeout: 150_000 },
        (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
      );
    });
  };
}

test.beforeAll(async () => {
  await new Promise<void>((resolve, reject) =>
    execFile(process.execPath, [path.join(CLI_ROOT, 'scripts', 'build.mjs')], (err, _out, stderr) => (err ? reject(new Error(stderr)) : resolve())),
  );
});

/** Every call of the script below: the API key, nothing else. */
function withKey(key: string) {
  return async (method: string, path: string, body?: unknown, expected = [200, 201, 202]): Promise<Json> => {
    const res = await fetch(`${API_URL}/${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!expected.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? (JSON.parse(text) as Json) : {};
  };
}

test('a key and an endpoint made in the UI: the quarry CLI uploads and extracts with the key; the receiver gets a signed job.completed', async ({ page }) => {
  const receiver = await startReceiver();
  const cleanups: Array<() => void> = [];
  await adminAllowsLoopback(true);
  try {
    const user = await registerUser();
    await apiSignIn(page, user);
    await page.goto('/settings');

    // an API key, its secret shown once
    const keys = page.getByRole('form', { name: 'Create an API key' });
    await keys.getByLabel(/Name/).fill('ERP import');
    await keys.getByLabel('Scope').selectOption('read+write');
    await keys.getByRole('button', { name: 'Create key' }).click();
    const secret = page.getByTestId('new-api-key-secret');
    await expect(secret).toHaveText(/^qk_/);
    const key = (await secret.textContent())!.trim();
    await expect(page.getByTestId('api-key-row').filter({ hasText: 'ERP import' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(stored).not.toContain(key);

    // a webhook endpoint on the local receiver, its signing secret shown once
    const hooks = page.getByRole('form', { name: 'Add a webhook endpoint' });
    await hooks.getByLabel(/Endpoint URL/).fill(receiver.url);
    await hooks.getByRole('button', { name: 'Add endpoint' }).click();
    const signing = page.getByTestId('new-webhook-secret-value');
    await expect(signing).toHaveText(/^whsec_/);
    const whsec = (await signing.textContent())!.trim();
    await page.getByTestId('new-webhook-secret').getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('new-webhook-secret')).toHaveCount(0);

    // "Send test event": delivered, and shown in the endpoint's log
    const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await expect(endpoint.getByTestId('webhook-delivery').filter({ hasText: 'webhook.test' }).getByText('succeeded')).toBeVisible({ timeout: 15_000 });
    expect(receiver.received.map((r) => (new Webhook(whsec).verify(r.body, r.headers) as Json).type)).toEqual(['webhook.test']);

    // a script with only the key: a prompt over HTTP, then the built `quarry` CLI logs in with
    // the key, uploads the one-page PDF and extracts it in one call, waiting for the record
    const call = withKey(key);
    const schema = await call('POST', 'output-schemas/', { name: 'Invoice schema (key)', schema_definition: INVOICE_SCHEMA });
    await call('POST', 'prompts/', { name: 'Invoice (key)', type: 'text', template: TEXT_TEMPLATE, output_schema_id: schema.id });
    const work = mkdtempSync(path.join(tmpdir(), 'quarry-e2e-cli-'));
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));
    const pdfPath = path.join(work, 'invoice.pdf');
    writeFileSync(pdfPath, await makeTextPdf(invoicePages(3).slice(0, 1)));
    const quarry = cliRunner(work);
    const login = await quarry(['login', '--url', API_URL.replace(/\/api\/v1$/, ''), '--key', key]);
    expect(login, login.stderr).toMatchObject({ code: 0 });
    expect(statSync(path.join(work, 'config', 'quarry', 'config.json')).mode & 0o777).toBe(0o600);
    const uploaded = await quarry(['upload', pdfPath]);
    expect(uploaded, uploaded.stderr).toMatchObject({ code: 0 });
    expect(uploaded.stdout).toMatch(/^[0-9a-f-]{36}\tinvoice\.pdf\t1 page\(s\)/);
    const extracted = await quarry(['extract', pdfPath, '--prompt', 'Invoice (key)', '--wait', '--name', 'Key pipeline']);
    expect(extracted, extracted.stderr).toMatchObject({ code: 0 });
    const answer = JSON.parse(extracted.stdout) as Json;
    expect(answer.job).toMatchObject({ status: 'completed', job_type: 'full_pipeline', name: 'Key pipeline' });
    expect(answer.record).not.toBeNull();
    const pipeline = { id: answer.job.id as string };

    // the receiver hears about the pipeline's completion, signed
    await expect
      .poll(() => receiver.received.some((r) => r.body.includes(pipeline.id) && r.body.includes('job.completed')), { timeout: 120_000 })
      .toBe(true);
    const hit = receiver.received.find((r) => r.body.includes(pipeline.id))!;
    const event = new Webhook(whsec).verify(hit.body, hit.headers) as Json;
    expect(event).toMatchObject({ type: 'job.completed', data: { job_id: pipeline.id, job_type: 'full_pipeline', status: 'completed', links: { job: `/api/v1/jobs/${pipeline.id}` } } });
    expect(hit.headers['webhook-id']).toMatch(/^msg_/);

    // the key is scoped: it reads what it made, and the record the webhook links to is there
    const job = await call('GET', `jobs/${pipeline.id}`);
    expect(job.status).toBe('completed');
    // a revoked key stops at once
    await page.reload();
    await page.getByRole('button', { name: 'Revoke ERP import' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByTestId('api-key-row').filter({ hasText: 'ERP import' }).getByText('revoked')).toBeVisible();
    await expect(call('GET', 'users/me')).rejects.toThrow(/401/);
    // and the CLI says so with its auth exit code
    expect((await quarry(['jobs'])).code).toBe(3);
  } finally {
    for (const c of cleanups) c();
    await adminAllowsLoopback(false);
    await receiver.close();
  }
});
