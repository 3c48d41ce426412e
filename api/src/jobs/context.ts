// The JobContext a handler's run() gets: durable steps, fenced events, children.
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../db';
import { jobDependencies, jobs, type JobEventRow, type JobRow } from '../db/schema';
import { fenced, holderState, recordStep } from './claim';
import { insertEvent, publishEvent, recordEvent } from './events';
import type { HandlerRegistry } from './registry';
import type { QueueSignal } from './signal';
import { flushEffects, noEffects, type Effects } from './effects';
import {
  JobCancelledError,
  LeaseLostError,
  WaitForChildren,
  isTerminal,
  type ChildJobInput,
  type JobContext,
  type JobEventInput,
  type JobServices,
  type StepOptions,
} from './types';

/** Children's events forwarded to one parent, one at a time in this process (see forwardToParent). */
const parentQueues = new Map<string, Promise<void>>();
function inParentOrder(parentId: string, work: () => Promise<void>): Promise<void> {
  const next = (parentQueues.get(parentId) ?? Promise.resolve()).then(work);
  const settled = next.catch(() => undefined);
  parentQueues.set(parentId, settled);
  void settled.then(() => {
    if (parentQueues.get(parentId) === settled) parentQueues.delete(parentId);
  });
  return next;
}

export class RunContext implements JobContext {
  /** the step running now (for the cancel / failure messages) */
  currentStep: string | null = null;
  lastEvent: JobEventInput | null = null;
  private chain: Promise<void> = Promise.resolve();
  private readonly finished: Map<string, unknown>;
  private parentCache: { at: number; row: JobRow | null } | null = null;

  constructor(
    readonly job: JobRow,
    readonly services: JobServices,
    private readonly registry: HandlerRegistry,
    private readonly queueSignal: QueueSignal,
    private readonly token: string,
    private readonly controller: AbortController,
    finished: Map<string, unknown>,
  ) {
    this.finished = finished;
  }

