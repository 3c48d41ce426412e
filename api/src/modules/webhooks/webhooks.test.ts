/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Webhooks over real HTTP with a real receiver on loopback (allowed through the admin
// setting): Standard Webhooks signatures (checked with the standardwebhooks package and an
// independent HMAC, and the standard's reference vector), job and file events through the
// durable queue, retries after a 500 and after a timeout with one webhook-id, no redirects,
// a 10 MB answer read no further than 1 KB, private targets refused unless allowed, deleting
// an endpoint stops its retries, 422 for bad registrations.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { Webhook } from 'standardwebhooks';
import { sleep, startTestApp, type TestApp, type TestUser } from '../../testing/helpers';
import { createInvoicePrompt, invoiceBlocks, preparedFile, runExtractionJob } from '../extraction/test-fixtures';
import { closeJobsApp, generousLimits } from '../jobs/test-helpers';
import { uploadOne } from '../uploads/test-fixtures';
import { signedHeaders } from './send';

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** A receiver whose answer per request is chosen by the test (default 200). */
class Receiver {
  readonly received: Received[] = [];
  behave: (r: Received, n: number) => 'ok' | 'fail' | 'hang' | 'redirect' | 'huge' = () => 'ok';
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { path: req.url ?? '', headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') };
      this.received.push(r);
      const mode = this.behave(r, this.received.filter((x) => x.path === r.path).length);
      if (mode === 'ok') res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
      else if (mode === 'fail') res.writeHead(500).end('boom');
      else if (mode === 'redirect') res.writeHead(302, { location: '/elsewhere' }).end();
      else if (mode === 'huge') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const mb = Buffer.alloc(1024 * 1024, 120);
        let sent = 0;
        const pump = () => {
          while (sent < 10 && res.write(mb)) sent += 1;
          if (sent < 10) res.once('drain', () => ((sent += 1), pump()));
          else res.end();
        };
        pump();
        res.on('error', () => undefined);
      } // 'hang': never answers
    });
  });
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }
  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

let t: TestApp;
let root: TestUser;
let user: TestUser;
const receiver = new Receiver();
let base: string;

beforeAll(async () => {
  t = await startTestApp({
    integrations: { apiKeyRequestsPerMinute: 1000, webhookTimeoutMs: 400, webhookRetryDelaysMs: [100, 100, 100, 100, 100] },
    jobs: { extraHandlers: 'src/jobs/testing/handlers.ts', pollIntervalMs: 100 },
  } as any);
  base = await receiver.start();
  root = await t.createSuperuser();
  user = await t.registerUser();
});
afterAll(async () => {
  await closeJobsApp(t);
  await receiver.close();
});

const allowPrivate = (allow: boolean) =>
  t.request('PUT', '/api/v1/admin/webhooks/settings', { token: root.token, json: { allow_private_targets: allow } });

async function endpoint(path: string, events: string[] = ['job.completed', 'job.failed', 'file.validated', 'file.reviewed'], secret?: string) {
  const res = await t.request('POST', '/api/v1/webhooks/', { token: user.token, json: { url: base + path, events, ...(secret ? { secret } : {}) } });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string; url: string };
}

async function until<T>(fn: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let v = await fn();
  while (!ok(v) && Date.now() < deadline) {
    await sleep(25);
    v = await fn();
  }
  if (!ok(v)) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
  return v;
}

const deliveries = async (id: string) => (await t.request('GET', `/api/v1/webhooks/${id}/deliveries`, { token: user.token })).body.deliveries as any[];

/** The Standard Webhooks signature, computed independently of the package. */
const hmacSignature = (secret: string, id: string, ts: string, body: string) =>
  `v1,${createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(`${id}.${ts}.${body}`).digest('base64')}`;

test("our signatures match the standard's reference test vector", () => {
  // the example in the Standard Webhooks specification (and its reference libraries' tests)
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
  const body = '{"test": 2432232314}';
  const headers = signedHeaders(secret, id, body, new Date(1614265330 * 1000));
  expect(headers['webhook-signature']).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  expect(hmacSignature(secret, id, '1614265330', body)).toBe(headers['webhook-signature']);
});

