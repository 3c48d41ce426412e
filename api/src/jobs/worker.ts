// A pool of job slots in one process (the API's own, or a `npm run worker` process).
//
//   kick()     claims jobs while a slot is free (on start, on a notice, every poll interval,
//              and whenever a job ends)
//   execute()  runs the handler with a heartbeat renewing the lease; sorts out how it ended:
//              completed | parked (waiting for children) | cancelled (acknowledged in an event)
//              | failed (JobError: readable, no retry) | retried (other errors, with back-off,
//              while attempts remain) | released (shutdown) | lost (lease gone: nothing written)
//   stop()     aborts running handlers and puts their jobs back in the queue at once
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import {
  acknowledgeCancel,
  claimJob,
  failExhausted,
  finishCompleted,
  finishFailed,
  finishedSteps,
  heartbeat,
  holderState,
  parkWaiting,
  releaseJob,
  requeueForRetry,
  type Claimed,
} from './claim';
import { asBulkWork } from '../db/priority';
import { RunContext } from './context';
import { publishEvent, recordEvent } from './events';
import { announceWorker, workerHeartbeat, workerStopped } from './presence';
import type { HandlerRegistry } from './registry';
import type { QueueSignal } from './signal';
import { flushEffects, noEffects } from './effects';
import { JobCancelledError, JobError, LeaseLostError, WaitForChildren, type JobServices } from './types';

export class ShutdownError extends Error {
  constructor() {
    super('The worker is shutting down');
    this.name = 'ShutdownError';
  }
}

export interface WorkerPoolOptions {
  concurrency: number;
  /** default: the job types of the registry */
  types?: string[];
  /** a name for this worker in the jobs' lease_owner (default host:pid:random) */
  name?: string;
}

interface Active {
  jobId: string;
  token: string;
  controller: AbortController;
  done: Promise<void>;
}

export interface PoolStats {
  claimed: number;
  completed: number;
  failed: number;
  retried: number;
  cancelled: number;
  released: number;
  lost: number;
  parked: number;
}

export class WorkerPool {
  readonly name: string;
  private readonly active = new Map<string, Active>();
  private claiming = false;
  private again = false;
  private stopping = false;
  private started = false;
  private pollTimer: NodeJS.Timeout | null = null;
  private presenceTimer: NodeJS.Timeout | null = null;
  private announced: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;
  readonly stats: PoolStats = { claimed: 0, completed: 0, failed: 0, retried: 0, cancelled: 0, released: 0, lost: 0, parked: 0 };