  get attempt(): number {
    return this.job.attempts;
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get finishedSteps(): ReadonlySet<string> {
    return new Set(this.finished.keys());
  }

  private throwIfAborted(): void {
    if (this.controller.signal.aborted) {
      const reason: unknown = this.controller.signal.reason;
      throw reason instanceof Error ? reason : new LeaseLostError();
    }
  }

  step<T>(name: string, run: () => Promise<T>): Promise<T>;
  step<C, T>(name: string, options: StepOptions<C, T>): Promise<T>;
  async step<C, T>(name: string, arg: (() => Promise<T>) | StepOptions<C, T>): Promise<T> {
    if (this.finished.has(name)) return this.finished.get(name) as T;
    this.throwIfAborted();
    await this.checkCancelled();
    this.currentStep = name;
    const options: StepOptions<C, T> = typeof arg === 'function' ? ({ run: arg } as unknown as StepOptions<C, T>) : arg;
    const computed = await options.run();
    this.throwIfAborted();
    await this.drain();
    const effects = noEffects();
    this.pendingChildEffects = effects;
    let output: T;
    try {
      output = await fenced(this.services.db, this.job.id, this.token, async (tx) => {
        const out = options.commit ? await options.commit(tx, computed) : (computed as unknown as T);
        await recordStep(tx, this.job.id, name, out, this.job.attempts);
        return out;
      });
    } finally {
      this.pendingChildEffects = null;
    }
    await flushEffects(this.services, this.queueSignal, effects);
    // what a resumed job will read back is the JSON form
    const stored = output === undefined ? null : (JSON.parse(JSON.stringify(output)) as T);
    this.finished.set(name, stored);
    return output;
  }

  /** Events are written and pushed one after another, in the order they were made. */
  event(e: JobEventInput): Promise<void> {
    this.lastEvent = e;
    const next = this.chain.then(() => this.writeEvent(e));
    this.chain = next;
    return next;
  }

  /** Waits until every event made so far is stored and pushed. */
  async drain(): Promise<void> {
    await this.chain;
  }

  /** Never rejects: a failed write is logged (the job's outcome is decided by its fenced commits). */
  private async writeEvent(e: JobEventInput): Promise<void> {
    if (this.controller.signal.aborted) return;
    try {
      const written = await recordEvent(this.services.db, this.job.id, e, { leaseToken: this.token });
      if (!written) {
        // cancelled, completed by a client, or reclaimed: stop the work
        const state = await holderState(this.services.db, this.job.id, this.token);
        this.controller.abort(state === 'cancelled' ? new JobCancelledError() : new LeaseLostError());
        return;
      }
      await publishEvent(this.services, written.job, written.event);
      if (this.job.parentId) await this.forwardToParent(written.event);
    } catch (err) {
      this.services.log.warn({ err, jobId: this.job.id }, 'job event could not be recorded');
    }
  }

  /** Offers a child's event to its parent's handler (onChildEvent: pipeline progress mapping). */
  async forwardToParent(event: JobEventRow): Promise<void> {
    try {
      const now = Date.now();
      if (!this.parentCache || now - this.parentCache.at > 2000) {
        const [row] = await this.services.db.select().from(jobs).where(eq(jobs.id, this.job.parentId!));
        this.parentCache = { at: now, row: row ?? null };
      }
      const parent = this.parentCache.row;
      if (!parent || parent.status !== 'running') return;
      const handler = this.registry.get(parent.jobType);
      if (!handler?.onChildEvent) return;
      // Map, record and publish in one queue per parent: two children's events mapped in one
      // order but written in the other would publish the parent's progress moving backwards.
      await inParentOrder(parent.id, async () => {
        const mapped = handler.onChildEvent!(parent, this.job, event);
        if (!mapped) return;
        const written = await recordEvent(
          this.services.db,
          parent.id,
          {
            ...mapped,
            context: { ...mapped.context, aggregated_from_children: true, child_job_id: this.job.id, child_job_type: this.job.jobType },
          },
          { statuses: ['running'] },
        );
        if (written) await publishEvent(this.services, written.job, written.event);
      });
    } catch (err) {
      this.services.log.warn({ err, jobId: this.job.id }, 'child event could not be forwarded to the parent job');
    }
  }

  async checkCancelled(): Promise<void> {
    const state = await holderState(this.services.db, this.job.id, this.token);
    if (state === 'cancelled') throw new JobCancelledError();
    if (state === 'lost') throw new LeaseLostError();
  }

  private pendingChildEffects: Effects | null = null;

  async createChild(tx: Tx, input: ChildJobInput): Promise<string> {
    const start = input.start ?? true;
    const handler = this.registry.get(input.jobType);
    const now = new Date();
    const [child] = await tx
      .insert(jobs)
      .values({
        userId: this.job.userId,
        jobType: input.jobType,
        name: input.name,
        description: input.description ?? null,
        status: start ? 'queued' : 'pending',
        parentId: this.job.id,
        rootId: this.job.rootId ?? this.job.id,
        fileId: input.fileId ?? null,
        datasetId: input.datasetId ?? null,
        config: input.config ?? {},
        priority: input.priority ?? this.job.priority,
        maxAttempts: handler?.maxAttempts ?? this.services.config.jobs.maxAttempts,
        queuedAt: start ? now : null,
        runAfter: now,
      })
      .returning();
    if (input.dependsOn && input.dependsOn.length > 0) {
      await tx.insert(jobDependencies).values(input.dependsOn.map((d) => ({ jobId: child!.id, dependsOnId: d })));
    }
    const ev = await insertEvent(tx, child!, {
      phase: start ? 'queued' : 'created',
      message: `${handler?.label ?? input.jobType} stage created by ${this.job.name}`,
      progress_percentage: 0,
    });
    const effects = this.pendingChildEffects;
    if (effects) {
      effects.events.push({ job: child!, event: ev });
      if (start) effects.notices.push({ kind: 'queued', id: child!.id });
    }
    return child!.id;
  }

  async children(): Promise<JobRow[]> {
    return this.services.db.select().from(jobs).where(eq(jobs.parentId, this.job.id)).orderBy(asc(jobs.createdAt), asc(jobs.id));
  }

  async waitForChildren(): Promise<JobRow[]> {
    const kids = await this.children();
    const open = kids.filter((k) => !isTerminal(k.status));
    if (open.length > 0) throw new WaitForChildren(open.length);
    return kids;
  }
}

