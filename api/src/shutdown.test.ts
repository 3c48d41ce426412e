/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Stopping the API (app.close(): what SIGTERM / SIGINT do in main.ts) while requests are in
// flight: the server stops taking requests, lets the running ones finish (within
// SHUTDOWN_DRAIN_SECONDS; one still running then is cut off with a closed connection), and
// only then stops the workers and realtime and closes the database. Real HTTP, a real
// database (PGlite, or the server of TEST_DATABASE_URL), the app's own log lines read back.
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from './db';
import { uploadSessions, uploads, users } from './db/schema';
import { isDatabaseClosedError } from './lib/errors';
import { complete, makePdf, prepare, putBytes } from './modules/uploads/test-fixtures';
import type { JobHandler } from './jobs/types';
import { generousLimits } from './modules/jobs/test-helpers';
import { createTestDatabase, sleep, startTestApp, testConfig, type TestApp } from './testing/helpers';

jest.setTimeout(120_000);

/** what a query on a closed database answers: pg's Pool, PGlite */
const DATABASE_CLOSED = /pool after calling end|PGlite is closed/i;

interface Started {
  t: TestApp;
  /** the app's log lines (JSON) */
  lines: string[];
  drop(): Promise<void>;
}

async function startLogged(overrides: Record<string, unknown> = {}): Promise<Started> {
  const db = await createTestDatabase();
  const lines: string[] = [];
  const t = await startTestApp({ logLevel: 'info', logFormat: 'json', ...overrides }, db, {
    logStream: { write: (chunk: string) => lines.push(chunk) },
  });
  return { t, lines, drop: () => db.drop() };
}

type Answer = { status: number; body: any } | { error: string };

/** A PUT whose body the test sends piece by piece (Content-Length announced up front). */
function slowPut(url: string, bytes: Buffer, contentType: string) {
  const req = http.request(url, {
    method: 'PUT',
    headers: { 'content-type': contentType, 'content-length': String(bytes.length) },
  });
  const answer = new Promise<Answer>((resolve) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
  });
  let sent = 0;
  return {
    answer,
    /** sends the next `n` bytes (or the rest) */
    write(n = bytes.length - sent) {
      if (req.destroyed || sent >= bytes.length) return;
      req.write(bytes.subarray(sent, sent + n));
      sent += n;
      if (sent >= bytes.length) req.end();
    },
    destroy: () => req.destroy(),
  };
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** A prepared upload of `size` bytes and its signed URL. */
async function preparedUpload(t: TestApp, size: number) {
  const user = await t.registerUser();
  const bytes = await makePdf(1, { minBytes: size });
  const prep = await prepare(t, user, [{ filename: 'big.pdf', bytes, mime_type: 'application/pdf' }]);
  expect(prep.status).toBe(200);
  const u = prep.body.uploads[0];
  const status = async () => (await t.app.database.db.select().from(uploads).where(eq(uploads.id, u.upload_id)))[0]!.status;
  return { bytes, url: u.signed_url as string, id: u.upload_id as string, sessionId: prep.body.upload_session_id as string, user, status };
}

const clean = (a: Answer) =>
  'error' in a ? ['ECONNRESET', 'EPIPE', 'socket hang up'].includes(a.error) : a.status === 503 && typeof a.body === 'object';

