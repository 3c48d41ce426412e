// The job-handler contract and the errors of the queue. A job type = one JobHandler in the
// registry (api/src/jobs/handlers/index.ts). The queue core (claim, lease, heartbeat,
// resume, cancel, events, children) never needs to change for a new type. See README.md.
import type { JobStatus } from '@quarry/shared/schemas';
import type { Config } from '../config';
import type { Db, DbOrTx, Tx } from '../db';
import type { JobEventRow, JobRow } from '../db/schema';
import type { OutgoingMessage, PublishOptions } from '../realtime/hub';
import type { BlobStore } from '../storage';
import type { ProcessingPool } from '../pool';

export type { JobStatus };

export interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
}

/** What handlers (and the queue) run against; the API and a worker process each build one. */
export interface JobServices {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  storage: BlobStore;
  realtime: { publishToUser(userId: string, message: OutgoingMessage, options?: PublishOptions): Promise<void> };
  config: Config;
  log: Logger;
  /** the processing pool (worker threads) job steps compute in; set by createJobRuntime */
  processing?: ProcessingPool;
  /** QUARRY_TMP_DIR or DATA_DIR/tmp: jobs' temporary folders (processing/workdir.ts); set by createJobRuntime */
  tempRoot?: string;
}

/** A job event as a handler writes it; the queue adds timestamp, status and context. */
export interface JobEventInput {
  phase: string;
  sub_phase?: string | null;
  /** default 'progress' */
  event_type?: 'progress' | 'error' | 'success';
  message: string;
  /** 0-100; also becomes the job's progress_percentage */
  progress_percentage?: number | null;
  current_value?: number | null;
  total_value?: number | null;
  /** default 'percent' */
  units?: string | null;
  details?: Record<string, unknown>;
  /** merged over the context the queue fills in (job_type, single_file_id, pipeline_root_id, parent_job_id) */
  context?: Record<string, unknown>;
}

/** What POST /jobs/ (or a module route) asks for, before the handler's prepare(). */
export interface JobRequest {
  job_type: string;
  name?: string | null | undefined;
  description?: string | null | undefined;
  file_id?: string | null | undefined;
  dataset_id?: string | null | undefined;
  prompt_id?: string | null | undefined;
  table_prompt_id?: string | null | undefined;
  output_schema_id?: string | null | undefined;
  examples?: string[] | null | undefined;
  processing_config?: Record<string, unknown> | null | undefined;
}

export interface PrepareContext {
  /** the creating transaction: use it (never the plain db) for every read/write here */
  tx: Tx;
  userId: string;
  services: JobServices;
}

/** The normalised job prepare() returns (stored on the row). */
export interface PreparedJob {
  name: string;
  description?: string | null;
  fileId?: string | null;
  datasetId?: string | null;
  config: Record<string, unknown>;
}

/** What run() returns: the results summary and the completion event (stored with status completed). */
export interface JobOutcome {
  summary: Record<string, unknown>;
  /** completion event (phase 'completed', event_type 'success' and progress 100 are defaults) */
  event?: Partial<JobEventInput> & { message: string };
}

export interface StepOptions<C, T> {
  /** the work, outside any transaction (may be long; watch ctx.signal) */
  run: () => Promise<C>;
  /**
   * Writes the step's rows in the transaction that also records the step as finished, after
   * checking this worker still holds the job (a stale worker commits nothing). Its return
   * value is the step's stored output (JSON). Use only `tx` inside.
   */
  commit?: (tx: Tx, computed: C) => Promise<T>;
}

export interface ChildJobInput {
  jobType: string;
  name: string;
  description?: string | null;
  fileId?: string | null;
  datasetId?: string | null;
  config?: Record<string, unknown>;
  /** other children (or jobs) that must complete first */
  dependsOn?: string[];
  /** queued at once (default true) */
  start?: boolean;
  priority?: number;
}

export interface JobContext {
  /** the row as claimed */
  readonly job: JobRow;
  readonly services: JobServices;
  /** 1 on the first run; a resumed job (worker died, transient error) has a higher number */
  readonly attempt: number;
  /** steps finished by earlier attempts (a resumed job) */
  readonly finishedSteps: ReadonlySet<string>;
  /** aborted when the job is cancelled, its lease is lost, or the worker shuts down */
  readonly signal: AbortSignal;
  /**
   * A durable step: runs once per job. A step finished by an earlier attempt is not run again;
   * its stored output is returned. Checks for cancellation first.
   */
  step<T>(name: string, run: () => Promise<T>): Promise<T>;
  step<C, T>(name: string, options: StepOptions<C, T>): Promise<T>;
  /** Records a job event (fenced: nothing is stored or pushed once the job is no longer ours) and pushes it live. */
  event(e: JobEventInput): Promise<void>;
  /** Throws JobCancelledError when the job was cancelled (reads the database). */
  checkCancelled(): Promise<void>;
  /** Creates a child job (inside a step's commit, so it is created exactly once). Not billed. */
  createChild(tx: Tx, input: ChildJobInput): Promise<string>;
  /** The children of this job. */
  children(): Promise<JobRow[]>;
  /**
   * Returns the children once none is pending/queued/running. Otherwise parks this job (it
   * stays 'running', no worker holds it) and run() is called again, from the top, when a
   * child finishes; finished steps are skipped then.
   */
  waitForChildren(): Promise<JobRow[]>;
}