test('registrations: malformed URL, other schemes, short secrets, unknown events and private targets answer 422', async () => {
  await allowPrivate(false);
  const post = (json: any) => t.request('POST', '/api/v1/webhooks/', { token: user.token, json });
  const cases: [any, RegExp][] = [
    [{ url: 'not a url', events: ['job.completed'] }, /valid http/],
    [{ url: 'ftp://example.com/x', events: ['job.completed'] }, /http/],
    [{ url: 'https://example.com/x', events: [] }, /at least one event/],
    [{ url: 'https://example.com/x', events: ['job.exploded'] }, /Unknown event/],
    [{ url: 'https://example.com/x', events: ['job.completed'], secret: 'whsec_c2hvcnQ=' }, /at least 24/],
    [{ url: 'https://example.com/x', events: ['job.completed'], secret: 'password123' }, /whsec_/],
    [{ url: `${base}/private`, events: ['job.completed'] }, /private, loopback or link-local/],
    [{ url: 'http://localhost:9/x', events: ['job.completed'] }, /local name/],
    [{ url: 'http://169.254.169.254/latest/meta-data', events: ['job.completed'] }, /private/],
    [{ url: 'http://[::1]:9/x', events: ['job.completed'] }, /private/],
  ];
  for (const [json, detail] of cases) {
    const res = await post(json);
    expect([res.status, json]).toEqual([422, json]);
    expect(JSON.stringify(res.body.detail)).toMatch(detail);
  }
  const ok = await post({ url: 'https://example.com/hook', events: ['job.completed'] });
  expect(ok.status).toBe(201);
  expect(ok.body.secret).toMatch(/^whsec_/);
  // the secret is shown once: not in the list
  const list = await t.request('GET', '/api/v1/webhooks/', { token: user.token });
  expect(JSON.stringify(list.body)).not.toContain(ok.body.secret);
  expect((await t.request('DELETE', `/api/v1/webhooks/${ok.body.id}`, { token: user.token })).status).toBe(204);
});

test('at delivery time a private address is refused too (a name resolving to loopback included), unless allowed', async () => {
  await allowPrivate(true);
  const literal = await endpoint('/refused');
  const named = await t.request('POST', '/api/v1/webhooks/', {
    token: user.token,
    json: { url: base.replace('127.0.0.1', 'localhost') + '/refused-name', events: ['job.completed'] },
  });
  expect(named.status).toBe(201);
  await allowPrivate(false);
  for (const id of [literal.id, named.body.id]) {
    expect((await t.request('POST', `/api/v1/webhooks/${id}/test`, { token: user.token })).status).toBe(202);
    const [d] = await until(() => deliveries(id), (ds) => ds[0]?.attempt_log.length >= 1);
    expect(d.attempt_log[0].status).toBe('failed');
    expect(d.attempt_log[0].error).toMatch(/Refused: .* private, loopback or link-local/);
  }
  expect(receiver.at('/refused')).toHaveLength(0);
  expect(receiver.at('/refused-name')).toHaveLength(0);
  await allowPrivate(true);
  for (const id of [literal.id, named.body.id]) await t.request('DELETE', `/api/v1/webhooks/${id}`, { token: user.token });
});

test('a test event arrives signed: the package verifies it, and so does an independent HMAC', async () => {
  await allowPrivate(true);
  const ep = await endpoint('/signed');
  const sent = await t.request('POST', `/api/v1/webhooks/${ep.id}/test`, { token: user.token });
  expect(sent.status).toBe(202);
  const [got] = await until(() => receiver.at('/signed'), (r) => r.length === 1);
  const payload = new Webhook(ep.secret).verify(got!.body, got!.headers) as any;
  expect(payload).toMatchObject({ type: 'webhook.test', data: { endpoint_id: ep.id } });
  expect(got!.headers['webhook-id']).toBe(sent.body.message_id);
  expect(got!.headers['webhook-signature']).toBe(hmacSignature(ep.secret, got!.headers['webhook-id']!, got!.headers['webhook-timestamp']!, got!.body));
  expect(() => new Webhook(ep.secret).verify(got!.body.replace('test', 'tost'), got!.headers)).toThrow();
  const [d] = await until(() => deliveries(ep.id), (ds) => ds[0]?.status === 'succeeded');
  expect(d.attempt_log).toEqual([expect.objectContaining({ attempt: 1, status: 'succeeded', response_status: 200, error: null })]);
});

test('a given whsec_ secret is used as given', async () => {
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
  const ep = await endpoint('/given', ['job.completed'], secret);
  expect(ep.secret).toBe(secret);
  await t.request('POST', `/api/v1/webhooks/${ep.id}/test`, { token: user.token });
  const [got] = await until(() => receiver.at('/given'), (r) => r.length === 1);
  expect(() => new Webhook(secret).verify(got!.body, got!.headers)).not.toThrow();
});

