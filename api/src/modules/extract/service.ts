// One-call extraction: an existing file and a prompt (or a schema with the default text
// prompt) become a pipeline (OCR -> chunking -> extraction) over a one-file dataset named
// after the file, started at once. With ?wait=N the call waits up to N seconds and answers
// the file's record when the job completed. An Idempotency-Key makes a retried call (same
// user, same key, within IDEMPOTENCY_TTL_MS) answer the first call's job instead of a new one.
import { createHash } from 'node:crypto';
import type { ExtractResponse } from '@quarry/shared/schemas';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db';
import { extractRequests, files, jobs, prompts, type JobRow } from '../../db/schema';
import { createJob, type JobDeps } from '../../jobs/store';
import { isTerminal } from '../../jobs/types';
import { conflict, notFound } from '../../lib/errors';
import { iso, isoStrict } from '../../lib/time';
import { createDataset } from '../datasets/service';
import { createPrompt } from '../prompts/service';
import { getRecord, toResponse } from '../review/service';

export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** a call finding its key taken by a call still creating the job waits this long for it */
const IN_FLIGHT_WAIT_MS = 10_000;
const POLL_MS = 250;
export const DEFAULT_TEMPLATE = 'Extract the fields described below.\n{{ schema_descriptions }}\n\nText:\n{{ text_chunk }}';

export interface ExtractInput {
  /** an uploaded file's id, or how to make one (a multipart upload: run only once the Idempotency-Key is ours) */
  file_id: string | (() => Promise<string>);
  prompt_id?: string | null | undefined;
  schema?: Record<string, unknown> | null | undefined;
  name?: string | null | undefined;
}

interface Created {
  job: JobRow;
  fileId: string;
  datasetId: string;
  promptId: string;
  replayed: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The prompt of an inline schema: one per user and schema (found again by its name). */
async function promptForSchema(db: Db, userId: string, schema: Record<string, unknown>): Promise<string> {
  const digest = createHash('sha256').update(JSON.stringify(schema)).digest('hex').slice(0, 12);
  const name = `API extraction ${digest}`;
  const [found] = await db.select({ id: prompts.id }).from(prompts).where(and(eq(prompts.userId, userId), eq(prompts.name, name)));
  if (found) return found.id;
  const created = await createPrompt(db, userId, {
    name,
    description: 'Made by POST /extract for an inline schema, with the default text template',
    type: 'text',
    template: DEFAULT_TEMPLATE,
    schema_definition: schema,
  });
  return created.id;
}

async function start(db: Db, deps: JobDeps, userId: string, input: ExtractInput): Promise<Omit<Created, 'replayed'>> {
  const fileId = typeof input.file_id === 'string' ? input.file_id : await input.file_id();
  const [file] = await db.select({ id: files.id, filename: files.filename }).from(files).where(and(eq(files.id, fileId), eq(files.userId, userId)));
  if (!file) throw notFound('File not found');
  const promptId = input.prompt_id ?? (await promptForSchema(db, userId, input.schema!));
  const dataset = await createDataset(db, userId, { name: `Extract: ${file.filename}`.slice(0, 255), description: 'Made by POST /extract', file_ids: [file.id] });
  const job = await createJob(
    deps,
    userId,
    {
      job_type: 'full_pipeline',
      name: input.name ?? `Extract ${file.filename}`.slice(0, 200),
      dataset_id: dataset.id,
      prompt_id: promptId,
      processing_config: { pipeline_stages: ['ocr', 'chunking', 'extraction'] },
    },
    { start: true },
  );
  return { job, fileId: file.id, datasetId: dataset.id, promptId };
}

async function jobOf(db: Db, userId: string, id: string): Promise<JobRow> {
  const [job] = await db.select().from(jobs).where(and(eq(jobs.id, id), eq(jobs.userId, userId)));
  if (!job) throw notFound('Job not found');
  return job;
}

/** Starts the extraction, or finds the one an earlier call with the same Idempotency-Key started. */
export async function startExtraction(db: Db, deps: JobDeps, userId: string, input: ExtractInput, idempotencyKey: string | null): Promise<Created> {
  if (!idempotencyKey) return { ...(await start(db, deps, userId, input)), replayed: false };
  await db
    .delete(extractRequests)
    .where(and(eq(extractRequests.userId, userId), eq(extractRequests.idempotencyKey, idempotencyKey), lt(extractRequests.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS))));
  const [claimed] = await db.insert(extractRequests).values({ userId, idempotencyKey }).onConflictDoNothing().returning({ id: extractRequests.id });
  if (!claimed) {
    const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
    for (;;) {
      const [first] = await db.select().from(extractRequests).where(and(eq(extractRequests.userId, userId), eq(extractRequests.idempotencyKey, idempotencyKey)));
      if (first?.jobId) {
        return { job: await jobOf(db, userId, first.jobId), fileId: first.fileId!, datasetId: first.datasetId!, promptId: first.promptId!, replayed: true };
      }
      if (!first) return startExtraction(db, deps, userId, input, idempotencyKey); // the first call failed and let go
      if (Date.now() > deadline) throw conflict('A request with this Idempotency-Key is still being processed; retry in a moment');
      await sleep(POLL_MS);
    }
  }
  try {
    const created = await start(db, deps, userId, input);
    await db
      .update(extractRequests)
      .set({ jobId: created.job.id, fileId: created.fileId, datasetId: created.datasetId, promptId: created.promptId })
      .where(eq(extractRequests.id, claimed.id));
    return { ...created, replayed: false };
  } catch (err) {
    // a refused call does not hold the key: fixing the request and retrying with it works
    await db.delete(extractRequests).where(eq(extractRequests.id, claimed.id));
    throw err;
  }
}

/** Waits up to `seconds` for the job to end (or the client to go away). */
export async function waitForJob(db: Db, userId: string, job: JobRow, seconds: number, gone: () => boolean): Promise<JobRow> {
  const deadline = Date.now() + seconds * 1000;
  let current = job;
  while (!isTerminal(current.status) && Date.now() < deadline && !gone()) {
    await sleep(Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
    current = await jobOf(db, userId, job.id);
  }
  return current;
}

export async function toExtractResponse(db: Db, userId: string, c: Created, job: JobRow): Promise<ExtractResponse> {
  const api = '/api/v1';
  const record = job.status === 'completed' ? toResponse((await getRecord(db, userId, c.fileId)).record) : null;
  return {
    job: {
      id: job.id,
      name: job.name,
      job_type: job.jobType,
      status: job.status,
      created_at: isoStrict(job.createdAt),
      completed_at: iso(job.completedAt),
      error_message: job.errorMessage,
    },
    file_id: c.fileId,
    dataset_id: c.datasetId,
    prompt_id: c.promptId,
    replayed: c.replayed,
    links: {
      job: `${api}/jobs/${job.id}`,
      pipeline: `${api}/jobs/pipeline/${job.id}`,
      record: `${api}/files/${c.fileId}/record`,
      extraction_results: `${api}/files/${c.fileId}/extraction-results`,
      file: `${api}/files/${c.fileId}`,
    },
    record,
  };
}
