/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Helpers for the processing tests: files through the real upload flow (or stored directly
// with bytes the upload check would refuse), waiting for jobs, OCR + chunking in one go.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { files } from '../../db/schema';
import { shutdownOcr } from '../../processing/ocr';
import { blobKey } from '../../storage';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';
import { uploadOne } from '../uploads/test-fixtures';

export const TERMINAL = ['completed', 'failed', 'cancelled'];

/** Uploads through prepare / PUT / complete; answers the file id. */
export async function uploadFile(t: TestApp, user: TestUser, bytes: Uint8Array | Buffer, filename: string, mime: string): Promise<string> {
  const r = await uploadOne(t, user, { filename, bytes: Buffer.from(bytes), mime_type: mime });
  if (!r?.file_id) throw new Error(`upload failed: ${JSON.stringify(r)}`);
  return r.file_id as string;
}

/**
 * Stores bytes as a file without the upload's validation (is_valid null = not checked yet):
 * how corrupt / encrypted / empty documents reach a worker.
 */
export async function storeFileDirect(t: TestApp, userId: string, bytes: Uint8Array | Buffer, filename: string, mime: string): Promise<string> {
  const id = randomUUID();
  const key = blobKey(userId, id);
  const body = Buffer.from(bytes);
  if (body.length > 0) await t.app.jobs.services.storage.put(key, Readable.from([body]), { maxBytes: body.length + 1 });
  const fileType = mime === 'application/pdf' ? 'pdf' : mime.split('/')[1] === 'jpeg' ? 'jpeg' : (mime.split('/')[1] ?? 'png');
  await t.app.database.db.insert(files).values({
    id,
    userId,
    filename,
    fileType,
    mimeType: mime,
    fileSize: Math.max(1, body.length),
    storageKey: key,
    estimatedPages: 1,
    isValid: null,
  });
  return id;
}

export async function waitForJob(
  t: TestApp,
  user: TestUser,
  id: string,
  until: (job: any) => boolean = (j) => TERMINAL.includes(j.status),
  timeoutMs = 60_000,
  path = `/api/v1/jobs/${id}`,
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  let last: any;
  while (Date.now() < deadline) {
    const res = await t.request('GET', path, { token: user.token });
    last = res.body;
    if (res.status === 200 && until(res.body)) return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} did not reach the expected state in ${timeoutMs} ms; last: ${JSON.stringify(last)?.slice(0, 2000)}`);
}

/** Creates + starts an OCR job and waits until it is finished. */
export async function runOcrJob(t: TestApp, user: TestUser, fileId: string, timeoutMs = 60_000): Promise<any> {
  const created = await t.request('POST', '/api/v1/ocr/jobs', { token: user.token, json: { file_id: fileId } });
  if (created.status !== 201) throw new Error(`ocr job: ${created.status} ${created.text}`);
  const started = await t.request('POST', `/api/v1/ocr/jobs/${created.body.id}/start`, { token: user.token });
  if (started.status !== 200) throw new Error(`ocr start: ${started.status} ${started.text}`);
  return waitForJob(t, user, created.body.id, (j) => TERMINAL.includes(j.status), timeoutMs, `/api/v1/ocr/jobs/${created.body.id}`);
}

/** POST chunking/test and wait for the job. */
export async function runChunkingJob(t: TestApp, user: TestUser, body: Record<string, unknown>, timeoutMs = 30_000): Promise<any> {
  const created = await t.request('POST', '/api/v1/chunking/test', { token: user.token, json: body });
  if (created.status !== 201) throw new Error(`chunking job: ${created.status} ${created.text}`);
  return waitForJob(t, user, created.body.job_id, (j) => TERMINAL.includes(j.status), timeoutMs, `/api/v1/chunking/jobs/${created.body.job_id}`);
}

/** A user with enough credits and weekly jobs for a test file (the defaults are 100 credits, 10 jobs a week). */
export async function generousLimits(t: TestApp, weeklyJobs = 1000): Promise<void> {
  const { resourceTypes } = await import('../../db/schema');
  const { eq } = await import('drizzle-orm');
  await t.app.database.db.update(resourceTypes).set({ defaultLimit: weeklyJobs }).where(eq(resourceTypes.name, 'weekly_jobs'));
}

export interface JobsTestApp {
  t: TestApp;
  u: TestUser;
  /** a second user, whose requests must not reach u's files, jobs and results */
  other: TestUser;
}

/**
 * The app the processing tests run their jobs on: two in-API workers that poll often enough for
 * a test's pace, limits no test reaches, and two users.
 */
export async function startJobsApp(): Promise<JobsTestApp> {
  const t = await startTestApp({ jobs: { inApiWorkers: 2, pollIntervalMs: 100 } });
  try {
    await generousLimits(t);
    return { t, u: await t.registerUser(), other: await t.registerUser() };
  } catch (e) {
    // the caller never got the app, so it cannot close it
    await t.close();
    throw e;
  }
}

/** Closes an app of startJobsApp, then the OCR workers its jobs started (they outlive the app). */
export async function closeJobsApp(t: TestApp | undefined): Promise<void> {
  await t?.close();
  await shutdownOcr();
}