test('job.completed and job.failed carry the job and its links; the delivery jobs stay out of the job list', async () => {
  const ep = await endpoint('/jobs');
  const done = await t.request('POST', '/api/v1/jobs/', { token: user.token, json: { job_type: 'noop', name: 'hooked', start: true } });
  expect(done.status).toBe(201);
  let id = done.body.id;
  if (done.body.status === 'pending') expect((await t.request('POST', `/api/v1/jobs/${id}/start`, { token: user.token })).status).toBe(200);
  const failing = await t.request('POST', '/api/v1/jobs/', { token: user.token, json: { job_type: 'test_fail', name: 'doomed' } });
  await t.request('POST', `/api/v1/jobs/${failing.body.id}/start`, { token: user.token });
  const got = await until(() => receiver.at('/jobs'), (r) => r.length >= 2);
  const bodies = got.map((g) => new Webhook(ep.secret).verify(g.body, g.headers) as any);
  const completed = bodies.find((b) => b.type === 'job.completed');
  const failed = bodies.find((b) => b.type === 'job.failed');
  expect(completed.data).toMatchObject({ job_id: id, name: 'hooked', status: 'completed', results_summary: { ok: true }, links: { job: `/api/v1/jobs/${id}` } });
  id = failing.body.id;
  expect(failed.data).toMatchObject({ job_id: id, status: 'failed', error_message: expect.stringMatching(/always fails/) });
  const list = await t.request('GET', '/api/v1/jobs/?limit=100', { token: user.token });
  expect(list.body.jobs.map((j: any) => j.job_type)).not.toContain('webhook_delivery');
  await t.request('DELETE', `/api/v1/webhooks/${ep.id}`, { token: user.token });
});

test('file.validated arrives after an upload', async () => {
  const ep = await endpoint('/files', ['file.validated']);
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText('Invoice 42', { x: 20, y: 150, font: await doc.embedFont(StandardFonts.Helvetica), size: 12 });
  const r = await uploadOne(t, user, { filename: 'hook.pdf', bytes: Buffer.from(await doc.save()), mime_type: 'application/pdf' });
  const [got] = await until(() => receiver.at('/files'), (x) => x.length === 1);
  const body = new Webhook(ep.secret).verify(got!.body, got!.headers) as any;
  expect(body).toMatchObject({ type: 'file.validated', data: { file_id: r.file_id, filename: 'hook.pdf', is_valid: true, actual_pages: 1, links: { file: `/api/v1/files/${r.file_id}` } } });
  await t.request('DELETE', `/api/v1/webhooks/${ep.id}`, { token: user.token });
});

test('after a real extraction: job.completed for it, and file.reviewed when its record is marked Reviewed', async () => {
  await generousLimits(t);
  const reviewer = await t.registerUser();
  const created = await t.request('POST', '/api/v1/webhooks/', { token: reviewer.token, json: { url: `${base}/reviewed`, events: ['file.reviewed', 'job.completed'] } });
  expect(created.status).toBe(201);
  const fileId = await preparedFile(t, reviewer, [invoiceBlocks({ number: 'INV-31', date: '2024-01-02', vendor: 'Acme', total: '10.00' })], 'reviewed.pdf');
  const { promptId } = await createInvoicePrompt(t, reviewer);
  const job = await runExtractionJob(t, reviewer, { file_id: fileId, prompt_id: promptId });
  expect(job.status).toBe('completed');
  const rec = await t.request('GET', `/api/v1/files/${fileId}/record`, { token: reviewer.token });
  expect((await t.request('POST', `/api/v1/files/${fileId}/review`, { token: reviewer.token, json: { base_version: rec.body.base_version } })).status).toBe(200);
  const got = await until(() => receiver.at('/reviewed'), (r) => r.some((x) => x.body.includes('"file.reviewed"')));
  const events = got.map((g) => new Webhook(created.body.secret).verify(g.body, g.headers) as any);
  expect(events.find((e) => e.type === 'file.reviewed').data).toMatchObject({ file_id: fileId, filename: 'reviewed.pdf', job_id: job.id, links: { record: `/api/v1/files/${fileId}/record` } });
  const extraction = events.find((e) => e.type === 'job.completed' && e.data.job_id === job.id);
  expect(extraction.data).toMatchObject({ job_type: 'extraction', file_id: fileId, links: { extraction_results: `/api/v1/files/${fileId}/extraction-results` } });
  // OCR and chunking were top-level jobs of their own: each told its completion too
  expect(events.filter((e) => e.type === 'job.completed').map((e) => e.data.job_type).sort()).toEqual(['chunking', 'extraction', 'ocr']);
});

