/* eslint-disable @typescript-eslint/no-explicit-any -- parsed CLI output is inspected dynamically */
// The CLI against a real API (real HTTP, real database, in-API workers running the pipeline):
// login keeps a 0600 config, upload, extract --wait (JSON and CSV), jobs, export of a job and
// a dataset, and the exit codes: 3 for a wrong or revoked key, 2 for bad usage, 1 for an
// invalid file.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createInvoicePrompt, invoiceBlocks } from '@quarry/api/src/modules/extraction/test-fixtures';
import { closeJobsApp, startJobsApp } from '@quarry/api/src/modules/jobs/test-helpers';
import { makeTextPdf } from '@quarry/api/src/processing/ocr/fixtures/generate';
import type { TestApp, TestUser } from '@quarry/api/src/testing/helpers';
import { run } from './main';

let t: TestApp;
let u: TestUser;
let promptId: string;
let key: string;
let dir: string;
let pdf: string;

const INVOICE = { number: 'INV-7301', date: '2024-05-06', vendor: 'Contoso Supplies', total: '120.50' };

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

/** runs `quarry <args>` in-process; env: the config dir of this test, plus `env` */
async function quarry(args: string[], env: Record<string, string> = {}) {
  const stdout = new Capture();
  const stderr = new Capture();
  const code = await run(args, { env: { XDG_CONFIG_HOME: dir, ...env }, stdout, stderr, fetch: globalThis.fetch, pollMs: 100 });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

beforeAll(async () => {
  ({ t, u } = await startJobsApp());
  ({ promptId } = await createInvoicePrompt(t, u));
  const created = await t.request('POST', '/api/v1/api-keys/', { token: u.token, json: { name: 'cli', scope: 'read+write' } });
  key = created.body.key;
  dir = mkdtempSync(path.join(tmpdir(), 'quarry-cli-'));
  pdf = path.join(dir, 'invoice.pdf');
  writeFileSync(pdf, await makeTextPdf([invoiceBlocks(INVOICE)]));
});
afterAll(async () => {
  await closeJobsApp(t);
  rmSync(dir, { recursive: true, force: true });
});

test('login checks the key and keeps url and key in a 0600 file; a wrong key is exit 3 and saves nothing', async () => {
  const bad = await quarry(['login', '--url', t.baseUrl, '--key', 'qk_wrongwrongwrongwrongwrongwrongwrongwrongwro']);
  expect(bad.code).toBe(3);
  expect(bad.stderr).toMatch(/401/);
  const where = (await quarry(['config-path'])).stdout.trim();
  expect(where).toBe(path.join(dir, 'quarry', 'config.json'));
  expect(() => statSync(where)).toThrow();

  const good = await quarry(['login', '--url', `${t.baseUrl}/`, '--key', key]);
  expect(good).toMatchObject({ code: 0 });
  expect(good.stdout).toContain(u.email);
  expect(statSync(where).mode & 0o777).toBe(0o600);
  expect(JSON.parse(readFileSync(where, 'utf8'))).toEqual({ url: t.baseUrl, key });
});

test('upload prints the file id; an unreadable file is exit 2, an invalid one exit 1', async () => {
  const res = await quarry(['upload', pdf]);
  expect(res.code).toBe(0);
  const [fileId, name, pages] = res.stdout.trim().split('\t');
  expect(name).toBe('invoice.pdf');
  expect(pages).toBe('1 page(s)');
  const file = await t.request('GET', `/api/v1/files/${fileId}`, { token: u.token });
  expect(file.status).toBe(200);

  expect((await quarry(['upload', path.join(dir, 'missing.pdf')])).code).toBe(2);
  const broken = path.join(dir, 'broken.pdf');
  writeFileSync(broken, 'not a pdf at all');
  const invalid = await quarry(['upload', '--json', broken]);
  expect(invalid.code).toBe(1);
  expect(JSON.parse(invalid.stdout)[0]).toMatchObject({ filename: 'broken.pdf', is_valid: false });
});

test('extract --wait answers the record (prompt by name or id); --format csv the CSV', async () => {
  const json = await quarry(['extract', pdf, '--prompt', 'Prompt', '--wait', '--name', 'cli extract']);
  expect(json.stderr).toBe('');
  expect(json.code).toBe(0);
  const answer = JSON.parse(json.stdout);
  expect(answer.job).toMatchObject({ status: 'completed', name: 'cli extract' });
  expect(answer.prompt_id).toBe(promptId);
  expect(answer.record.record).toMatchObject({ invoice_number: 'INV-7301', vendor: 'Contoso Supplies' });

  const csv = await quarry(['extract', pdf, '-p', promptId, '--wait', '60', '--format', 'csv']);
  expect(csv.code).toBe(0);
  expect(csv.stdout.split('\n')[0]).toMatch(/invoice_number/);
  expect(csv.stdout).toContain('INV-7301');

  // without --wait: the 202 answer, the job running on
  const started = await quarry(['extract', pdf, '-p', promptId]);
  expect(started.code).toBe(0);
  expect(JSON.parse(started.stdout).links.job).toMatch(/^\/api\/v1\/jobs\//);
});

test('jobs lists them; --watch ends once none is active; export of a job and a dataset', async () => {
  const watched = await quarry(['jobs', '--watch', '--json', '--limit', '50']);
  expect(watched.code).toBe(0);
  const jobs = JSON.parse(watched.stdout.trim().split(/\n(?=\[)/).pop()!);
  expect(jobs.every((j: any) => ['completed', 'failed', 'cancelled'].includes(j.status))).toBe(true);
  const pipeline = jobs.find((j: any) => j.name === 'cli extract');
  expect(pipeline).toMatchObject({ job_type: 'full_pipeline', status: 'completed' });

  const table = await quarry(['jobs']);
  expect(table.code).toBe(0);
  expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+TYPE\s+STATUS\s+PROGRESS\s+CREATED\s+NAME$/);
  expect(table.stdout).toContain(pipeline.id);

  const out = path.join(dir, 'job.csv');
  const byJob = await quarry(['export', pipeline.id, '--format', 'csv', '-o', out]);
  expect(byJob.code).toBe(0);
  expect(readFileSync(out, 'utf8')).toContain('INV-7301');

  const xlsx = path.join(dir, 'dataset.xlsx');
  const byDataset = await quarry(['export', pipeline.dataset_id, '--format', 'xlsx', '-o', xlsx]);
  expect(byDataset.code).toBe(0);
  expect(readFileSync(xlsx).subarray(0, 2).toString()).toBe('PK');

  const asJson = await quarry(['export', pipeline.dataset_id, '--format', 'json']);
  expect(asJson.code).toBe(0);
  expect(JSON.stringify(JSON.parse(asJson.stdout))).toContain('INV-7301');

  expect((await quarry(['export', '00000000-0000-4000-8000-000000000000', '--format', 'csv'])).code).toBe(1);
});

test('exit codes: bad usage 2, a revoked key 3 (environment credentials override the file)', async () => {
  for (const args of [['nonsense'], ['extract', pdf], ['export', 'x', '--format', 'pdf'], ['jobs', '--limit', '0'], ['upload']]) {
    expect([args, (await quarry(args)).code]).toEqual([args, 2]);
  }
  expect((await quarry(['--help'])).code).toBe(0);
  const help = await quarry(['extract', '--help']);
  expect(help.code).toBe(0);
  expect(help.stdout).toContain('--prompt <name|id>');

  const extra = await t.request('POST', '/api/v1/api-keys/', { token: u.token, json: { name: 'revoked', scope: 'read' } });
  const env = { QUARRY_URL: t.baseUrl, QUARRY_API_KEY: extra.body.key };
  expect((await quarry(['jobs'], env)).code).toBe(0);
  // a read key cannot upload: its scope is an auth error
  expect((await quarry(['upload', pdf], env)).code).toBe(3);
  expect((await t.request('DELETE', `/api/v1/api-keys/${extra.body.id}`, { token: u.token })).status).toBe(200);
  const revoked = await quarry(['jobs'], env);
  expect(revoked.code).toBe(3);
  expect(revoked.stderr).toMatch(/401/);
  // not logged in at all (an empty config dir)
  const fresh = mkdtempSync(path.join(tmpdir(), 'quarry-cli-empty-'));
  expect((await run(['jobs'], { env: { XDG_CONFIG_HOME: fresh }, stdout: new Capture(), stderr: new Capture(), fetch, pollMs: 100 }))).toBe(2);
  rmSync(fresh, { recursive: true, force: true });
});