  constructor(
    private readonly services: JobServices,
    private readonly registry: HandlerRegistry,
    private readonly signal: QueueSignal,
    private readonly options: WorkerPoolOptions,
  ) {
    this.name = options.name ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  get concurrency(): number {
    return this.options.concurrency;
  }

  get runningJobIds(): string[] {
    return [...this.active.keys()];
  }

  private get types(): string[] {
    return this.options.types ?? this.registry.types();
  }

  start(): void {
    if (this.started || this.options.concurrency <= 0) return;
    this.started = true;
    this.unsubscribe = this.signal.subscribe((notice) => {
      if (notice.kind === 'queued') this.kick();
      else if (notice.kind === 'cancel') void this.checkNow(notice.id);
    });
    this.pollTimer = setInterval(() => this.kick(), this.services.config.jobs.pollIntervalMs);
    this.pollTimer.unref();
    this.startPresence();
    this.kick();
  }

  /** The pool's row in `workers` (the admin operations view, and dead-worker detection by claims), beaten every WORKER_HEARTBEAT_MS. */
  private startPresence(): void {
    const { db, config, log } = this.services;
    const warn = (err: unknown) => log.warn({ err, worker: this.name }, 'worker presence update failed');
    this.announced = announceWorker(db, { name: this.name, concurrency: this.options.concurrency, jobTypes: this.types }).catch(warn);
    this.presenceTimer = setInterval(() => {
      void workerHeartbeat(db, this.name).catch(warn);
    }, config.jobs.workerHeartbeatMs);
    this.presenceTimer.unref();
  }

  /** Looks for work now (safe to call any time). */
  kick(): void {
    if (!this.started || this.stopping) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = true;
    // claims and job runs are bulk work: on the embedded database, requests go first
    void asBulkWork(() => this.claimLoop()).finally(() => {
      this.claiming = false;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  private async claimLoop(): Promise<void> {
    const { db, config, log } = this.services;
    // a job claimed before the row is fresh could look like a dead worker's (a restarted worker
    // of the same name finds its old row): announce first
    await this.announced;
    while (!this.stopping && this.active.size < this.options.concurrency) {
      let claimed: Claimed | null;
      try {
        claimed = await claimJob(db, this.name, this.types, config.jobs.leaseSeconds, config.jobs.workerHeartbeatMs);
      } catch (err) {
        if (!this.stopping) log.warn({ err }, 'job claim failed');
        return;
      }
      if (!claimed) return;
      this.stats.claimed += 1;
      this.launch(claimed);
    }
  }

  private launch(claimed: Claimed): void {
    const controller = new AbortController();
    const token = claimed.job.leaseToken!;
    const entry: Active = { jobId: claimed.job.id, token, controller, done: Promise.resolve() };
    this.active.set(claimed.job.id, entry);
    entry.done = asBulkWork(() => this.execute(claimed, controller))
      .catch((err) => this.services.log.error({ err, jobId: claimed.job.id }, 'job execution crashed'))
      .finally(() => {
        this.active.delete(claimed.job.id);
        this.kick();
      });
  }

  /** A cancel notice: look at the job's row at once instead of at the next heartbeat. */
  private async checkNow(jobId: string): Promise<void> {
    const entry = this.active.get(jobId);
    if (!entry) return;
    const state = await heartbeat(this.services.db, jobId, entry.token, this.services.config.jobs.leaseSeconds).catch(() => 'ok' as const);
    if (state === 'cancelled') entry.controller.abort(new JobCancelledError());
    else if (state === 'lost') entry.controller.abort(new LeaseLostError());
  }

  private async execute(claimed: Claimed, controller: AbortController): Promise<void> {
    const { services } = this;
    const { db, config, log } = services;
    const job = claimed.job;
    const token = job.leaseToken!;
    const handler = this.registry.get(job.jobType)!;
    const effects = noEffects();
    const flush = () => flushEffects(services, this.signal, effects);

    const beat = setInterval(() => {
      heartbeat(db, job.id, token, config.jobs.leaseSeconds)
        .then((state) => {
          if (state === 'cancelled') controller.abort(new JobCancelledError());
          else if (state === 'lost') controller.abort(new LeaseLostError());
        })
        .catch((err) => log.warn({ err, jobId: job.id }, 'job heartbeat failed'));
    }, Math.max(250, (config.jobs.leaseSeconds * 1000) / 3));
    beat.unref();

    let ctx: RunContext | null = null;
    try {
      if (claimed.reclaimed && job.attempts > job.maxAttempts) {
        await failExhausted(db, job.id, token, effects);
        this.stats.failed += 1;
        return;
      }
      const finished = await finishedSteps(db, job.id);
      ctx = new RunContext(job, services, this.registry, this.signal, token, controller, finished);
      if (claimed.reclaimed) {
        const kept = [...finished.keys()];
        await ctx.event({
          phase: 'resumed',
          sub_phase: 'reclaimed',
          message:
            `Resumed on another worker (attempt ${job.attempts} of ${job.maxAttempts}): the previous worker stopped responding` +
            (kept.length ? `; finished steps kept: ${kept.join(', ')}` : ''),
          progress_percentage: job.progressPercentage,
          details: { attempt: job.attempts, max_attempts: job.maxAttempts, finished_steps: kept, worker: this.name },
        });
      } else if (!claimed.woken) {
        await ctx.event({
          phase: 'started',
          message: job.attempts > 1 ? `${handler.label} job started again (attempt ${job.attempts} of ${job.maxAttempts})` : `${handler.label} job started`,
          progress_percentage: job.progressPercentage,
          details: { attempt: job.attempts, max_attempts: job.maxAttempts, worker: this.name },
        });
      }
      const outcome = await handler.run(ctx);
      await ctx.drain();
      if (controller.signal.aborted) throw controller.signal.reason;
      await finishCompleted(
        db,
        job.id,
        token,
        outcome.summary,
        {
          phase: 'completed',
          sub_phase: 'finished',
          event_type: 'success',
          progress_percentage: 100,
          ...outcome.event,
          message: outcome.event?.message ?? `${handler.label} job completed`,
        },
        effects,
      );
      this.stats.completed += 1;
    } catch (thrown) {
      await ctx?.drain();
      await this.settleFailure(claimed, controller, ctx, thrown, effects);
    } finally {
      clearInterval(beat);
      await flush();
      // a stage's final event (completed / failed / cancelled) is offered to its parent too
      if (ctx && job.parentId) {
        const final = effects.events.filter((e) => e.job.id === job.id).at(-1);
        if (final) await ctx.forwardToParent(final.event);
      }
    }
  }

  private async settleFailure(
    claimed: Claimed,
    controller: AbortController,
    ctx: RunContext | null,
    thrown: unknown,
    effects: ReturnType<typeof noEffects>,
  ): Promise<void> {
    const { db, config, log } = this.services;
    const job = claimed.job;
    const token = job.leaseToken!;
    const reason: unknown = controller.signal.aborted ? controller.signal.reason : null;
    const step = ctx?.currentStep ?? null;
    const label = this.registry.get(job.jobType)?.label ?? job.jobType;
    try {
      if (thrown instanceof WaitForChildren && !reason) {
        await parkWaiting(db, job.id, token, config.jobs.waitRecheckSeconds, effects);
        this.stats.parked += 1;
        return;
      }
      if (reason instanceof ShutdownError) {
        await releaseJob(db, job.id, token, 'The worker is shutting down: the job is back in the queue and resumes after its last finished step', effects);
        this.stats.released += 1;
        return;
      }
      let cancelled = reason instanceof JobCancelledError || thrown instanceof JobCancelledError;
      if (!cancelled && (reason instanceof LeaseLostError || thrown instanceof LeaseLostError)) {
        // a cancellation the worker had not noticed yet looks like a lost lease: tell them apart
        if ((await holderState(db, job.id, token)) !== 'cancelled') {
          log.warn({ jobId: job.id }, 'job lease lost: this worker stopped without writing');
          this.stats.lost += 1;
          return;
        }
        cancelled = true;
      }
      if (cancelled) {
        const last = ctx?.lastEvent?.message;
        const where = step ? ` during the ${step} step` : ' before its first step';
        const message = `${label} job cancelled: stopped${where}${last ? ` (last progress: ${last})` : ''}; nothing more was stored`;
        await acknowledgeCancel(db, job.id, token, message, { step, last_message: last ?? null }, effects);
        this.stats.cancelled += 1;
        return;
      }
      if (thrown instanceof JobError) {
        await finishFailed(db, job.id, token, { message: thrown.message, code: thrown.code, details: thrown.details, step, attempt: job.attempts }, effects);
        this.stats.failed += 1;
        return;
      }
      const message = thrown instanceof Error ? thrown.message : String(thrown);
      if (job.attempts < job.maxAttempts) {
        const delay = this.registry.get(job.jobType)?.retryDelayMs?.(job.attempts, config) ?? config.jobs.retryBaseMs * 2 ** (job.attempts - 1);
        log.warn({ err: thrown, jobId: job.id }, 'job attempt failed; retrying');
        await requeueForRetry(
          db,
          job.id,
          token,
          delay,
          `Attempt ${job.attempts} of ${job.maxAttempts} failed${step ? ` in the ${step} step` : ''}: ${message}. Retrying in ${Math.round(delay / 100) / 10} s`,
          effects,
        );
        this.stats.retried += 1;
        return;
      }
      log.error({ err: thrown, jobId: job.id }, 'job failed after its last attempt');
      await finishFailed(
        db,
        job.id,
        token,
        { message: `${label} job failed after ${job.attempts} attempts: ${message}`, code: 'INTERNAL', details: {}, step, attempt: job.attempts },
        effects,
      );
      this.stats.failed += 1;
    } catch (err) {
      if (err instanceof LeaseLostError) {
        this.stats.lost += 1;
        return;
      }
      log.error({ err, jobId: job.id }, 'job outcome could not be recorded');
    }
  }

  /**
   * Stops claiming, aborts the running jobs (they go back to the queue) and waits up to
   * `timeoutMs` for their handlers to return.
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started || this.stopping) return;
    this.stopping = true;
    this.unsubscribe?.();
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.presenceTimer) clearInterval(this.presenceTimer);
    const all = [...this.active.values()];
    for (const a of all) a.controller.abort(new ShutdownError());
    let timer: NodeJS.Timeout | null = null;
    await Promise.race([
      Promise.allSettled(all.map((a) => a.done)),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    if (timer) clearTimeout(timer);
    await this.announced;
    await workerStopped(this.services.db, this.name).catch((err: unknown) =>
      this.services.log.warn({ err, worker: this.name }, 'worker presence update failed'),
    );
  }
}

/** Records a one-off event on a job from outside a worker (unfenced) and pushes it. */
export async function noteOnJob(services: JobServices, jobId: string, e: Parameters<typeof recordEvent>[2]): Promise<void> {
  const written = await recordEvent(services.db, jobId, e);
  if (written) await publishEvent(services, written.job, written.event);
}