test('retries after a 500 and after a timeout, with one webhook-id across the attempts, each attempt logged', async () => {
  const ep = await endpoint('/flaky');
  receiver.behave = (r, n) => (r.path !== '/flaky' ? 'ok' : n === 1 ? 'fail' : n === 2 ? 'hang' : 'ok');
  await t.request('POST', `/api/v1/webhooks/${ep.id}/test`, { token: user.token });
  const [d] = await until(() => deliveries(ep.id), (ds) => ds[0]?.status === 'succeeded');
  receiver.behave = () => 'ok';
  expect(d.attempts).toBe(3);
  expect(d.attempt_log.map((a: any) => [a.attempt, a.status, a.response_status])).toEqual([
    [1, 'failed', 500],
    [2, 'failed', null],
    [3, 'succeeded', 200],
  ]);
  expect(d.attempt_log[1].error).toMatch(/timed out/);
  expect(d.attempt_log[1].duration_ms).toBeGreaterThanOrEqual(380);
  const got = receiver.at('/flaky');
  expect(got).toHaveLength(3);
  expect(new Set(got.map((g) => g.headers['webhook-id']))).toEqual(new Set([d.message_id]));
  for (const g of got) expect(() => new Webhook(ep.secret).verify(g.body, g.headers)).not.toThrow();
});

test('a receiver that keeps failing gets 6 attempts, then the delivery is failed; redeliver sends the same message again', async () => {
  const ep = await endpoint('/down');
  receiver.behave = (r) => (r.path === '/down' ? 'fail' : 'ok');
  await t.request('POST', `/api/v1/webhooks/${ep.id}/test`, { token: user.token });
  const [d] = await until(() => deliveries(ep.id), (ds) => ds[0]?.status === 'failed');
  expect(d.attempts).toBe(6);
  receiver.behave = () => 'ok';
  const again = await t.request('POST', `/api/v1/webhooks/${ep.id}/deliveries/${d.id}/redeliver`, { token: user.token });
  expect(again.status).toBe(202);
  const [after] = await until(() => deliveries(ep.id), (ds) => ds[0]?.status === 'succeeded');
  expect(after.attempts).toBe(7);
  expect(new Set(receiver.at('/down').map((g) => g.headers['webhook-id']))).toEqual(new Set([d.message_id]));
  expect((await t.request('POST', `/api/v1/webhooks/${ep.id}/deliveries/${d.id}/redeliver`, { token: user.token })).status).toBe(202);
});

test('redirects are not followed; a 10 MB answer is not read past 1 KB', async () => {
  const redirect = await endpoint('/moved');
  receiver.behave = (r) => (r.path === '/moved' ? 'redirect' : r.path === '/huge' ? 'huge' : 'ok');
  await t.request('POST', `/api/v1/webhooks/${redirect.id}/test`, { token: user.token });
  const [d] = await until(() => deliveries(redirect.id), (ds) => ds[0]?.attempt_log.length >= 1);
  expect(d.attempt_log[0]).toMatchObject({ status: 'failed', response_status: 302 });
  expect(d.attempt_log[0].error).toMatch(/redirects are not followed/);
  await t.request('DELETE', `/api/v1/webhooks/${redirect.id}`, { token: user.token });
  expect(receiver.at('/elsewhere')).toHaveLength(0);

  const huge = await endpoint('/huge');
  await t.request('POST', `/api/v1/webhooks/${huge.id}/test`, { token: user.token });
  const [h] = await until(() => deliveries(huge.id), (ds) => ds[0]?.status === 'succeeded');
  expect(h.attempt_log[0].response_status).toBe(200);
  expect(h.attempt_log[0].duration_ms).toBeLessThan(2000);
  receiver.behave = () => 'ok';
});

test('deleting an endpoint stops its pending retries', async () => {
  const ep = await endpoint('/gone');
  receiver.behave = (r) => (r.path === '/gone' ? 'fail' : 'ok');
  await t.request('POST', `/api/v1/webhooks/${ep.id}/test`, { token: user.token });
  await until(() => receiver.at('/gone'), (r) => r.length >= 1);
  expect((await t.request('DELETE', `/api/v1/webhooks/${ep.id}`, { token: user.token })).status).toBe(204);
  const seen = receiver.at('/gone').length;
  await sleep(800); // several retry periods (100 ms each)
  expect(receiver.at('/gone').length).toBe(seen);
  expect(seen).toBeLessThanOrEqual(2);
  receiver.behave = () => 'ok';
  expect((await t.request('GET', `/api/v1/webhooks/${ep.id}/deliveries`, { token: user.token })).status).toBe(404);
});

test("another user's endpoints answer 404", async () => {
  const ep = await endpoint('/mine');
  const other = await t.registerUser();
  for (const [method, path] of [
    ['GET', `/api/v1/webhooks/${ep.id}`],
    ['GET', `/api/v1/webhooks/${ep.id}/deliveries`],
    ['POST', `/api/v1/webhooks/${ep.id}/test`],
    ['DELETE', `/api/v1/webhooks/${ep.id}`],
  ] as const) {
    expect((await t.request(method, path, { token: other.token })).status).toBe(404);
  }
});