test('an upload in flight when the app closes is received to the end; the database closes after it', async () => {
  const { t, lines, drop } = await startLogged();
  try {
    const up = await preparedUpload(t, 256 * 1024);
    const put = slowPut(up.url, up.bytes, 'application/pdf');
    const piece = Math.ceil(up.bytes.length / 6);
    put.write(piece);
    // the handler is running: it has claimed the upload and streams the body to storage
    await waitFor(async () => (await up.status()) === 'uploading', 'the upload to be claimed');

    const started = Date.now();
    let closed = false;
    const closing = t.app.close().then(() => (closed = true));
    await sleep(100);
    // a new request is not taken any more (connection refused, or a 503 on a kept-alive one)
    const late = await fetch(`${t.baseUrl}/api/v1/health`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
    // the rest of the body arrives slowly, while the app waits for it
    for (let i = 0; i < 4; i++) {
      await sleep(150);
      put.write(piece);
    }
    await sleep(150);
    const closedBeforeTheBody = closed;
    put.write();

    const answer = await put.answer;
    await closing;
    expect(Date.now() - started).toBeLessThan(10_000);
    await sleep(300); // anything a cut-off handler still did is logged by now
    expect(lines.join('')).not.toMatch(DATABASE_CLOSED);
    expect(lines.filter((l) => JSON.parse(l).level >= 50)).toEqual([]);
    expect(closedBeforeTheBody).toBe(false);
    expect(answer).toMatchObject({ status: 200, body: { upload_id: up.id, size: up.bytes.length } });
    expect(existsSync(path.join(t.config.dataDir, 'files', 'u', up.user.id, up.id))).toBe(true);
  } finally {
    await drop();
  }
});

test('an upload still running when the drain time is up is cut off cleanly, no query on a closed database', async () => {
  const { t, lines, drop } = await startLogged({ shutdownDrainSeconds: 1 });
  try {
    const up = await preparedUpload(t, 256 * 1024);
    const put = slowPut(up.url, up.bytes, 'application/pdf');
    put.write(Math.ceil(up.bytes.length / 4));
    await waitFor(async () => (await up.status()) === 'uploading', 'the upload to be claimed');

    // the client stalls: the rest of the body never comes
    const started = Date.now();
    await t.app.close();
    const answer = await put.answer;
    put.destroy();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(clean(answer)).toBe(true);
    expect(existsSync(path.join(t.config.dataDir, 'files', 'u', up.user.id, up.id))).toBe(false);
    await sleep(300); // anything the cut-off handler still did is logged by now
    expect(lines.join('')).not.toMatch(DATABASE_CLOSED);
    expect(lines.filter((l) => JSON.parse(l).level >= 50)).toEqual([]);
    // the warning names what was still running (a request that never ends on its own is found that way)
    const cut = lines.map((l) => JSON.parse(l)).find((l) => /still running after/.test(l.msg));
    expect(cut?.requests).toEqual([`PUT /api/v1/uploads/blob/${up.id}`]);
  } finally {
    await drop();
  }
});

test('a request still working when the app closes (complete: the file checked in a child process) answers first', async () => {
  // The check runs in a child process: on a loaded machine it can outlast the default drain
  // time, and what is checked here is that close waits for it, not how fast it is.
  const { t, lines, drop } = await startLogged({ shutdownDrainSeconds: 40 });
  try {
    const up = await preparedUpload(t, 64 * 1024);
    expect((await putBytes(t, up.url, up.bytes, 'application/pdf')).status).toBe(200);
    const sessionStatus = async () =>
      (await t.app.database.db.select().from(uploadSessions).where(eq(uploadSessions.id, up.sessionId)))[0]!.status;
    const answer = complete(t, up.user, up.sessionId, [up.id]).then(
      (r): Answer => ({ status: r.status, body: r.body }),
      (e: Error & { cause?: NodeJS.ErrnoException }) => ({ error: e.cause?.code ?? e.message }),
    );
    // the handler has claimed the session and goes on with storing and checking the file
    await waitFor(async () => (await sessionStatus()) !== 'open', 'the session to be claimed');

    const started = Date.now();
    await t.app.close();
    expect(Date.now() - started).toBeLessThan(40_000);
    const res = await answer;
    await sleep(300);
    expect(lines.join('')).not.toMatch(DATABASE_CLOSED);
    expect(lines.filter((l) => JSON.parse(l).level >= 50)).toEqual([]);
    expect(res).toMatchObject({ status: 200, body: { results: [{ upload_id: up.id, is_valid: true }] } });
  } finally {
    await drop();
  }
});

test('an open WebSocket does not hold the drain: it is closed with 1001, and close() does not wait for the drain time', async () => {
  const { t, lines, drop } = await startLogged();
  try {
    const user = await t.registerUser();
    const ws = await t.openSocket('/ws/connect?channels=jobs', user.token);
    await ws.next((m) => m.event === 'connected');
    const started = Date.now();
    await t.app.close();
    expect(Date.now() - started).toBeLessThan(t.config.shutdownDrainSeconds * 1000);
    expect((await ws.closed).code).toBe(1001);
    expect(lines.join('')).not.toMatch(/waiting for \d+ request/);
    expect(lines.filter((l) => JSON.parse(l).level >= 50)).toEqual([]);
  } finally {
    await drop();
  }
});

test('a query on a closed database is told apart (a request outliving the drain answers 503, not an error line)', async () => {
  const created = await createTestDatabase();
  try {
    const database = await openDatabase(testConfig({ dataDir: created.dataDir, databaseUrl: created.databaseUrl }));
    await database.db.select().from(users).limit(1);
    await database.close();
    const err = await database.db.select().from(users).limit(1).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(isDatabaseClosedError(err)).toBe(true);
    expect(isDatabaseClosedError(new Error('connection terminated unexpectedly'))).toBe(false);
  } finally {
    await created.drop();
  }
});

test('the job workers stop as soon as close begins, beside the wait for requests, not after it', async () => {
  const { t, lines, drop } = await startLogged({ jobs: { inApiWorkers: 1, pollIntervalMs: 50 } });
  try {
    let abortedAt = 0;
    let running = false;
    // a job that runs until its signal says stop (its job goes back to the queue)
    const waitsForStop: JobHandler = {
      type: 'test_waits_for_stop',
      label: 'Waits for stop',
      prepare: async (request) => ({ name: request.name ?? 'waits', description: null, fileId: null, config: {} }),
      async run(ctx) {
        running = true;
        await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
        abortedAt = Date.now();
        throw ctx.signal.reason;
      },
    };
    t.app.jobs.registry.register(waitsForStop);
    await generousLimits(t);
    const owner = await t.registerUser();
    const job = await t.request('POST', '/api/v1/jobs/', { token: owner.token, json: { job_type: 'test_waits_for_stop', name: 'long' } });
    expect(job.status).toBe(201);
    expect((await t.request('POST', `/api/v1/jobs/${job.body.id}/start`, { token: owner.token })).status).toBe(200);
    await waitFor(async () => running, 'the job to run');

    const up = await preparedUpload(t, 128 * 1024);
    const put = slowPut(up.url, up.bytes, 'application/pdf');
    put.write(1024);
    await waitFor(async () => (await up.status()) === 'uploading', 'the upload to be claimed');
    const closing = t.app.close();
    await sleep(400);
    // the request is still being waited for (its body is not all there), and the job was
    // already told to stop
    const lastPieceAt = Date.now();
    put.write();
    const answer = await put.answer;
    await closing;
    expect(answer).toMatchObject({ status: 200 });
    expect(abortedAt).toBeGreaterThan(0);
    expect(abortedAt).toBeLessThan(lastPieceAt);
    expect(lines.join('')).not.toMatch(DATABASE_CLOSED);
  } finally {
    await drop();
  }
});