export interface JobHandler {
  /** the job_type */
  readonly type: string;
  /** 'OCR', 'Chunking' ... (default names and messages) */
  readonly label: string;
  /** attempts before a job that keeps failing (transient errors, dead workers) is failed; default config */
  readonly maxAttempts?: number;
  /**
   * Checks and normalises a creation request inside the creating transaction (POST /jobs/ and
   * the type's own routes). Throw HttpError (4xx) to refuse. Without prepare, POST /jobs/ refuses the type.
   */
  prepare?(request: JobRequest, ctx: PrepareContext): Promise<PreparedJob>;
  /**
   * Optional: what the job is expected to cost, kept on its config as `estimate` (its monitor
   * shows it beside the actual figures); null when it cannot be made. Called before the
   * creating transaction, on the plain db: the estimate reads the same dataset, prompt and
   * schema again, and the embedded database serves one session, so every other request would
   * wait behind a transaction that made it (docs/processing-pool.md).
   */
  estimate?(request: JobRequest, ctx: { db: DbOrTx; userId: string }): Promise<object | null>;
  /** The work. Every durable piece goes through ctx.step. */
  run(ctx: JobContext): Promise<JobOutcome>;
  /**
   * Optional, for parents (pipelines): called when one of this job's children records an
   * event; return an event to record on this job (progress mapping), or null. The queue
   * records it with context.aggregated_from_children = true and pushes it.
   */
  onChildEvent?(parent: JobRow, child: JobRow, event: JobEventRow): JobEventInput | null;
  /** Optional: the wait before retry `attempt + 1` after attempt `attempt` failed (default JOB_RETRY_BASE_MS doubling). */
  retryDelayMs?(attempt: number, config: Config): number;
  /**
   * Optional: a failed job is started again (POST /jobs/{id}/start) with the user's retry choice:
   * answer the config it runs with from now on ('current': the prompt and schema as they are
   * now, and forget the steps that used the old ones). Throw HttpError (4xx) to refuse.
   */
  retry?(job: JobRow, ctx: { tx: Tx; mode: 'current' | 'original' }): Promise<Record<string, unknown>>;
  /** Optional: summary for PUT/POST .../complete called by a client (default: the body's results_summary). */
  manualSummary?(job: JobRow, body: Record<string, unknown> | undefined): Record<string, unknown>;
}

// ------------------------------------------------------------------ errors

/** A permanent, readable failure: the job fails with this message (no retry). */
export class JobError extends Error {
  readonly code: string;
  readonly details: Record<string, unknown>;
  constructor(message: string, options: { code?: string; details?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'JobError';
    this.code = options.code ?? 'JOB_FAILED';
    this.details = options.details ?? {};
  }
}

/** The job was cancelled (checked at a step boundary). */
export class JobCancelledError extends Error {
  constructor(message = 'The job was cancelled') {
    super(message);
    this.name = 'JobCancelledError';
  }
}

/** This worker no longer holds the job (cancelled, completed by a client, or reclaimed after the lease ran out). */
export class LeaseLostError extends Error {
  constructor(message = 'The job is no longer held by this worker') {
    super(message);
    this.name = 'LeaseLostError';
  }
}

/** Thrown by waitForChildren() to park the job; the worker catches it. */
export class WaitForChildren extends Error {
  constructor(readonly pending: number) {
    super(`Waiting for ${pending} child job(s)`);
    this.name = 'WaitForChildren';
  }
}

/**
 * Job types that are plumbing, not work a user started (webhook deliveries): left out of the
 * user's job lists and statistics, pushed to no socket, and never a job.* domain event.
 */
export const INTERNAL_JOB_TYPES: ReadonlySet<string> = new Set(['webhook_delivery']);

export const TERMINAL: readonly JobStatus[] = ['completed', 'failed', 'cancelled'];
export const isTerminal = (s: string): boolean => (TERMINAL as readonly string[]).includes(s);
