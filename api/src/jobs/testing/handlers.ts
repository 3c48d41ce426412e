// Job types for tests and benchmarks only (never registered by the API or `npm run worker`
// unless asked: tests register them on app.jobs.registry, worker processes load this module
// through QUARRY_EXTRA_JOB_HANDLERS).
//
//   noop         one empty step: what the queue itself costs (bench/queue)
//   test_steps   config.steps steps of config.step_ms each; every step records an event
//                "step i running (attempt a)" and, in its commit, its output — resumption
//                and duplicates are visible in the events and job_steps
//   test_fail    throws a JobError (config.transient: a plain Error, retried)
//   test_parent  creates config.children test_steps children in a step, waits for them,
//                maps their progress onto its own (the pipeline contract)
import type { JobHandler } from '../types';
import { JobError } from '../types';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

const passthrough: JobHandler['prepare'] = async (request) => ({
  name: request.name ?? 'test job',
  description: request.description ?? null,
  fileId: request.file_id ?? null,
  config: { ...(request.processing_config ?? {}) },
});

export const noopHandler: JobHandler = {
  type: 'noop',
  label: 'No-op',
  prepare: passthrough,
  async run(ctx) {
    await ctx.step('noop', async () => ({ ok: true }));
    return { summary: { ok: true }, event: { message: 'done' } };
  },
};

export const stepsHandler: JobHandler = {
  type: 'test_steps',
  label: 'Test steps',
  prepare: passthrough,
  async run(ctx) {
    const steps = Number(ctx.job.config.steps ?? 3);
    const stepMs = Number(ctx.job.config.step_ms ?? 50);
    const worker = String(process.env.QUARRY_WORKER_NAME ?? process.pid);
    const outputs: unknown[] = [];
    for (let i = 1; i <= steps; i++) {
      const out = await ctx.step(`step_${i}`, {
        run: async () => {
          await ctx.event({
            phase: 'processing',
            sub_phase: `step_${i}`,
            message: `step ${i} running (attempt ${ctx.attempt})`,
            progress_percentage: ((i - 1) / steps) * 100,
            current_value: i - 1,
            total_value: steps,
            units: 'steps',
            details: { step: i, attempt: ctx.attempt, worker },
          });
          await sleep(stepMs, ctx.signal);
          return { step: i, attempt: ctx.attempt, worker };
        },
        commit: async (_tx, computed) => computed,
      });
      outputs.push(out);
    }
    return { summary: { steps: outputs }, event: { message: `${steps} steps done` } };
  },
};

export const failHandler: JobHandler = {
  type: 'test_fail',
  label: 'Test failure',
  prepare: passthrough,
  async run(ctx) {
    await ctx.step('fail', async () => {
      if (ctx.job.config.transient) throw new Error(`transient failure on attempt ${ctx.attempt}`);
      throw new JobError('This job always fails: a readable reason', { code: 'TEST' });
    });
    return { summary: {} };
  },
};

export const parentHandler: JobHandler = {
  type: 'test_parent',
  label: 'Test parent',
  prepare: passthrough,
  async run(ctx) {
    const n = Number(ctx.job.config.children ?? 2);
    const ids = await ctx.step('spawn', {
      run: async () => null,
      commit: async (tx) => {
        const out: string[] = [];
        for (let i = 0; i < n; i++) {
          out.push(await ctx.createChild(tx, { jobType: 'test_steps', name: `child ${i + 1}`, config: { steps: 2, step_ms: Number(ctx.job.config.step_ms ?? 50) } }));
        }
        return out;
      },
    });
    const children = await ctx.waitForChildren();
    const failed = children.filter((c) => c.status !== 'completed');
    if (failed.length > 0) throw new JobError(`${failed.length} of ${children.length} stages did not complete`);
    return { summary: { children: ids, statuses: children.map((c) => c.status) }, event: { message: 'all children done' } };
  },
  onChildEvent(parent, child, event) {
    if (event.progressPercentage === null) return null;
    const index = Number(/child (\d+)/.exec(child.name)?.[1] ?? 1) - 1;
    const n = Number(parent.config.children ?? 2);
    const overall = ((index + event.progressPercentage / 100) / n) * 100;
    return {
      phase: 'children',
      sub_phase: child.jobType,
      message: `${child.name}: ${event.message}`,
      progress_percentage: overall,
      details: { current_stage: child.name, stage_message: event.message },
    };
  },
};

export const handlers: JobHandler[] = [noopHandler, stepsHandler, failHandler, parentHandler];
export default handlers;
